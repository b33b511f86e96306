// The SM all-gather and reduce-scatter kernels (bf16, fp16, fp32; world size 2, 4, 8 + generic)
// and their launchers. Algorithms: PyTorch c10d symm_mem's one-shot pattern (peer loads between
// two signal-pad barriers) applied to shards, as its reduce-scatter half of two_shot_all_reduce_.
#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cuda/all_reduce_device.cuh"
#include "kernels/cuda/device_types.h"
#include "kernels/cuda/sharded_kernels.h"
#include "kernels/cuda/signal_pad.cuh"
#include "kernels/symm_mem_layout.h"

namespace symmbench {
namespace {

using all_reduce::Elem;
using all_reduce::kSlots;

// Peer loads in flight per thread (vectors x world size), as the all-reduces.
constexpr int kLoadsInFlight = 8;

__device__ __forceinline__ bool VectorAligned(const void* p) {
  return reinterpret_cast<uintptr_t>(p) % all_reduce::kVectorBytes == 0;
}

__device__ __forceinline__ bool Entry(const ShardedArgs& args, int world) {
  if (!args.barriers) return true;
  if (!signal_pad::BlockBarrier(args.signal_pads, args.rank, world, args.error,
                                args.barrier_timeout_ns, BarrierPhase::kEntry, args.faults)) {
    return false;
  }
  signal_pad::InjectedDelay(args.faults, args.rank);
  return true;
}

__device__ __forceinline__ void Exit(const ShardedArgs& args, int world) {
  if (args.barriers && args.faults.skip_exit_barrier == 0) {
    signal_pad::BlockBarrier(args.signal_pads, args.rank, world, args.error,
                             args.barrier_timeout_ns, BarrierPhase::kExit, args.faults);
  }
}

// kWorld: 2, 4, 8, or 0 = generic. T only selects the instantiation (the copy moves bytes).
template <int kWorld, typename T>
__global__ void __launch_bounds__(kShardedThreads)
    OneShotAllGatherKernel(const __grid_constant__ ShardedArgs args) {
  constexpr int kVecs = all_reduce::VecsPerThread(kWorld, kLoadsInFlight);
  const int world = kWorld > 0 ? kWorld : args.world_size;
  if (!Entry(args, world)) return;
  const int64_t shard_bytes = args.shard * static_cast<int64_t>(sizeof(T));
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  const int64_t start = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  // 16-byte vectors where every shard is whole vectors at 16-byte-aligned addresses (the same
  // test for every thread: a uniform branch); else 2-byte granules (misaligned buffers, or an
  // in-place shard that starts inside a vector). The launcher sizes the grid by the same test
  // (VectorPath).
  bool vectors = shard_bytes % all_reduce::kVectorBytes == 0 && VectorAligned(args.output);
#pragma unroll
  for (int p = 0; p < kSlots<kWorld>; ++p) {
    if (kWorld > 0 || p < world) vectors = vectors && VectorAligned(args.inputs[p]);
  }
  if (vectors) {
    const int64_t n_vec = shard_bytes / all_reduce::kVectorBytes;
    auto* out = static_cast<uint4*>(args.output);
    for (int64_t base = start; base < n_vec; base += stride * kVecs) {
      uint4 v[kVecs][kSlots<kWorld>];
      all_reduce::LoadVectors<kWorld, kVecs>(args.inputs, world, 0, base, stride, n_vec, v);
#pragma unroll
      for (int u = 0; u < kVecs; ++u) {
        const int64_t i = base + u * stride;
#pragma unroll
        for (int p = 0; p < kSlots<kWorld>; ++p) {
          if (i < n_vec && (kWorld > 0 || p < world)) out[p * n_vec + i] = v[u][p];
        }
      }
    }
  } else {
    // Every dtype's element is a whole number of 2-byte granules.
    const int64_t n = shard_bytes / 2;
    auto* out = static_cast<uint16_t*>(args.output);
    for (int64_t i = start; i < n; i += stride) {
#pragma unroll
      for (int p = 0; p < kSlots<kWorld>; ++p) {
        if (kWorld > 0 || p < world)
          out[p * n + i] = static_cast<const uint16_t*>(args.inputs[p])[i];
      }
    }
  }
  Exit(args, world);
}

template <int kWorld, typename T>
__global__ void __launch_bounds__(kShardedThreads)
    ReduceScatterSumKernel(const __grid_constant__ ShardedArgs args) {
  constexpr int kVecs = all_reduce::VecsPerThread(kWorld, kLoadsInFlight);
  constexpr int kElems = Elem<T>::kElems;
  const int world = kWorld > 0 ? kWorld : args.world_size;
  if (!Entry(args, world)) return;
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  const int64_t start = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  // The same test as the all-gather's (VectorPath on the host).
  bool vectors = args.shard % kElems == 0 && VectorAligned(args.output);
#pragma unroll
  for (int p = 0; p < kSlots<kWorld>; ++p) {
    if (kWorld > 0 || p < world) vectors = vectors && VectorAligned(args.inputs[p]);
  }
  if (vectors) {
    const int64_t n_vec = args.shard / kElems;
    auto* out = static_cast<uint4*>(args.output);
    for (int64_t base = start; base < n_vec; base += stride * kVecs) {
      uint4 v[kVecs][kSlots<kWorld>];
      all_reduce::LoadVectors<kWorld, kVecs>(args.inputs, world, 0, base, stride, n_vec, v);
#pragma unroll
      for (int u = 0; u < kVecs; ++u) {
        const int64_t i = base + u * stride;
        if (i < n_vec) out[i] = all_reduce::ReduceVector<kWorld, T>(v[u], world);
      }
    }
  } else {
    for (int64_t i = start; i < args.shard; i += stride) {
      Elem<T>::Store(args.output, i, all_reduce::ReduceScalar<kWorld, T>(args.inputs, world, i));
    }
  }
  Exit(args, world);
}

struct AllGatherFamily {
  template <int kWorld, typename T>
  static const void* Kernel() {
    return reinterpret_cast<const void*>(&OneShotAllGatherKernel<kWorld, T>);
  }
};

struct ReduceScatterFamily {
  template <int kWorld, typename T>
  static const void* Kernel() {
    return reinterpret_cast<const void*>(&ReduceScatterSumKernel<kWorld, T>);
  }
};

bool ValidArgs(const ShardedArgs& args) {
  if (args.world_size < 1 || args.world_size > kMaxWorldSize || args.rank < 0 ||
      args.rank >= args.world_size || args.shard < 0 || args.max_blocks < 1 ||
      args.max_blocks > kMaxBlocks || args.output == nullptr ||
      (args.barriers && args.error == nullptr)) {
    return false;
  }
  for (int p = 0; p < args.world_size; ++p) {
    if (args.inputs[p] == nullptr || (args.barriers && args.signal_pads[p] == nullptr)) {
      return false;
    }
  }
  return true;
}

// Whether `p` is whole 2-byte granules from the start (every dtype's element is).
bool Granular(const void* p) { return reinterpret_cast<uintptr_t>(p) % 2 == 0; }

// The kernels' choice of path, made here as they make it, to size the grid for it: 16-byte
// vectors when the shard is whole vectors and the output and every input start on a 16-byte
// boundary.
bool VectorPath(const ShardedArgs& args) {
  bool vectors = args.shard * DeviceDTypeSize(args.dtype) % all_reduce::kVectorBytes == 0 &&
                 all_reduce::Aligned(args.output);
  for (int p = 0; p < args.world_size; ++p) {
    vectors = vectors && all_reduce::Aligned(args.inputs[p]);
  }
  return vectors;
}

// Blocks for `units` units of work per thread-iteration of `per_block` units per block.
int Blocks(int64_t units, int64_t per_block, int max_blocks) {
  return all_reduce::GridBlocks(units, per_block, max_blocks);
}

}  // namespace

cudaError_t ShardedMaxBlocks(bool gather, DeviceDType dtype, int world_size, int* max_blocks) {
  if (world_size < 1 || world_size > kMaxWorldSize) return cudaErrorInvalidValue;
  const void* kernel = gather ? all_reduce::KernelFor<AllGatherFamily>(dtype, world_size)
                              : all_reduce::KernelFor<ReduceScatterFamily>(dtype, world_size);
  return all_reduce::CoResidentBlocks(kernel, kShardedThreads, max_blocks);
}

cudaError_t LaunchOneShotAllGather(const ShardedArgs& args, cudaStream_t stream) {
  if (!ValidArgs(args) || !Granular(args.output)) return cudaErrorInvalidValue;
  for (int p = 0; p < args.world_size; ++p) {
    if (!Granular(args.inputs[p])) return cudaErrorInvalidValue;
  }
  const int64_t shard_bytes = args.shard * DeviceDTypeSize(args.dtype);
  const void* kernel = all_reduce::KernelFor<AllGatherFamily>(args.dtype, args.world_size);
  if (kernel == nullptr) return cudaErrorInvalidValue;
  const int vecs =
      all_reduce::VecsPerThread(all_reduce::KernelWorld(args.world_size), kLoadsInFlight);
  const int blocks = VectorPath(args)
                         ? Blocks(shard_bytes / all_reduce::kVectorBytes,
                                  static_cast<int64_t>(kShardedThreads) * vecs, args.max_blocks)
                         : Blocks(shard_bytes / 2, kShardedThreads, args.max_blocks);
  return all_reduce::LaunchWithArgs(kernel, blocks, kShardedThreads, args, stream);
}

cudaError_t LaunchReduceScatterSum(const ShardedArgs& args, cudaStream_t stream) {
  if (!ValidArgs(args)) return cudaErrorInvalidValue;
  const void* kernel = all_reduce::KernelFor<ReduceScatterFamily>(args.dtype, args.world_size);
  if (kernel == nullptr) return cudaErrorInvalidValue;
  // A thread per element on the element path, as many as the cap allows.
  const int elems = all_reduce::kVectorBytes / DeviceDTypeSize(args.dtype);
  const int vecs =
      all_reduce::VecsPerThread(all_reduce::KernelWorld(args.world_size), kLoadsInFlight);
  const int blocks = VectorPath(args)
                         ? Blocks(args.shard / elems, static_cast<int64_t>(kShardedThreads) * vecs,
                                  args.max_blocks)
                         : Blocks(args.shard, kShardedThreads, args.max_blocks);
  return all_reduce::LaunchWithArgs(kernel, blocks, kShardedThreads, args, stream);
}

}  // namespace symmbench
