// Two-shot all-reduce kernels (sum; bf16, fp16, fp32; world size 2, 4, 8 + generic), out of
// place with the output in symmetric memory, and the launcher. Algorithm: PyTorch c10d symm_mem
// two_shot_all_reduce_ (reduce-scatter by peer loads, all-gather by peer stores).
#include "kernels/cuda/two_shot_all_reduce.h"

#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cuda/all_reduce_device.cuh"
#include "kernels/cuda/device_types.h"
#include "kernels/cuda/signal_pad.cuh"
#include "kernels/symm_mem_layout.h"

namespace symmbench {
namespace {

using all_reduce::Elem;

// Slice layout (TwoShotSliceBegin/Length), shared by host and device: `elems` per 16-byte vector.
__host__ __device__ inline int64_t SliceStride(int64_t count, int world, int elems) {
  return count / (static_cast<int64_t>(world) * elems) * elems;
}
__host__ __device__ inline int64_t SliceLength(int64_t count, int world, int rank, int elems) {
  const int64_t stride = SliceStride(count, world, elems);
  return rank == world - 1 ? count - stride * (world - 1) : stride;
}

// kWorld: 2, 4, 8, or 0 = generic (run-time world_size <= kMaxWorldSize, peer slots guarded).
// One thread handles vectors base + u * stride (u < kVecs) of this rank's slice per iteration:
// the kVecs x world loads are in flight together (LoadVectors), then each sum is stored to every
// rank's output.
// kAligned: 16-byte-aligned buffers, else misaligned ones (all_reduce_device.cuh, LoadVector).
template <int kWorld, typename T, bool kAligned>
__global__ void __launch_bounds__(kTwoShotThreads)
    TwoShotAllReduceKernel(const __grid_constant__ TwoShotArgs args) {
  constexpr int kVecs = all_reduce::VecsPerThread(kWorld, kTwoShotLoadsInFlight);
  constexpr int kSlots = all_reduce::kSlots<kWorld>;
  constexpr int kElems = Elem<T>::kElems;
  const int world = kWorld > 0 ? kWorld : args.world_size;

  // Relaxed put (as the one-shot and PyTorch's two-shot): peers' inputs were written by work
  // that completed before their kernels started; our output region likewise (Prepare's poison),
  // so a peer's push, issued after it has seen our arrival, lands after it.
  if (!signal_pad::BlockBarrier(args.signal_pads, args.rank, world, args.error,
                                args.barrier_timeout_ns, BarrierPhase::kEntry, args.faults)) {
    return;
  }
  signal_pad::InjectedDelay(args.faults, args.rank);

  const int64_t slice_begin = SliceStride(args.count, world, kElems) * args.rank;
  const int64_t slice_length = SliceLength(args.count, world, args.rank, kElems);
  const int64_t first = slice_begin / kElems;  // exact: slices start on a vector
  const int64_t n_vec = slice_length / kElems;
  // Destinations: slice r of every rank's output, peers first (rank + 1, ...), own last, so the
  // ranks' pushes start on different peers. Computed once: the hot loop indexes registers only.
  void* dst[kSlots];
#pragma unroll
  for (int q = 0; q < kSlots; ++q) {
    if (kWorld > 0 || q < world) {
      dst[q] = static_cast<char*>(args.outputs[(args.rank + 1 + q) % world]) +
               first * all_reduce::kVectorBytes;
    }
  }

  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t base = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; base < n_vec;
       base += stride * kVecs) {
    uint4 v[kVecs][kSlots];
    all_reduce::LoadVectors<kWorld, kVecs, kAligned>(args.inputs, world, first, base, stride, n_vec,
                                                     v);
#pragma unroll
    for (int u = 0; u < kVecs; ++u) {
      const int64_t i = base + u * stride;
      if (i < n_vec) {
        const uint4 sum = all_reduce::ReduceVector<kWorld, T>(v[u], world);
#pragma unroll
        for (int q = 0; q < kSlots; ++q) {
          if (kWorld > 0 || q < world) all_reduce::StoreVector<kAligned>(dst[q], i, sum);
        }
      }
    }
  }

  // Scalar tail of the last slice: slice_length % kElems elements, one thread each, same order
  // and precision, pushed to every rank.
  if (args.rank == world - 1 && blockIdx.x == gridDim.x - 1) {
    const int64_t i = slice_begin + n_vec * kElems + threadIdx.x;
    if (i < args.count) {
      const float acc = all_reduce::ReduceScalar<kWorld, T>(args.inputs, world, i);
      for (int q = 0; q < world; ++q) Elem<T>::Store(args.outputs[q], i, acc);
    }
  }

  // Release: the exit phase's __syncthreads, then a cumulative red.release.sys per peer, orders
  // every thread's pushes before the arrival the peer's block b acquires.
  if (args.faults.skip_exit_barrier == 0) {
    signal_pad::BlockBarrier(args.signal_pads, args.rank, world, args.error,
                             args.barrier_timeout_ns, BarrierPhase::kExit, args.faults);
  }
}

template <bool kAligned>
struct TwoShotFamily {
  template <int kWorld, typename T>
  static const void* Kernel() {
    return reinterpret_cast<const void*>(&TwoShotAllReduceKernel<kWorld, T, kAligned>);
  }
};

const void* TwoShotKernel(DeviceDType dtype, int world_size, bool aligned) {
  return aligned ? all_reduce::KernelFor<TwoShotFamily<true>>(dtype, world_size)
                 : all_reduce::KernelFor<TwoShotFamily<false>>(dtype, world_size);
}

int ElemsPerVector(DeviceDType dtype) { return all_reduce::kVectorBytes / DeviceDTypeSize(dtype); }

}  // namespace

int64_t TwoShotSliceBegin(int64_t count, DeviceDType dtype, int world_size, int rank) {
  return SliceStride(count, world_size, ElemsPerVector(dtype)) * rank;
}

int64_t TwoShotSliceLength(int64_t count, DeviceDType dtype, int world_size, int rank) {
  return SliceLength(count, world_size, rank, ElemsPerVector(dtype));
}

cudaError_t TwoShotMaxBlocks(DeviceDType dtype, int world_size, int* max_blocks, bool aligned) {
  if (world_size < 1 || world_size > kMaxWorldSize) return cudaErrorInvalidValue;
  return all_reduce::CoResidentBlocks(TwoShotKernel(dtype, world_size, aligned), kTwoShotThreads,
                                      max_blocks);
}

int TwoShotGridBlocks(int64_t count, DeviceDType dtype, int world_size, int max_blocks) {
  const int elems = ElemsPerVector(dtype);
  const int64_t largest = count > 0 ? SliceLength(count, world_size, world_size - 1, elems) : 0;
  const int64_t per_block =
      static_cast<int64_t>(kTwoShotThreads) *
      all_reduce::VecsPerThread(all_reduce::KernelWorld(world_size), kTwoShotLoadsInFlight);
  return all_reduce::GridBlocks(largest / elems, per_block, max_blocks);
}

cudaError_t LaunchTwoShotAllReduce(const TwoShotArgs& args, cudaStream_t stream) {
  if (args.world_size < 1 || args.world_size > kMaxWorldSize || args.rank < 0 ||
      args.rank >= args.world_size || args.count < 0 || args.max_blocks < 1 ||
      args.max_blocks > kMaxBlocks || args.error == nullptr) {
    return cudaErrorInvalidValue;
  }
  for (int p = 0; p < args.world_size; ++p) {
    if (args.inputs[p] == nullptr || args.inputs[0] == nullptr ||
        !all_reduce::SameMisalignment(args.inputs[p], args.inputs[0]) ||
        args.outputs[p] == nullptr ||
        !all_reduce::SameMisalignment(args.outputs[p], args.inputs[0]) ||
        args.signal_pads[p] == nullptr) {
      return cudaErrorInvalidValue;
    }
  }
  const void* kernel =
      TwoShotKernel(args.dtype, args.world_size, all_reduce::Aligned(args.inputs[0]));
  if (kernel == nullptr) return cudaErrorInvalidValue;
  const int blocks = TwoShotGridBlocks(args.count, args.dtype, args.world_size, args.max_blocks);
  return all_reduce::LaunchWithArgs(kernel, blocks, kTwoShotThreads, args, stream);
}

}  // namespace symmbench
