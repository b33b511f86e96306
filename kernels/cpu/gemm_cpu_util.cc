// The CPU GEMM ops' inputs and their output check.
#include "kernels/cpu/gemm_cpu_util.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "kernels/gemm_collective.h"

namespace symmbench {
namespace {

// splitmix64 finaliser.
uint64_t Mix(uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  return x;
}

}  // namespace

float GemmInputValue(uint64_t seed, uint64_t stream, int64_t i) {
  const uint64_t h = Mix(seed ^ Mix(stream) ^ (0x9E3779B97F4A7C15ull * static_cast<uint64_t>(i)));
  const int64_t v = static_cast<int64_t>(h >> 41);  // 23 bits
  return static_cast<float>(2 * v + 1 - (int64_t{1} << 23)) * 0x1p-23f;
}

float Fp8ScaleValue(uint64_t seed, uint64_t stream, int64_t i) {
  return (1.0f + kFp8ScaleSpread * GemmInputValue(seed, stream, i)) / kFp8InputRange;
}

void CpuFp8Scales::Fill(Fp8Scaling scaling, uint64_t seed, uint64_t a_stream, int64_t a_rows,
                        uint64_t b_stream, int64_t n) {
  rowwise = scaling == Fp8Scaling::kRowwise;
  a.resize(rowwise ? a_rows : 1);
  b.resize(rowwise ? n : 1);
  for (size_t i = 0; i < a.size(); ++i) a[i] = Fp8ScaleValue(seed, a_stream, i);
  for (size_t j = 0; j < b.size(); ++j) b[j] = Fp8ScaleValue(seed, b_stream, j);
}

void CpuFp8Scales::Apply(int64_t a_row0, int64_t rows, int64_t n, float* c) const {
  ApplyBlock(a_row0, rows, 0, n, n, c);
}

void CpuFp8Scales::ApplyBlock(int64_t a_row0, int64_t rows, int64_t col0, int64_t cols, int64_t ldc,
                              float* c) const {
  for (int64_t i = 0; i < rows; ++i) {
    const float sa = rowwise ? a[a_row0 + i] : a[0];
    float* row = c + i * ldc;
    for (int64_t j = 0; j < cols; ++j) row[j] *= sa * (rowwise ? b[col0 + j] : b[0]);
  }
}

std::vector<CpuGemmTile> TileFlagsOrder(int64_t m, int64_t n, int64_t first_row, int64_t tile_rows,
                                        int64_t tile_cols) {
  std::vector<CpuGemmTile> tiles;
  if (m < 1 || n < 1 || tile_rows < 1 || tile_cols < 1) return tiles;
  const int64_t tiles_m = (m + tile_rows - 1) / tile_rows;
  const int64_t first = std::clamp<int64_t>(first_row, 0, m - 1) / tile_rows;
  for (int64_t i = 0; i < tiles_m; ++i) {
    const int64_t row0 = (first + i) % tiles_m * tile_rows;
    for (int64_t col0 = 0; col0 < n; col0 += tile_cols) {
      tiles.push_back({row0, std::min(tile_rows, m - row0), col0, std::min(tile_cols, n - col0)});
    }
  }
  return tiles;
}

void GemmTileRounded(const OpenBlas& blas, DType dtype, const float* a_rows, const float* b,
                     int64_t k, int64_t n, const CpuGemmTile& tile, const CpuFp8Scales* scales,
                     float* scratch, void* out, int64_t out_ld) {
  const DType out_dtype = GemmOutputDType(dtype);
  const bool direct = out_dtype == DType::kFp32;
  float* c = direct ? static_cast<float*>(out) : scratch;
  const int64_t ldc = direct ? out_ld : n;
  blas.sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, static_cast<int>(tile.rows),
             static_cast<int>(tile.cols), static_cast<int>(k), 1.0f, a_rows, static_cast<int>(k),
             b + tile.col0, static_cast<int>(n), 0.0f, c, static_cast<int>(ldc));
  if (dtype == DType::kFp8E4m3 && scales != nullptr) {
    scales->ApplyBlock(tile.row0, tile.rows, tile.col0, tile.cols, ldc, c);
  }
  if (direct) return;
  const size_t out_size = DTypeSize(out_dtype);
  for (int64_t i = 0; i < tile.rows; ++i) {
    StoreChunkFromFloat(out_dtype, c + i * n, static_cast<char*>(out) + i * out_ld * out_size,
                        tile.cols);
  }
}

double MaxTileRelError(const void* got, const void* want, DType dtype, int64_t count,
                       int64_t tile_elems) {
  const size_t size = DTypeSize(dtype);
  const auto* g = static_cast<const char*>(got);
  const auto* w = static_cast<const char*>(want);
  float got_f[kGemmFillBlock];
  float want_f[kGemmFillBlock];
  double worst = 0.0;
  for (int64_t tile = 0; tile < count; tile += tile_elems) {
    double diff2 = 0.0;
    double ref2 = 0.0;
    bool finite = true;
    for (int64_t base = tile; base < tile + tile_elems; base += kGemmFillBlock) {
      const int64_t n = std::min(kGemmFillBlock, tile + tile_elems - base);
      LoadChunkAsFloat(dtype, g + base * size, got_f, n);
      LoadChunkAsFloat(dtype, w + base * size, want_f, n);
      for (int64_t j = 0; j < n; ++j) {
        finite = finite && std::isfinite(got_f[j]) && std::isfinite(want_f[j]);
        const double d = static_cast<double>(got_f[j]) - want_f[j];
        diff2 += d * d;
        ref2 += static_cast<double>(want_f[j]) * want_f[j];
      }
    }
    worst = std::max(worst, TileRelError(diff2, ref2, finite));
  }
  return worst;
}

}  // namespace symmbench
