// Real-process helpers for the integration tests.
#include "tests/test_util.h"

#include <arpa/inet.h>
#include <dirent.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>
#include <utility>

#include "server/launch/subprocess.h"

namespace symmbench::testing {

std::string RunfilePath(const std::string& workspace_relative) {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  const char* workspace = std::getenv("TEST_WORKSPACE");
  std::string base = srcdir != nullptr ? srcdir : ".";
  return base + "/" + (workspace != nullptr ? workspace : "symmbench") + "/" + workspace_relative;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

double MetricGauge(const std::string& body, const std::string& name) {
  const size_t at = body.find("\n" + name + " ");
  return at == std::string::npos ? -1 : std::stod(body.substr(at + name.size() + 2));
}

double MetricSum(const std::string& body, const std::string& name) {
  double sum = 0;
  size_t at = 0;
  while ((at = body.find("\n" + name + "{", at)) != std::string::npos) {
    const size_t space = body.find(' ', body.find('}', at));
    sum += std::stod(body.substr(space + 1));
    ++at;
  }
  return sum;
}

std::string HttpGet(const std::string& host_port, const std::string& path) {
  const size_t colon = host_port.rfind(':');
  if (colon == std::string::npos) return "";
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(std::atoi(host_port.c_str() + colon + 1)));
  if (inet_pton(AF_INET, host_port.substr(0, colon).c_str(), &addr.sin_addr) != 1) return "";
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return "";
  std::string response;
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0) {
    const std::string request = "GET " + path + " HTTP/1.0\r\nHost: " + host_port + "\r\n\r\n";
    if (write(fd, request.data(), request.size()) == static_cast<ssize_t>(request.size())) {
      char buffer[4096];
      ssize_t n;
      while ((n = read(fd, buffer, sizeof(buffer))) > 0) response.append(buffer, n);
    }
  }
  close(fd);
  const size_t body = response.find("\r\n\r\n");
  return body == std::string::npos ? "" : response.substr(body + 4);
}

std::string ScrapeMetrics(const std::string& host_port) {
  (void)HttpGet(host_port, "/metrics");
  return HttpGet(host_port, "/metrics");
}

std::string MakeTempDir(const std::string& name) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  std::string templ = std::string(tmp != nullptr ? tmp : "/tmp") + "/" + name + ".XXXXXX";
  char* made = mkdtemp(templ.data());
  return made != nullptr ? std::string(made) : std::string();
}

CommandResult RunCommand(const std::vector<std::string>& argv, std::chrono::seconds timeout) {
  CapturedRun run = RunCaptured(argv, /*env=*/nullptr, timeout, /*max_captured=*/SIZE_MAX);
  CommandResult result;
  // A program that could not be started reads as exec's failure: exit code 127.
  result.exit_code = run.spawn_error != 0 ? 127 : run.exit_code;
  result.out = std::move(run.out);
  result.err = std::move(run.err);
  return result;
}

namespace {
std::string ReadCmdline(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string s = ss.str();
  for (char& c : s) {
    if (c == '\0') c = ' ';
  }
  return s;
}

bool IsZombie(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  std::getline(in, line);
  const size_t paren = line.rfind(')');
  return paren != std::string::npos && paren + 2 < line.size() && line[paren + 2] == 'Z';
}

// Live symmbench-worker processes whose command line contains `needle`.
std::vector<pid_t> WorkerPidsWith(const std::string& needle) {
  std::vector<pid_t> pids;
  DIR* proc = opendir("/proc");
  if (proc == nullptr) return pids;
  while (dirent* entry = readdir(proc)) {
    const pid_t pid = std::atoi(entry->d_name);
    if (pid <= 0) continue;
    const std::string cmd = ReadCmdline(pid);
    if (cmd.find("symmbench-worker") != std::string::npos &&
        cmd.find(needle) != std::string::npos && !IsZombie(pid)) {
      pids.push_back(pid);
    }
  }
  closedir(proc);
  return pids;
}

}  // namespace

std::vector<pid_t> WorkerPids(const std::string& job_id) {
  return WorkerPidsWith("--job-id " + job_id + " ");
}

std::vector<pid_t> WorkerPidsOf(const std::string& address) {
  return WorkerPidsWith("--coordinator " + address + " ");
}

std::vector<std::string> ShmSegments(const std::string& prefix) {
  std::vector<std::string> names;
  DIR* dir = opendir("/dev/shm");
  if (dir == nullptr) return names;
  while (dirent* entry = readdir(dir)) {
    if (std::string(entry->d_name).rfind(prefix, 0) == 0) names.push_back(entry->d_name);
  }
  closedir(dir);
  return names;
}

pid_t WorkerPid(const std::string& job_id, int rank) {
  for (pid_t pid : WorkerPids(job_id)) {
    if (ReadCmdline(pid).find("--rank " + std::to_string(rank) + " ") != std::string::npos) {
      return pid;
    }
  }
  return -1;
}

Daemon::Daemon(std::string dir, int cpu_slots, std::string backend)
    : dir_(std::move(dir)), cpu_slots_(cpu_slots), backend_(std::move(backend)) {}

Daemon::~Daemon() {
  if (pid_ > 0) Stop();
}

bool Daemon::Start(std::string* error) {
  const std::string port_file = dir_ + "/port";
  unlink(port_file.c_str());
  const std::string log = log_path();
  std::vector<std::string> argv = {
      installed_.empty() ? RunfilePath("server/symmbenchd") : installed_ + "/bin/symmbenchd",
      "--listen",
      listen_,
      "--port-file",
      port_file,
      "--metrics-listen",
      "127.0.0.1:0",
      "--db",
      db_.empty() ? dir_ + "/jobs.db" : db_,
      "--log-dir",
      dir_ + "/logs",
      "--backend",
      backend_,
      "--cpu-slots",
      std::to_string(cpu_slots_)};
  if (installed_.empty() || !worker_.empty()) {
    argv.push_back("--worker");
    argv.push_back(worker_.empty() ? RunfilePath("worker/symmbench-worker") : worker_);
  }
  // Tests read /metrics right after a job: a new series is held at zero for one scrape only,
  // unless the test sets the hold itself (the two-Prometheus tests).
  if (std::find(extra_args_.begin(), extra_args_.end(), "--metrics-zero-hold-s") ==
      extra_args_.end()) {
    argv.insert(argv.end(), {"--metrics-zero-hold-s", "0"});
  }
  argv.insert(argv.end(), extra_args_.begin(), extra_args_.end());
  pid_ = fork();
  if (pid_ == 0) {
    const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    dup2(fd, STDOUT_FILENO);
    dup2(fd, STDERR_FILENO);
    std::vector<char*> args;
    for (std::string& a : argv) args.push_back(a.data());
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < deadline) {
    std::ifstream in(port_file);
    if (in >> address_) {
      in >> metrics_address_;
      for (const char* wildcard : {"0.0.0.0:", "[::]:"}) {
        if (address_.rfind(wildcard, 0) == 0) {
          address_ = "127.0.0.1:" + address_.substr(std::string(wildcard).size());
        }
      }
      return true;
    }
    int status;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  std::ifstream in(log);
  std::stringstream ss;
  ss << in.rdbuf();
  *error = "symmbenchd did not start: " + ss.str();
  return false;
}

int Daemon::Stop() {
  if (pid_ <= 0) return -1;
  kill(pid_, SIGTERM);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

void Daemon::Kill() {
  if (pid_ <= 0) return;
  kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

CommandResult Daemon::Client(const std::vector<std::string>& args,
                             std::chrono::seconds timeout) const {
  std::vector<std::string> argv = {
      installed_.empty() ? RunfilePath("client/symmbench") : installed_ + "/bin/symmbench",
      "--coordinator", address_};
  argv.insert(argv.end(), client_args_.begin(), client_args_.end());
  argv.insert(argv.end(), args.begin(), args.end());
  return RunCommand(argv, timeout);
}

nlohmann::json Daemon::ClientJson(const std::vector<std::string>& args,
                                  CommandResult* result) const {
  std::vector<std::string> with_json = args;
  with_json.push_back("--json");
  CommandResult r = Client(with_json);
  if (result != nullptr) *result = r;
  return nlohmann::json::parse(r.out, nullptr, /*allow_exceptions=*/false);
}

std::string Daemon::WaitForState(const std::string& job_id, const std::vector<std::string>& states,
                                 std::chrono::seconds timeout) const {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::string state;
  while (std::chrono::steady_clock::now() < deadline) {
    nlohmann::json job = ClientJson({"status", job_id});
    if (job.is_object() && job.contains("state")) {
      state = job["state"].get<std::string>();
      for (const std::string& s : states) {
        if (s == state) return state;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return state;
}

std::string BinFolder(const std::string& dir) {
  const std::string bin = dir + "/bin";
  mkdir(bin.c_str(), 0755);
  for (const char* path : {"server/symmbenchd", "worker/symmbench-worker", "client/symmbench"}) {
    const std::string name = std::string(path).substr(std::string(path).find('/') + 1);
    symlink(RunfilePath(path).c_str(), (bin + "/" + name).c_str());
  }
  return bin;
}

bool WaitForPluginsDescribed(const Daemon& daemon, std::chrono::seconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    const nlohmann::json devices = daemon.ClientJson({"devices"});
    bool stale = !devices.is_object();
    for (const nlohmann::json& p : devices.value("plugins", nlohmann::json::array())) {
      stale |= p.value("stale", false);
    }
    if (!stale) return true;
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

std::map<std::string, int> JobStartsInLog(const std::string& log_path) {
  std::ifstream in(log_path);
  std::map<std::string, int> starts;
  std::string line;
  while (std::getline(in, line)) {
    const size_t at = line.find("job j-");
    if (at == std::string::npos) continue;
    const size_t end = line.find(' ', at + 4);
    if (end != std::string::npos && line.compare(end, 10, " running: ") == 0) {
      ++starts[line.substr(at + 4, end - at - 4)];
    }
  }
  return starts;
}

}  // namespace symmbench::testing
