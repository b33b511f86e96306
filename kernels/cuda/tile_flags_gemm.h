// The tile-flag GEMM: row-major C = A @ B as one persistent, warp-specialized Hopper GEMM
// (CUTLASS's sm90 TMA + wgmma cooperative kernel) whose producer warp, before it loads the A rows
// of an output tile, waits until the progress flag of every chunk of A those rows span has been
// raised. A copy engine that gathers A chunk by chunk and raises each chunk's flag
// (cuStreamWriteValue32) then overlaps with the single GEMM: the Helion all-gather matmul's
// design (hl.wait on the tile's rows before its K loop). Host launcher API (no absl, no CUTLASS).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "kernels/cuda/device_types.h"

namespace symmbench {

// One GEMM: C = alpha x (A @ B), fp32 accumulation, C in bf16, beta 0 (C fully overwritten).
struct TileFlagsGemmArgs {
  // kBf16: A, B bf16, alpha 1. kFp8E4m3: A, B e4m3 (wgmma's periodic fp32 promotion, as
  // cuBLASLt's default), alpha = *alpha (tensor-wise scales: a_scale x b_scale, on the device),
  // or with row_scales / col_scales (row-wise scales) C[i, j] = (A @ B)[i, j] x row_scales[i] x
  // col_scales[j].
  DeviceDType dtype = DeviceDType::kBf16;
  const void* a = nullptr;       // A [m, k], row-major
  const void* b = nullptr;       // bf16: B [k, n] row-major; fp8: Bt [n, k] row-major
  void* c = nullptr;             // C [m, n], row-major, bf16
  const float* alpha = nullptr;  // fp8: device pointer (null: 1); bf16: null
  // fp8 row-wise: float [m] and [n] on the device, both or neither; alpha then null.
  const float* row_scales = nullptr;
  const float* col_scales = nullptr;
  int m = 0;
  int n = 0;
  int k = 0;  // m, n, k >= 1; n and k whole 16-byte rows (multiples of 8 bf16, 16 e4m3)
  // Progress flags: flags[f] covers rows [f * rows_per_flag, (f + 1) * rows_per_flag) of A, and
  // is raised once (int32_t)(flags[f] - epoch) >= 0 (wrap-around safe, as cuStreamWaitValue32's
  // GEQ). Null: no waits (the GEMM alone).
  const uint32_t* flags = nullptr;
  int rows_per_flag = 0;  // >= 1 with flags
  uint32_t epoch = 0;
  // Each wait gives up after timeout_ns: it writes the error record (phase kProgressFlag, the
  // flag's index as the peer) and the tile computes with whatever A holds. With flags: > 0.
  uint64_t timeout_ns = 0;
  DeviceErrorRecord* error = nullptr;  // with flags
  int rank = 0;                        // the error record's rank
  // Tile order: rows along M from the tile of first_row (rounded down to a cluster of two
  // tiles) to the end, then from row 0: this rank's own shard first, then the shards in the
  // order a ring from rank + 1 gathers them. Any order computes the same C.
  int first_row = 0;  // in [0, m)
  // Optional, with flags: how long each output tile's producer waited for its flags, in ns of
  // the global timer (0 where they were up), one uint32 per tile of the TileFlagsGemmTiles grid,
  // row-major (tile (i, j) at i x tiles_n + j). Null: not recorded.
  uint32_t* wait_ns = nullptr;
};

// Whether the kernel multiplies these inputs: bf16 or fp8_e4m3, m, n, k >= 1, and n and k whole
// 16-byte rows (TMA: multiples of 8 bf16 or 16 e4m3 elements), each at most INT_MAX.
bool TileFlagsGemmRuns(DeviceDType dtype, int64_t m, int64_t n, int64_t k);

// The output tile grid of `args`' GEMM: ceil(m / 128) x ceil(n / tile_n), tile_n 256 for bf16
// and 128 for FP8. Writes tiles_n when it is not null; returns the tile count.
int64_t TileFlagsGemmTiles(const TileFlagsGemmArgs& args, int64_t* tiles_n = nullptr);

// Enqueues the GEMM on `stream`. The producer acquires each flag at system scope, then fences
// the async proxy, so its TMA loads of A see the chunk the flag announces. Errors:
// cudaErrorInvalidValue for bad arguments or a shape the kernel cannot run (CUTLASS's
// can_implement); otherwise the launch's (cudaGetLastError included). A timed-out wait is
// reported through args.error.
cudaError_t LaunchTileFlagsGemm(const TileFlagsGemmArgs& args, cudaStream_t stream);

}  // namespace symmbench
