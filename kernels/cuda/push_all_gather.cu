// The push all-gather kernel and its launcher: SM stores into every peer's output between two
// signal-pad barriers, the write-side twin of the one-shot all-gather's peer loads (vLLM's and
// TensorRT-LLM's custom collectives push; stores over NVLink need no round trip).
#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cuda/all_reduce_device.cuh"
#include "kernels/cuda/device_types.h"
#include "kernels/cuda/push_all_gather.h"
#include "kernels/cuda/signal_pad.cuh"
#include "kernels/symm_mem_layout.h"

namespace symmbench {
namespace {

// Vectors each thread loads before it stores them (local loads in flight per iteration).
constexpr int kVecsPerThread = 4;

__device__ __forceinline__ bool VectorAligned(const void* p) {
  return reinterpret_cast<uintptr_t>(p) % all_reduce::kVectorBytes == 0;
}

// T: uint4 (16-byte vectors) or uint16_t (2-byte granules); n: units of T in the shard.
template <typename T>
__device__ __forceinline__ void PushUnits(const PushAllGatherArgs& args, int64_t n) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  const int64_t start = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const T* in = static_cast<const T*>(args.input);
  for (int64_t base = start; base < n; base += stride * kVecsPerThread) {
    T v[kVecsPerThread];
#pragma unroll
    for (int u = 0; u < kVecsPerThread; ++u) {
      const int64_t i = base + u * stride;
      if (i < n) v[u] = in[i];
    }
    for (int k = 0; k < args.world_size; ++k) {
      int p = args.rank + k;
      if (p >= args.world_size) p -= args.world_size;
      T* out = static_cast<T*>(args.outputs[p]);
      if (out == in) continue;  // in place, this rank's own shard
#pragma unroll
      for (int u = 0; u < kVecsPerThread; ++u) {
        const int64_t i = base + u * stride;
        if (i < n) out[i] = v[u];
      }
    }
  }
}

__global__ void __launch_bounds__(kPushAllGatherThreads)
    PushAllGatherKernel(const __grid_constant__ PushAllGatherArgs args) {
  const int world = args.world_size;
  if (!signal_pad::BlockBarrier(args.signal_pads, args.rank, world, args.error,
                                args.barrier_timeout_ns, BarrierPhase::kEntry, args.faults)) {
    return;
  }
  signal_pad::InjectedDelay(args.faults, args.rank);
  // The same test in every thread (a uniform branch), and in the launcher (VectorPath).
  bool vectors = args.shard_bytes % all_reduce::kVectorBytes == 0 && VectorAligned(args.input);
  for (int p = 0; p < world; ++p) vectors = vectors && VectorAligned(args.outputs[p]);
  if (vectors) {
    PushUnits<uint4>(args, args.shard_bytes / all_reduce::kVectorBytes);
  } else {
    PushUnits<uint16_t>(args, args.shard_bytes / 2);
  }
  if (args.faults.skip_exit_barrier == 0) {
    signal_pad::BlockBarrier(args.signal_pads, args.rank, world, args.error,
                             args.barrier_timeout_ns, BarrierPhase::kExit, args.faults);
  }
}

bool ValidArgs(const PushAllGatherArgs& args) {
  auto granular = [](const void* p) { return reinterpret_cast<uintptr_t>(p) % 2 == 0; };
  if (args.world_size < 1 || args.world_size > kMaxWorldSize || args.rank < 0 ||
      args.rank >= args.world_size || args.shard_bytes < 0 || args.shard_bytes % 2 != 0 ||
      args.max_blocks < 1 || args.max_blocks > kMaxBlocks || args.input == nullptr ||
      !granular(args.input) || args.error == nullptr) {
    return false;
  }
  for (int p = 0; p < args.world_size; ++p) {
    if (args.outputs[p] == nullptr || !granular(args.outputs[p]) ||
        args.signal_pads[p] == nullptr) {
      return false;
    }
  }
  return true;
}

// The kernel's choice of path, made as it makes it, to size the grid for it.
bool VectorPath(const PushAllGatherArgs& args) {
  bool vectors =
      args.shard_bytes % all_reduce::kVectorBytes == 0 && all_reduce::Aligned(args.input);
  for (int p = 0; p < args.world_size; ++p) {
    vectors = vectors && all_reduce::Aligned(args.outputs[p]);
  }
  return vectors;
}

}  // namespace

cudaError_t PushAllGatherMaxBlocks(int* max_blocks) {
  return all_reduce::CoResidentBlocks(reinterpret_cast<const void*>(&PushAllGatherKernel),
                                      kPushAllGatherThreads, max_blocks);
}

cudaError_t LaunchPushAllGather(const PushAllGatherArgs& args, cudaStream_t stream) {
  if (!ValidArgs(args)) return cudaErrorInvalidValue;
  const int64_t units =
      VectorPath(args) ? args.shard_bytes / all_reduce::kVectorBytes : args.shard_bytes / 2;
  const int blocks = all_reduce::GridBlocks(
      units, static_cast<int64_t>(kPushAllGatherThreads) * kVecsPerThread, args.max_blocks);
  return all_reduce::LaunchWithArgs(reinterpret_cast<const void*>(&PushAllGatherKernel), blocks,
                                    kPushAllGatherThreads, args, stream);
}

}  // namespace symmbench
