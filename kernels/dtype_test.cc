// Tests for dtype names and the exact-input values used for verification.
#include "kernels/dtype.h"

#include <gtest/gtest.h>

namespace symmbench {
namespace {

TEST(DTypeTest, ParsesKnownNamesAndRejectsOthersNamingTheField) {
  EXPECT_EQ(*ParseDType("bf16"), DType::kBf16);
  EXPECT_EQ(*ParseDType("fp16"), DType::kFp16);
  EXPECT_EQ(*ParseDType("fp32"), DType::kFp32);
  EXPECT_EQ(*ParseDType("fp8_e4m3"), DType::kFp8E4m3);
  EXPECT_EQ(DTypeSize(DType::kFp8E4m3), 1);
  EXPECT_STREQ(DTypeName(DType::kFp8E4m3), "fp8_e4m3");
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

TEST(DTypeTest, E4m3ElementsGoThroughTheFp8Conversions) {
  uint8_t data[3] = {};
  StoreFromFloat(data, DType::kFp8E4m3, 0, 1.0f);
  StoreFromFloat(data, DType::kFp8E4m3, 1, 1000.0f);  // saturates to 448
  StoreFromFloat(data, DType::kFp8E4m3, 2, -0.0625f);
  EXPECT_EQ(data[0], 0x38);
  EXPECT_EQ(data[1], 0x7E);
  EXPECT_EQ(LoadAsFloat(data, DType::kFp8E4m3, 1), 448.0f);
  EXPECT_EQ(LoadAsFloat(data, DType::kFp8E4m3, 2), -0.0625f);
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
