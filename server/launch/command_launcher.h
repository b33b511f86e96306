// CommandLauncher (symmbenchd --launcher command --launch-command PATH): the daemon starts no
// worker itself. It runs PATH to have someone else start them, e.g. a Kubernetes Indexed Job
// with one pod per rank (deploy/k8s/launch-workers.sh), and follows the job through the
// workers' own reports: it ends once every rank has reported done (WorkerReport.ReportDone), or
// at the first failure a rank reports, or at the job's timeout.
//
//   PATH start JOB_ID   stdout's first line: the handle that `stop` gets (kept as Job.launch_id,
//                       "command:<handle>"); exit 0, else the job fails with its stderr.
//   PATH stop HANDLE    ends whatever `start` made (cancel, failure, timeout, and a restarted
//                       daemon's Abandon). Best effort, from a thread of its own.
//
// `start` runs on the scheduler's thread, like sbatch under Slurm: it should return within
// seconds, and must not leave processes holding its stdout or stderr (the daemon reads both
// to their end, at most command_timeout). `stop` runs after a job that ended well too, to
// delete what `start` made.
//
// Both run with the daemon's environment plus WorkerEnvironment's (the job's secret in
// SYMMBENCH_JOB_SECRET, SYMMBENCH_COORDINATOR, SYMMBENCH_JOB_ID, SYMMBENCH_WORLD_SIZE), and
// SYMMBENCH_BACKEND, SYMMBENCH_NODES and SYMMBENCH_TLS (1 when the workers must dial TLS). The
// secret never appears in argv, where every user can read it.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "server/launch/launcher.h"

namespace symmbench {

struct CommandLauncherOptions {
  std::string command;                               // PATH: an executable
  std::chrono::milliseconds command_timeout{60000};  // each start / stop
};

class CommandLauncher : public Launcher {
 public:
  explicit CommandLauncher(CommandLauncherOptions options);
  absl::StatusOr<std::unique_ptr<LaunchedJob>> Launch(const LaunchRequest& request) override;
  void Abandon(const std::string& launch_id) override;

 private:
  const CommandLauncherOptions options_;
};

// The environment `start` and `stop` get for `request` (see above).
std::vector<std::string> LaunchCommandEnvironment(const LaunchRequest& request);

}  // namespace symmbench
