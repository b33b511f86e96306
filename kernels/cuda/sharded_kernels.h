// SM kernels of the all-gathers and reduce-scatters over symmetric memory. Host launcher API (no
// absl); kernels in the .cu.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "kernels/cuda/device_types.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {

// Threads per block, as the one-shot and two-shot all-reduces.
constexpr int kShardedThreads = 512;

// Peer pointers and barrier of one operation. All ranks must pass the same shard size, dtype,
// world_size, max_blocks and `barriers` (block b of every rank pairs up in the barriers).
struct ShardedArgs {
  // inputs[p]: what this rank reads of rank p, as mapped in this process (entries >= world_size
  // unused). All-gather: rank p's shard. Reduce-scatter: this rank's shard of rank p's input.
  const void* inputs[kMaxWorldSize] = {};
  // All-gather: world_size shards, shard p from rank p. Reduce-scatter: one shard, the sum.
  void* output = nullptr;
  // signal_pads[p]: rank p's signal pad as mapped here (unused when !barriers).
  uint32_t* signal_pads[kMaxWorldSize] = {};
  int64_t shard = 0;  // elements per shard (>= 0)
  DeviceDType dtype = DeviceDType::kBf16;
  int32_t rank = 0;
  int32_t world_size = 1;  // 1..kMaxWorldSize
  int32_t max_blocks = 1;  // grid cap from ShardedMaxBlocks, 1..kMaxBlocks
  // Entry and exit signal-pad barriers around the op (peer reads); false for a local reduction
  // of staged shards, which reads no peer memory.
  bool barriers = true;
  uint64_t barrier_timeout_ns = 0;     // per signal-pad barrier (put + wait)
  DeviceErrorRecord* error = nullptr;  // device memory; written on a barrier timeout
  DeviceFaults faults;                 // none outside test jobs
};

// The co-resident grid cap of the all-gather (gather = true) or reduce-scatter kernel for
// (dtype, world_size) on the current device, at most kMaxBlocks (see OneShotMaxBlocks).
cudaError_t ShardedMaxBlocks(bool gather, DeviceDType dtype, int world_size, int* max_blocks);

// Enqueues the SM all-gather: entry barrier (relaxed, as the one-shot all-reduce's); every
// thread loads 16-byte vector i of every rank's shard (world_size loads in flight) and stores
// them into shard p of the output; exit barrier (release: every peer has finished reading this
// rank's shard once the kernel completes). Shards whose bytes are not a multiple of 16, or that
// start off a 16-byte boundary (misaligned buffers; in place, shard p of a rank's input), are
// copied in 2-byte granules instead: every pointer must be 2-byte aligned. Pure data movement:
// the output is bitwise the inputs.
// Errors: cudaErrorInvalidValue for bad arguments; otherwise the launch's cudaGetLastError. A
// barrier timeout is reported through args.error.
cudaError_t LaunchOneShotAllGather(const ShardedArgs& args, cudaStream_t stream);

// Enqueues the SM reduce-scatter: (entry barrier); output[i] = sum over p = 0..world_size-1 of
// inputs[p][i] for i < shard, summed in fp32 in rank order from rank 0's value and rounded once
// (the all-reduces' contract, all_reduce_device.cuh), with 16-byte loads when every input and the
// output are 16-byte aligned and the shard is a whole number of vectors, else element by
// element; (exit barrier). Errors as LaunchOneShotAllGather.
cudaError_t LaunchReduceScatterSum(const ShardedArgs& args, cudaStream_t stream);

}  // namespace symmbench
