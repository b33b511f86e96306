// A job's plan (symmbench.v1.JobPlan): what the coordinator resolves from a validated spec once,
// at submission, and hands whole to the workers (sizes expanded, buffer bytes, the checked fault
// injection), so that no process derives them again.
#pragma once

#include <string>

#include "absl/status/statusor.h"
#include "kernels/dtype.h"
#include "kernels/gemm_collective.h"
#include "proto/symmbench.pb.h"
#include "spec/spec_validation.h"

namespace symmbench {

// What SubmitJob does with a spec (defaults applied): ValidateSpec, then its plan on a daemon
// of limits.backend. The first error names the field (INVALID_ARGUMENT, RESOURCE_EXHAUSTED).
absl::StatusOr<v1::JobPlan> ValidateAndPlan(const v1::JobSpec& spec, const DeviceLimits& limits);

// The plan of `spec`, which has passed ValidateSpec (with defaults applied), on a daemon of
// `backend` (cuda or cpu): also for a stored job queued by a daemon that kept no plan.
// INVALID_ARGUMENT naming the field for a malformed sweep or dtype, or an unknown kernel.
absl::StatusOr<v1::JobPlan> MakePlan(const v1::JobSpec& spec, v1::Backend backend);

// The GEMM calibrate times, bf16, one chunk per shard: n = k = 8192 on CUDA (cuBLASLt's rate
// shows from 8192^3) and 256 on the CPU backend (its single-threaded OpenBLAS would take seconds
// per op at 8192); m is the same edge rounded down to a multiple of 16 x world_size, so every
// rank's shard has the same whole number of 16-row tiles at any world size (3 included).
GemmProblem CalibrationGemm(v1::Backend backend, int world_size);

}  // namespace symmbench
