// One-shot all-reduce kernels (sum; bf16, fp16, fp32; world size 2, 4, 8 + generic), their
// single dispatch point and the launcher. Algorithm: PyTorch c10d symm_mem one_shot_all_reduce.
#include "kernels/cuda/one_shot_all_reduce.h"

#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cuda/all_reduce_device.cuh"
#include "kernels/cuda/device_types.h"
#include "kernels/cuda/signal_pad.cuh"
#include "kernels/symm_mem_layout.h"

namespace symmbench {
namespace {

using all_reduce::Elem;

// kWorld: 2, 4, 8, or 0 = generic (run-time world_size <= kMaxWorldSize, peer slots guarded).
// One thread handles vectors base + u * stride (u < kVecs) per iteration: all kVecs x peers
// loads are issued before the first add, so they are in flight together.
// kAligned: 16-byte-aligned buffers, else misaligned ones (all_reduce_device.cuh, LoadVector).
template <int kWorld, typename T, bool kAligned>
__global__ void __launch_bounds__(kOneShotThreads)
    OneShotAllReduceKernel(const __grid_constant__ OneShotArgs args) {
  constexpr int kVecs = all_reduce::VecsPerThread(kWorld, kOneShotLoadsInFlight);
  constexpr int kElems = Elem<T>::kElems;
  const int world = kWorld > 0 ? kWorld : args.world_size;

  if (!signal_pad::BlockBarrier(args.signal_pads, args.rank, world, args.error,
                                args.barrier_timeout_ns, BarrierPhase::kEntry, args.faults)) {
    return;
  }
  signal_pad::InjectedDelay(args.faults, args.rank);

  const int64_t n_vec = args.count / kElems;
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t base = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; base < n_vec;
       base += stride * kVecs) {
    uint4 v[kVecs][all_reduce::kSlots<kWorld>];
    all_reduce::LoadVectors<kWorld, kVecs, kAligned>(args.inputs, world, 0, base, stride, n_vec, v);
#pragma unroll
    for (int u = 0; u < kVecs; ++u) {
      const int64_t i = base + u * stride;
      if (i < n_vec) {
        all_reduce::StoreVector<kAligned>(args.output, i,
                                          all_reduce::ReduceVector<kWorld, T>(v[u], world));
      }
    }
  }

  // Scalar tail: the last count % kElems elements, one thread each, same order and precision.
  if (blockIdx.x == gridDim.x - 1) {
    const int64_t i = n_vec * kElems + threadIdx.x;
    if (i < args.count) {
      Elem<T>::Store(args.output, i, all_reduce::ReduceScalar<kWorld, T>(args.inputs, world, i));
    }
  }

  // Pull-only: every peer load above has returned before the barrier's leading __syncthreads,
  // so out of place the exit put needs no release fence (signal_pad.cuh, BlockBarrier). In
  // place the peers overwrite what this block read right after the barrier: the release orders
  // the loads before the signal in the memory model too.
  const bool exited = args.faults.skip_exit_barrier != 0 ||
                      signal_pad::BlockBarrier(args.signal_pads, args.rank, world, args.error,
                                               args.barrier_timeout_ns, BarrierPhase::kExit,
                                               /*release=*/args.in_place != nullptr, args.faults);
  if (!exited || args.in_place == nullptr) return;
  // In place: peers' block b has read this block's elements of our input (the exit barrier),
  // so they can be overwritten; each thread copies what it stored above (same indices), so no
  // further synchronisation is needed. Peers read the new values only in a later kernel, after
  // this one has completed.
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n_vec;
       i += stride) {
    all_reduce::StoreVector<kAligned>(args.in_place, i,
                                      all_reduce::LoadVector<kAligned>(args.output, i));
  }
  if (blockIdx.x == gridDim.x - 1) {
    const int64_t i = n_vec * kElems + threadIdx.x;
    if (i < args.count) Elem<T>::Store(args.in_place, i, Elem<T>::Load(args.output, i));
  }
}

template <bool kAligned>
struct OneShotFamily {
  template <int kWorld, typename T>
  static const void* Kernel() {
    return reinterpret_cast<const void*>(&OneShotAllReduceKernel<kWorld, T, kAligned>);
  }
};

const void* OneShotKernel(DeviceDType dtype, int world_size, bool aligned) {
  return aligned ? all_reduce::KernelFor<OneShotFamily<true>>(dtype, world_size)
                 : all_reduce::KernelFor<OneShotFamily<false>>(dtype, world_size);
}

}  // namespace

cudaError_t OneShotMaxBlocks(DeviceDType dtype, int world_size, int* max_blocks, bool aligned) {
  if (world_size < 1 || world_size > kMaxWorldSize) return cudaErrorInvalidValue;
  return all_reduce::CoResidentBlocks(OneShotKernel(dtype, world_size, aligned), kOneShotThreads,
                                      max_blocks);
}

int OneShotGridBlocks(int64_t count, DeviceDType dtype, int world_size, int max_blocks) {
  const int64_t elems_per_vec = all_reduce::kVectorBytes / DeviceDTypeSize(dtype);
  const int64_t n_vec = count > 0 ? count / elems_per_vec : 0;
  const int64_t per_block =
      static_cast<int64_t>(kOneShotThreads) *
      all_reduce::VecsPerThread(all_reduce::KernelWorld(world_size), kOneShotLoadsInFlight);
  return all_reduce::GridBlocks(n_vec, per_block, max_blocks);
}

cudaError_t LaunchOneShotAllReduce(const OneShotArgs& args, cudaStream_t stream) {
  if (args.world_size < 1 || args.world_size > kMaxWorldSize || args.rank < 0 ||
      args.rank >= args.world_size || args.count < 0 || args.max_blocks < 1 ||
      args.max_blocks > kMaxBlocks || args.error == nullptr || args.output == nullptr ||
      args.inputs[0] == nullptr || !all_reduce::SameMisalignment(args.output, args.inputs[0]) ||
      (args.in_place != nullptr && args.in_place != args.inputs[args.rank])) {
    return cudaErrorInvalidValue;
  }
  for (int p = 0; p < args.world_size; ++p) {
    if (args.inputs[p] == nullptr ||
        !all_reduce::SameMisalignment(args.inputs[p], args.inputs[0]) ||
        args.signal_pads[p] == nullptr) {
      return cudaErrorInvalidValue;
    }
  }
  const void* kernel =
      OneShotKernel(args.dtype, args.world_size, all_reduce::Aligned(args.inputs[0]));
  if (kernel == nullptr) return cudaErrorInvalidValue;
  const int blocks = OneShotGridBlocks(args.count, args.dtype, args.world_size, args.max_blocks);
  return all_reduce::LaunchWithArgs(kernel, blocks, kOneShotThreads, args, stream);
}

}  // namespace symmbench
