// Launcher: places the workers of a job (one per rank) and follows them until they end. Two
// implementations: LocalLauncher (fork/exec on this host, server/launch/local_launcher.h) and
// SlurmLauncher (one Slurm batch job whose step has one task per rank,
// server/launch/slurm_launcher.h). The job manager sees only this interface, and only from its
// scheduler thread (mu_ held).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

struct LaunchRequest {
  std::string job_id;
  v1::Backend backend = v1::cpu;    // cuda or cpu (never auto: resolved by the daemon)
  std::vector<int> devices;         // rank r runs on devices[r]; world_size = devices.size()
                                    // (the local launcher; Slurm picks its own devices)
  int nodes = 0;                    // hosts to spread the ranks over (Slurm); 0 or 1: one host
  std::string coordinator_address;  // the Store / WorkerReport address workers dial
  std::string log_dir;              // worker logs go under it, named after the job
  std::string secret;               // the job's secret, in the environment (kJobSecretEnv)
  std::string tls_ca;               // non-empty: workers dial TLS verifying with this CA file
  std::string tls_server_name;      // name workers expect in the daemon's certificate
  std::string log_format;           // "json": workers log JSON lines with job id and rank
};

// What Poll has learned of a launched job.
struct LaunchStatus {
  bool ended = false;    // no worker is left running
  bool failed = false;   // a worker, or the launcher's own job, ended badly
  int failed_rank = -1;  // the rank at fault, -1 when not known
  std::string why;       // e.g. "rank 1 was killed by signal 9 (Killed)" or
                         // "Slurm job 12 FAILED (NonZeroExitCode, exit code 1:0)"
};

// Why a job that ran out of time has not ended: the rank at fault where one is known (a
// stopped worker) and words for the job's error ("; rank 1 is stopped (not running)").
struct StallReport {
  int rank = -1;
  std::string detail;
};

// The workers of one job, as placed by a Launcher.
class LaunchedJob {
 public:
  virtual ~LaunchedJob() = default;
  // How the launcher knows the job, kept in the job's record (Job.launch_id) so that a
  // restarted daemon can end it: empty for local workers (they die with the daemon),
  // "slurm:<job id>" under Slurm.
  virtual std::string launch_id() const = 0;
  // Non-blocking. `failed` is reported from the first unclean end on, `ended` once every
  // worker is gone.
  virtual LaunchStatus Poll() = 0;
  // Kills every worker (idempotent, non-blocking); Poll reports `ended` once they are gone.
  virtual void Kill() = 0;
  // After Kill: blocks until Poll would report `ended`, at most `timeout`.
  virtual void WaitEnded(std::chrono::milliseconds timeout) = 0;
  virtual StallReport DescribeStall() = 0;
  // Rank `rank` reported that it finished (WorkerReport.ReportDone). Launchers that see their
  // workers exit ignore it; the command launcher ends the job once every rank has.
  virtual void NoteRankDone(int rank) { (void)rank; }
};

class Launcher {
 public:
  virtual ~Launcher() = default;
  // Starts every rank. On failure, ends what was started and returns an error naming the
  // rank or the command that failed.
  virtual absl::StatusOr<std::unique_ptr<LaunchedJob>> Launch(const LaunchRequest& request) = 0;
  // Ends what a previous daemon launched (`launch_id` from LaunchedJob::launch_id) and can no
  // longer follow. Best effort; local workers need nothing (they died with that daemon).
  virtual void Abandon(const std::string& launch_id) { (void)launch_id; }
};

// The worker command line for one rank: the binary, then --coordinator, --job-id, --world-size
// and --backend, then `rank_args` (e.g. {"--rank", "0", "--device", "3"}), then the TLS flags
// and --log-format json of `request`.
std::vector<std::string> WorkerCommand(const std::string& worker_path, const LaunchRequest& request,
                                       const std::vector<std::string>& rank_args);

// The first error a worker's log holds, to carry into its job's error: the first line at error
// or critical level (spdlog's text or JSON lines, gRPC's "E1207 ..." lines), else the last
// non-empty line; spdlog's "[time] [name] [level] " prefix left out (a JSON line's "msg"
// alone), cut to `max_bytes`. Empty when the file cannot be read or is empty.
std::string FirstErrorLine(const std::string& log_path, size_t max_bytes = 300);

// The daemon's environment plus what every worker gets: NVLink multicast off
// (NCCL_NVLS_ENABLE=0, TORCH_SYMM_MEM_DISABLE_MULTICAST=1, NVSHMEM_DISABLE_NVLS=1), the job's
// secret in SYMMBENCH_JOB_SECRET (never in argv, which other users can read in /proc), and
// SYMMBENCH_COORDINATOR, SYMMBENCH_JOB_ID and SYMMBENCH_WORLD_SIZE (the worker's defaults for
// --coordinator, --job-id and --world-size, for workers that a cluster scheduler starts).
std::vector<std::string> WorkerEnvironment(const LaunchRequest& request);

}  // namespace symmbench
