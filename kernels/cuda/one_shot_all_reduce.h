// One-shot all-reduce (sum) over symmetric memory: every rank pulls every peer's whole input
// over NVLink and writes the full sum locally. Host launcher API (no absl); kernels in the .cu.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "kernels/cuda/device_types.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {

// Threads per block: 512 as PyTorch c10d's one_shot_all_reduce; 16 warps keep enough 16-byte
// peer loads in flight per SM, and the block fits 2+ times per SM at <= 64 registers/thread.
constexpr int kOneShotThreads = 512;
// 16-byte peer loads each thread issues before it sums (vecs_per_thread x world_size): enough
// to cover NVLink latency (~1 us) at small sizes without spilling registers.
constexpr int kOneShotLoadsInFlight = 8;

// One operation's arguments. All ranks must pass the same count, dtype, world_size and
// max_blocks. Buffers are 16-byte aligned, or all the same distance past a 16-byte boundary
// (misaligned buffers: accesses narrow to what the address allows, all_reduce_device.cuh).
// Block b of every rank pairs up in the barriers, so the grids must match.
struct OneShotArgs {
  // inputs[p]: rank p's symmetric buffer as mapped in this process (16-byte aligned), holding
  // `count` elements of `dtype`. Read-only during the op. Entries >= world_size are unused.
  const void* inputs[kMaxWorldSize] = {};
  // signal_pads[p]: rank p's signal pad (kSignalPadBytes, zeroed at creation) as mapped here.
  uint32_t* signal_pads[kMaxWorldSize] = {};
  void* output = nullptr;  // local device buffer, `count` elements, 16-byte aligned
  // In place: inputs[rank], which receives the result once every peer has read it (after the
  // exit barrier, each block copies its elements of `output` there). Null: out of place.
  void* in_place = nullptr;
  int64_t count = 0;       // elements per rank (>= 0)
  DeviceDType dtype = DeviceDType::kBf16;
  int32_t rank = 0;
  int32_t world_size = 1;              // 1..kMaxWorldSize
  int32_t max_blocks = 1;              // grid cap from OneShotMaxBlocks, 1..kMaxBlocks
  uint64_t barrier_timeout_ns = 0;     // per signal-pad barrier (put + wait)
  DeviceErrorRecord* error = nullptr;  // device memory; written on a barrier timeout
  DeviceFaults faults;                 // none outside test jobs
};

// The grid cap for (dtype, world_size) on the current device: blocks that can all be resident
// at once (cudaOccupancyMaxActiveBlocksPerMultiprocessor x SM count), at most kMaxBlocks. The
// barrier pairs block b across ranks and spins, so a block that waits for a not-yet-scheduled
// block would deadlock (until the timeout): every block must be co-resident. Compute once per
// (device, dtype, world_size) and pass it in OneShotArgs::max_blocks.
// `aligned`: of the kernel for 16-byte-aligned buffers (the default), else of the one for
// misaligned buffers (SweepSpec.misalign_bytes), which LaunchOneShotAllReduce picks when inputs[0]
// is not aligned.
cudaError_t OneShotMaxBlocks(DeviceDType dtype, int world_size, int* max_blocks,
                             bool aligned = true);

// Blocks launched for `count` elements: ceil(16-byte vectors / (threads x vectors per thread)),
// at least 1, at most max_blocks. Small messages get 1..few blocks: fewer barrier slots and
// fewer NVLink signal round trips, so lower latency (16 KiB -> 1 block).
int OneShotGridBlocks(int64_t count, DeviceDType dtype, int world_size, int max_blocks);

// Enqueues out[i] = sum over p = 0..world_size-1 of inputs[p][i] for i < count, on `stream`.
// Algorithm: PyTorch c10d symm_mem one_shot_all_reduce / vLLM custom all-reduce (1-stage):
// entry barrier (signal pads, per block), 16-byte vector loads from every peer, sum, 16-byte
// stores, scalar tail for count % (16 / element size) elements, exit barrier.
// Numerical contract: each element is summed in float32 in fixed rank order,
// ((x_0 + x_1) + x_2) + ... + x_{n-1}, starting from x_0 (so -0 sums stay -0), and rounded once
// to the dtype (round to nearest even). The result is identical on every rank and
// run-to-run deterministic; it may differ from NCCL (different order/precision) except on
// exactly representable inputs (ExactInputValue), where both are exact.
// In place (args.in_place == inputs[rank]): the same, then, after the exit barrier (when every
// peer's block b has read block b's elements of this rank's input), block b copies its elements
// of the output over the input. The one-shot cannot sum into the input directly: peers still
// read it while this rank writes.
// Errors: cudaErrorInvalidValue for bad arguments (checked before launch); otherwise the
// launch's cudaGetLastError. A barrier timeout is reported through args.error, not here.
cudaError_t LaunchOneShotAllReduce(const OneShotArgs& args, cudaStream_t stream);

}  // namespace symmbench
