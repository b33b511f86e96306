// ag_gemm device kernels: seeded uniform fill (gemm_fill.cuh's generator), one-block signal-pad
// barrier (the BlockBarrier of signal_pad.cuh), flag write for graph capture, and a
// double-precision Frobenius reduction.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "kernels/cuda/ag_gemm_kernels.h"
#include "kernels/cuda/device_types.h"
#include "kernels/cuda/gemm_fill.cuh"
#include "kernels/cuda/signal_pad.cuh"
#include "kernels/symm_mem_layout.h"

namespace symmbench {
namespace {

// Grid-stride passes outside the timed loop: 256 threads, at most 1024 blocks (~8 per SM).
constexpr int kThreads = 256;
constexpr int64_t kMaxGridBlocks = 1024;

int GridBlocks(int64_t count) {
  int64_t blocks = (count + kThreads - 1) / kThreads;
  if (blocks < 1) blocks = 1;
  return static_cast<int>(blocks < kMaxGridBlocks ? blocks : kMaxGridBlocks);
}

using gemm_fill::FillValue;
using gemm_fill::Fp8ScaleValue;
using gemm_fill::ToFloat;

template <typename T>
__global__ void FillUniformKernel(T* data, int64_t count, uint64_t seed, uint32_t fill_stream) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
       i += stride) {
    data[i] = FillValue<T>(seed, fill_stream, i);
  }
}

// scales[i] = (1 + kFp8ScaleSpreadDevice u) / kFp8InputRangeDevice for the draw u in [-1, 1).
__global__ void FillScalesKernel(float* scales, int64_t count, uint64_t seed,
                                 uint32_t fill_stream) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
       i += stride) {
    scales[i] = Fp8ScaleValue(seed, fill_stream, i);
  }
}

// Element i of [rows, n]: d[i] x a_scale[row] x b_scale[col], rounded to bf16 (one thread per
// element, grid-stride: a memory-bound pass).
__global__ void ScaleOuterKernel(const float* d, int64_t rows, int64_t n, const float* a_scale,
                                 const float* b_scale, __nv_bfloat16* c) {
  const int64_t count = rows * n;
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
       i += stride) {
    c[i] = __float2bfloat16_rn(d[i] * a_scale[i / n] * b_scale[i % n]);
  }
}

// One block: every thread calls BlockBarrier (it ends in __syncthreads_or). Nothing else runs
// in this kernel; the copies that the barrier guards are stream-ordered around it.
__global__ void __launch_bounds__(kAgGemmBarrierThreads)
    BarrierKernel(const __grid_constant__ AgGemmBarrierArgs args) {
  (void)signal_pad::BlockBarrier(args.signal_pads, args.rank, args.world_size, args.error,
                                 args.timeout_ns, args.phase, DeviceFaults{});
}

__device__ __forceinline__ double WarpSum(double v) {
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xFFFFFFFFu, v, offset);
  return v;
}

// Segment blockIdx.y (elements [y * segment, (y + 1) * segment)) into sums[blockIdx.y].
template <typename T>
__global__ void __launch_bounds__(kThreads)
    RelFrobeniusKernel(const T* got, const T* want, int64_t segment, FrobeniusSums* all_sums) {
  FrobeniusSums* sums = all_sums + blockIdx.y;
  got += static_cast<int64_t>(blockIdx.y) * segment;
  want += static_cast<int64_t>(blockIdx.y) * segment;
  double diff_sq = 0.0;
  double want_sq = 0.0;
  unsigned long long nonfinite = 0;
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < segment;
       i += stride) {
    const float g = ToFloat(got[i]);
    const float w = ToFloat(want[i]);
    if (!isfinite(g) || !isfinite(w)) {
      ++nonfinite;
      continue;
    }
    const double d = static_cast<double>(g) - static_cast<double>(w);
    diff_sq += d * d;
    want_sq += static_cast<double>(w) * static_cast<double>(w);
  }
  __shared__ double shared_diff[kThreads / 32];
  __shared__ double shared_want[kThreads / 32];
  __shared__ unsigned long long shared_nonfinite;
  if (threadIdx.x == 0) shared_nonfinite = 0;
  __syncthreads();
  diff_sq = WarpSum(diff_sq);
  want_sq = WarpSum(want_sq);
  const int warp = static_cast<int>(threadIdx.x) / 32;
  if (threadIdx.x % 32 == 0) {
    shared_diff[warp] = diff_sq;
    shared_want[warp] = want_sq;
  }
  if (nonfinite != 0) atomicAdd(&shared_nonfinite, nonfinite);
  __syncthreads();
  if (threadIdx.x == 0) {
    double block_diff = 0.0;
    double block_want = 0.0;
    for (int w = 0; w < kThreads / 32; ++w) {
      block_diff += shared_diff[w];
      block_want += shared_want[w];
    }
    atomicAdd(&sums->diff_sq, block_diff);
    atomicAdd(&sums->want_sq, block_want);
    if (shared_nonfinite != 0) atomicAdd(&sums->nonfinite, shared_nonfinite);
  }
}

bool Is16Bit(DeviceDType dtype) {
  return dtype == DeviceDType::kBf16 || dtype == DeviceDType::kFp16;
}

}  // namespace

cudaError_t LaunchAgGemmFillUniform(void* data, int64_t count, DeviceDType dtype, uint64_t seed,
                                    uint32_t fill_stream, cudaStream_t stream) {
  if (data == nullptr || count < 0 || !(Is16Bit(dtype) || dtype == DeviceDType::kFp8E4m3)) {
    return cudaErrorInvalidValue;
  }
  if (count == 0) return cudaSuccess;
  if (dtype == DeviceDType::kFp8E4m3) {
    FillUniformKernel<<<GridBlocks(count), kThreads, 0, stream>>>(static_cast<__nv_fp8_e4m3*>(data),
                                                                  count, seed, fill_stream);
  } else if (dtype == DeviceDType::kBf16) {
    FillUniformKernel<<<GridBlocks(count), kThreads, 0, stream>>>(static_cast<__nv_bfloat16*>(data),
                                                                  count, seed, fill_stream);
  } else {
    FillUniformKernel<<<GridBlocks(count), kThreads, 0, stream>>>(static_cast<__half*>(data), count,
                                                                  seed, fill_stream);
  }
  return cudaGetLastError();
}

cudaError_t LaunchFp8ScaleFill(float* scales, int64_t count, uint64_t seed, uint32_t fill_stream,
                               cudaStream_t stream) {
  if (scales == nullptr || count < 0) return cudaErrorInvalidValue;
  if (count == 0) return cudaSuccess;
  FillScalesKernel<<<GridBlocks(count), kThreads, 0, stream>>>(scales, count, seed, fill_stream);
  return cudaGetLastError();
}

__global__ void ScaleProductKernel(const float* a_scale, const float* b_scale, float* alpha) {
  *alpha = *a_scale * *b_scale;
}

cudaError_t LaunchFp8ScaleProduct(const float* a_scale, const float* b_scale, float* alpha,
                                  cudaStream_t stream) {
  if (a_scale == nullptr || b_scale == nullptr || alpha == nullptr) return cudaErrorInvalidValue;
  ScaleProductKernel<<<1, 1, 0, stream>>>(a_scale, b_scale, alpha);
  return cudaGetLastError();
}

cudaError_t LaunchFp8ScaleOuter(const float* d, int64_t rows, int64_t n, const float* a_scale,
                                const float* b_scale, void* c, cudaStream_t stream) {
  if (d == nullptr || a_scale == nullptr || b_scale == nullptr || c == nullptr || rows < 0 ||
      n < 0) {
    return cudaErrorInvalidValue;
  }
  if (rows == 0 || n == 0) return cudaSuccess;
  ScaleOuterKernel<<<GridBlocks(rows * n), kThreads, 0, stream>>>(d, rows, n, a_scale, b_scale,
                                                                  static_cast<__nv_bfloat16*>(c));
  return cudaGetLastError();
}

cudaError_t LaunchAgGemmBarrier(const AgGemmBarrierArgs& args, cudaStream_t stream) {
  if (args.world_size < 1 || args.world_size > kMaxWorldSize || args.rank < 0 ||
      args.rank >= args.world_size || args.error == nullptr ||
      args.world_size > kAgGemmBarrierThreads) {
    return cudaErrorInvalidValue;
  }
  for (int p = 0; p < args.world_size; ++p) {
    if (args.signal_pads[p] == nullptr) return cudaErrorInvalidValue;
  }
  BarrierKernel<<<1, kAgGemmBarrierThreads, 0, stream>>>(args);
  return cudaGetLastError();
}

cudaError_t LaunchRelFrobenius(const void* got, const void* want, int64_t count, int64_t segment,
                               DeviceDType dtype, FrobeniusSums* sums, cudaStream_t stream) {
  if (got == nullptr || want == nullptr || sums == nullptr || count < 0 || segment < 1 ||
      count % segment != 0 || count / segment > kMaxFrobeniusSegments || !Is16Bit(dtype)) {
    return cudaErrorInvalidValue;
  }
  const int64_t segments = count / segment;
  cudaError_t err = cudaMemsetAsync(sums, 0, sizeof(*sums) * segments, stream);  // 0.0: zero bits
  if (err != cudaSuccess) return err;
  if (count == 0) return cudaSuccess;
  // About kMaxGridBlocks blocks in all, at least one per segment.
  const int64_t per_segment =
      std::max<int64_t>(1, std::min<int64_t>(GridBlocks(segment), kMaxGridBlocks / segments));
  const dim3 grid(static_cast<unsigned>(per_segment), static_cast<unsigned>(segments));
  if (dtype == DeviceDType::kBf16) {
    RelFrobeniusKernel<<<grid, kThreads, 0, stream>>>(static_cast<const __nv_bfloat16*>(got),
                                                      static_cast<const __nv_bfloat16*>(want),
                                                      segment, sums);
  } else {
    RelFrobeniusKernel<<<grid, kThreads, 0, stream>>>(
        static_cast<const __half*>(got), static_cast<const __half*>(want), segment, sums);
  }
  return cudaGetLastError();
}

}  // namespace symmbench
