// One-shot push all-reduce kernels (sum; bf16, fp16, fp32; world size 2, 4, 8 + generic), the
// receive-buffer initialiser and the launcher. Algorithm: TensorRT-LLM's Lamport one-shot
// (see the header for the slot protocol).
#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cuda/all_reduce_device.cuh"
#include "kernels/cuda/device_types.h"
#include "kernels/cuda/one_shot_push_all_reduce.h"
#include "kernels/cuda/signal_pad.cuh"
#include "kernels/symm_mem_layout.h"

namespace symmbench {
namespace {

using all_reduce::Elem;
using all_reduce::kSlots;

constexpr uint4 kSentinelVector = {kPushSentinelWord, kPushSentinelWord, kPushSentinelWord,
                                   kPushSentinelWord};

// Whether a 32-bit word holds a sentinel element. 16-bit dtypes: either half is -0 (0x8000);
// fp32: the word is the sentinel.
template <typename T>
__device__ __forceinline__ bool WordHasSentinel(uint32_t w) {
  if constexpr (Elem<T>::kElems == 4) {
    return w == kPushSentinelWord;
  } else {
    return (w & 0xFFFFu) == 0x8000u || (w >> 16) == 0x8000u;
  }
}

template <typename T>
__device__ __forceinline__ bool HasSentinel(const uint4& v) {
  return WordHasSentinel<T>(v.x) || WordHasSentinel<T>(v.y) || WordHasSentinel<T>(v.z) ||
         WordHasSentinel<T>(v.w);
}

// The value a rank pushes for a word: sentinel elements replaced (-0 -> +0 in 16-bit dtypes,
// 0x80008000 -> -0 in fp32), so a pushed word never looks "not arrived".
template <typename T>
__device__ __forceinline__ uint32_t PushWord(uint32_t w) {
  if constexpr (Elem<T>::kElems == 4) {
    return w == kPushSentinelWord ? 0x80000000u : w;
  } else {
    if ((w & 0xFFFFu) == 0x8000u) w &= 0xFFFF0000u;
    if ((w >> 16) == 0x8000u) w &= 0x0000FFFFu;
    return w;
  }
}

// Vector i of this rank's input as pushed: sentinels replaced, and the elements of a partial last
// vector past `count` set to +0 (so the receiver's sentinel check sees them as arrived).
template <typename T, bool kAligned>
__device__ __forceinline__ uint4 PushVector(const void* input, int64_t i, int64_t count) {
  constexpr int kElems = Elem<T>::kElems;
  uint4 v = all_reduce::LoadVector<kAligned>(input, i);
  const int64_t valid = count - i * kElems;
  if (valid < kElems) {
    constexpr int kBytes = 16 / kElems;
    uint32_t* w = reinterpret_cast<uint32_t*>(&v);
#pragma unroll
    for (int e = 0; e < kElems; ++e) {
      if (e >= valid) {
        const int bit = (e * kBytes * 8) % 32;
        w[e * kBytes / 4] &= kBytes == 4 ? 0u : ~(0xFFFFu << bit);
      }
    }
  }
  return make_uint4(PushWord<T>(v.x), PushWord<T>(v.y), PushWord<T>(v.z), PushWord<T>(v.w));
}

__device__ __forceinline__ uint4 LoadVolatile(const uint4* p) {
  uint4 v;
  asm volatile("ld.volatile.global.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "l"(p)
               : "memory");
  return v;
}

// Stores vector i of the output: whole, or element by element for a partial last vector.
template <typename T, bool kAligned>
__device__ __forceinline__ void StoreOutput(void* output, int64_t i, int64_t count,
                                            const uint4& sum) {
  constexpr int kElems = Elem<T>::kElems;
  if (count - i * kElems >= kElems) {
    all_reduce::StoreVector<kAligned>(output, i, sum);
    return;
  }
  float f[kElems];
  Elem<T>::Unpack(sum, f);
  for (int e = 0; e < kElems && i * kElems + e < count; ++e) {
    Elem<T>::Store(output, i * kElems + e, f[e]);  // exact: f[e] came from a T
  }
}

// Grid-stride over 16-byte vectors, one vector per thread per step:
//   1. push: vector i of the input into segment `rank` of slot e % 3 of every peer;
//   2. clear: slot (e + 2) % 3 of this rank (what op e - 1 received) back to the sentinel;
//   3. receive: poll vector i of every peer's segment in slot e % 3 until no element is the
//      sentinel, sum in rank order, store;
//   (between 2 and 3, the last block to arrive advances the state: epoch, used bytes).
// kAligned: 16-byte-aligned input and output, else misaligned ones (all_reduce_device.cuh).
template <int kWorld, typename T, bool kAligned>
__global__ void __launch_bounds__(kPushThreads)
    OneShotPushAllReduceKernel(const __grid_constant__ OneShotPushArgs args) {
  constexpr int kElems = Elem<T>::kElems;
  // Programmatic dependent launch: this grid may have been launched while the previous kernel on
  // the stream still ran; wait here until it has completed and its memory is visible (state,
  // input, output), then let the next kernel on the stream launch early in turn, so launch
  // latency overlaps the op instead of adding to it.
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;" :::);
  const int world = kWorld > 0 ? kWorld : args.world_size;
  const int rank = args.rank;
  const DeviceFaults& faults = args.faults;
  if ((faults.skip_peer_wait != 0 || faults.reuse_slot_early != 0) && faults.delayed_rank == rank) {
    signal_pad::SpinNs(faults.delay_ns);  // peers that do not wait read empty or stale slots
  }
  PushState* const state = args.state;
  const int64_t n_vec = (args.count + kElems - 1) / kElems;  // also the segment length
  const int64_t first = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  // The first input vector and the state are loaded together: neither waits for the other, so
  // the first push leaves one memory latency after the kernel starts, not two.
  const uint4 x_first =
      first < n_vec ? PushVector<T, kAligned>(args.input, first, args.count) : uint4{};
  const uint32_t epoch = state->epoch;
  const int slot = static_cast<int>(epoch % kPushSlots);
  const int stale = static_cast<int>((epoch + kPushSlots - 1) % kPushSlots);
  const size_t slot_offset = static_cast<size_t>(slot) * args.slot_bytes;

  for (int64_t i = first; i < n_vec; i += stride) {
    const uint4 x = i == first ? x_first : PushVector<T, kAligned>(args.input, i, args.count);
#pragma unroll
    for (int p = 0; p < kSlots<kWorld>; ++p) {
      if ((kWorld > 0 || p < world) && p != rank) {
        uint4* dst = reinterpret_cast<uint4*>(static_cast<char*>(args.slots[p]) + slot_offset);
        dst[rank * n_vec + i] = x;
      }
    }
  }

  uint4* const own = static_cast<uint4*>(args.slots[rank]);
  uint4* const stale_slot = own + static_cast<size_t>(stale) * (args.slot_bytes / 16);
  const uint64_t stale_vecs = faults.reuse_slot_early != 0 ? 0 : state->used_bytes[stale] / 16;
  for (uint64_t j = static_cast<uint64_t>(first); j < stale_vecs; j += stride) {
    stale_slot[j] = kSentinelVector;
  }

  // The last block to arrive advances the state for the next op. Every thread of every block
  // has read it before its block arrives (the values were consumed above, and __syncthreads
  // orders them before thread 0's arrival), and the next op reads it only after this grid has
  // completed (griddepcontrol.wait), so the update can happen now, while the peers' data is in
  // flight, instead of in the kernel's tail.
  __syncthreads();
  if (threadIdx.x == 0 && atomicAdd(&state->blocks_done, 1u) == gridDim.x - 1) {
    state->blocks_done = 0;
    state->used_bytes[slot] = static_cast<uint64_t>(world) * n_vec * 16;
    state->used_bytes[stale] = 0;
    state->epoch = epoch + 1;
  }

  const uint4* const recv = own + slot_offset / 16;
  const uint64_t deadline_ns = signal_pad::GlobalTimerNs() + args.timeout_ns;
  bool failed = false;
  for (int64_t i = first; i < n_vec && !failed; i += stride) {
    uint4 v[kSlots<kWorld>];
    bool ready[kSlots<kWorld>];
#pragma unroll
    for (int p = 0; p < kSlots<kWorld>; ++p) {
      ready[p] = p == rank || (kWorld == 0 && p >= world);
      if (p == rank)
        v[p] = i == first ? x_first : PushVector<T, kAligned>(args.input, i, args.count);
    }
    for (uint32_t attempt = 1;; ++attempt) {
      bool all = true;
#pragma unroll
      for (int p = 0; p < kSlots<kWorld>; ++p) {
        if (!ready[p]) {
          v[p] = LoadVolatile(recv + p * n_vec + i);
          ready[p] = !HasSentinel<T>(v[p]);
          all = all && ready[p];
        }
      }
      if (all || faults.skip_peer_wait != 0) break;
      if (signal_pad::GlobalTimerNs() > deadline_ns) {
        int peer = 0;
#pragma unroll
        for (int p = 0; p < kSlots<kWorld>; ++p) {
          if (!ready[p]) peer = p;
        }
        signal_pad::RecordTimeout(args.error, rank, peer, BarrierPhase::kEntry);
        failed = true;
        break;
      }
      if (attempt % signal_pad::kErrorPollInterval == 0 && signal_pad::ErrorRecorded(args.error)) {
        failed = true;
        break;
      }
    }
    if (!failed) {
      StoreOutput<T, kAligned>(args.output, i, args.count,
                               all_reduce::ReduceVector<kWorld, T>(v, world));
    }
  }
}

__global__ void PushInitKernel(uint32_t* buffer, size_t words, PushState* state) {
  const size_t first = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  for (size_t j = first; j < words; j += static_cast<size_t>(gridDim.x) * blockDim.x) {
    buffer[j] = kPushSentinelWord;
  }
  if (first == 0) *state = PushState{};
}

template <bool kAligned>
struct PushFamily {
  template <int kWorld, typename T>
  static const void* Kernel() {
    return reinterpret_cast<const void*>(&OneShotPushAllReduceKernel<kWorld, T, kAligned>);
  }
};

const void* PushKernel(DeviceDType dtype, int world_size, bool aligned) {
  return aligned ? all_reduce::KernelFor<PushFamily<true>>(dtype, world_size)
                 : all_reduce::KernelFor<PushFamily<false>>(dtype, world_size);
}

}  // namespace

size_t PushSlotBytes(size_t max_bytes, int world_size) {
  const size_t vecs = (max_bytes + 15) / 16;
  return vecs * 16 * static_cast<size_t>(world_size);
}

cudaError_t LaunchPushInit(void* buffer, size_t bytes, PushState* state, cudaStream_t stream) {
  if (buffer == nullptr || state == nullptr || bytes % 4 != 0) return cudaErrorInvalidValue;
  const size_t words = bytes / 4;
  size_t blocks = (words + 255) / 256;
  if (blocks < 1) blocks = 1;
  if (blocks > 1024) blocks = 1024;
  PushInitKernel<<<static_cast<unsigned>(blocks), 256, 0, stream>>>(static_cast<uint32_t*>(buffer),
                                                                    words, state);
  return cudaGetLastError();
}

cudaError_t OneShotPushMaxBlocks(DeviceDType dtype, int world_size, int* max_blocks, bool aligned) {
  if (world_size < 1 || world_size > kMaxWorldSize) return cudaErrorInvalidValue;
  return all_reduce::CoResidentBlocks(PushKernel(dtype, world_size, aligned), kPushThreads,
                                      max_blocks);
}

cudaError_t LaunchOneShotPushAllReduce(const OneShotPushArgs& args, cudaStream_t stream) {
  const int64_t elem = DeviceDTypeSize(args.dtype);
  if (args.world_size < 1 || args.world_size > kMaxWorldSize || args.rank < 0 ||
      args.rank >= args.world_size || args.count < 1 || args.max_blocks < 1 ||
      args.max_blocks > kMaxBlocks || args.error == nullptr || args.state == nullptr ||
      args.output == nullptr || args.input == nullptr ||
      !all_reduce::SameMisalignment(args.output, args.input) || args.slot_bytes % 16 != 0) {
    return cudaErrorInvalidValue;
  }
  const int64_t n_vec = (args.count * elem + 15) / 16;
  if (static_cast<uint64_t>(n_vec) * 16 * args.world_size > args.slot_bytes) {
    return cudaErrorInvalidValue;
  }
  for (int p = 0; p < args.world_size; ++p) {
    if (args.slots[p] == nullptr || !all_reduce::Aligned(args.slots[p])) {
      return cudaErrorInvalidValue;
    }
  }
  const void* kernel = PushKernel(args.dtype, args.world_size, all_reduce::Aligned(args.input));
  if (kernel == nullptr) return cudaErrorInvalidValue;
  const int blocks = all_reduce::GridBlocks(n_vec, kPushThreads, args.max_blocks);
  cudaLaunchAttribute attribute;
  attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(blocks);
  config.blockDim = dim3(kPushThreads);
  config.stream = stream;
  config.attrs = &attribute;
  config.numAttrs = 1;
  void* params[] = {const_cast<OneShotPushArgs*>(&args)};
  const cudaError_t err = cudaLaunchKernelExC(&config, kernel, params);
  const cudaError_t last = cudaGetLastError();
  return err != cudaSuccess ? err : last;
}

}  // namespace symmbench
