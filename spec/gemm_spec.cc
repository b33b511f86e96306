// Validation and derived values of the GEMM + collective ops' job specs.
#include "spec/gemm_spec.h"

#include <algorithm>
#include <set>
#include <string>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/quote.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

bool ParseVariant(const std::string& name, Computes computes, GemmVariant* variant) {
  for (GemmVariant v : OfferedGemmVariants(computes)) {
    if (name == GemmVariantName(v, computes)) {
      *variant = v;
      return true;
    }
  }
  return false;
}

}  // namespace

Computes GemmOpComputes(const v1::JobSpec& spec) {
  const OpDescriptor* op = FindOp(spec.kernel());
  return op != nullptr ? op->computes : Computes::kAllGatherGemm;
}

int64_t GemmPieceElements(const GemmProblem& problem, int world_size, Computes computes) {
  return problem.m / std::max(1, world_size) *
         (computes == Computes::kGemmReduceScatter ? problem.n : problem.k);
}

int GemmPieceElementBytes(DType dtype, Computes computes) {
  return DTypeSize(computes == Computes::kGemmReduceScatter ? GemmOutputDType(dtype) : dtype);
}

int64_t GemmBytesPerRank(const v1::GemmShape& shape, int world_size, DType dtype, Computes computes,
                         Fp8Scaling scaling) {
  const int64_t m = shape.m(), n = shape.n(), k = shape.k();
  const int64_t ws = std::max(1, world_size);
  // Elements in the input dtype (A and B) and in the output's (C and what is reduced).
  const int64_t inputs = computes == Computes::kGemmReduceScatter
                             // A and B of this rank's K slice.
                             ? m * (k / ws) + (k / ws) * n
                             // A_shard (symmetric), gathered A, A_ref, B.
                             : m / ws * k + 2 * m * k + k * n;
  const int64_t outputs = computes == Computes::kGemmReduceScatter
                              // The partials, their reference, the staging buffer (symmetric),
                              // C_shard and C_ref.
                              ? 3 * m * n + 2 * (m / ws) * n
                              // C, C_ref.
                              : 2 * m * n;
  // FP8's scales, at most m + n floats, and row-wise the scale pass's fp32 [m, n].
  const bool fp8 = dtype == DType::kFp8E4m3;
  const int64_t scales = fp8 ? (m + n) * 4 + (scaling == Fp8Scaling::kRowwise ? m * n * 4 : 0) : 0;
  return inputs * DTypeSize(dtype) + outputs * DTypeSize(GemmOutputDType(dtype)) + scales;
}

int64_t GemmSymmetricBytes(const v1::JobSpec& spec, DType dtype) {
  const bool scatters = GemmOpComputes(spec) == Computes::kGemmReduceScatter;
  int64_t largest = 0;
  for (const v1::GemmShape& shape : spec.gemm().shapes()) {
    // matmul_reduce_scatter: the n partials of this rank's rows, [m, n] of the output dtype,
    // then tile_push's flags; ag_gemm: A_shard.
    const int64_t bytes =
        scatters ? TilePushFlagOffset(shape.m(), shape.n(), dtype) +
                       TilePushFlagBytes(shape.m(), shape.n(), spec.world_size())
                 : shape.m() / std::max(1, spec.world_size()) * shape.k() * DTypeSize(dtype);
    largest = std::max(largest, bytes);
  }
  return largest;
}

Fp8Scaling GemmFp8Scaling(const v1::JobSpec& spec) {
  return spec.gemm().fp8_scaling() == v1::rowwise ? Fp8Scaling::kRowwise : Fp8Scaling::kTensorwise;
}

int ResolveSplitsPerRank(const v1::JobSpec& spec, const v1::GemmShape& shape) {
  return spec.gemm().splits_per_rank() > 0 ? spec.gemm().splits_per_rank()
                                           : AutoSplitsPerRank(shape.m(), spec.world_size());
}

std::vector<GemmVariant> GemmVariants(const v1::JobSpec& spec) {
  std::vector<GemmVariant> variants;
  for (GemmVariant v : OfferedGemmVariants(GemmOpComputes(spec))) {
    if (spec.gemm().variants().empty() ||
        std::find(spec.gemm().variants().begin(), spec.gemm().variants().end(),
                  GemmVariantName(v, GemmOpComputes(spec))) != spec.gemm().variants().end()) {
      variants.push_back(v);
    }
  }
  return variants;
}

absl::Status ValidateGemmSpec(const v1::JobSpec& spec, DType dtype, const DeviceLimits& limits) {
  if (dtype != DType::kBf16 && dtype != DType::kFp16 && dtype != DType::kFp8E4m3) {
    return absl::InvalidArgumentError(absl::StrCat(
        "dtype: ", spec.kernel(), " runs bf16, fp16 or fp8_e4m3 (got ", DTypeName(dtype), ")"));
  }
  if (!v1::Fp8Scaling_IsValid(spec.gemm().fp8_scaling())) {
    return absl::InvalidArgumentError(absl::StrCat("gemm.fp8_scaling: unknown scaling ",
                                                   spec.gemm().fp8_scaling(),
                                                   " (want tensorwise or rowwise)"));
  }
  if (spec.gemm().fp8_scaling() != v1::FP8_SCALING_UNSPECIFIED && dtype != DType::kFp8E4m3) {
    return absl::InvalidArgumentError(absl::StrCat(
        "gemm.fp8_scaling: applies to dtype fp8_e4m3 only (got dtype ", DTypeName(dtype), ")"));
  }
  if (spec.gemm().shapes_size() == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("gemm.shapes: ", spec.kernel(), " needs at least one MxNxK shape"));
  }
  if (spec.gemm().shapes_size() > kMaxSizes) {
    return absl::InvalidArgumentError(absl::StrCat("gemm.shapes: ", spec.gemm().shapes_size(),
                                                   " shapes exceed the limit of ", kMaxSizes));
  }
  if (spec.gemm().splits_per_rank() < 0 || spec.gemm().splits_per_rank() > kMaxSplitsPerRank) {
    return absl::InvalidArgumentError(absl::StrCat("gemm.splits_per_rank: must be 0 (auto) or 1..",
                                                   kMaxSplitsPerRank, " (got ",
                                                   spec.gemm().splits_per_rank(), ")"));
  }
  std::set<std::string> seen;
  const Computes computes = GemmOpComputes(spec);
  for (int i = 0; i < spec.gemm().variants_size(); ++i) {
    GemmVariant variant;
    if (!ParseVariant(spec.gemm().variants(i), computes, &variant)) {
      std::vector<std::string> names;
      for (GemmVariant v : OfferedGemmVariants(computes)) {
        names.emplace_back(GemmVariantName(v, computes));
      }
      return absl::InvalidArgumentError(
          absl::StrCat("gemm.variants[", i, "]: unknown variant ", Quote(spec.gemm().variants(i)),
                       " of ", spec.kernel(), " (want ", absl::StrJoin(names, ", "), ")"));
    }
    if (!seen.insert(spec.gemm().variants(i)).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("gemm.variants[", i, "]: ", Quote(spec.gemm().variants(i)), " given twice"));
    }
  }
  for (int i = 0; i < spec.gemm().shapes_size(); ++i) {
    const v1::GemmShape& shape = spec.gemm().shapes(i);
    const std::string field = absl::StrCat("gemm.shapes[", i, "]");
    for (const auto& [name, value] :
         {std::pair<const char*, int64_t>{"m", shape.m()}, {"n", shape.n()}, {"k", shape.k()}}) {
      if (value < 1) {
        return absl::InvalidArgumentError(
            absl::StrCat(field, ".", name, ": must be >= 1 (got ", value, ")"));
      }
      if (value > (int64_t{1} << 20)) {
        return absl::InvalidArgumentError(
            absl::StrCat(field, ".", name, ": ", value, " exceeds the limit of 1048576"));
      }
    }
    const int64_t divisor =
        static_cast<int64_t>(spec.world_size()) * std::max(1, spec.gemm().splits_per_rank());
    if (shape.m() % divisor != 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          field, ".m: ", shape.m(), " is not divisible by world_size x splits_per_rank = ",
          spec.world_size(), " x ", std::max(1, spec.gemm().splits_per_rank())));
    }
    if (computes == Computes::kGemmReduceScatter && shape.k() % spec.world_size() != 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ".k: ", shape.k(), " is not divisible by world_size ",
                       spec.world_size(), " (each rank holds k / world_size of K)"));
    }
    if (dtype == DType::kFp8E4m3) {
      // cuBLASLt's FP8 GEMM wants 16-byte aligned rows and leading dimensions; the K a rank's
      // GEMM sees is k / world_size in matmul_reduce_scatter.
      const int64_t gemm_k =
          computes == Computes::kGemmReduceScatter ? shape.k() / spec.world_size() : shape.k();
      for (const auto& [name, value, what] :
           {std::tuple<const char*, int64_t, const char*>{"m", shape.m(), "m"},
            {"n", shape.n(), "n"},
            {"k", gemm_k, computes == Computes::kGemmReduceScatter ? "k / world_size" : "k"}}) {
        if (value % kFp8DimMultiple != 0) {
          return absl::InvalidArgumentError(absl::StrCat(field, ".", name, ": fp8_e4m3 wants ",
                                                         what, " a multiple of ", kFp8DimMultiple,
                                                         " (got ", value, ")"));
        }
      }
    }
    const int64_t bytes =
        GemmBytesPerRank(shape, spec.world_size(), dtype, computes, GemmFp8Scaling(spec));
    if (limits.device_memory_bytes > 0 && bytes > limits.device_memory_bytes) {
      return absl::ResourceExhaustedError(
          absl::StrCat(field, ": ", shape.m(), "x", shape.n(), "x", shape.k(), " needs ", bytes,
                       " bytes per rank (inputs, outputs and references of ", spec.kernel(),
                       "), above the device memory of ", limits.device_memory_bytes, " bytes"));
    }
  }
  return absl::OkStatus();
}

}  // namespace symmbench
