// The tile-push GEMM, the reduce-scatter mirror of the tile-flag GEMM (tile_flags_gemm.h): ONE
// persistent, warp-specialized Hopper GEMM (CUTLASS's sm90 TMA + wgmma cooperative kernel) of a
// rank's whole partial P = A @ B whose epilogue writes each finished output tile straight into
// its owner's slot (a peer's symmetric memory, through the peer mapping) and then raises that
// tile's flag in the owner's memory; and the owner's sum, which waits per tile on every rank's
// flag and adds the slots. The design of Flux's and PyTorch async-TP's row-parallel layer
// (GEMM + reduce-scatter): no chunked GEMMs, no copy engine. Host launcher API (no absl).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "kernels/cuda/device_types.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {

// One GEMM P = alpha x (A @ B), fp32 accumulation, P in bf16, split by rows among `owners`.
struct TilePushGemmArgs {
  // kBf16: A, B bf16. kFp8E4m3: A, B e4m3 (wgmma's periodic fp32 promotion), then x *alpha
  // (tensor-wise: a_scale x b_scale, on the device), or with row_scales / col_scales (row-wise)
  // P[i, j] = (A @ B)[i, j] x col_scales[j] x row_scales[i].
  DeviceDType dtype = DeviceDType::kBf16;
  const void* a = nullptr;            // A [m, k], row-major
  const void* b = nullptr;            // bf16: B [k, n] row-major; fp8: Bt [n, k] row-major
  const float* alpha = nullptr;       // fp8 tensor-wise: device pointer (null: 1); bf16: null
  const float* row_scales = nullptr;  // fp8 row-wise: float [m] on the device, with col_scales
  const float* col_scales = nullptr;  // fp8 row-wise: float [n] on the device, with row_scales
  int m = 0;
  int n = 0;
  int k = 0;
  // Rows [o x m / owners, (o + 1) x m / owners) of P go to owners' slots[o]: a bf16 [m / owners,
  // n] row-major array (16-byte aligned), local or a peer's through its mapping. m / owners is a
  // multiple of 128 (whole tiles; TilePushGemmRuns).
  int owners = 1;  // in [1, kMaxWorldSize]
  void* slots[kMaxWorldSize] = {};
  // After a tile's values are in slots[o], flags[o][t] = epoch, t the tile's index in owner o's
  // TilePushShardTiles grid (system-scope release; see the NOTE in tile_push_gemm.cu). All
  // null: no flags (the GEMM alone); otherwise every owner's, each a uint32 [TilePushShardTiles].
  uint32_t* flags[kMaxWorldSize] = {};
  uint32_t epoch = 0;
  // Tile order: rows of owner `first_owner` first, then the following owners' (wrapping round),
  // so that at any moment the ranks write to different owners. Any order computes the same P.
  int first_owner = 0;
};

// Whether the GEMM runs this problem: bf16 or fp8_e4m3; m, n, k >= 1 and at most INT_MAX; n and
// k whole 16-byte rows (multiples of 8 bf16, 16 e4m3 elements: TMA); owners in [1,
// kMaxWorldSize] and m / owners a positive multiple of 128.
bool TilePushGemmRuns(DeviceDType dtype, int64_t m, int64_t n, int64_t k, int owners);

// The output tiles of one owner's rows [shard_rows, n] (row-major grid, tile (i, j) at
// i x tiles_n + j): shard_rows / 128 x ceil(n / tile_n), tile_n 256 for bf16 and 128 for FP8.
int64_t TilePushShardTiles(DeviceDType dtype, int64_t shard_rows, int64_t n);

// Enqueues the GEMM on `stream`. Errors: cudaErrorInvalidValue for bad arguments or a shape it
// cannot run (TilePushGemmRuns, CUTLASS's can_implement); otherwise the launch's
// (cudaGetLastError included).
cudaError_t LaunchTilePushGemm(const TilePushGemmArgs& args, cudaStream_t stream);

// The owner's sum: out = sum over p in rank order of slots[p] (fp32, one rounding to bf16),
// tile by tile, each tile once flags[p][t] reads epoch for every p (acquire at system scope).
struct TilePushSumArgs {
  DeviceDType dtype = DeviceDType::kBf16;     // the GEMM's input dtype (its tile grid)
  int sources = 1;                            // ranks that push; in [1, kMaxWorldSize]
  const void* slots[kMaxWorldSize] = {};      // bf16 [shard_rows, n], local memory
  const uint32_t* flags[kMaxWorldSize] = {};  // uint32 [TilePushShardTiles], local memory
  void* out = nullptr;                        // bf16 [shard_rows, n]
  int shard_rows = 0;                         // a positive multiple of 128
  int n = 0;                                  // a positive multiple of 8
  uint32_t epoch = 0;
  // A wait not satisfied timeout_ns after it began writes the error record (phase
  // kProgressFlag, the source rank as the peer) and the tile is summed with what the slots
  // hold; waits also stop once any record is written. > 0.
  uint64_t timeout_ns = 0;
  DeviceErrorRecord* error = nullptr;
  int rank = 0;  // the error record's rank
  // Optional: how long each tile waited for its flags, in ns of the global timer (0 where they
  // were up), one uint32 per tile of the TilePushShardTiles grid. Null: not recorded.
  uint32_t* wait_ns = nullptr;
};

// Enqueues the sum on `stream`. Errors: cudaErrorInvalidValue for bad arguments; the launch's.
cudaError_t LaunchTilePushSum(const TilePushSumArgs& args, cudaStream_t stream);

}  // namespace symmbench
