// The CPU GEMM ops' inputs and their output check.
#include "kernels/cpu/gemm_cpu_util.h"

#include <cmath>

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
