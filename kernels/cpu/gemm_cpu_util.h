// What the CPU GEMM + collective ops share: their seeded inputs and FP8 scales, rounding to the
// dtype in blocks, and the tile-by-tile relative Frobenius error of an output against its
// reference.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernels/cpu/convert_chunk.h"
#include "kernels/dtype.h"
#include "kernels/gemm_collective.h"

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

// FP8 scale `i` of `stream` (kFp8ScaleSpread in kernels/gemm_collective.h): positive, never
// equal to its neighbours, (1 + 0.5 u) / 448 for the draw u = GemmInputValue(seed, stream, i).
float Fp8ScaleValue(uint64_t seed, uint64_t stream, int64_t i);

// A GEMM op's FP8 scales on the CPU backend: one float for all of A and one for B
// (tensorwise), or one per row of A and one per column of B (rowwise).
struct CpuFp8Scales {
  std::vector<float> a;  // 1 or a_rows
  std::vector<float> b;  // 1 or n
  bool rowwise = false;

  // Draws them from `seed`: A's from stream a_stream (a_rows of them when rowwise), B's from
  // b_stream (n when rowwise).
  void Fill(Fp8Scaling scaling, uint64_t seed, uint64_t a_stream, int64_t a_rows, uint64_t b_stream,
            int64_t n);
  // c[i, j] *= a[a_row0 + i] x b[j] for a block of `rows` rows of n columns (the tensorwise
  // scales for every element): what cuBLASLt does to the fp32 accumulator before rounding.
  void Apply(int64_t a_row0, int64_t rows, int64_t n, float* c) const;
  // The same for the block of columns [col0, col0 + cols) of those rows, c's rows ldc apart
  // (c points at the block's first element).
  void ApplyBlock(int64_t a_row0, int64_t rows, int64_t col0, int64_t cols, int64_t ldc,
                  float* c) const;
};

// The largest over tiles of `tile_elems` consecutive elements (count a multiple of it) of
// ||got - want||_F / ||want||_F, computed in double (TileRelError: 1e30 for a NaN or infinity).
double MaxTileRelError(const void* got, const void* want, DType dtype, int64_t count,
                       int64_t tile_elems);

}  // namespace symmbench
