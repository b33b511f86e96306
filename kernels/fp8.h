// FP8 E4M3 (OCP FP8 "E4M3FN", CUDA's __nv_fp8_e4m3): 1 sign, 4 exponent (bias 7) and 3 mantissa
// bits; no infinities; S.1111.111 is NaN; the largest finite magnitude is 448 (S.1111.110); the
// smallest subnormal 2^-9. Host conversions, exact and bit-compatible with CUDA's
// __nv_cvt_float_to_fp8(x, __NV_SATFINITE, __NV_E4M3): the CPU backend emulates FP8 with them.
#pragma once

#include <cstdint>

namespace symmbench {

// The largest finite E4M3 magnitude.
inline constexpr float kE4m3Max = 448.0f;

// `value` rounded to the nearest E4M3 value, ties to even; magnitudes above 448 saturate to
// +-448 (no infinities); NaN stays NaN (0x7F, sign kept).
uint8_t FloatToE4m3(float value);

// The E4M3 code's value, exactly (every E4M3 value is a float); NaN for S.1111.111.
float E4m3ToFloat(uint8_t code);

}  // namespace symmbench
