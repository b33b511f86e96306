// LocalLauncher: fork/exec of one worker per rank, each in its own process group, reaped with
// waitpid.
#include "server/launch/local_launcher.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <thread>
#include <utility>

#include "absl/strings/str_cat.h"

namespace symmbench {
namespace {

std::vector<char*> Pointers(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (std::string& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// Whether `pid` is stopped (state T or t in /proc/<pid>/stat): SIGSTOP, a debugger.
bool IsStopped(pid_t pid) {
  std::FILE* f = std::fopen(absl::StrCat("/proc/", pid, "/stat").c_str(), "r");
  if (f == nullptr) return false;
  char buffer[512];
  const size_t n = std::fread(buffer, 1, sizeof(buffer) - 1, f);
  std::fclose(f);
  buffer[n] = '\0';
  const char* paren = std::strrchr(buffer, ')');  // the command name may hold spaces
  return paren != nullptr && paren[1] == ' ' && (paren[2] == 'T' || paren[2] == 't');
}

struct WorkerProcess {
  int rank = 0;
  pid_t pid = -1;  // also its process-group id
  bool exited = false;
  std::string log_path;  // its stdout and stderr
};

class LocalJob : public LaunchedJob {
 public:
  explicit LocalJob(std::vector<WorkerProcess> workers) : workers_(std::move(workers)) {}
  ~LocalJob() override {
    Kill();
    WaitEnded(std::chrono::seconds(10));
  }

  std::string launch_id() const override { return {}; }

  LaunchStatus Poll() override {
    bool all_exited = true;
    for (WorkerProcess& w : workers_) {
      if (w.exited) continue;
      int status = 0;
      const pid_t got = waitpid(w.pid, &status, WNOHANG);
      if (got == 0) {
        all_exited = false;
        continue;
      }
      w.exited = true;
      const bool clean = got > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
      if (!clean && !status_.failed) {
        status_.failed = true;
        status_.failed_rank = w.rank;
        status_.why = got < 0 ? absl::StrCat("rank ", w.rank, " could not be waited for")
                              : DescribeExit(w.rank, status);
        // What the worker said before it ended: often the cause (a TLS handshake that failed,
        // a library that did not load), otherwise only in its log.
        if (got > 0 && WIFEXITED(status)) {
          const std::string said = FirstErrorLine(w.log_path);
          if (!said.empty()) absl::StrAppend(&status_.why, ": ", said);
        }
      }
    }
    status_.ended = all_exited;
    return status_;
  }

  void Kill() override {
    for (const WorkerProcess& w : workers_) {
      if (!w.exited && w.pid > 0) killpg(w.pid, SIGKILL);
    }
  }

  void WaitEnded(std::chrono::milliseconds timeout) override {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!Poll().ended && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }

  StallReport DescribeStall() override {
    StallReport report;
    for (const WorkerProcess& w : workers_) {
      if (w.exited || !IsStopped(w.pid)) continue;
      if (report.rank < 0) report.rank = w.rank;
      absl::StrAppend(&report.detail, "; rank ", w.rank, " is stopped (not running)");
    }
    return report;
  }

 private:
  std::vector<WorkerProcess> workers_;
  LaunchStatus status_;
};

void KillAll(const std::vector<WorkerProcess>& workers) {
  for (const WorkerProcess& w : workers) {
    if (w.pid > 0) killpg(w.pid, SIGKILL);
  }
  for (const WorkerProcess& w : workers) {
    if (w.pid > 0) waitpid(w.pid, nullptr, 0);
  }
}

}  // namespace

std::string DescribeExit(int rank, int status) {
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    return absl::StrCat("rank ", rank, " was killed by signal ", sig, " (", strsignal(sig), ")");
  }
  return absl::StrCat("rank ", rank, " exited with code ", WEXITSTATUS(status));
}

LocalLauncher::LocalLauncher(std::string worker_path) : worker_path_(std::move(worker_path)) {}

absl::StatusOr<std::unique_ptr<LaunchedJob>> LocalLauncher::Launch(const LaunchRequest& request) {
  std::vector<WorkerProcess> started;
  std::vector<std::string> env = WorkerEnvironment(request);
  std::vector<char*> envp = Pointers(env);
  const int world_size = static_cast<int>(request.devices.size());
  for (int rank = 0; rank < world_size; ++rank) {
    std::vector<std::string> args = WorkerCommand(
        worker_path_, request,
        {"--rank", std::to_string(rank), "--device", std::to_string(request.devices[rank])});
    std::vector<char*> argv = Pointers(args);
    const std::string log_path =
        absl::StrCat(request.log_dir, "/", request.job_id, ".rank", rank, ".log");
    const int log_fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (log_fd < 0) {
      KillAll(started);
      return absl::InternalError(
          absl::StrCat("open(", log_path, ") for rank ", rank, ": ", std::strerror(errno)));
    }
    const pid_t parent = getpid();
    // vfork, not fork: the child borrows the daemon's memory until execve instead of copying
    // its page tables and write-protecting every page, which would stall the daemon's other
    // threads (RPCs) with copy-on-write faults on every launch. Only this thread waits.
    const pid_t pid = vfork();
    if (pid == 0) {
      // Child, sharing the parent's memory: only system calls until exec (everything it
      // needs, argv and envp included, was built before vfork); no writes but errno.
      setpgid(0, 0);
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != parent) _exit(127);  // the daemon died before prctl took effect
      dup2(log_fd, STDOUT_FILENO);
      dup2(log_fd, STDERR_FILENO);
      execve(argv[0], argv.data(), envp.data());
      const char msg[] = "symmbench launcher: execve of the worker failed\n";
      (void)!write(STDERR_FILENO, msg, sizeof(msg) - 1);
      _exit(127);
    }
    close(log_fd);
    if (pid < 0) {
      KillAll(started);
      return absl::InternalError(absl::StrCat("vfork for rank ", rank, ": ", std::strerror(errno)));
    }
    setpgid(pid, pid);  // also from the parent, so the group exists before any kill
    started.push_back({rank, pid, false, log_path});
  }
  return std::unique_ptr<LaunchedJob>(new LocalJob(std::move(started)));
}

}  // namespace symmbench
