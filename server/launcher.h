// Launcher: starts one worker process per rank of a job on this host, each in its own process
// group, and kills them. (A Slurm launcher behind the same interface is planned, issue 9.)
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace symmbench {

struct LaunchRequest {
  std::string job_id;
  std::string backend;              // "cuda" or "cpu"
  std::vector<int> devices;         // rank r runs on devices[r]; world_size = devices.size()
  std::string coordinator_address;  // the Store / WorkerReport address workers dial
  std::string log_dir;              // rank r logs to <log_dir>/<job_id>.rank<r>.log
  std::string secret;               // the job's secret, in the environment (kJobSecretEnv)
  std::string tls_ca;               // non-empty: workers dial TLS verifying with this CA file
  std::string tls_server_name;      // name workers expect in the daemon's certificate
  // Fault injection (JobSpec.inject_delay_*): when inject_delay_us > 0 every worker gets
  // --inject-delay-us, --inject-delay-min-bytes and --inject-delay-max-bytes.
  double inject_delay_us = 0;
  int64_t inject_delay_min_bytes = 0;
  int64_t inject_delay_max_bytes = 0;
};

// A started worker.
struct WorkerProcess {
  int rank = 0;
  pid_t pid = -1;  // also its process-group id
};

class Launcher {
 public:
  virtual ~Launcher() = default;
  // Starts every rank. On failure, kills what was started and returns INTERNAL naming the
  // rank and the system call.
  virtual absl::StatusOr<std::vector<WorkerProcess>> Launch(const LaunchRequest& request) = 0;
  // Sends SIGKILL to each worker's process group (idempotent; reaping is the caller's).
  virtual void Kill(const std::vector<WorkerProcess>& workers) = 0;
};

// vfork/exec of `worker_path` on this host. Each child: its own process group, SIGKILL when the
// launching thread's process dies (PR_SET_PDEATHSIG; so call Launch from a thread that lives
// as long as the daemon), stdout/stderr to its log file, NVLink multicast disabled in its
// environment (NCCL_NVLS_ENABLE=0, TORCH_SYMM_MEM_DISABLE_MULTICAST=1, NVSHMEM_DISABLE_NVLS=1),
// and the job's secret in SYMMBENCH_JOB_SECRET (never in argv, which other users can read in
// /proc; a process's environment is readable only by its own user). Workers run as the
// daemon's user.
class LocalLauncher : public Launcher {
 public:
  explicit LocalLauncher(std::string worker_path);
  absl::StatusOr<std::vector<WorkerProcess>> Launch(const LaunchRequest& request) override;
  void Kill(const std::vector<WorkerProcess>& workers) override;

 private:
  std::string worker_path_;
};

}  // namespace symmbench
