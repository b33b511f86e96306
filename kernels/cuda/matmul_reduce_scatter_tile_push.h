// matmul_reduce_scatter's tile_push and tile_gemm variants on the CUDA backend (the tile-push
// GEMM of tile_push_gemm.h): which problems they run, the per-tile flags in every rank's
// symmetric output region, their epoch, and the launches.
//
// tile_push, one operation on the main stream: entry barrier (every owner has finished summing
// its staging area of the previous operation); ONE tile-push GEMM of this rank's whole A
// [m, k/ws] whose tiles go, owners rank + 1, rank + 2, ... first, into slot `rank` of their
// owner's staging area (the op's symmetric input region), each followed by its flag in the
// owner's output region: flags[source][tile], uint32, source-major; then the owner's sum, which
// waits per tile on the ws flags of its rows and adds the slots in rank order into C_shard.
// tile_gemm: the same GEMM alone, every tile into P_ref [m, n] locally, no flag.
#pragma once

#include <cstdint>

#include "absl/status/status.h"
#include "kernels/cuda/ag_gemm_cublaslt.h"
#include "kernels/cuda/cuda_context.h"
#include "kernels/gemm_collective.h"

namespace symmbench {

class MatmulReduceScatterTilePush {
 public:
  // OK when `problem` runs on this device at this world size: sm_90, bf16 or fp8_e4m3, n and
  // k / world_size whole 16-byte rows, m / world_size a multiple of 128; UNIMPLEMENTED saying
  // which rule failed.
  static absl::Status CanRun(bool sm90, const GemmProblem& problem, int world_size);

  // For a new problem: zeroes this rank's flags (enqueued on ctx.stream: before the first entry
  // barrier, so no peer's flag of this problem can be wiped) and restarts the epoch. No-op when
  // the problem does not run (CanRun). INVALID_ARGUMENT when the flags do not fit in the output
  // region.
  absl::Status Prepare(const CudaContext& ctx, bool sm90, const GemmProblem& problem);

  // One tile_push operation (the module note), enqueued on ctx.stream: `a` this rank's
  // A [m, k/ws], `c_shard` bf16 [m/ws, n]; `wait_ns` (optional, uint32 [tiles()]) receives how
  // long the sum waited for each tile's flags. Errors: the barrier's and the launches', naming
  // them.
  absl::Status Run(const CudaContext& ctx, const GemmRhs& rhs, const void* a, void* c_shard,
                   uint32_t* wait_ns = nullptr);

  // The tiles of one shard (TilePushShardTiles) after Prepare; 0 when the problem does not run.
  int64_t tiles() const { return runs_ ? tiles_ : 0; }

  // tile_gemm: the GEMM alone into p_ref, bf16 [m, n], on ctx.stream.
  absl::Status RunGemmAlone(const CudaContext& ctx, const GemmRhs& rhs, const void* a,
                            void* p_ref) const;

 private:
  GemmProblem problem_;
  bool runs_ = false;
  int64_t tiles_ = 0;   // per source: TilePushShardTiles of a shard
  uint32_t epoch_ = 0;  // the last operation's; 0 after Prepare
};

}  // namespace symmbench
