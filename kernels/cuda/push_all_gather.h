// The push all-gather over symmetric memory: every rank stores its shard into every rank's
// output with SM stores over NVLink. Host launcher API (no absl); the kernel in the .cu.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "kernels/cuda/device_types.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {

// Threads per block.
constexpr int kPushAllGatherThreads = 512;

// One operation. All ranks must pass the same shard_bytes, world_size and max_blocks (block b
// of every rank pairs up in the barriers).
struct PushAllGatherArgs {
  const void* input = nullptr;  // this rank's shard, shard_bytes
  // outputs[p]: where this rank's shard goes on rank p (rank p's output + rank x shard_bytes),
  // as mapped in this process; entries >= world_size unused. outputs[rank] may equal input (in
  // place: nothing to copy).
  void* outputs[kMaxWorldSize] = {};
  uint32_t* signal_pads[kMaxWorldSize] = {};  // signal_pads[p]: rank p's pad as mapped here
  int64_t shard_bytes = 0;                    // >= 0, a multiple of 2 (every dtype's element)
  int32_t rank = 0;
  int32_t world_size = 1;              // 1..kMaxWorldSize
  int32_t max_blocks = 1;              // grid cap from PushAllGatherMaxBlocks, 1..kMaxBlocks
  uint64_t barrier_timeout_ns = 0;     // per signal-pad barrier (put + wait)
  DeviceErrorRecord* error = nullptr;  // device memory; written on a barrier timeout
  DeviceFaults faults;                 // none outside test jobs
};

// The kernel's co-resident grid cap on the current device, at most kMaxBlocks.
cudaError_t PushAllGatherMaxBlocks(int* max_blocks);

// Enqueues the push all-gather: entry barrier (relaxed: every peer's earlier work on its
// output has completed before it arrives); every thread loads 16-byte vector i of this rank's
// shard once and stores it into every rank's output, peers in the order rank, rank + 1, ...
// (mod world size) so that the ranks' stores spread over the peers; exit barrier (release of
// this rank's stores, acquire of the peers': once the kernel has completed, every shard is in
// this rank's output). Shards that are not whole 16-byte vectors at 16-byte-aligned addresses
// move in 2-byte granules: every pointer must be 2-byte aligned. Pure data movement: the output
// is bitwise the inputs.
// Errors: cudaErrorInvalidValue for bad arguments; otherwise the launch's cudaGetLastError. A
// barrier timeout is reported through args.error.
cudaError_t LaunchPushAllGather(const PushAllGatherArgs& args, cudaStream_t stream);

}  // namespace symmbench
