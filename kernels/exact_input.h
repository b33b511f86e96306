// ExactInputValue: the verification inputs, computed identically on host and device
// (no absl, includable from .cu files).
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define SYMMBENCH_HOST_DEVICE __host__ __device__
#else
#define SYMMBENCH_HOST_DEVICE
#endif

namespace symmbench {

// The value element `i` of `rank`'s input takes for a given seed: a pseudo-random non-zero
// integer in [-8, 8]. Sums of up to 16 such values are exact in bf16, fp16 and fp32, so any
// summation order gives the same bits (nccl-tests' exact-input trick). Same formula on device.
SYMMBENCH_HOST_DEVICE inline int ExactInputValue(uint64_t seed, int rank, int64_t i) {
  uint64_t x = seed ^ (0x9E3779B97F4A7C15ull * static_cast<uint64_t>(rank + 1)) ^
               (0xBF58476D1CE4E5B9ull * static_cast<uint64_t>(i));
  x ^= x >> 31;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 29;
  const int v = static_cast<int>(x % 16);  // 0..15
  return v < 8 ? v - 8 : v - 7;            // -8..-1, 1..8
}

}  // namespace symmbench
