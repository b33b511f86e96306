// The CUDA GEMM ops' half of the race check's row checks (gemm_row_check.h), with absl errors:
// what both ops fill in alike, and the read-back.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/cuda/gemm_row_check.h"
#include "kernels/gemm_collective.h"
#include "kernels/ops/registry.h"

namespace symmbench {

// Sets the fields of `args` that follow from `problem` alone (n, dtype, scaling, the bound's
// scale for `computes` at `world_size`), the seeds and `operation`, then enqueues the check on
// `stream` (LaunchGemmRowCheck). The op sets c, rows, first_row, m, k_term, terms, term and
// workspace. A CUDA error (arguments the launcher refuses: cudaErrorInvalidValue) as a status
// naming `name`, the operation and the problem.
absl::Status EnqueueGemmRowCheck(GemmRowCheckArgs args, const GemmProblem& problem, int world_size,
                                 Computes computes, uint64_t seed, uint64_t scale_seed,
                                 int operation, cudaStream_t stream, const char* name);

// TakeGemmRowCheck as a GemmRowCheck; the CUDA error naming `name`.
absl::StatusOr<GemmRowCheck> TakeGemmRowChecks(void* workspace, cudaStream_t stream,
                                               const char* name);

}  // namespace symmbench
