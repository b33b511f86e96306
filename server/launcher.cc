// LocalLauncher: fork/exec of one worker per rank, each in its own process group.
#include "server/launcher.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "security/secrets.h"

extern char** environ;

namespace symmbench {
namespace {

// Environment every worker gets on top of the daemon's: NVLink multicast stays off.
const char* const kWorkerEnv[] = {
    "NCCL_NVLS_ENABLE=0",
    "TORCH_SYMM_MEM_DISABLE_MULTICAST=1",
    "NVSHMEM_DISABLE_NVLS=1",
};

// The daemon's environment with `forced` ("NAME=value" entries) replacing any same-named
// variable.
std::vector<std::string> BuildEnv(const std::vector<std::string>& forced) {
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry(*e);
    bool overridden = false;
    for (const std::string& f : forced) {
      if (entry.compare(0, f.find('=') + 1, f, 0, f.find('=') + 1) == 0) overridden = true;
    }
    if (!overridden) env.push_back(entry);
  }
  env.insert(env.end(), forced.begin(), forced.end());
  return env;
}

std::vector<char*> Pointers(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (std::string& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

}  // namespace

LocalLauncher::LocalLauncher(std::string worker_path) : worker_path_(std::move(worker_path)) {}

absl::StatusOr<std::vector<WorkerProcess>> LocalLauncher::Launch(const LaunchRequest& request) {
  std::vector<WorkerProcess> started;
  std::vector<std::string> forced(std::begin(kWorkerEnv), std::end(kWorkerEnv));
  forced.push_back(absl::StrCat(kJobSecretEnv, "=", request.secret));
  std::vector<std::string> env = BuildEnv(forced);
  std::vector<char*> envp = Pointers(env);
  const int world_size = static_cast<int>(request.devices.size());
  for (int rank = 0; rank < world_size; ++rank) {
    std::vector<std::string> args = {
        worker_path_,
        "--coordinator",
        request.coordinator_address,
        "--job-id",
        request.job_id,
        "--rank",
        std::to_string(rank),
        "--world-size",
        std::to_string(world_size),
        "--device",
        std::to_string(request.devices[rank]),
        "--backend",
        request.backend,
    };
    if (!request.tls_ca.empty()) {
      args.insert(args.end(), {"--tls-ca", request.tls_ca});
      if (!request.tls_server_name.empty()) {
        args.insert(args.end(), {"--tls-server-name", request.tls_server_name});
      }
    }
    if (request.inject_delay_us > 0) {
      args.insert(args.end(),
                  {"--inject-delay-us", absl::StrFormat("%.9g", request.inject_delay_us),
                   "--inject-delay-min-bytes", std::to_string(request.inject_delay_min_bytes),
                   "--inject-delay-max-bytes", std::to_string(request.inject_delay_max_bytes)});
    }
    std::vector<char*> argv = Pointers(args);
    const std::string log_path =
        absl::StrCat(request.log_dir, "/", request.job_id, ".rank", rank, ".log");
    const int log_fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (log_fd < 0) {
      Kill(started);
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
      Kill(started);
      return absl::InternalError(absl::StrCat("vfork for rank ", rank, ": ", std::strerror(errno)));
    }
    setpgid(pid, pid);  // also from the parent, so the group exists before any kill
    started.push_back({rank, pid});
  }
  return started;
}

void LocalLauncher::Kill(const std::vector<WorkerProcess>& workers) {
  for (const WorkerProcess& w : workers) {
    if (w.pid > 0) killpg(w.pid, SIGKILL);
  }
}

}  // namespace symmbench
