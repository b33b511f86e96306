// One-shot all-reduce kernels (sum; bf16, fp16, fp32; world size 2, 4, 8 + generic), their
// single dispatch point and the launcher. Algorithm: PyTorch c10d symm_mem one_shot_all_reduce.
#include "kernels/cuda/one_shot_all_reduce.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cuda/device_types.h"
#include "kernels/cuda/signal_pad.cuh"
#include "kernels/symm_mem_layout.h"

namespace symmbench {
namespace {

constexpr int kVectorBytes = 16;  // uint4: one LDG.E.128 / STG.E.128 per access

// 16-byte vectors per thread per loop iteration for a world size (0 = generic): the loads in
// flight per thread are vecs x world_size = kOneShotLoadsInFlight (2 -> 4, 4 -> 2, 8 -> 1).
// The generic kernel keeps one vector per peer slot (up to kMaxWorldSize loads).
__host__ __device__ constexpr int VecsPerThread(int world) {
  return (world <= 0 || world >= kOneShotLoadsInFlight) ? 1 : kOneShotLoadsInFlight / world;
}

// Templated world size for a run-time one: the specialised ones, else 0 (generic).
int KernelWorld(int world_size) {
  return (world_size == 2 || world_size == 4 || world_size == 8) ? world_size : 0;
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

// kWorld: 2, 4, 8, or 0 = generic (run-time world_size <= kMaxWorldSize, peer slots guarded).
// One thread handles vectors base + u * stride (u < kVecs) per iteration: all kVecs x peers
// loads are issued before the first add, so they are in flight together.
template <int kWorld, typename T>
__global__ void __launch_bounds__(kOneShotThreads)
    OneShotAllReduceKernel(const __grid_constant__ OneShotArgs args) {
  constexpr int kVecs = VecsPerThread(kWorld);
  constexpr int kSlots = kWorld > 0 ? kWorld : kMaxWorldSize;
  constexpr int kElems = Elem<T>::kElems;
  const int world = kWorld > 0 ? kWorld : args.world_size;

  if (!signal_pad::BlockBarrier(args.signal_pads, args.rank, world, args.error,
                                args.barrier_timeout_ns, BarrierPhase::kEntry)) {
    return;
  }

  const int64_t n_vec = args.count / kElems;
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  uint4* out = static_cast<uint4*>(args.output);
  for (int64_t base = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; base < n_vec;
       base += stride * kVecs) {
    uint4 v[kVecs][kSlots];
#pragma unroll
    for (int u = 0; u < kVecs; ++u) {
      const int64_t i = base + u * stride;
#pragma unroll
      for (int p = 0; p < kSlots; ++p) {
        if (i < n_vec && (kWorld > 0 || p < world)) {
          v[u][p] = static_cast<const uint4*>(args.inputs[p])[i];
        }
      }
    }
#pragma unroll
    for (int u = 0; u < kVecs; ++u) {
      const int64_t i = base + u * stride;
      if (i < n_vec) {
        float acc[kElems];
        Elem<T>::Unpack(v[u][0], acc);  // start from rank 0's value: exact, keeps -0
#pragma unroll
        for (int p = 1; p < kSlots; ++p) {
          if (kWorld > 0 || p < world) {
            float x[kElems];
            Elem<T>::Unpack(v[u][p], x);
#pragma unroll
            for (int e = 0; e < kElems; ++e) acc[e] += x[e];
          }
        }
        out[i] = PackVector<T>(acc);
      }
    }
  }

  // Scalar tail: the last count % kElems elements, one thread each, same order and precision.
  if (blockIdx.x == gridDim.x - 1) {
    const int64_t i = n_vec * kElems + threadIdx.x;
    if (i < args.count) {
      float acc = Elem<T>::Load(args.inputs[0], i);
#pragma unroll
      for (int p = 1; p < kSlots; ++p) {
        if (kWorld > 0 || p < world) acc += Elem<T>::Load(args.inputs[p], i);
      }
      Elem<T>::Store(args.output, i, acc);
    }
  }

  signal_pad::BlockBarrier(args.signal_pads, args.rank, world, args.error, args.barrier_timeout_ns,
                           BarrierPhase::kExit);
}

using KernelFn = void (*)(const OneShotArgs);

template <typename T>
KernelFn KernelForWorld(int world_size) {
  switch (KernelWorld(world_size)) {
    case 2: return OneShotAllReduceKernel<2, T>;
    case 4: return OneShotAllReduceKernel<4, T>;
    case 8: return OneShotAllReduceKernel<8, T>;
    default: return OneShotAllReduceKernel<0, T>;
  }
}

// The one dispatch point for (dtype, world size) -> kernel instantiation.
KernelFn KernelFor(DeviceDType dtype, int world_size) {
  switch (dtype) {
    case DeviceDType::kBf16: return KernelForWorld<__nv_bfloat16>(world_size);
    case DeviceDType::kFp16: return KernelForWorld<__half>(world_size);
    case DeviceDType::kFp32: return KernelForWorld<float>(world_size);
  }
  return nullptr;
}

bool Aligned(const void* p) { return reinterpret_cast<uintptr_t>(p) % kVectorBytes == 0; }

}  // namespace

cudaError_t OneShotMaxBlocks(DeviceDType dtype, int world_size, int* max_blocks) {
  if (max_blocks == nullptr || world_size < 1 || world_size > kMaxWorldSize) {
    return cudaErrorInvalidValue;
  }
  const KernelFn kernel = KernelFor(dtype, world_size);
  if (kernel == nullptr) return cudaErrorInvalidValue;
  int device = 0;
  int sm_count = 0;
  int per_sm = 0;
  cudaError_t err = cudaGetDevice(&device);
  if (err != cudaSuccess) return err;
  err = cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device);
  if (err != cudaSuccess) return err;
  err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kOneShotThreads, 0);
  if (err != cudaSuccess) return err;
  const int resident = per_sm * sm_count;
  if (resident < 1) return cudaErrorInvalidConfiguration;
  *max_blocks = resident < kMaxBlocks ? resident : kMaxBlocks;
  return cudaSuccess;
}

int OneShotGridBlocks(int64_t count, DeviceDType dtype, int world_size, int max_blocks) {
  const int64_t elems_per_vec = kVectorBytes / DeviceDTypeSize(dtype);
  const int64_t n_vec = count > 0 ? count / elems_per_vec : 0;
  const int64_t per_block =
      static_cast<int64_t>(kOneShotThreads) * VecsPerThread(KernelWorld(world_size));
  int64_t blocks = (n_vec + per_block - 1) / per_block;
  if (blocks < 1) blocks = 1;
  if (blocks > max_blocks) blocks = max_blocks;
  return static_cast<int>(blocks);
}

cudaError_t LaunchOneShotAllReduce(const OneShotArgs& args, cudaStream_t stream) {
  if (args.world_size < 1 || args.world_size > kMaxWorldSize || args.rank < 0 ||
      args.rank >= args.world_size || args.count < 0 || args.max_blocks < 1 ||
      args.max_blocks > kMaxBlocks || args.error == nullptr || args.output == nullptr ||
      !Aligned(args.output)) {
    return cudaErrorInvalidValue;
  }
  for (int p = 0; p < args.world_size; ++p) {
    if (args.inputs[p] == nullptr || !Aligned(args.inputs[p]) || args.signal_pads[p] == nullptr) {
      return cudaErrorInvalidValue;
    }
  }
  const KernelFn kernel = KernelFor(args.dtype, args.world_size);
  if (kernel == nullptr) return cudaErrorInvalidValue;
  const int blocks = OneShotGridBlocks(args.count, args.dtype, args.world_size, args.max_blocks);
  void* params[] = {const_cast<OneShotArgs*>(&args)};
  const cudaError_t err = cudaLaunchKernel(reinterpret_cast<const void*>(kernel), dim3(blocks),
                                           dim3(kOneShotThreads), params, 0, stream);
  const cudaError_t last = cudaGetLastError();  // also clears the launch error
  return err != cudaSuccess ? err : last;
}

}  // namespace symmbench
