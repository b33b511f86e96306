// What the CPU GEMM + collective ops share: their seeded inputs, rounding to the dtype in
// blocks, and the tile-by-tile relative Frobenius error of an output against its reference.
#pragma once

#include <algorithm>
#include <cstdint>

#include "kernels/cpu/convert_chunk.h"
#include "kernels/dtype.h"

namespace symmbench {

// Inputs are generated in blocks of this many elements, then rounded in bulk.
inline constexpr int64_t kGemmFillBlock = 1024;

// Element `i` of input stream `stream` for `seed`: pseudo-random, an odd multiple of 2^-23 in
// (-1, 1): exact in float, never zero, and non-zero in bf16 and fp16.
float GemmInputValue(uint64_t seed, uint64_t stream, int64_t i);

// Writes `count` elements value(i) rounded to dtype into dst.
template <typename ValueFn>
void FillRounded(DType dtype, void* dst, int64_t count, ValueFn value) {
  float block[kGemmFillBlock];
  const size_t size = DTypeSize(dtype);
  for (int64_t base = 0; base < count; base += kGemmFillBlock) {
    const int64_t n = std::min(kGemmFillBlock, count - base);
    for (int64_t j = 0; j < n; ++j) block[j] = value(base + j);
    StoreChunkFromFloat(dtype, block, static_cast<char*>(dst) + base * size, n);
  }
}

// dst[i] = value(i) rounded to dtype and widened back to float, for i in [0, count).
template <typename ValueFn>
void RoundThroughDType(DType dtype, float* dst, int64_t count, ValueFn value) {
  float block[kGemmFillBlock];
  uint32_t narrow[kGemmFillBlock];  // room for kGemmFillBlock elements of any dtype
  for (int64_t base = 0; base < count; base += kGemmFillBlock) {
    const int64_t n = std::min(kGemmFillBlock, count - base);
    for (int64_t j = 0; j < n; ++j) block[j] = value(base + j);
    StoreChunkFromFloat(dtype, block, narrow, n);
    LoadChunkAsFloat(dtype, narrow, dst + base, n);
  }
}

// The largest over tiles of `tile_elems` consecutive elements (count a multiple of it) of
// ||got - want||_F / ||want||_F, computed in double (TileRelError: 1e30 for a NaN or infinity).
double MaxTileRelError(const void* got, const void* want, DType dtype, int64_t count,
                       int64_t tile_elems);

}  // namespace symmbench
