// JobPlan: the sweep, the buffer and the fault, resolved once from a validated spec.
#include "spec/plan.h"

#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/quote.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"
#include "spec/gemm_spec.h"
#include "spec/job_op.h"
#include "spec/spec_validation.h"

namespace symmbench {

GemmProblem CalibrationGemm(v1::Backend backend, int world_size) {
  GemmProblem problem;
  problem.n = problem.k = backend == v1::cuda ? 8192 : 256;
  const int64_t tile_rows = 16 * static_cast<int64_t>(std::max(world_size, 1));
  problem.m = std::max<int64_t>(problem.k / tile_rows, 1) * tile_rows;
  problem.splits_per_rank = 1;
  problem.dtype = DType::kBf16;
  return problem;
}

absl::StatusOr<v1::JobPlan> ValidateAndPlan(const v1::JobSpec& spec, const DeviceLimits& limits) {
  if (absl::Status s = ValidateSpec(spec, limits); !s.ok()) return s;
  return MakePlan(spec, limits.backend);
}

absl::StatusOr<v1::JobPlan> MakePlan(const v1::JobSpec& spec, v1::Backend backend) {
  const std::optional<OpDescriptor> op = JobOp(spec);
  if (!op.has_value()) {
    return absl::InvalidArgumentError(
        absl::StrCat("kernel: unknown kernel ", Quote(spec.kernel())));
  }
  absl::StatusOr<DType> dtype = KernelDType(spec.dtype());
  if (!dtype.ok()) return dtype.status();
  v1::JobPlan plan;
  if (op->family == OpFamily::kGemmCollective) {
    plan.set_buffer_bytes(GemmSymmetricBytes(spec, *dtype));
    return plan;
  }
  absl::StatusOr<std::vector<int64_t>> sizes = ExpandSizes(spec.sweep());
  if (!sizes.ok()) return sizes.status();
  if (sizes->empty()) return absl::InvalidArgumentError("sweep.sizes_bytes: the sweep has no size");
  // SweepSpec.all_dtypes: every dtype the kernel takes; a sharded op's sizes then split into
  // whole elements of the largest.
  int element_size = DTypeSize(*dtype);
  if (spec.sweep().all_dtypes()) {
    for (v1::DType each : KernelDTypes(spec)) {
      absl::StatusOr<DType> kernel_dtype = KernelDType(each);
      if (!kernel_dtype.ok()) return kernel_dtype.status();
      plan.add_dtypes(each);
      element_size = std::max(element_size, DTypeSize(*kernel_dtype));
    }
  }
  if (IsShardedOp(*op)) {
    // nccl-tests' rounding: each size down to world_size equal shards of whole elements.
    const int64_t unit = static_cast<int64_t>(std::max(spec.world_size(), 1)) * element_size;
    for (int64_t& size : *sizes) size = size / unit * unit;
    sizes->erase(std::remove(sizes->begin(), sizes->end(), 0), sizes->end());
    if (sizes->empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("sweep.sizes_bytes: ", spec.kernel(), " splits each size into world_size ",
                       spec.world_size(), " shards of whole ", DTypeName(*dtype),
                       " elements: every size "
                       "must be at least ",
                       unit, " bytes"));
    }
  }
  std::sort(sizes->begin(), sizes->end());
  sizes->erase(std::unique(sizes->begin(), sizes->end()), sizes->end());
  for (int64_t size : *sizes) plan.add_sizes_bytes(size);
  int64_t buffer = sizes->back();
  if (op->family == OpFamily::kCalibration) {  // also the GEMM's shard (bf16)
    const GemmProblem gemm = CalibrationGemm(backend, spec.world_size());
    buffer = std::max(buffer, gemm.m / std::max(spec.world_size(), 1) * gemm.k * 2);
  }
  // Misaligned buffers start misalign_bytes past their aligned base: room for them too.
  plan.set_buffer_bytes(buffer + spec.sweep().misalign_bytes());
  return plan;
}

}  // namespace symmbench
