// RunCommand: posix_spawnp with stdout and stderr on pipes, drained with poll(2) until both
// close, then waitpid; a deadline SIGKILLs the child.
#include "server/launch/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

extern char** environ;

namespace symmbench {
namespace {

constexpr size_t kMaxCaptured = 1 << 20;

std::vector<char*> Pointers(std::vector<std::string>& strings) {
  std::vector<char*> out;
  for (std::string& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

}  // namespace

CapturedRun RunCaptured(const std::vector<std::string>& argv, const std::vector<std::string>* env,
                        std::chrono::milliseconds timeout, size_t max_captured) {
  CapturedRun run;
  int out_pipe[2], err_pipe[2];
  if (argv.empty() || pipe2(out_pipe, O_CLOEXEC) != 0) {
    run.spawn_error = argv.empty() ? EINVAL : errno;
    return run;
  }
  if (pipe2(err_pipe, O_CLOEXEC) != 0) {
    run.spawn_error = errno;
    close(out_pipe[0]);
    close(out_pipe[1]);
    return run;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], STDERR_FILENO);
  std::vector<std::string> args = argv;
  std::vector<char*> argp = Pointers(args);
  std::vector<std::string> env_copy;
  std::vector<char*> envp;
  if (env != nullptr) {
    env_copy = *env;
    envp = Pointers(env_copy);
  }
  pid_t pid = -1;
  const int spawned = posix_spawnp(&pid, argp[0], &actions, nullptr, argp.data(),
                                   env != nullptr ? envp.data() : environ);
  posix_spawn_file_actions_destroy(&actions);
  close(out_pipe[1]);
  close(err_pipe[1]);
  if (spawned != 0) {
    close(out_pipe[0]);
    close(err_pipe[0]);
    run.spawn_error = spawned;
    return run;
  }

  const auto deadline = std::chrono::steady_clock::now() + timeout;
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&run.out, &run.err};
  int open_fds = 2;
  while (open_fds > 0) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      run.timed_out = true;
      break;
    }
    const int ready = poll(fds, 2, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      char buffer[4096];
      const ssize_t n = read(fds[i].fd, buffer, sizeof(buffer));
      if (n > 0) {
        if (sinks[i]->size() < max_captured) sinks[i]->append(buffer, static_cast<size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open_fds;
      }
    }
  }
  for (pollfd& p : fds) {
    if (p.fd >= 0) close(p.fd);
  }
  if (run.timed_out) kill(pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return run;
}

absl::StatusOr<CommandOutput> RunCommand(const std::vector<std::string>& argv,
                                         const std::vector<std::string>* env,
                                         std::chrono::milliseconds timeout) {
  if (argv.empty()) return absl::InvalidArgumentError("RunCommand: empty argv");
  CapturedRun run = RunCaptured(argv, env, timeout, kMaxCaptured);
  if (run.spawn_error != 0) {
    return absl::NotFoundError(
        absl::StrCat("cannot run ", argv[0], ": ", std::strerror(run.spawn_error)));
  }
  if (run.timed_out) {
    return absl::DeadlineExceededError(
        absl::StrCat(absl::StrJoin(argv, " "), ": no answer in ", timeout.count(), " ms"));
  }
  if (run.exit_code == 127 && run.out.empty() && run.err.empty()) {
    return absl::NotFoundError(absl::StrCat("cannot run ", argv[0]));
  }
  CommandOutput output;
  output.exit_code = run.exit_code;
  output.out = std::move(run.out);
  output.err = std::move(run.err);
  return output;
}

}  // namespace symmbench
