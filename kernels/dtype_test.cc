// Tests for dtype names and the exact-input values used for verification.
#include "kernels/dtype.h"

#include <gtest/gtest.h>

namespace symmbench {
namespace {

TEST(DTypeTest, ParsesKnownNamesAndRejectsOthersNamingTheField) {
  EXPECT_EQ(*ParseDType("bf16"), DType::kBf16);
  EXPECT_EQ(*ParseDType("fp16"), DType::kFp16);
  EXPECT_EQ(*ParseDType("fp32"), DType::kFp32);
  auto bad = ParseDType("int8");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(bad.status().message().find("dtype"), std::string::npos);
}

TEST(DTypeTest, HalfConversionsRoundTripSmallIntegersExactly) {
  for (int v = -64; v <= 64; ++v) {
    EXPECT_EQ(Bf16ToFloat(FloatToBf16(static_cast<float>(v))), v);
    EXPECT_EQ(Fp16ToFloat(FloatToFp16(static_cast<float>(v))), v);
  }
  EXPECT_EQ(FloatToBf16(1.0f), 0x3F80);
  EXPECT_EQ(FloatToFp16(1.0f), 0x3C00);
  // Round to nearest even: 1 + 2^-8 is halfway between two bf16 values and rounds down.
  EXPECT_EQ(FloatToBf16(1.00390625f), 0x3F80);
}

TEST(DTypeTest, ExactInputValuesAreNonZeroSmallIntegersThatVary) {
  int counts[17] = {};
  for (int64_t i = 0; i < 10000; ++i) {
    const int v = ExactInputValue(42, 1, i);
    ASSERT_GE(v, -8);
    ASSERT_LE(v, 8);
    ASSERT_NE(v, 0);
    ++counts[v + 8];
  }
  for (int v = -8; v <= 8; ++v) {
    if (v != 0) EXPECT_GT(counts[v + 8], 400) << "value " << v;
  }
  EXPECT_NE(ExactInputValue(42, 0, 7) * 1000 + ExactInputValue(42, 0, 8),
            ExactInputValue(42, 1, 7) * 1000 + ExactInputValue(42, 1, 8));
}

}  // namespace
}  // namespace symmbench
