// FP8 E4M3 host conversions (kernels/fp8.h).
#include "kernels/fp8.h"

#include <algorithm>
#include <cmath>

namespace symmbench {
namespace {

constexpr int kBias = 7;
constexpr int kMinNormalExponent = 1 - kBias;  // 2^-6
constexpr int kMantissaBits = 3;

}  // namespace

uint8_t FloatToE4m3(float value) {
  const uint8_t sign = std::signbit(value) ? 0x80 : 0x00;
  if (std::isnan(value)) return sign | 0x7F;
  const float magnitude = std::fabs(value);
  if (magnitude >= kE4m3Max) return sign | 0x7E;  // saturate (SATFINITE)
  if (magnitude == 0.0f) return sign;
  // The spacing of E4M3 values around `magnitude`: 2^(e - 3) for its binade e, and the
  // subnormals' 2^-9 below 2^-6.
  int exponent = 0;
  std::frexp(magnitude, &exponent);  // magnitude = m 2^exponent, m in [0.5, 1)
  const int binade = std::max(exponent - 1, kMinNormalExponent);
  const float quantum = std::ldexp(1.0f, binade - kMantissaBits);
  // Exact: magnitude / quantum is a power-of-two scaling; nearbyint rounds ties to even.
  const float units = std::nearbyint(magnitude / quantum);
  const float rounded = units * quantum;  // <= 448: 448 is a multiple of its binade's quantum
  if (rounded < std::ldexp(1.0f, kMinNormalExponent)) {
    return sign | static_cast<uint8_t>(units);  // subnormal (units < 8) or zero
  }
  std::frexp(rounded, &exponent);  // rounding may have carried into the next binade
  const int e = exponent - 1;
  const int mantissa = static_cast<int>(std::ldexp(rounded, kMantissaBits - e)) - 8;
  return sign | static_cast<uint8_t>(((e + kBias) << kMantissaBits) | mantissa);
}

float E4m3ToFloat(uint8_t code) {
  const float sign = (code & 0x80) != 0 ? -1.0f : 1.0f;
  const int exponent = (code >> kMantissaBits) & 0xF;
  const int mantissa = code & 0x7;
  if (exponent == 0xF && mantissa == 0x7) return std::nanf("");
  if (exponent == 0) return sign * std::ldexp(static_cast<float>(mantissa), kMinNormalExponent - 3);
  return sign * std::ldexp(1.0f + mantissa / 8.0f, exponent - kBias);
}

}  // namespace symmbench
