// FP8 E4M3 conversions against a brute-force nearest search over every finite code, ties to the
// even code, saturation above 448, NaN and signed zero.
#include "kernels/fp8.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace symmbench {
namespace {

// Every finite non-negative code, by value (codes 0x00..0x7E are increasing).
std::vector<uint8_t> FinitePositiveCodes() {
  std::vector<uint8_t> codes;
  for (int c = 0; c <= 0x7E; ++c) codes.push_back(static_cast<uint8_t>(c));
  return codes;
}

// The nearest finite code to `x >= 0` by brute force, ties to the even code, 448 above it.
uint8_t Nearest(float x) {
  uint8_t best = 0;
  double best_distance = std::numeric_limits<double>::infinity();
  for (uint8_t c : FinitePositiveCodes()) {
    const double d = std::fabs(static_cast<double>(x) - E4m3ToFloat(c));
    if (d < best_distance || (d == best_distance && (c & 1) == 0)) {
      best = c;
      best_distance = d;
    }
  }
  return best;
}

TEST(Fp8Test, EveryCodeDecodesAndRoundTrips) {
  EXPECT_EQ(E4m3ToFloat(0x7E), 448.0f);
  EXPECT_EQ(E4m3ToFloat(0x01), std::ldexp(1.0f, -9));
  EXPECT_EQ(E4m3ToFloat(0x08), std::ldexp(1.0f, -6));
  EXPECT_EQ(E4m3ToFloat(0x38), 1.0f);
  for (int c = 0; c < 256; ++c) {
    const uint8_t code = static_cast<uint8_t>(c);
    if ((code & 0x7F) == 0x7F) {
      EXPECT_TRUE(std::isnan(E4m3ToFloat(code)));
      continue;
    }
    EXPECT_EQ(FloatToE4m3(E4m3ToFloat(code)), code) << c;
  }
  for (int c = 1; c < 0x7E; ++c) {  // increasing values
    EXPECT_LT(E4m3ToFloat(static_cast<uint8_t>(c)), E4m3ToFloat(static_cast<uint8_t>(c + 1)));
  }
}

TEST(Fp8Test, RoundsToNearestTiesToEvenAgainstBruteForce) {
  // Every midpoint between neighbours (a tie), and points a quarter of the gap either side.
  for (int c = 0; c < 0x7E; ++c) {
    const float lo = E4m3ToFloat(static_cast<uint8_t>(c));
    const float hi = E4m3ToFloat(static_cast<uint8_t>(c + 1));
    for (float x : {lo + (hi - lo) * 0.25f, lo + (hi - lo) * 0.5f, lo + (hi - lo) * 0.75f}) {
      EXPECT_EQ(FloatToE4m3(x), Nearest(x)) << x;
      EXPECT_EQ(FloatToE4m3(-x), Nearest(x) | 0x80) << -x;
    }
  }
  // A sweep of ordinary floats.
  for (float x = 1e-4f; x < 448.0f; x *= 1.0137f) EXPECT_EQ(FloatToE4m3(x), Nearest(x)) << x;
}

TEST(Fp8Test, SaturatesNaNAndZero) {
  EXPECT_EQ(FloatToE4m3(448.0f), 0x7E);
  EXPECT_EQ(FloatToE4m3(1e9f), 0x7E);
  EXPECT_EQ(FloatToE4m3(-1e9f), 0xFE);
  EXPECT_EQ(FloatToE4m3(std::numeric_limits<float>::infinity()), 0x7E);
  EXPECT_EQ(FloatToE4m3(std::nanf("")) & 0x7F, 0x7F);
  EXPECT_EQ(FloatToE4m3(0.0f), 0x00);
  EXPECT_EQ(FloatToE4m3(-0.0f), 0x80);
  EXPECT_EQ(FloatToE4m3(std::ldexp(1.0f, -11)), 0x00);  // below half the smallest subnormal
  EXPECT_EQ(FloatToE4m3(std::ldexp(1.0f, -10)), 0x00);  // a tie between 0 and 2^-9: even
}

}  // namespace
}  // namespace symmbench
