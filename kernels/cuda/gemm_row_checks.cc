// EnqueueGemmRowCheck and TakeGemmRowChecks (gemm_row_checks.h).
#include "kernels/cuda/gemm_row_checks.h"

#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_dtype.h"

namespace symmbench {

absl::Status EnqueueGemmRowCheck(GemmRowCheckArgs args, const GemmProblem& problem, int world_size,
                                 Computes computes, uint64_t seed, uint64_t scale_seed,
                                 int operation, cudaStream_t stream, const char* name) {
  args.n = problem.n;
  args.dtype = ToDeviceDType(problem.dtype);
  args.rowwise = problem.fp8_scaling == Fp8Scaling::kRowwise;
  args.seed = seed;
  args.scale_seed = scale_seed;
  args.scale = GemmRowCheckScale(problem, world_size, computes);
  args.operation = operation;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(LaunchGemmRowCheck(args, stream),
                                 absl::StrCat(name, ": row check of operation ", operation, " (",
                                              GemmProblemName(problem), ")"));
  return absl::OkStatus();
}

absl::StatusOr<GemmRowCheck> TakeGemmRowChecks(void* workspace, cudaStream_t stream,
                                               const char* name) {
  GemmRowCheckFound found;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(TakeGemmRowCheck(workspace, stream, &found),
                                 absl::StrCat(name, ": read the row checks"));
  return GemmRowCheck{found.wrong_rows, found.operation, found.first_row, found.worst_ratio};
}

}  // namespace symmbench
