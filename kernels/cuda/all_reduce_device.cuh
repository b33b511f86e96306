// Pieces shared by the symmetric-memory all-reduce kernels (one_shot_all_reduce.cu,
// two_shot_all_reduce.cu): element traits for 16-byte vectors, the fixed-order fp32 reduction
// over ranks, the (dtype, world size) dispatch point, the co-resident grid cap and the launch.
// nvcc only (no absl).
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cuda/device_types.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {
namespace all_reduce {

constexpr int kVectorBytes = 16;  // uint4: one LDG.E.128 / STG.E.128 per access

// Misaligned buffers (SweepSpec.misalign_bytes): every buffer of an op starts the same number of
// bytes past a 16-byte boundary, a multiple of the element size. "Vector i" of a buffer is still
// its bytes [16 i, 16 i + 16), so slices, tails and grids are as for aligned buffers; only the
// access changes. kAligned (the kernels' template parameter): one 16-byte access, exactly the
// aligned kernels' code. Otherwise the widest unit the buffer's address allows (8, 4 or 2
// bytes), as PyTorch's symmetric-memory ops pick their vector width by alignment; the test is
// on the buffer's address, the same for every thread and every i (a uniform branch).
template <bool kAligned>
__device__ __forceinline__ uint4 LoadVector(const void* buffer, int64_t i) {
  if constexpr (kAligned) return static_cast<const uint4*>(buffer)[i];
  const char* p = static_cast<const char*>(buffer) + i * kVectorBytes;
  const uintptr_t misalign = reinterpret_cast<uintptr_t>(buffer) % kVectorBytes;
  if (misalign % 8 == 0) {
    const uint2* q = reinterpret_cast<const uint2*>(p);
    const uint2 lo = q[0];
    const uint2 hi = q[1];
    return make_uint4(lo.x, lo.y, hi.x, hi.y);
  }
  if (misalign % 4 == 0) {
    const uint32_t* q = reinterpret_cast<const uint32_t*>(p);
    return make_uint4(q[0], q[1], q[2], q[3]);
  }
  const uint16_t* h = reinterpret_cast<const uint16_t*>(p);
  uint32_t w[4];
#pragma unroll
  for (int j = 0; j < 4; ++j) w[j] = static_cast<uint32_t>(h[2 * j]) | (uint32_t{h[2 * j + 1]} << 16);
  return make_uint4(w[0], w[1], w[2], w[3]);
}

template <bool kAligned>
__device__ __forceinline__ void StoreVector(void* buffer, int64_t i, const uint4& v) {
  if constexpr (kAligned) {
    static_cast<uint4*>(buffer)[i] = v;
    return;
  }
  char* p = static_cast<char*>(buffer) + i * kVectorBytes;
  const uintptr_t misalign = reinterpret_cast<uintptr_t>(buffer) % kVectorBytes;
  if (misalign % 8 == 0) {
    uint2* q = reinterpret_cast<uint2*>(p);
    q[0] = make_uint2(v.x, v.y);
    q[1] = make_uint2(v.z, v.w);
  } else if (misalign % 4 == 0) {
    uint32_t* q = reinterpret_cast<uint32_t*>(p);
    q[0] = v.x;
    q[1] = v.y;
    q[2] = v.z;
    q[3] = v.w;
  } else {
    uint16_t* h = reinterpret_cast<uint16_t*>(p);
    const uint32_t w[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      h[2 * j] = static_cast<uint16_t>(w[j]);
      h[2 * j + 1] = static_cast<uint16_t>(w[j] >> 16);
    }
  }
}

// Whether every buffer of an op may go to the kernels: element-aligned (2 bytes at least) and
// the same distance past a 16-byte boundary as `first` (the op's vectors line up).
inline bool SameMisalignment(const void* p, const void* first) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(p);
  return a % 2 == 0 && a % kVectorBytes == reinterpret_cast<uintptr_t>(first) % kVectorBytes;
}

// Templated world size for a run-time one: the specialised ones (2, 4, 8), else 0 (generic: a
// run-time world_size <= kMaxWorldSize, peer slots guarded).
__host__ __device__ constexpr int KernelWorld(int world_size) {
  return (world_size == 2 || world_size == 4 || world_size == 8) ? world_size : 0;
}

// 16-byte vectors per thread per loop iteration for a templated world size (0 = generic), so
// that vectors x world_size peer loads are in flight together (8 in flight: 2 -> 4, 4 -> 2,
// 8 -> 1). The generic kernel keeps one vector per peer slot (up to kMaxWorldSize loads).
__host__ __device__ constexpr int VecsPerThread(int kernel_world, int loads_in_flight) {
  return (kernel_world <= 0 || kernel_world >= loads_in_flight) ? 1
                                                                : loads_in_flight / kernel_world;
}

// Element traits: 16-byte vector <-> float[kElems] and scalar access, exact conversions.
template <typename T>
struct Elem;

template <>
struct Elem<__nv_bfloat16> {
  static constexpr int kElems = 8;
  __device__ static void Unpack(const uint4& v, float (&f)[kElems]) {
    const uint32_t w[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      f[2 * i] = __uint_as_float(w[i] << 16);  // bf16 -> f32 is a shift: exact
      f[2 * i + 1] = __uint_as_float(w[i] & 0xFFFF0000u);
    }
  }
  __device__ static uint32_t Pair(float lo, float hi) {
    return static_cast<uint32_t>(__bfloat16_as_ushort(__float2bfloat16_rn(lo))) |
           (static_cast<uint32_t>(__bfloat16_as_ushort(__float2bfloat16_rn(hi))) << 16);
  }
  __device__ static float Load(const void* p, int64_t i) {
    return __bfloat162float(static_cast<const __nv_bfloat16*>(p)[i]);
  }
  __device__ static void Store(void* p, int64_t i, float x) {
    static_cast<__nv_bfloat16*>(p)[i] = __float2bfloat16_rn(x);
  }
};

template <>
struct Elem<__half> {
  static constexpr int kElems = 8;
  __device__ static void Unpack(const uint4& v, float (&f)[kElems]) {
    const uint32_t w[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      f[2 * i] = __half2float(__ushort_as_half(static_cast<unsigned short>(w[i] & 0xFFFFu)));
      f[2 * i + 1] = __half2float(__ushort_as_half(static_cast<unsigned short>(w[i] >> 16)));
    }
  }
  __device__ static uint32_t Pair(float lo, float hi) {
    return static_cast<uint32_t>(__half_as_ushort(__float2half_rn(lo))) |
           (static_cast<uint32_t>(__half_as_ushort(__float2half_rn(hi))) << 16);
  }
  __device__ static float Load(const void* p, int64_t i) {
    return __half2float(static_cast<const __half*>(p)[i]);
  }
  __device__ static void Store(void* p, int64_t i, float x) {
    static_cast<__half*>(p)[i] = __float2half_rn(x);
  }
};

template <>
struct Elem<float> {
  static constexpr int kElems = 4;
  __device__ static void Unpack(const uint4& v, float (&f)[kElems]) {
    f[0] = __uint_as_float(v.x);
    f[1] = __uint_as_float(v.y);
    f[2] = __uint_as_float(v.z);
    f[3] = __uint_as_float(v.w);
  }
  __device__ static float Load(const void* p, int64_t i) { return static_cast<const float*>(p)[i]; }
  __device__ static void Store(void* p, int64_t i, float x) { static_cast<float*>(p)[i] = x; }
};

template <typename T>
__device__ __forceinline__ uint4 PackVector(const float (&f)[Elem<T>::kElems]) {
  return make_uint4(Elem<T>::Pair(f[0], f[1]), Elem<T>::Pair(f[2], f[3]), Elem<T>::Pair(f[4], f[5]),
                    Elem<T>::Pair(f[6], f[7]));
}
template <>
__device__ __forceinline__ uint4 PackVector<float>(const float (&f)[4]) {
  return make_uint4(__float_as_uint(f[0]), __float_as_uint(f[1]), __float_as_uint(f[2]),
                    __float_as_uint(f[3]));
}

// The numerical contract of every all-reduce kernel here: each element summed in float32 in
// fixed rank order, ((x_0 + x_1) + x_2) + ... + x_{n-1}, starting from x_0 (so -0 sums stay -0),
// rounded once to T (round to nearest even).
//
// Vector form, in two steps so that a caller can store each sum as soon as it is ready (keeping
// the register count at the one-shot's measured 34-60):
//   LoadVectors: for u < kVecs, vector index i = base + u * stride (skipped when i >= n_vec),
//     reads vector first + i of every rank's input into v[u][p]. All kVecs x world loads are
//     issued before any use, so they are in flight together.
//   ReduceVector: the rounded sum of v[u][0..world-1].
// `inputs` is a kernel-parameter array (indexed with compile-time slots only).
template <int kWorld>
constexpr int kSlots = kWorld > 0 ? kWorld : kMaxWorldSize;

template <int kWorld, int kVecs, bool kAligned = true>
__device__ __forceinline__ void LoadVectors(const void* const (&inputs)[kMaxWorldSize], int world,
                                            int64_t first, int64_t base, int64_t stride,
                                            int64_t n_vec, uint4 (&v)[kVecs][kSlots<kWorld>]) {
#pragma unroll
  for (int u = 0; u < kVecs; ++u) {
    const int64_t i = base + u * stride;
#pragma unroll
    for (int p = 0; p < kSlots<kWorld>; ++p) {
      if (i < n_vec && (kWorld > 0 || p < world)) {
        v[u][p] = LoadVector<kAligned>(inputs[p], first + i);
      }
    }
  }
}

template <int kWorld, typename T>
__device__ __forceinline__ uint4 ReduceVector(const uint4 (&v)[kSlots<kWorld>], int world) {
  constexpr int kElems = Elem<T>::kElems;
  float acc[kElems];
  Elem<T>::Unpack(v[0], acc);  // start from rank 0's value: exact, keeps -0
#pragma unroll
  for (int p = 1; p < kSlots<kWorld>; ++p) {
    if (kWorld > 0 || p < world) {
      float x[kElems];
      Elem<T>::Unpack(v[p], x);
#pragma unroll
      for (int e = 0; e < kElems; ++e) acc[e] += x[e];
    }
  }
  return PackVector<T>(acc);
}

// Scalar form (tails): the sum of element i over every rank's input, same order and precision.
template <int kWorld, typename T>
__device__ __forceinline__ float ReduceScalar(const void* const (&inputs)[kMaxWorldSize], int world,
                                              int64_t i) {
  float acc = Elem<T>::Load(inputs[0], i);
#pragma unroll
  for (int p = 1; p < kSlots<kWorld>; ++p) {
    if (kWorld > 0 || p < world) acc += Elem<T>::Load(inputs[p], i);
  }
  return acc;
}

// The one dispatch point for (dtype, world size) -> kernel instantiation. `Family` provides
// `template <int kWorld, typename T> static const void* Kernel()` returning the instantiation.
template <typename Family, typename T>
const void* KernelForWorld(int world_size) {
  switch (KernelWorld(world_size)) {
    case 2: return Family::template Kernel<2, T>();
    case 4: return Family::template Kernel<4, T>();
    case 8: return Family::template Kernel<8, T>();
    default: return Family::template Kernel<0, T>();
  }
}

template <typename Family>
const void* KernelFor(DeviceDType dtype, int world_size) {
  switch (dtype) {
    case DeviceDType::kBf16: return KernelForWorld<Family, __nv_bfloat16>(world_size);
    case DeviceDType::kFp16: return KernelForWorld<Family, __half>(world_size);
    case DeviceDType::kFp32: return KernelForWorld<Family, float>(world_size);
    case DeviceDType::kFp8E4m3: break;  // no collective runs FP8
  }
  return nullptr;
}

// Grid cap of a signal-pad-barrier kernel: blocks that can all be resident at once
// (cudaOccupancyMaxActiveBlocksPerMultiprocessor x SM count on the current device), at most
// kMaxBlocks. Block b of every rank pairs up in the barriers and spins, so a block waiting for
// a not-yet-scheduled block would deadlock (until the timeout): every block must be co-resident.
inline cudaError_t CoResidentBlocks(const void* kernel, int threads, int* max_blocks) {
  if (kernel == nullptr || max_blocks == nullptr) return cudaErrorInvalidValue;
  int device = 0;
  int sm_count = 0;
  int per_sm = 0;
  cudaError_t err = cudaGetDevice(&device);
  if (err != cudaSuccess) return err;
  err = cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device);
  if (err != cudaSuccess) return err;
  err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, 0);
  if (err != cudaSuccess) return err;
  const int resident = per_sm * sm_count;
  if (resident < 1) return cudaErrorInvalidConfiguration;
  *max_blocks = resident < kMaxBlocks ? resident : kMaxBlocks;
  return cudaSuccess;
}

// Blocks for `n_vec` 16-byte vectors of work per rank at `per_block` vectors per block and
// iteration: ceil(n_vec / per_block), at least 1, at most max_blocks.
inline int GridBlocks(int64_t n_vec, int64_t per_block, int max_blocks) {
  int64_t blocks = (n_vec + per_block - 1) / per_block;
  if (blocks < 1) blocks = 1;
  if (blocks > max_blocks) blocks = max_blocks;
  return static_cast<int>(blocks);
}

inline bool Aligned(const void* p) { return reinterpret_cast<uintptr_t>(p) % kVectorBytes == 0; }

// Launches `kernel(*args)` (one by-value struct parameter) as a cooperative launch: the driver
// refuses at once (cudaErrorCooperativeLaunchTooLarge) a grid whose blocks cannot all be
// resident, instead of the barrier spinning until its timeout. Returns the first error of the
// launch and cudaGetLastError (which it also clears).
template <typename Args>
cudaError_t LaunchWithArgs(const void* kernel, int blocks, int threads, const Args& args,
                           cudaStream_t stream) {
  void* params[] = {const_cast<Args*>(&args)};
  const cudaError_t err =
      cudaLaunchCooperativeKernel(kernel, dim3(blocks), dim3(threads), params, 0, stream);
  const cudaError_t last = cudaGetLastError();
  return err != cudaSuccess ? err : last;
}

}  // namespace all_reduce
}  // namespace symmbench
