// A worker session: one rank of one job. It reads the job's spec and plan from the coordinator's
// Store, meets the other ranks (placement, per-host teams), builds the backend, hands the op to
// its family's runner (swept collectives and the dispatcher: bench_runner.h; GEMM + collective:
// gemm_runner.h; calibration: calibrate_runner.h) and reports rows, done or the failure.
// worker/main.cc is flags, the channel and the device probe around it.
#pragma once

#include <chrono>
#include <string>

#include "absl/status/status.h"
#include "proto/symmbench.grpc.pb.h"
#include "proto/worker.grpc.pb.h"
#include "worker/store_client.h"

namespace symmbench {

struct WorkerSessionOptions {
  std::string job_id;
  int rank = 0;
  int world_size = 1;
  int device = 0;                             // CUDA ordinal or CPU slot
  v1::Backend backend = v1::cpu;              // cuda or cpu
  std::chrono::milliseconds timeout{120000};  // every wait: rendezvous, backend, Store
  std::string host;  // the host name ranks are grouped by; empty: gethostname
};

// Runs this rank's part of the job through `report` and `store` (both on the coordinator's
// channel). OK once the rank's work is done and reported. On error the failure has been
// reported to the coordinator (by this rank, or, for ABORTED, by the peer whose result was
// wrong), and the peers were told through Backend::Abort where a backend existed.
absl::Status RunWorkerSession(const WorkerSessionOptions& options, v1::WorkerReport::Stub* report,
                              StoreClient* store);

}  // namespace symmbench
