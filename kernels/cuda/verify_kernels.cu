// Verification kernels: exact-input fill (ExactInputValue, same formula as the host) and a
// bitwise comparison counting mismatches (atomicAdd) and the first bad index (atomicMin).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

#include <cstdint>

#include "kernels/cuda/device_types.h"
#include "kernels/cuda/verify_kernels.h"
#include "kernels/exact_input.h"
#include "kernels/random_input.h"

namespace symmbench {
namespace {

// Plain grid-stride kernels: 256 threads, at most 1024 blocks (8 per SM on 132 SMs is plenty
// for a memory-bound pass; these run outside the timed loop).
constexpr int kVerifyThreads = 256;
constexpr int64_t kVerifyMaxBlocks = 1024;

int VerifyBlocks(int64_t count) {
  int64_t blocks = (count + kVerifyThreads - 1) / kVerifyThreads;
  if (blocks < 1) blocks = 1;
  return static_cast<int>(blocks < kVerifyMaxBlocks ? blocks : kVerifyMaxBlocks);
}

// data[i] = v in `dtype`; exact for the values the fills below make.
__device__ void StoreAs(void* data, int64_t i, DeviceDType dtype, float v) {
  switch (dtype) {
    case DeviceDType::kBf16: static_cast<__nv_bfloat16*>(data)[i] = __float2bfloat16_rn(v); break;
    case DeviceDType::kFp16: static_cast<__half*>(data)[i] = __float2half_rn(v); break;
    case DeviceDType::kFp32: static_cast<float*>(data)[i] = v; break;
    case DeviceDType::kFp8E4m3:
      static_cast<__nv_fp8_e4m3*>(data)[i] = __nv_fp8_e4m3(v);  // exact: |v| <= 8
      break;
  }
}

// kRandom: RandomInputValue, else ExactInputValue; both exact in every dtype.
template <bool kRandom>
__global__ void FillInputKernel(void* data, int64_t count, DeviceDType dtype, uint64_t seed,
                                int rank) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
       i += stride) {
    StoreAs(data, i, dtype,
            kRandom ? RandomInputValue(seed, rank, i)
                    : static_cast<float>(ExactInputValue(seed, rank, i)));
  }
}

// The sum over ranks of the exact inputs at first + i (LaunchFillExactSum): exact in bf16,
// fp16 and fp32 (at most 16 values in [-8, 8]).
__global__ void FillExactSumKernel(void* data, int64_t count, DeviceDType dtype, uint64_t seed,
                                   int world_size, int64_t first) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
       i += stride) {
    int sum = 0;
    for (int p = 0; p < world_size; ++p) sum += ExactInputValue(seed, p, first + i);
    StoreAs(data, i, dtype, static_cast<float>(sum));
  }
}

template <typename Word>
__global__ void CompareBitwiseKernel(const Word* got, const Word* want, int64_t count,
                                     CompareCounters* counters) {
  constexpr Word kPoison = static_cast<Word>(~Word{0});
  unsigned long long wrong = 0;
  unsigned long long first = ~0ull;
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
       i += stride) {
    const Word g = got[i];
    if (g != want[i] || g == kPoison) {
      ++wrong;
      if (static_cast<unsigned long long>(i) < first) first = static_cast<unsigned long long>(i);
    }
  }
  if (wrong != 0) {
    atomicAdd(&counters->wrong, wrong);
    atomicMin(&counters->first_bad, first);
  }
}

}  // namespace

template <bool kRandom>
cudaError_t LaunchFillInput(void* data, int64_t count, DeviceDType dtype, uint64_t seed, int rank,
                            cudaStream_t stream) {
  if (data == nullptr || count < 0 || rank < 0) return cudaErrorInvalidValue;
  if (count == 0) return cudaSuccess;
  FillInputKernel<kRandom><<<VerifyBlocks(count), kVerifyThreads, 0, stream>>>(data, count, dtype,
                                                                              seed, rank);
  return cudaGetLastError();
}

cudaError_t LaunchFillExactInput(void* data, int64_t count, DeviceDType dtype, uint64_t seed,
                                 int rank, cudaStream_t stream) {
  return LaunchFillInput<false>(data, count, dtype, seed, rank, stream);
}

cudaError_t LaunchFillRandomInput(void* data, int64_t count, DeviceDType dtype, uint64_t seed,
                                  int rank, cudaStream_t stream) {
  return LaunchFillInput<true>(data, count, dtype, seed, rank, stream);
}

cudaError_t LaunchFillExactSum(void* data, int64_t count, DeviceDType dtype, uint64_t seed,
                               int world_size, int64_t first_index, cudaStream_t stream) {
  if (data == nullptr || count < 0 || world_size < 1 || world_size > 16 || first_index < 0) {
    return cudaErrorInvalidValue;
  }
  if (count == 0) return cudaSuccess;
  FillExactSumKernel<<<VerifyBlocks(count), kVerifyThreads, 0, stream>>>(data, count, dtype, seed,
                                                                         world_size, first_index);
  return cudaGetLastError();
}

cudaError_t LaunchCompareBitwise(const void* got, const void* want, int64_t count,
                                 DeviceDType dtype, CompareCounters* counters,
                                 cudaStream_t stream) {
  if (got == nullptr || want == nullptr || counters == nullptr || count < 0) {
    return cudaErrorInvalidValue;
  }
  // wrong = 0, first_bad = ~0: two byte-pattern memsets on the two fields.
  cudaError_t err = cudaMemsetAsync(&counters->wrong, 0, sizeof(counters->wrong), stream);
  if (err != cudaSuccess) return err;
  err = cudaMemsetAsync(&counters->first_bad, 0xFF, sizeof(counters->first_bad), stream);
  if (err != cudaSuccess) return err;
  if (count == 0) return cudaSuccess;
  const int blocks = VerifyBlocks(count);
  if (DeviceDTypeSize(dtype) == 4) {
    CompareBitwiseKernel<uint32_t><<<blocks, kVerifyThreads, 0, stream>>>(
        static_cast<const uint32_t*>(got), static_cast<const uint32_t*>(want), count, counters);
  } else if (DeviceDTypeSize(dtype) == 1) {
    CompareBitwiseKernel<uint8_t><<<blocks, kVerifyThreads, 0, stream>>>(
        static_cast<const uint8_t*>(got), static_cast<const uint8_t*>(want), count, counters);
  } else {
    CompareBitwiseKernel<uint16_t><<<blocks, kVerifyThreads, 0, stream>>>(
        static_cast<const uint16_t*>(got), static_cast<const uint16_t*>(want), count, counters);
  }
  return cudaGetLastError();
}

// One thread: adds one comparison's counters to the running totals (LaunchAddToTotals).
__global__ void AddToTotalsKernel(const CompareCounters* counters, const unsigned char* got,
                                  const unsigned char* want, int element_bytes,
                                  unsigned long long comparison, CompareTotals* totals) {
  if (counters->wrong == 0) return;
  if (totals->wrong == 0) {
    totals->first_bad = counters->first_bad;
    totals->first_comparison = comparison;
    unsigned int got_bits = 0;
    unsigned int want_bits = 0;
    const unsigned long long at = counters->first_bad * element_bytes;
    for (int b = 0; b < element_bytes; ++b) {  // little-endian, as the host reads them
      got_bits |= static_cast<unsigned int>(got[at + b]) << (8 * b);
      want_bits |= static_cast<unsigned int>(want[at + b]) << (8 * b);
    }
    totals->got_bits = got_bits;
    totals->want_bits = want_bits;
  }
  totals->wrong += counters->wrong;
}

cudaError_t LaunchAddToTotals(const CompareCounters* counters, const void* got, const void* want,
                              int element_bytes, unsigned long long comparison,
                              CompareTotals* totals, cudaStream_t stream) {
  if (counters == nullptr || got == nullptr || want == nullptr || totals == nullptr ||
      element_bytes < 1 || element_bytes > 4) {
    return cudaErrorInvalidValue;
  }
  AddToTotalsKernel<<<1, 1, 0, stream>>>(counters, static_cast<const unsigned char*>(got),
                                         static_cast<const unsigned char*>(want), element_bytes,
                                         comparison, totals);
  return cudaGetLastError();
}

// One thread: flips the lowest bit of one byte (fault injection).
__global__ void FlipLowestBitKernel(unsigned char* byte) { *byte ^= 0x01; }

cudaError_t LaunchFlipLowestBit(void* byte, cudaStream_t stream) {
  if (byte == nullptr) return cudaErrorInvalidValue;
  FlipLowestBitKernel<<<1, 1, 0, stream>>>(static_cast<unsigned char*>(byte));
  return cudaGetLastError();
}

}  // namespace symmbench
