// Chunk conversions: fp32 copies, bf16 by bit operations (as dtype.cc), fp16 by F16C when the
// CPU has it (chosen once at run time, the library is built without -mf16c), else scalar; E4M3
// by a table (loads) and kernels/fp8.h (stores).
#include "kernels/cpu/convert_chunk.h"

#include <cstring>

#include "kernels/fp8.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace symmbench {
namespace {

void LoadBf16(const uint16_t* src, float* dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    const uint32_t u = static_cast<uint32_t>(src[i]) << 16;
    std::memcpy(&dst[i], &u, sizeof(u));
  }
}

// Round to nearest even, NaN kept NaN (quietened): the rule of dtype.cc's FloatToBf16.
void StoreBf16(const float* src, uint16_t* dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    uint32_t u;
    std::memcpy(&u, &src[i], sizeof(u));
    const bool nan = (u & 0x7FFFFFFFu) > 0x7F800000u;
    const uint32_t rounded = (u + 0x7FFFu + ((u >> 16) & 1u)) >> 16;
    dst[i] = static_cast<uint16_t>(nan ? ((u >> 16) | 0x40u) : rounded);
  }
}

void LoadFp16Scalar(const uint16_t* src, float* dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i) dst[i] = Fp16ToFloat(src[i]);
}

void StoreFp16Scalar(const float* src, uint16_t* dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i) dst[i] = FloatToFp16(src[i]);
}

// E4M3 -> float through a table of the 256 codes' values (E4m3ToFloat's, built once).
void LoadE4m3(const uint8_t* src, float* dst, int64_t n) {
  static const auto* const kValues = [] {
    auto* values = new float[256];
    for (int code = 0; code < 256; ++code) values[code] = E4m3ToFloat(static_cast<uint8_t>(code));
    return values;
  }();
  for (int64_t i = 0; i < n; ++i) dst[i] = kValues[src[i]];
}

void StoreE4m3(const float* src, uint8_t* dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i) dst[i] = FloatToE4m3(src[i]);
}

#if defined(__x86_64__)
// F16C converts exactly (fp16 -> float) and rounds to nearest even (float -> fp16, with the
// rounding mode given explicitly, not taken from MXCSR), like GCC's _Float16 conversions.
__attribute__((target("avx,f16c"))) void LoadFp16F16c(const uint16_t* src, float* dst,
                                                        int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(h));
  }
  for (; i < n; ++i) dst[i] = _cvtsh_ss(src[i]);
}

__attribute__((target("avx,f16c"))) void StoreFp16F16c(const float* src, uint16_t* dst,
                                                         int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m128i h =
        _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), h);
  }
  for (; i < n; ++i) dst[i] = _cvtss_sh(src[i], _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
}
#endif

bool DetectF16c() {
#if defined(__x86_64__)
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx") && __builtin_cpu_supports("f16c");
#else
  return false;
#endif
}

}  // namespace

bool Fp16UsesF16c() {
  static const bool has_f16c = DetectF16c();
  return has_f16c;
}

void LoadChunkAsFloat(DType dtype, const void* src, float* dst, int64_t n) {
  switch (dtype) {
    case DType::kFp32:
      std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float));
      return;
    case DType::kBf16:
      return LoadBf16(static_cast<const uint16_t*>(src), dst, n);
    case DType::kFp16:
#if defined(__x86_64__)
      if (Fp16UsesF16c()) return LoadFp16F16c(static_cast<const uint16_t*>(src), dst, n);
#endif
      return LoadFp16Scalar(static_cast<const uint16_t*>(src), dst, n);
    case DType::kFp8E4m3:
      return LoadE4m3(static_cast<const uint8_t*>(src), dst, n);
  }
}

void StoreChunkFromFloat(DType dtype, const float* src, void* dst, int64_t n) {
  switch (dtype) {
    case DType::kFp32:
      std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(float));
      return;
    case DType::kBf16:
      return StoreBf16(src, static_cast<uint16_t*>(dst), n);
    case DType::kFp16:
#if defined(__x86_64__)
      if (Fp16UsesF16c()) return StoreFp16F16c(src, static_cast<uint16_t*>(dst), n);
#endif
      return StoreFp16Scalar(src, static_cast<uint16_t*>(dst), n);
    case DType::kFp8E4m3:
      return StoreE4m3(src, static_cast<uint8_t*>(dst), n);
  }
}

}  // namespace symmbench
