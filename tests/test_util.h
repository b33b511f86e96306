// Test helpers for real-process integration tests: run a command and capture its output, start
// and stop a real symmbenchd on loopback (port 0), find worker processes by job id.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace symmbench::testing {

// True in a build instrumented by AddressSanitizer (bazel test --config=asan). Timings there
// swing 10-20% from one timing loop to the next, so a test asserts there only the timing
// effects that such noise cannot hide (.bazelrc lists them).
constexpr bool UnderSanitizer() {
#if defined(__SANITIZE_ADDRESS__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return true;
#else
  return false;
#endif
#else
  return false;
#endif
}

// Path of a binary built by Bazel and listed in the test's `data`, e.g. "server/symmbenchd".
std::string RunfilePath(const std::string& workspace_relative);

struct CommandResult {
  int exit_code = -1;  // 128 + signal when killed
  std::string out;
  std::string err;
};

// Runs argv[0] (looked up in PATH) with arguments, no shell, stdin from /dev/null, and waits
// at most `timeout` (then SIGKILL: exit code 137, the output so far kept). server/subprocess's
// RunCaptured does the work.
CommandResult RunCommand(const std::vector<std::string>& argv,
                         std::chrono::seconds timeout = std::chrono::seconds(120));

// A folder under `dir` holding symlinks to the three binaries (symmbenchd, symmbench-worker,
// symmbench), as a bundle's bin/ does: what deploy/*.sh take as SYMMBENCH_BIN.
std::string BinFolder(const std::string& dir);

// Pids of running symmbench-worker processes whose command line names `job_id`.
std::vector<pid_t> WorkerPids(const std::string& job_id);
// Pid of one rank's worker, or -1.
pid_t WorkerPid(const std::string& job_id, int rank);
// Pids of running symmbench-worker processes started by the daemon serving `address` (their
// command line carries --coordinator <address>).
std::vector<pid_t> WorkerPidsOf(const std::string& address);
// Names in /dev/shm starting with `prefix`.
std::vector<std::string> ShmSegments(const std::string& prefix);

// A symmbenchd on 127.0.0.1 with its own database, logs and CPU slots.
class Daemon {
 public:
  // `dir` holds the database and logs; it survives Stop() so a restart finds the history.
  explicit Daemon(std::string dir, int cpu_slots = 4, std::string backend = "cpu");
  ~Daemon();
  // Before Start(): the --listen address (default 127.0.0.1:0; a wildcard host is dialled as
  // 127.0.0.1), more daemon flags (e.g. {"--token-file", path} or {"--allow-fault-injection"}), the
  // worker binary (default: the real symmbench-worker).
  void set_listen(std::string listen) { listen_ = std::move(listen); }
  void set_extra_args(std::vector<std::string> args) { extra_args_ = std::move(args); }
  void set_worker(std::string path) { worker_ = std::move(path); }
  // The programs of an installed tree instead of this build's: PREFIX/bin/symmbenchd (which
  // finds its worker next to itself: no --worker unless set_worker) and PREFIX/bin/symmbench.
  void set_installed(std::string prefix) { installed_ = std::move(prefix); }
  // The job database (default: <dir>/jobs.db).
  void set_db(std::string path) { db_ = std::move(path); }
  // Flags every Client() call starts with, e.g. {"--tls-ca", ca, "--token-file", token}.
  void set_client_args(std::vector<std::string> args) { client_args_ = std::move(args); }
  // Starts the daemon and waits until it serves; false (with the log in `error`) on failure.
  bool Start(std::string* error);
  // SIGTERM and wait; returns the exit code.
  int Stop();
  // SIGKILL and reap (a crash: no shutdown code runs).
  void Kill();
  const std::string& address() const { return address_; }
  // host:port of the daemon's Prometheus /metrics endpoint.
  const std::string& metrics_address() const { return metrics_address_; }
  pid_t pid() const { return pid_; }
  // The daemon's stdout and stderr, appended to by every Start() in the same `dir`.
  std::string log_path() const { return dir_ + "/symmbenchd.log"; }

  // Runs the client against this daemon: symmbench --coordinator <address> <args...>.
  CommandResult Client(const std::vector<std::string>& args,
                       std::chrono::seconds timeout = std::chrono::seconds(120)) const;
  // Client with --json; parses stdout (null json on parse failure).
  nlohmann::json ClientJson(const std::vector<std::string>& args,
                            CommandResult* result = nullptr) const;
  // Polls `status JOB --json` until the job's state is one of `states` or `timeout` passes.
  std::string WaitForState(const std::string& job_id, const std::vector<std::string>& states,
                           std::chrono::seconds timeout = std::chrono::seconds(60)) const;

 private:
  std::string dir_;
  std::string installed_;
  int cpu_slots_;
  std::string backend_;
  std::string address_;
  std::string metrics_address_;
  pid_t pid_ = -1;
  std::string listen_ = "127.0.0.1:0";
  std::vector<std::string> extra_args_;
  std::string worker_;
  std::string db_;
  std::vector<std::string> client_args_;
};

// Polls `devices --json` until no plugin library is listed `stale` (being described) or
// `timeout` passes; whether none is.
bool WaitForPluginsDescribed(const Daemon& daemon,
                             std::chrono::seconds timeout = std::chrono::seconds(120));

// How many times a daemon's log says each job started running ("job j-000001 running: ..."),
// by job id.
std::map<std::string, int> JobStartsInLog(const std::string& log_path);

// The body of an HTTP/1.0 GET of `path` from `host_port` ("127.0.0.1:9464"); "" on failure.
std::string HttpGet(const std::string& host_port, const std::string& path);
// The daemon's /metrics as a scraper sees it after the metrics so far: scraped twice, the
// second body returned (a new counter or histogram series shows at zero in the first scrape
// that sees it and its counts from the next: server/first_scrape.h).
std::string ScrapeMetrics(const std::string& host_port);

// In a Prometheus text body (/metrics): the value of the unlabelled series `name`, or -1 when
// it is absent; and the sum of every labelled series of `name` (e.g. a counter's label sets).
double MetricGauge(const std::string& body, const std::string& name);
double MetricSum(const std::string& body, const std::string& name);

// The whole content of a file ("" when it cannot be read).
std::string ReadFile(const std::string& path);

// A fresh empty directory under TEST_TMPDIR.
std::string MakeTempDir(const std::string& name);

}  // namespace symmbench::testing
