// Two-shot all-reduce (sum) over symmetric memory: each rank reduces one slice, pulling that
// slice from every peer, and pushes the result into every rank's symmetric output. Host launcher
// API (no absl); kernels in the .cu.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "kernels/cuda/device_types.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {

// Threads per block: 512 as PyTorch c10d's two_shot_all_reduce (and our one-shot); 16 warps keep
// enough 16-byte peer loads and stores in flight per SM, 2 blocks per SM at <= 64 registers.
constexpr int kTwoShotThreads = 512;
// 16-byte peer loads each thread issues before it sums (vectors per thread x world_size), as
// the one-shot: covers NVLink latency (~1 us) without spilling registers. Each summed vector
// is then pushed to world_size outputs (world_size stores).
constexpr int kTwoShotLoadsInFlight = 8;

// One operation's arguments. All ranks must pass the same count, dtype, world_size and
// max_blocks. Buffers are 16-byte aligned, or all the same distance past a 16-byte boundary
// (misaligned buffers: accesses narrow to what the address allows, all_reduce_device.cuh).
// Block b of every rank pairs up in the barriers, so the grids must match.
struct TwoShotArgs {
  // inputs[p]: rank p's input as mapped in this process (16-byte aligned), `count` elements of
  // `dtype`. Read-only during the op unless outputs == inputs (in place). Entries >= world_size
  // are unused.
  const void* inputs[kMaxWorldSize] = {};
  // outputs[p]: rank p's output as mapped in this process (16-byte aligned, symmetric memory:
  // every rank writes its slice into every rank's output), `count` elements.
  void* outputs[kMaxWorldSize] = {};
  // signal_pads[p]: rank p's signal pad (kSignalPadBytes, zeroed at creation) as mapped here.
  uint32_t* signal_pads[kMaxWorldSize] = {};
  int64_t count = 0;  // elements per rank (>= 0)
  DeviceDType dtype = DeviceDType::kBf16;
  int32_t rank = 0;
  int32_t world_size = 1;              // 1..kMaxWorldSize
  int32_t max_blocks = 1;              // grid cap from TwoShotMaxBlocks, 1..kMaxBlocks
  uint64_t barrier_timeout_ns = 0;     // per signal-pad barrier (put + wait)
  DeviceErrorRecord* error = nullptr;  // device memory; written on a barrier timeout
  DeviceFaults faults;                 // none outside test jobs
};

// Slice of rank r, in elements: [TwoShotSliceBegin, + TwoShotSliceLength). Every slice but the
// last holds floor(count / (world_size x E)) x E elements, E = 16 / element size, so slices start
// 16-byte aligned; the last slice (rank world_size - 1) also takes the remainder (< world_size x E
// elements more), including the count % E elements that no 16-byte vector covers.
int64_t TwoShotSliceBegin(int64_t count, DeviceDType dtype, int world_size, int rank);
int64_t TwoShotSliceLength(int64_t count, DeviceDType dtype, int world_size, int rank);

// The grid cap for (dtype, world_size) on the current device: blocks that can all be resident
// at once, at most kMaxBlocks (the barrier pairs block b across ranks, see OneShotMaxBlocks).
// Compute once per (device, dtype, world_size) and pass it in TwoShotArgs::max_blocks.
// `aligned`: as OneShotMaxBlocks's (the launcher picks by inputs[0]'s alignment).
cudaError_t TwoShotMaxBlocks(DeviceDType dtype, int world_size, int* max_blocks,
                             bool aligned = true);

// Blocks launched for `count` elements: ceil(16-byte vectors of the largest (last) slice /
// (threads x vectors per thread)), at least 1, at most max_blocks. It depends on count, dtype,
// world size and max_blocks only, never on the rank, so all ranks launch the same grid.
int TwoShotGridBlocks(int64_t count, DeviceDType dtype, int world_size, int max_blocks);

// Enqueues outputs[q][i] = sum over p = 0..world_size-1 of inputs[p][i] for every rank q and
// i < count, on `stream`; this rank computes and writes only its slice, so the full result is in
// every rank's output once every rank's kernel has completed (and on this rank when this rank's
// kernel completes: see the exit barrier below).
// Algorithm: PyTorch c10d symm_mem two_shot_all_reduce_ (reduce-scatter by peer loads, then
// all-gather by peer stores), out of place, or in place with outputs[p] == inputs[p] for every p
// (slice r of every rank's buffer is read and then written by rank r alone): entry barrier (signal
// pads, per block, relaxed put); rank r reads its slice from every rank's input with 16-byte loads,
// sums in fp32 in rank order, and stores the result with 16-byte stores into slice r of every
// rank's output, peers first (rank + 1, rank + 2, ..., own last); scalar tail in the last slice;
// exit barrier with release: once block b passes it, every peer's block b pushes have reached this
// rank's output, and since a kernel completes only when all its blocks have, all slices are in
// place. Numerical contract: as LaunchOneShotAllReduce (fp32, rank order 0..n-1 from x_0, one
// rounding), so the result is bitwise identical to the one-shot's, on every rank, run to run.
// Errors: cudaErrorInvalidValue for bad arguments (checked before launch); otherwise the
// launch's cudaGetLastError. A barrier timeout is reported through args.error, not here.
cudaError_t LaunchTwoShotAllReduce(const TwoShotArgs& args, cudaStream_t stream);

}  // namespace symmbench
