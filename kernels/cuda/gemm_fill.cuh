// The GEMM ops' seeded input generator on the device (nvcc only): the fills of ag_gemm_kernels.cu
// and the row check of gemm_row_check.cu draw every value through these, so that the check
// regenerates exactly the inputs the fills wrote.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <cstdint>

#include "kernels/cuda/ag_gemm_kernels.h"

namespace symmbench {
namespace gemm_fill {

// splitmix64-style mix of (seed, fill stream, index); the top 24 bits give k / 2^23 - 1, a
// value in [-1, 1) exactly representable in float (and never NaN).
__device__ __forceinline__ float UniformValue(uint64_t seed, uint32_t fill_stream, int64_t i) {
  uint64_t x = seed * 0x9E3779B97F4A7C15ull ^
               (0xD1B54A32D192ED03ull * (static_cast<uint64_t>(fill_stream) + 1)) ^
               (0xBF58476D1CE4E5B9ull * static_cast<uint64_t>(i));
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  const uint32_t bits = static_cast<uint32_t>(x >> 40);  // 24 bits
  return static_cast<float>(bits) * (1.0f / 8388608.0f) - 1.0f;
}

// A draw rounded to the element type T (to nearest even).
template <typename T>
__device__ __forceinline__ T FromFloat(float v);
template <>
__device__ __forceinline__ __nv_bfloat16 FromFloat<__nv_bfloat16>(float v) {
  return __float2bfloat16_rn(v);
}
template <>
__device__ __forceinline__ __half FromFloat<__half>(float v) {
  return __float2half_rn(v);
}
// FP8: the draw times kFp8InputRange, rounded to nearest even and saturated to +-448 (the
// host's FloatToE4m3).
template <>
__device__ __forceinline__ __nv_fp8_e4m3 FromFloat<__nv_fp8_e4m3>(float v) {
  __nv_fp8_e4m3 out;
  out.__x = __nv_cvt_float_to_fp8(v * kFp8InputRangeDevice, __NV_SATFINITE, __NV_E4M3);
  return out;
}

__device__ __forceinline__ float ToFloat(__nv_bfloat16 v) { return __bfloat162float(v); }
__device__ __forceinline__ float ToFloat(__half v) { return __half2float(v); }
__device__ __forceinline__ float ToFloat(__nv_fp8_e4m3 v) { return static_cast<float>(v); }

// Element i of fill stream `fill_stream` as LaunchAgGemmFillUniform stores it in T.
template <typename T>
__device__ __forceinline__ T FillValue(uint64_t seed, uint32_t fill_stream, int64_t i) {
  return FromFloat<T>(UniformValue(seed, fill_stream, i));
}

// Scale i of an FP8 scale stream as LaunchFp8ScaleFill stores it:
// (1 + kFp8ScaleSpreadDevice u) / kFp8InputRangeDevice for the draw u in [-1, 1).
__device__ __forceinline__ float Fp8ScaleValue(uint64_t seed, uint32_t fill_stream, int64_t i) {
  return (1.0f + kFp8ScaleSpreadDevice * UniformValue(seed, fill_stream, i)) / kFp8InputRangeDevice;
}

}  // namespace gemm_fill
}  // namespace symmbench
