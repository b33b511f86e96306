// RandomInputValue: the random-float verification inputs, computed identically on host and
// device (no absl, includable from .cu files). Where the exact inputs (exact_input.h) make every
// sum exact, these make the summation order and precision visible: a kernel that accumulates in
// bf16, or adds in another order, gives other bits than the documented contract (fp32, rank
// order 0..n-1 starting from x_0, one rounding).
#pragma once

#include <cstdint>

#include "kernels/exact_input.h"  // SYMMBENCH_HOST_DEVICE

namespace symmbench {

// Element `i` of `rank`'s input for a seed: m / 256 * 2^-k with m in [-255, 255] and k in
// [0, 16], so exact in bf16, fp16 (subnormals included) and fp32, while sums over ranks need up
// to 27 significant bits and round in fp32. -0 where i % 31 == 7 on every rank (the sum must
// stay -0) and on one element in 23 of each rank alone.
SYMMBENCH_HOST_DEVICE inline float RandomInputValue(uint64_t seed, int rank, int64_t i) {
  if (i % 31 == 7) return -0.0f;
  uint64_t x = seed ^ (0xD6E8FEB86659FD93ull * static_cast<uint64_t>(rank + 1)) ^
               (0x9E3779B97F4A7C15ull * static_cast<uint64_t>(i));
  x ^= x >> 32;
  x *= 0xD6E8FEB86659FD93ull;
  x ^= x >> 29;
  if ((x >> 40) % 23 == 0) return -0.0f;
  const int m = static_cast<int>(x % 511) - 255;
  const int k = static_cast<int>((x >> 16) % 17);
  // m / 256 and 1 / 2^k are exact; so is their product (no rounding anywhere).
  return static_cast<float>(m) / 256.0f * (1.0f / static_cast<float>(1 << k));
}

}  // namespace symmbench
