// LocalLauncher: one worker process per rank on this host, started with vfork/exec.
#pragma once

#include <string>

#include "server/launch/launcher.h"

namespace symmbench {

// vfork/exec of `worker_path` on this host. Each child: its own process group, SIGKILL when the
// launching thread's process dies (PR_SET_PDEATHSIG; so call Launch from a thread that lives
// as long as the daemon), stdout/stderr to <log_dir>/<job_id>.rank<r>.log, the environment of
// WorkerEnvironment, `--rank r --device devices[r]`. Workers run as the daemon's user. Kill
// sends SIGKILL to every worker's process group; Poll reaps them (waitpid).
class LocalLauncher : public Launcher {
 public:
  explicit LocalLauncher(std::string worker_path);
  absl::StatusOr<std::unique_ptr<LaunchedJob>> Launch(const LaunchRequest& request) override;

 private:
  std::string worker_path_;
};

// "rank R was killed by signal S (name)" or "rank R exited with code C", from a wait status.
std::string DescribeExit(int rank, int status);

}  // namespace symmbench
