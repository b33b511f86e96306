// matmul_reduce_scatter's tile-push variants (matmul_reduce_scatter_tile_push.h).
#include "kernels/cuda/matmul_reduce_scatter_tile_push.h"

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_dtype.h"
#include "kernels/cuda/cuda_symm_mem.h"
#include "kernels/cuda/peer_sync.h"
#include "kernels/cuda/tile_push_gemm.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

constexpr const char* kName = ops::kMatmulReduceScatter;

// The GEMM's arguments common to both variants: A, B, the scales, the shape of this rank's
// partial [m, n] over its K slice.
TilePushGemmArgs GemmArgs(const GemmProblem& p, int world_size, const GemmRhs& rhs, const void* a) {
  TilePushGemmArgs args;
  args.dtype = ToDeviceDType(p.dtype);
  args.a = a;
  args.b = rhs.b;
  args.alpha = rhs.alpha;  // FP8 tensorwise: a_scale x b_scale; otherwise null
  if (p.dtype == DType::kFp8E4m3 && p.fp8_scaling == Fp8Scaling::kRowwise) {
    args.row_scales = rhs.a_scale;  // one per row of A, m
    args.col_scales = rhs.b_scale;  // one per column of B, n
  }
  args.m = static_cast<int>(p.m);  // each at most 2^20 (the spec's limit)
  args.n = static_cast<int>(p.n);
  args.k = static_cast<int>(p.k / world_size);
  args.owners = world_size;
  return args;
}

}  // namespace

absl::Status MatmulReduceScatterTilePush::CanRun(bool sm90, const GemmProblem& problem,
                                                 int world_size) {
  if (!sm90) {
    return absl::UnimplementedError(
        "the tile-push GEMM (CUTLASS, wgmma + TMA) runs on sm_90 GPUs only (H100, H200)");
  }
  if (problem.dtype != DType::kBf16 && problem.dtype != DType::kFp8E4m3) {
    return absl::UnimplementedError(absl::StrCat("the tile-push GEMM runs bf16 and fp8_e4m3 (got ",
                                                 GemmDTypeName(problem), ")"));
  }
  const int64_t k_local = problem.k / world_size;
  if (!TilePushGemmRuns(ToDeviceDType(problem.dtype), problem.m, problem.n, k_local, world_size)) {
    return absl::UnimplementedError(absl::StrCat(
        "the tile-push GEMM needs m / world_size a multiple of 128 and n and k / world_size "
        "whole 16-byte rows (multiples of ",
        16 / DTypeSize(problem.dtype), " elements; got m=", problem.m, " n=", problem.n,
        " k / world_size=", k_local, " at world size ", world_size, ")"));
  }
  return absl::OkStatus();
}

absl::Status MatmulReduceScatterTilePush::Prepare(const CudaContext& ctx, bool sm90,
                                                  const GemmProblem& problem) {
  problem_ = problem;
  epoch_ = 0;
  runs_ = CanRun(sm90, problem, ctx.world_size).ok();
  if (!runs_) return absl::OkStatus();
  tiles_ = TilePushShardTiles(ToDeviceDType(problem.dtype), problem.m / ctx.world_size, problem.n);
  const size_t flag_bytes = sizeof(uint32_t) * static_cast<size_t>(tiles_) * ctx.world_size;
  if (flag_bytes > ctx.symm->region_bytes()) {
    return absl::InvalidArgumentError(absl::StrCat(kName, ": the tile-push flags need ", flag_bytes,
                                                   " bytes but the symmetric output region holds ",
                                                   ctx.symm->region_bytes(), " (",
                                                   GemmProblemName(problem), ")"));
  }
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      cudaMemsetAsync(ctx.symm->region(ctx.rank, kSymmOutputRegion), 0, flag_bytes, ctx.stream),
      absl::StrCat(kName, ": cudaMemsetAsync(tile-push flags, ", flag_bytes, " bytes)"));
  return absl::OkStatus();
}

absl::Status MatmulReduceScatterTilePush::Run(const CudaContext& ctx, const GemmRhs& rhs,
                                              const void* a, void* c_shard, uint32_t* wait_ns) {
  if (!runs_) {
    return absl::FailedPreconditionError(absl::StrCat(
        kName, ": tile_push on ", GemmProblemName(problem_), ", which it does not run"));
  }
  const int ws = ctx.world_size;
  const size_t slot_bytes = static_cast<size_t>(problem_.m / ws * problem_.n) * 2;  // bf16
  const size_t source_flags = static_cast<size_t>(tiles_);
  ++epoch_;
  if (absl::Status s = EnqueueSignalPadBarrier(ctx, ctx.stream, BarrierPhase::kEntry,
                                               absl::StrCat(kName, " tile_push"));
      !s.ok()) {
    return s;
  }
  TilePushGemmArgs gemm = GemmArgs(problem_, ws, rhs, a);
  TilePushSumArgs sum;
  const char* own_staging = static_cast<const char*>(ctx.symm->region(ctx.rank, kSymmInputRegion));
  const auto* own_flags =
      static_cast<const uint32_t*>(ctx.symm->region(ctx.rank, kSymmOutputRegion));
  for (int p = 0; p < ws; ++p) {
    char* staging = static_cast<char*>(ctx.symm->region(p, kSymmInputRegion));
    auto* flags = static_cast<uint32_t*>(ctx.symm->region(p, kSymmOutputRegion));
    gemm.slots[p] = staging + ctx.rank * slot_bytes;  // this rank's slot at owner p
    gemm.flags[p] = flags + ctx.rank * source_flags;  // this rank's flags at owner p
    sum.slots[p] = own_staging + p * slot_bytes;      // rank p's partial of this rank's rows
    sum.flags[p] = own_flags + p * source_flags;
  }
  gemm.epoch = epoch_;
  gemm.first_owner = (ctx.rank + 1) % ws;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchTilePushGemm(gemm, ctx.stream),
      absl::StrCat(kName, ": LaunchTilePushGemm(", GemmProblemName(problem_), ")"));
  sum.dtype = gemm.dtype;
  sum.sources = ws;
  sum.out = c_shard;
  sum.shard_rows = static_cast<int>(problem_.m / ws);
  sum.n = static_cast<int>(problem_.n);
  sum.epoch = epoch_;
  sum.timeout_ns = ctx.barrier_timeout_ns;
  sum.error = ctx.error;
  sum.rank = ctx.rank;
  sum.wait_ns = wait_ns;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchTilePushSum(sum, ctx.stream),
      absl::StrCat(kName, ": LaunchTilePushSum(", GemmProblemName(problem_), ")"));
  return absl::OkStatus();
}

absl::Status MatmulReduceScatterTilePush::RunGemmAlone(const CudaContext& ctx, const GemmRhs& rhs,
                                                       const void* a, void* p_ref) const {
  if (!runs_) {
    return absl::FailedPreconditionError(absl::StrCat(
        kName, ": tile_gemm on ", GemmProblemName(problem_), ", which it does not run"));
  }
  const int ws = ctx.world_size;
  const size_t slot_bytes = static_cast<size_t>(problem_.m / ws * problem_.n) * 2;  // bf16
  TilePushGemmArgs gemm = GemmArgs(problem_, ws, rhs, a);
  for (int p = 0; p < ws; ++p) gemm.slots[p] = static_cast<char*>(p_ref) + p * slot_bytes;
  gemm.first_owner = (ctx.rank + 1) % ws;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchTilePushGemm(gemm, ctx.stream),
      absl::StrCat(kName, ": LaunchTilePushGemm(", GemmProblemName(problem_), ", no push)"));
  return absl::OkStatus();
}

}  // namespace symmbench
