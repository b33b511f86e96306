// `symmbench run`: the main job. It starts nothing itself: it asks the coordinator which devices
// it has and runs, on all of them, the product's two kernel families, each job verified:
//   - the all-reduce sweep: the dispatched `all_reduce`, and beside it the one-shot, the
//     two-shot and the push one-shot, each job with NCCL's figures from the same run (the CPU
//     backend: its plain-sum reference);
//   - AG-GEMM on the anchor shapes (halved until they fit the device; small shapes on the CPU
//     backend).
// Then one report: a table per family (client/main_job_report.h).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "client/commands.h"
#include "proto/symmbench.pb.h"

namespace symmbench::client {

class CommandLine;

struct MainJobOptions {
  int32_t world_size = 0;  // 0: every device of the coordinator
};

// What a job of the main job contributes to the report.
enum class MainJobRole {
  kDispatched,  // the all_reduce the product ships: its table's first column, its busbw
  kCompared,    // another all-reduce kernel over the same sweep, one column beside it
  kGemm,        // AG-GEMM: a table of its own
};

struct MainJobPart {
  MainJobRole role;
  v1::JobSpec spec;
};

// The main job for a coordinator's devices: the sweep and the shapes for its backend, at
// `options.world_size` ranks or every device. Kernels the coordinator does not offer are left
// out. FAILED_PRECONDITION when it has no device; INVALID_ARGUMENT naming --world-size when
// that is above its devices; FAILED_PRECONDITION when no AG-GEMM shape fits a device.
absl::StatusOr<std::vector<MainJobPart>> PlanMainJob(const v1::ListDevicesResponse& devices,
                                                     const MainJobOptions& options);

// The whole command: ListDevices, each job submitted and followed in turn (a progress line on
// a terminal's stderr, one line per finished job otherwise), then the report or one JSON
// object. Exit 0 when every job SUCCEEDED with every row verified, 1 when one did not, 2 for a
// usage or RPC error.
int RunMainJob(const GlobalOptions& global, const MainJobOptions& options, std::ostream& out,
               std::ostream& err);

// Adds `run` (the main job), its flags and its run to the command line.
void AddMainJobCommand(CommandLine* cli);

}  // namespace symmbench::client
