// The GEMM + collective part of a JobSpec (JobSpec.gemm): validation of its shapes, splits and
// variants, and what the worker derives from them (symmetric-buffer size, resolved splits, variant
// list).
#pragma once

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/dtype.h"
#include "kernels/gemm_collective.h"
#include "kernels/ops/registry.h"
#include "proto/symmbench.pb.h"
#include "spec/spec_validation.h"

namespace symmbench {

// Largest splits_per_rank accepted (chunks per shard; each is one GEMM launch).
constexpr int32_t kMaxSplitsPerRank = 64;
// With dtype fp8_e4m3, m, n and the K of each rank's GEMM must be multiples of this.
constexpr int64_t kFp8DimMultiple = 16;

// INVALID_ARGUMENT naming the field: no shapes, more than kMaxSizes, m/n/k < 1, m not divisible
// by world_size * splits_per_rank (or by world_size for auto), k not divisible by world_size
// (matmul_reduce_scatter), splits_per_rank < 0 or above
// kMaxSplitsPerRank, a dtype other than bf16/fp16/fp8_e4m3, an unknown or repeated variant;
// fp8_e4m3 with m, n or the GEMM's K (k, or k / world_size for matmul_reduce_scatter) not a
// multiple of kFp8DimMultiple; gemm.fp8_scaling set with another dtype, or unknown.
// RESOURCE_EXHAUSTED naming shapes[i] when its buffers (GemmBytesPerRank) exceed device memory.
absl::Status ValidateGemmSpec(const v1::JobSpec& spec, DType dtype, const DeviceLimits& limits);

// What the GEMM op `spec.kernel()` computes (the registry's word; kAllGatherGemm for a name
// the registry does not know, which validation refuses first).
Computes GemmOpComputes(const v1::JobSpec& spec);

// Elements of this rank's piece of a problem (a row's count and size_bytes, the size an injected
// delay is keyed on): ag_gemm's A_shard [m / world_size, k], matmul_reduce_scatter's C_shard
// [m / world_size, n].
int64_t GemmPieceElements(const GemmProblem& problem, int world_size, Computes computes);
// Bytes per element of that piece and of what the op's collective moves: the input dtype's for
// ag_gemm (A), the output's (GemmOutputDType) for matmul_reduce_scatter (C's partials).
int GemmPieceElementBytes(DType dtype, Computes computes);

// Device bytes one rank needs for a shape of an op that `computes` it: ag_gemm A_shard +
// gathered A + A_ref + B + C + C_ref; matmul_reduce_scatter A + B (its K slice) + partials +
// their reference + staging + C_shard + C_ref; A and B in dtype, the rest in
// GemmOutputDType(dtype), plus FP8's scales and, row-wise, the fp32 [m, n] that cuBLASLt
// without OUTER_VEC_32F writes before the scale pass (kernels/cuda/ag_gemm_cublaslt.h).
int64_t GemmBytesPerRank(const v1::GemmShape& shape, int world_size, DType dtype, Computes computes,
                         Fp8Scaling scaling = Fp8Scaling::kTensorwise);
// The symmetric buffer's size in bytes, the largest over the job's shapes of: ag_gemm's A_shard,
// matmul_reduce_scatter's staging [m, n] of partials and, past it (TilePushFlagOffset), the
// room of tile_push's flags (TilePushFlagBytes).
int64_t GemmSymmetricBytes(const v1::JobSpec& spec, DType dtype);
// The FP8 scaling of the spec (tensorwise when unset; meaningless for other dtypes).
Fp8Scaling GemmFp8Scaling(const v1::JobSpec& spec);
// splits_per_rank for a shape: the spec's, or AutoSplitsPerRank when it is 0.
int ResolveSplitsPerRank(const v1::JobSpec& spec, const v1::GemmShape& shape);
// The variants to time, in OfferedGemmVariants' order; every offered one when none is named.
std::vector<GemmVariant> GemmVariants(const v1::JobSpec& spec);

}  // namespace symmbench
