// The random-float inputs are exact in every dtype and hold -0; the rank-order check passes the
// contract's sum and fails a sum in another order, one accumulated in bf16, and a lost -0.
#include "kernels/rank_order_check.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace symmbench {
namespace {

constexpr uint64_t kSeed = 1234;
constexpr int64_t kCount = 4099;  // odd

// `world_size` ranks' inputs summed with `add` into `out` (count elements of dtype).
template <typename Add>
std::vector<unsigned char> Sum(DType dtype, int world_size, Add add) {
  std::vector<unsigned char> out(kCount * DTypeSize(dtype));
  for (int64_t i = 0; i < kCount; ++i) StoreFromFloat(out.data(), dtype, i, add(i, world_size));
  return out;
}

TEST(RandomInputTest, ExactInEveryDtypeWithZeroesOfBothSigns) {
  int negative_zero = 0, nonzero = 0;
  for (int rank = 0; rank < 8; ++rank) {
    for (int64_t i = 0; i < 10000; ++i) {
      const float v = RandomInputValue(kSeed, rank, i);
      EXPECT_EQ(Bf16ToFloat(FloatToBf16(v)), v) << i;
      EXPECT_EQ(Fp16ToFloat(FloatToFp16(v)), v) << i;
      EXPECT_LT(std::fabs(v), 1.0f);
      if (v == 0.0f && std::signbit(v)) ++negative_zero;
      if (v != 0.0f) ++nonzero;
      if (i % 31 == 7) EXPECT_TRUE(v == 0.0f && std::signbit(v));
    }
  }
  EXPECT_GT(negative_zero, 80000 / 31);  // the shared ones and each rank's own
  EXPECT_GT(nonzero, 80000 * 8 / 10);
}

TEST(RankOrderCheckTest, TheContractsSumPasses) {
  for (DType dtype : {DType::kBf16, DType::kFp16, DType::kFp32}) {
    for (int world : {1, 2, 3, 8}) {
      const std::vector<unsigned char> out =
          Sum(dtype, world, [](int64_t i, int n) { return RankOrderSum(kSeed, n, i); });
      const CheckResult check = CompareWithRankOrderSum(out.data(), dtype, kCount, kSeed, world,
                                                        /*zero_sign_may_differ=*/false);
      EXPECT_EQ(check.wrong, 0) << DTypeName(dtype) << " x " << world;
      EXPECT_EQ(check.first_bad_index, -1);
    }
  }
  // Every rank's -0: the sum is -0.
  EXPECT_TRUE(std::signbit(RankOrderSum(kSeed, 8, 7)));
}

TEST(RankOrderCheckTest, AnotherOrderFailsInFp32) {
  const std::vector<unsigned char> reversed = Sum(DType::kFp32, 8, [](int64_t i, int n) {
    volatile float acc = RandomInputValue(kSeed, n - 1, i);
    for (int r = n - 2; r >= 0; --r) acc = acc + RandomInputValue(kSeed, r, i);
    return static_cast<float>(acc);
  });
  const CheckResult check =
      CompareWithRankOrderSum(reversed.data(), DType::kFp32, kCount, kSeed, 8, false);
  EXPECT_GT(check.wrong, 0);
  EXPECT_GE(check.first_bad_index, 0);
  EXPECT_NE(check.got, check.want);
}

TEST(RankOrderCheckTest, AccumulatingInBf16Fails) {
  const std::vector<unsigned char> bf16_acc = Sum(DType::kBf16, 8, [](int64_t i, int n) {
    float acc = RandomInputValue(kSeed, 0, i);
    for (int r = 1; r < n; ++r) acc = Bf16ToFloat(FloatToBf16(acc + RandomInputValue(kSeed, r, i)));
    return acc;
  });
  EXPECT_GT(CompareWithRankOrderSum(bf16_acc.data(), DType::kBf16, kCount, kSeed, 8, false).wrong,
            0);
}

TEST(RankOrderCheckTest, ALostNegativeZeroFailsUnlessTheContractAllowsIt) {
  // The push one-shot's substitution: -0 inputs pushed as +0.
  const std::vector<unsigned char> plus_zero = Sum(DType::kBf16, 4, [](int64_t i, int n) {
    volatile float acc = 0.0f;
    for (int r = 0; r < n; ++r) {
      const float v = RandomInputValue(kSeed, r, i);
      acc = (r == 0 ? 0.0f : static_cast<float>(acc)) + (v == 0.0f ? 0.0f : v);
    }
    return static_cast<float>(acc);
  });
  const CheckResult strict =
      CompareWithRankOrderSum(plus_zero.data(), DType::kBf16, kCount, kSeed, 4, false);
  EXPECT_GT(strict.wrong, 0);
  EXPECT_EQ(strict.want, 0.0f);
  EXPECT_EQ(CompareWithRankOrderSum(plus_zero.data(), DType::kBf16, kCount, kSeed, 4, true).wrong,
            0);
}

TEST(RankOrderCheckTest, PoisonIsWrong) {
  std::vector<unsigned char> poison(kCount * 2, 0xFF);
  EXPECT_EQ(CompareWithRankOrderSum(poison.data(), DType::kFp16, kCount, kSeed, 2, true).wrong,
            kCount);
}

TEST(RankOrderCheckTest, FillMatchesTheFormula) {
  std::vector<unsigned char> data(kCount * 2);
  FillRandomInput(data.data(), DType::kFp16, kCount, kSeed, 3);
  for (int64_t i = 0; i < kCount; ++i) {
    const float v = LoadAsFloat(data.data(), DType::kFp16, i);
    const float want = RandomInputValue(kSeed, 3, i);
    EXPECT_TRUE(v == want && std::signbit(v) == std::signbit(want)) << i;
  }
}

}  // namespace
}  // namespace symmbench
