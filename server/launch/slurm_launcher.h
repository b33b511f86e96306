// SlurmLauncher: each job becomes one Slurm batch job whose single step runs one task per rank.
#pragma once

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "server/launch/launcher.h"

namespace symmbench {

struct SlurmOptions {
  std::string worker_path;               // symmbench-worker as the compute nodes see it
  std::string partition;                 // sbatch --partition; empty: the cluster's default
  std::vector<std::string> sbatch_args;  // added to every sbatch, e.g. "--account=bench"
  std::chrono::milliseconds poll_interval{1000};     // squeue period
  std::chrono::milliseconds command_timeout{30000};  // sbatch, squeue, sacct, scancel
};

// Launch writes <log_dir>/<job_id>.sbatch, a batch script whose only line is
//   exec srun --kill-on-bad-exit=1 symmbench-worker ... --rank-from-env SLURM_PROCID
//        --device-from-env SLURM_LOCALID --host-from-env SLURMD_NODENAME
// (a rank's host is its Slurm node) and submits it: sbatch --parsable
// --job-name=symmbench-<job_id> --ntasks=<world_size> --nodes=<nodes, or 1> (more than one:
// --ntasks-per-node=<world_size / nodes>, so per-host teams are of one size) (CUDA:
// --gpus-per-task=1 --gpu-bind=none, so that every rank still sees its peers' GPUs for CUDA IPC)
// --output=<log_dir>/<job_id>.slurm-%j.log. The workers get the daemon's environment through
// sbatch's default --export=ALL, with WorkerEnvironment's additions (the job's secret among them:
// it is kept in slurmctld's job record, readable by the job's user and Slurm's administrators).
// State: one thread runs `squeue --states=all` for every job it follows each poll_interval,
// and `sacct` for a job squeue has forgotten (with no accounting configured, three misses in a
// row end the job as lost). COMPLETED ends a job cleanly; FAILED, CANCELLED, TIMEOUT,
// NODE_FAIL, OUT_OF_MEMORY, PREEMPTED, BOOT_FAIL and DEADLINE end it with
// "Slurm job N STATE (reason, exit code E:S); log <path>"; a job Slurm holds after a failed
// launch ("launch failed requeued held", JobHeldAdmin) fails too. Kill = scancel (from that thread,
// so a slow slurmctld never blocks the caller); Abandon = scancel.
class SlurmLauncher : public Launcher {
 public:
  explicit SlurmLauncher(SlurmOptions options);
  ~SlurmLauncher() override;
  absl::StatusOr<std::unique_ptr<LaunchedJob>> Launch(const LaunchRequest& request) override;
  void Abandon(const std::string& launch_id) override;

  // What the poller last learned of Slurm job `slurm_id` (for SlurmJob).
  struct JobState {
    bool ended = false;
    bool failed = false;
    std::string why;
  };
  JobState State(const std::string& slurm_id);
  void Cancel(const std::string& slurm_id);
  void Forget(const std::string& slurm_id);
  // Blocks until `slurm_id` has ended, at most `timeout`.
  void WaitEnded(const std::string& slurm_id, std::chrono::milliseconds timeout);

 private:
  struct Tracked {
    JobState state;
    std::string log_path;
    int misses = 0;  // polls in a row that neither squeue nor sacct knew the job
    bool cancel_sent = false;
  };
  void PollLoop();
  void PollOnce(std::unique_lock<std::mutex>& lock);

  const SlurmOptions options_;
  std::mutex mu_;
  std::condition_variable changed_;  // poll now (a cancel) / a job's state changed
  std::map<std::string, Tracked> jobs_;
  std::set<std::string> to_cancel_;
  bool stop_ = false;
  std::thread poller_;
};

// The state and reason of one `squeue -O JobID:|,State:|,Reason:|,exit_code:|` line, or of
// `sacct -n -P -o JobID,State,ExitCode,Reason`, turned into a JobState ("" reason and "0"
// exit code are left out of `why`). Exposed for tests.
SlurmLauncher::JobState InterpretSlurmState(const std::string& slurm_id, const std::string& state,
                                            const std::string& reason, const std::string& exit_code,
                                            const std::string& log_path);

}  // namespace symmbench
