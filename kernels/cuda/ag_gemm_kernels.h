// Device helpers of the CUDA ag_gemm (host launchers, no absl; kernels in ag_gemm_kernels.cu):
// seeded uniform fills, the one-block signal-pad barrier, the flag-writing kernel used under
// graph capture, and the relative Frobenius error of C against C_ref.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "kernels/cuda/device_types.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {

// Fill streams: the A shard of rank r uses stream r (0..kMaxWorldSize-1); B uses this one on
// every rank, so every rank draws the same B from the seed alone.
constexpr uint32_t kAgGemmBFillStream = 0xB0B0u;

// kFp8InputRange and kFp8ScaleSpread of kernels/gemm_collective.h, which nvcc does not compile
// (absl); ag_gemm_cuda.cc asserts that they agree.
inline constexpr float kFp8InputRangeDevice = 448.0f;
inline constexpr float kFp8ScaleSpreadDevice = 0.5f;

// data[i] = a hash of (seed, fill_stream, i) mapped to [-1, 1) (24 random bits, then rounded
// to nearest even in `dtype`; bf16, fp16, or fp8_e4m3 after a multiplication by
// kFp8InputRangeDevice, saturating), i < count. Enqueued on `stream`.
// cudaErrorInvalidValue for null data, negative count or fp32; else the launch's error.
cudaError_t LaunchAgGemmFillUniform(void* data, int64_t count, DeviceDType dtype, uint64_t seed,
                                    uint32_t fill_stream, cudaStream_t stream);

// FP8 scales: scales[i] = (1 + kFp8ScaleSpreadDevice u_i) / kFp8InputRangeDevice, u_i the
// [-1, 1) draw of (seed, fill_stream, i), i < count. Enqueued on `stream`.
// cudaErrorInvalidValue for null scales or a negative count; else the launch's error.
cudaError_t LaunchFp8ScaleFill(float* scales, int64_t count, uint64_t seed, uint32_t fill_stream,
                               cudaStream_t stream);

// *alpha = *a_scale x *b_scale (tensor-wise FP8 scales folded into one GEMM alpha), enqueued on
// `stream`. cudaErrorInvalidValue for a null pointer; else the launch's error.
cudaError_t LaunchFp8ScaleProduct(const float* a_scale, const float* b_scale, float* alpha,
                                  cudaStream_t stream);

// c[i, j] = bf16(d[i, j] x a_scale[i] x b_scale[j]) for a row-major fp32 d and bf16 c of
// [rows, n]: row-wise FP8 scales applied after a GEMM that ran with unit scales (cuBLASLt
// without OUTER_VEC_32F). Enqueued on `stream`. cudaErrorInvalidValue for null pointers or
// negative sizes; else the launch's error.
cudaError_t LaunchFp8ScaleOuter(const float* d, int64_t rows, int64_t n, const float* a_scale,
                                const float* b_scale, void* c, cudaStream_t stream);

// One signal-pad barrier among block 0 of every rank (signal_pad::BlockBarrier, 1 block of
// kAgGemmBarrierThreads threads). Pad slot row 0 is shared with every other barrier user; they
// are all ordered on the backend's stream (ag_gemm's copy stream runs between two events of
// that stream), so every rank issues the same sequence of barriers on the slot. A timeout is
// recorded in `error` (never returned here). cudaErrorInvalidValue on bad arguments.
constexpr int kAgGemmBarrierThreads = 32;  // one warp; threads < world_size do the signalling
struct AgGemmBarrierArgs {
  uint32_t* signal_pads[kMaxWorldSize] = {};  // rank p's pad as mapped here
  int32_t rank = 0;
  int32_t world_size = 1;
  uint64_t timeout_ns = 0;
  DeviceErrorRecord* error = nullptr;
  BarrierPhase phase = BarrierPhase::kEntry;
};
cudaError_t LaunchAgGemmBarrier(const AgGemmBarrierArgs& args, cudaStream_t stream);

// Device-side sums of LaunchRelFrobenius, accumulated in double.
struct FrobeniusSums {
  double diff_sq;                // sum over i of (got[i] - want[i])^2
  double want_sq;                // sum over i of want[i]^2
  unsigned long long nonfinite;  // elements where got or want is NaN or infinite
};

// Most segments of one LaunchRelFrobenius.
constexpr int64_t kMaxFrobeniusSegments = 65535;

// Splits i < count (bf16 or fp16 buffers) into count / segment segments of `segment`
// consecutive elements (count a multiple of segment, at most kMaxFrobeniusSegments segments),
// resets sums[0 .. segments) (device memory) and accumulates segment s's sums into sums[s]; all
// on `stream`. The host computes each segment's error (TileRelError in kernels/gemm_collective.h).
cudaError_t LaunchRelFrobenius(const void* got, const void* want, int64_t count, int64_t segment,
                               DeviceDType dtype, FrobeniusSums* sums, cudaStream_t stream);

}  // namespace symmbench
