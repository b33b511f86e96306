// The Lamport push kernels (all-reduce, all-gather, reduce-scatter; bf16, fp16, fp32; world
// size 1, 2, 4, 8 + generic), the receive-buffer initialiser and the launcher. Algorithm:
// TensorRT-LLM's Lamport one-shot (see the header for the slot protocol).
#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cuda/all_reduce_device.cuh"
#include "kernels/cuda/device_types.h"
#include "kernels/cuda/lamport_push.h"
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

// The common path is kept short: the grid-stride loops are not unrolled and the rare paths
// (a partial last vector, a timeout) are out of line (__noinline__). Nsight Compute on the
// one-rank op before this (the generic kernel at one rank, 450 instructions per warp against 25
// for a copy doing the same memory accesses) had "no instruction" and "long scoreboard" as its
// top stalls.

// The elements of `v` from `valid` on set to +0 (a partial last vector).
template <typename T>
__device__ __noinline__ uint4 ZeroTail(uint4 v, int64_t valid) {
  constexpr int kElems = Elem<T>::kElems;
  constexpr int kBytes = 16 / kElems;
  uint32_t* w = reinterpret_cast<uint32_t*>(&v);
#pragma unroll
  for (int e = 0; e < kElems; ++e) {
    if (e >= valid) {
      const int bit = (e * kBytes * 8) % 32;
      w[e * kBytes / 4] &= kBytes == 4 ? 0u : ~(0xFFFFu << bit);
    }
  }
  return v;
}

// Vector i of an input, as loaded, made ready to push: sentinels replaced, and the elements of a
// partial last vector past `count` set to +0 (so the receiver's sentinel check sees them as
// arrived).
template <typename T>
__device__ __forceinline__ uint4 AsPushed(uint4 v, int64_t i, int64_t count) {
  constexpr int kElems = Elem<T>::kElems;
  const int64_t valid = count - i * kElems;
  if (valid < kElems) v = ZeroTail<T>(v, valid);
  return make_uint4(PushWord<T>(v.x), PushWord<T>(v.y), PushWord<T>(v.z), PushWord<T>(v.w));
}

// Vector i of an input as pushed (AsPushed of its load).
template <typename T, bool kAligned>
__device__ __forceinline__ uint4 PushVector(const void* input, int64_t i, int64_t count) {
  return AsPushed<T>(all_reduce::LoadVector<kAligned>(input, i), i, count);
}

__device__ __forceinline__ uint4 LoadVolatile(const uint4* p) {
  uint4 v;
  asm volatile("ld.volatile.global.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "l"(p)
               : "memory");
  return v;
}

// Stores the first `count - i * kElems` elements of vector i of the output (a partial last
// vector), element by element.
template <typename T>
__device__ __noinline__ void StoreTail(void* output, int64_t i, int64_t count, uint4 sum) {
  constexpr int kElems = Elem<T>::kElems;
  float f[kElems];
  Elem<T>::Unpack(sum, f);
  for (int e = 0; e < kElems && i * kElems + e < count; ++e) {
    Elem<T>::Store(output, i * kElems + e, f[e]);  // exact: f[e] came from a T
  }
}

// Stores vector i of the output: whole, or element by element for a partial last vector.
template <typename T, bool kAligned>
__device__ __forceinline__ void StoreOutput(void* output, int64_t i, int64_t count,
                                            const uint4& sum) {
  constexpr int kElems = Elem<T>::kElems;
  if (count - i * kElems >= kElems) {
    all_reduce::StoreVector<kAligned>(output, i, sum);
  } else {
    StoreTail<T>(output, i, count, sum);
  }
}

// A peer's data did not arrive in time: the error record names the first missing peer.
template <int kWorld>
__device__ __noinline__ void RecordMissingPeer(DeviceErrorRecord* error, int rank,
                                               const bool (&ready)[kSlots<kWorld>]) {
  int peer = 0;
#pragma unroll
  for (int p = kSlots<kWorld> - 1; p >= 0; --p) {
    if (!ready[p]) peer = p;
  }
  signal_pad::RecordTimeout(error, rank, peer, BarrierPhase::kEntry);
}

// Loads *state as two 16-byte vectors issued together: the epoch and every slot's used bytes
// arrive after one memory latency (reading used_bytes[stale] after the epoch would cost two).
__device__ __forceinline__ PushState LoadState(const PushState* state) {
  static_assert(sizeof(PushState) == 32, "PushState is read as two 16-byte vectors");
  const uint4* p = reinterpret_cast<const uint4*>(state);
  const uint4 lo = p[0];
  const uint4 hi = p[1];
  PushState s;
  s.epoch = lo.x;
  s.blocks_done = lo.y;
  s.used_bytes[0] = lo.z | (uint64_t{lo.w} << 32);
  s.used_bytes[1] = hi.x | (uint64_t{hi.y} << 32);
  s.used_bytes[2] = hi.z | (uint64_t{hi.w} << 32);
  return s;
}

// Grid-stride over the 16-byte vectors of a segment, one vector per thread per step:
//   1. push: vector i of each segment a peer needs (PushOp) into segment `rank` of slot e % 3
//      of that peer;
//   2. clear: slot (e + 2) % 3 of this rank (what op e - 1 received) back to the sentinel;
//   3. receive: poll vector i of every peer's segment in slot e % 3 until no element is the
//      sentinel, then sum in rank order and store (all-reduce, reduce-scatter), or store each
//      segment at its shard of the output (all-gather);
//   (between 2 and 3, the grid's only block, or its last to arrive, advances the state: epoch,
//   used bytes).
// kAligned: every segment of the input and output starts 16-byte aligned, else accesses narrow
// (all_reduce_device.cuh).
template <PushOp kOp, int kWorld, typename T, bool kAligned>
__global__ void __launch_bounds__(kPushThreads)
    LamportPushKernel(const __grid_constant__ LamportPushArgs args) {
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
  const int64_t count = args.count;
  const int64_t n_vec = (count + kElems - 1) / kElems;  // also the segment length
  const size_t segment_bytes = static_cast<size_t>(count) * (16 / kElems);
  const char* const input = static_cast<const char*>(args.input);
  // This rank's own segment of the input: all of it, or shard `rank` (reduce-scatter).
  const void* const own_input =
      kOp == PushOp::kReduceScatter ? input + rank * segment_bytes : input;
  const int64_t first = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  // The first own vector and the state are loaded together, both loads issued before either
  // value is used (a warp stalls at the first use of a load, not at the load): the first push
  // leaves one memory latency after the kernel starts, not two.
  const uint4 raw_first =
      first < n_vec ? all_reduce::LoadVector<kAligned>(own_input, first) : uint4{};
  const PushState s = LoadState(state);
  const uint4 x_first = AsPushed<T>(raw_first, first, count);
  const uint32_t epoch = s.epoch;
  const int slot = static_cast<int>(epoch % kPushSlots);
  const int stale = static_cast<int>((epoch + kPushSlots - 1) % kPushSlots);
  const size_t slot_offset = static_cast<size_t>(slot) * args.slot_bytes;

#pragma unroll 1
  for (int64_t i = first; i < n_vec; i += stride) {
    // What each peer gets: this rank's segment (all-reduce, all-gather), or the peer's shard of
    // this rank's input (reduce-scatter), loaded for every peer before the first store.
    uint4 x[kSlots<kWorld>];
#pragma unroll
    for (int p = 0; p < kSlots<kWorld>; ++p) {
      if ((kWorld > 0 || p < world) && p != rank) {
        if constexpr (kOp == PushOp::kReduceScatter) {
          x[p] = PushVector<T, kAligned>(input + p * segment_bytes, i, count);
        } else {
          x[p] = i == first ? x_first : PushVector<T, kAligned>(own_input, i, count);
        }
      }
    }
#pragma unroll
    for (int p = 0; p < kSlots<kWorld>; ++p) {
      if ((kWorld > 0 || p < world) && p != rank) {
        uint4* dst = reinterpret_cast<uint4*>(static_cast<char*>(args.slots[p]) + slot_offset);
        dst[rank * n_vec + i] = x[p];
      }
    }
  }

  uint4* const own = static_cast<uint4*>(args.slots[rank]);
  uint4* const stale_slot = own + static_cast<size_t>(stale) * (args.slot_bytes / 16);
  const uint64_t stale_bytes = stale == 0   ? s.used_bytes[0]
                               : stale == 1 ? s.used_bytes[1]
                                            : s.used_bytes[2];
  const uint64_t stale_vecs = faults.reuse_slot_early != 0 ? 0 : stale_bytes / 16;
#pragma unroll 1
  for (uint64_t j = static_cast<uint64_t>(first); j < stale_vecs; j += stride) {
    stale_slot[j] = kSentinelVector;
  }

  // The state for the next op, written by the grid's only block or its last to arrive. Every
  // thread has read the state before its block passes __syncthreads (the values were consumed
  // above), and the next op reads it only after this grid has completed (griddepcontrol.wait),
  // so the update can happen now, while the peers' data is in flight, instead of in the
  // kernel's tail. One block needs no count of arrivals (no atomic round trip). At one rank
  // nothing is pushed, so nothing is left to clear.
  __syncthreads();
  if (threadIdx.x == 0 && (gridDim.x == 1 || atomicAdd(&state->blocks_done, 1u) == gridDim.x - 1)) {
    state->blocks_done = 0;
    state->used_bytes[slot] = world > 1 ? static_cast<uint64_t>(world) * n_vec * 16 : 0;
    state->used_bytes[stale] = 0;
    state->epoch = epoch + 1;
  }

  const uint4* const recv = own + slot_offset / 16;
  uint64_t deadline_ns = 0;  // set at the first timer read, kTimerInterval polls in
  constexpr uint32_t kTimerInterval = 8;
  bool failed = false;
#pragma unroll 1
  for (int64_t i = first; i < n_vec && !failed; i += stride) {
    uint4 v[kSlots<kWorld>];
    bool ready[kSlots<kWorld>];
#pragma unroll
    for (int p = 0; p < kSlots<kWorld>; ++p) {
      ready[p] = p == rank || (kWorld == 0 && p >= world);
      if (p == rank) v[p] = i == first ? x_first : PushVector<T, kAligned>(own_input, i, count);
    }
#pragma unroll 1
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
      // The timer is read every kTimerInterval polls, not before the first: a wait that ends
      // at once pays for no timer read.
      if (attempt % kTimerInterval == 0) {
        const uint64_t now = signal_pad::GlobalTimerNs();
        if (deadline_ns == 0) {
          deadline_ns = now + args.timeout_ns;
        } else if (now > deadline_ns) {
          RecordMissingPeer<kWorld>(args.error, rank, ready);
          failed = true;
          break;
        }
      }
      if (attempt % signal_pad::kErrorPollInterval == 0 && signal_pad::ErrorRecorded(args.error)) {
        failed = true;
        break;
      }
    }
    if (failed) break;
    if constexpr (kOp == PushOp::kAllGather) {
#pragma unroll
      for (int p = 0; p < kSlots<kWorld>; ++p) {
        if (kWorld > 0 || p < world) {
          StoreOutput<T, kAligned>(static_cast<char*>(args.output) + p * segment_bytes, i, count,
                                   v[p]);
        }
      }
    } else {
      StoreOutput<T, kAligned>(args.output, i, count,
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

template <PushOp kOp, bool kAligned>
struct PushFamily {
  template <int kWorld, typename T>
  static const void* Kernel() {
    return reinterpret_cast<const void*>(&LamportPushKernel<kOp, kWorld, T, kAligned>);
  }
};

// At one rank the kernel of world size 1: nothing to push or poll, so its path is the least
// (the generic kernel's, with a slot per possible peer, is several times longer).
template <typename Family>
const void* KernelOfWorld(DeviceDType dtype, int world_size) {
  if (world_size != 1) return all_reduce::KernelFor<Family>(dtype, world_size);
  switch (dtype) {
    case DeviceDType::kBf16:
      return Family::template Kernel<1, __nv_bfloat16>();
    case DeviceDType::kFp16:
      return Family::template Kernel<1, __half>();
    case DeviceDType::kFp32:
      return Family::template Kernel<1, float>();
    case DeviceDType::kFp8E4m3:
      break;  // no collective runs FP8
  }
  return nullptr;
}

template <PushOp kOp>
const void* PushKernelOf(DeviceDType dtype, int world_size, bool aligned) {
  return aligned ? KernelOfWorld<PushFamily<kOp, true>>(dtype, world_size)
                 : KernelOfWorld<PushFamily<kOp, false>>(dtype, world_size);
}

const void* PushKernel(PushOp op, DeviceDType dtype, int world_size, bool aligned) {
  switch (op) {
    case PushOp::kAllReduce:
      return PushKernelOf<PushOp::kAllReduce>(dtype, world_size, aligned);
    case PushOp::kAllGather:
      return PushKernelOf<PushOp::kAllGather>(dtype, world_size, aligned);
    case PushOp::kReduceScatter:
      return PushKernelOf<PushOp::kReduceScatter>(dtype, world_size, aligned);
  }
  return nullptr;
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

cudaError_t LamportPushMaxBlocks(PushOp op, DeviceDType dtype, int world_size, int* max_blocks,
                                 bool aligned) {
  if (world_size < 1 || world_size > kMaxWorldSize) return cudaErrorInvalidValue;
  return all_reduce::CoResidentBlocks(PushKernel(op, dtype, world_size, aligned), kPushThreads,
                                      max_blocks);
}

cudaError_t LaunchLamportPush(const LamportPushArgs& args, cudaStream_t stream) {
  const int64_t elem = DeviceDTypeSize(args.dtype);
  auto element_aligned = [elem](const void* p) {
    return reinterpret_cast<uintptr_t>(p) % static_cast<uintptr_t>(elem) == 0;
  };
  if (args.world_size < 1 || args.world_size > kMaxWorldSize || args.rank < 0 ||
      args.rank >= args.world_size || args.count < 1 || args.max_blocks < 1 ||
      args.max_blocks > kMaxBlocks || args.error == nullptr || args.state == nullptr ||
      args.output == nullptr || args.input == nullptr || !element_aligned(args.output) ||
      !element_aligned(args.input) || args.slot_bytes % 16 != 0) {
    return cudaErrorInvalidValue;
  }
  const int64_t segment_bytes = args.count * elem;
  const int64_t n_vec = (segment_bytes + 15) / 16;
  if (static_cast<uint64_t>(n_vec) * 16 * args.world_size > args.slot_bytes) {
    return cudaErrorInvalidValue;
  }
  for (int p = 0; p < args.world_size; ++p) {
    if (args.slots[p] == nullptr || !all_reduce::Aligned(args.slots[p])) {
      return cudaErrorInvalidValue;
    }
  }
  // Every segment of the input and output starts 16-byte aligned (an all-reduce has one
  // segment each): the vector instantiation.
  const bool aligned = all_reduce::Aligned(args.input) && all_reduce::Aligned(args.output) &&
                       (args.op == PushOp::kAllReduce || segment_bytes % 16 == 0);
  const void* kernel = PushKernel(args.op, args.dtype, args.world_size, aligned);
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
  void* params[] = {const_cast<LamportPushArgs*>(&args)};
  const cudaError_t err = cudaLaunchKernelExC(&config, kernel, params);
  const cudaError_t last = cudaGetLastError();
  return err != cudaSuccess ? err : last;
}

}  // namespace symmbench
