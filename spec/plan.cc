// JobPlan: the sweep, the buffer and the fault, resolved once from a validated spec.
#include "spec/plan.h"

#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/quote.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"
#include "spec/ag_gemm_spec.h"
#include "spec/spec_validation.h"

namespace symmbench {

absl::StatusOr<v1::FaultPlan> PlanFault(const v1::JobSpec& spec) {
  absl::StatusOr<FaultInjection> parsed = ParseFaultInjection(spec);
  if (!parsed.ok()) return parsed.status();
  v1::FaultPlan fault;
  switch (parsed->kind) {
    case FaultInjection::Kind::kNone:
      return fault;
    case FaultInjection::Kind::kRankError:
      fault.set_kind(v1::FaultPlan::RANK_ERROR);
      break;
    case FaultInjection::Kind::kFlipElement:
      fault.set_kind(v1::FaultPlan::FLIP_ELEMENT);
      break;
    case FaultInjection::Kind::kFlipTimed:
      fault.set_kind(v1::FaultPlan::FLIP_TIMED);
      break;
  }
  fault.set_rank(parsed->rank);
  return fault;
}

FaultInjection FaultOf(const v1::FaultPlan& fault) {
  FaultInjection out;
  out.rank = fault.rank();
  switch (fault.kind()) {
    case v1::FaultPlan::RANK_ERROR:
      out.kind = FaultInjection::Kind::kRankError;
      break;
    case v1::FaultPlan::FLIP_ELEMENT:
      out.kind = FaultInjection::Kind::kFlipElement;
      break;
    case v1::FaultPlan::FLIP_TIMED:
      out.kind = FaultInjection::Kind::kFlipTimed;
      break;
    default:
      out.kind = FaultInjection::Kind::kNone;
      out.rank = 0;
  }
  return out;
}

DType DTypeOf(const v1::JobPlan& plan) {
  switch (plan.dtype()) {
    case v1::JobPlan::FP16:
      return DType::kFp16;
    case v1::JobPlan::FP32:
      return DType::kFp32;
    default:
      return DType::kBf16;
  }
}

GemmProblem CalibrationGemm(const std::string& backend, int world_size) {
  GemmProblem problem;
  problem.n = problem.k = backend == "cuda" ? 8192 : 256;
  const int64_t tile_rows = 16 * static_cast<int64_t>(std::max(world_size, 1));
  problem.m = std::max<int64_t>(problem.k / tile_rows, 1) * tile_rows;
  problem.splits_per_rank = 1;
  problem.dtype = DType::kBf16;
  return problem;
}

absl::StatusOr<v1::JobPlan> MakePlan(const v1::JobSpec& spec, const std::string& backend) {
  const OpDescriptor* op = FindOp(spec.kernel());
  if (op == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("kernel: unknown kernel ", Quote(spec.kernel())));
  }
  absl::StatusOr<DType> dtype = ParseDType(spec.dtype());  // its message names `dtype`
  if (!dtype.ok()) return dtype.status();
  v1::JobPlan plan;
  switch (*dtype) {
    case DType::kBf16:
      plan.set_dtype(v1::JobPlan::BF16);
      break;
    case DType::kFp16:
      plan.set_dtype(v1::JobPlan::FP16);
      break;
    case DType::kFp32:
      plan.set_dtype(v1::JobPlan::FP32);
      break;
  }
  absl::StatusOr<v1::FaultPlan> fault = PlanFault(spec);
  if (!fault.ok()) return fault.status();
  *plan.mutable_fault() = *std::move(fault);
  if (op->family == OpFamily::kGemmCollective) {
    plan.set_buffer_bytes(AgGemmMaxShardBytes(spec, *dtype));
    return plan;
  }
  absl::StatusOr<std::vector<int64_t>> sizes = ExpandSizes(spec);
  if (!sizes.ok()) return sizes.status();
  if (sizes->empty()) return absl::InvalidArgumentError("sizes_bytes: the sweep has no size");
  std::sort(sizes->begin(), sizes->end());
  sizes->erase(std::unique(sizes->begin(), sizes->end()), sizes->end());
  for (int64_t size : *sizes) plan.add_sizes_bytes(size);
  int64_t buffer = sizes->back();
  if (op->family == OpFamily::kCalibration) {  // also the GEMM's shard (bf16)
    const GemmProblem gemm = CalibrationGemm(backend, spec.world_size());
    buffer = std::max(buffer, gemm.m / std::max(spec.world_size(), 1) * gemm.k * 2);
  }
  plan.set_buffer_bytes(buffer);
  return plan;
}

}  // namespace symmbench
