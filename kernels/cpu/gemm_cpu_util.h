// What the CPU GEMM + collective ops share: their seeded inputs and FP8 scales, rounding to the
// dtype in blocks, the tile GEMMs' tiles and their OpenBLAS call, and the tile-by-tile relative
// Frobenius error of an output against its reference.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernels/cpu/convert_chunk.h"
#include "kernels/cpu/openblas.h"
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

// One output tile of C: rows [row0, row0 + rows), columns [col0, col0 + cols).
struct CpuGemmTile {
  int64_t row0 = 0, rows = 0, col0 = 0, cols = 0;
};

// The CPU tile GEMMs' tile sizes (ag_gemm's tile_flags, matmul_reduce_scatter's tile_push): 48
// rows, a number that straddles ag_gemm's chunk boundaries as the GPU's 128-row tiles do.
inline constexpr int64_t kCpuTileRows = 48;
inline constexpr int64_t kCpuTileCols = 64;
static_assert(kCpuTileRows >= kTilePushMinTileRows && kCpuTileCols >= kTilePushMinTileCols,
              "tile_push's flag room (TilePushFlagBytes) is sized for tiles no smaller");

// The tiles of an [m, n] C of tile_rows x tile_cols (the last ones of a row or column cut
// short) in the tile-flag order: the row of tiles holding `first_row` first, then the rows
// after it, wrapping round to row 0; within a row of tiles, along N.
std::vector<CpuGemmTile> TileFlagsOrder(int64_t m, int64_t n, int64_t first_row, int64_t tile_rows,
                                        int64_t tile_cols);

// Tile `tile` of C = A @ B, rounded once to GemmOutputDType(dtype): OpenBLAS multiplies the
// float operands, `a_rows` (row tile.row0 of a row-major A of k columns) by `b` (row-major
// [k, n]), in fp32; FP8 scales the product (`scales`, ApplyBlock with A's row tile.row0 first).
// The tile's row i lands at out + i * out_ld elements (`out`: the tile's first element). fp32
// outputs are written by OpenBLAS directly; the others go through `scratch` (the tile's first
// element in a float array of rows n apart).
void GemmTileRounded(const OpenBlas& blas, DType dtype, const float* a_rows, const float* b,
                     int64_t k, int64_t n, const CpuGemmTile& tile, const CpuFp8Scales* scales,
                     float* scratch, void* out, int64_t out_ld);

// The largest over tiles of `tile_elems` consecutive elements (count a multiple of it) of
// ||got - want||_F / ||want||_F, computed in double (TileRelError: 1e30 for a NaN or infinity).
double MaxTileRelError(const void* got, const void* want, DType dtype, int64_t count,
                       int64_t tile_elems);

}  // namespace symmbench
