// Tests for the gate's statistics: medians, Mann-Whitney U against brute-force permutation
// p-values (exact and normal approximation with ties), minimum p-values, and the bootstrap
// interval of a ratio of medians.
#include "client/gate_stats.h"

#include <gtest/gtest.h>

#include <random>

namespace symmbench::client {
namespace {

// One-sided permutation p-value of "a larger than b" by enumerating every split of the pooled
// values (independent of the implementation under test).
double BruteForcePGreater(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> pooled = a;
  pooled.insert(pooled.end(), b.begin(), b.end());
  const int n = static_cast<int>(a.size());
  const int total = static_cast<int>(pooled.size());
  auto u_of = [&](unsigned mask) {
    double u = 0;
    for (int i = 0; i < total; ++i) {
      if (!(mask >> i & 1)) continue;
      for (int j = 0; j < total; ++j) {
        if (mask >> j & 1) continue;
        u += pooled[i] > pooled[j] ? 1.0 : pooled[i] == pooled[j] ? 0.5 : 0.0;
      }
    }
    return u;
  };
  const double observed = u_of((1u << n) - 1);
  double at_least = 0, all = 0;
  for (unsigned mask = 0; mask < (1u << total); ++mask) {
    if (__builtin_popcount(mask) != n) continue;
    all += 1;
    if (u_of(mask) >= observed - 1e-9) at_least += 1;
  }
  return at_least / all;
}

TEST(MedianTest, OddEvenEmpty) {
  EXPECT_EQ(Median({3, 1, 2}), 2);
  EXPECT_EQ(Median({4, 1, 3, 2}), 2.5);
  EXPECT_EQ(Median({}), 0);
  EXPECT_EQ(Median({7}), 7);
}

TEST(SignTestTest, MatchesTheBinomialTail) {
  EXPECT_DOUBLE_EQ(SignTestPValue(10, 10), 1.0 / 1024);
  EXPECT_DOUBLE_EQ(SignTestPValue(10, 9), 11.0 / 1024);
  EXPECT_DOUBLE_EQ(SignTestPValue(5, 5), 1.0 / 32);
  EXPECT_DOUBLE_EQ(SignTestPValue(4, 2), 11.0 / 16);
  EXPECT_EQ(SignTestPValue(10, 0), 1);
  EXPECT_EQ(SignTestPValue(3, 4), 0);
  // A brute-force count of the subsets of 12 pairs with at least k on one side.
  for (int k = 0; k <= 12; ++k) {
    int at_least = 0;
    for (int mask = 0; mask < (1 << 12); ++mask) at_least += __builtin_popcount(mask) >= k;
    EXPECT_NEAR(SignTestPValue(12, k), at_least / 4096.0, 1e-12) << k;
  }
}

TEST(BootstrapMedianIntervalTest, CoversTheMedianAndIsDeterministic) {
  const std::vector<double> values = {1.10, 1.12, 1.09, 1.11, 1.13, 1.10, 1.08, 1.12};
  const Interval a = BootstrapMedianInterval(values, 0.99, 2000, 7);
  const Interval b = BootstrapMedianInterval(values, 0.99, 2000, 7);
  EXPECT_EQ(a.low, b.low);
  EXPECT_EQ(a.high, b.high);
  EXPECT_GE(a.low, 1.08);
  EXPECT_LE(a.high, 1.13);
  EXPECT_LT(a.low, Median(values));
  EXPECT_GT(a.high, Median(values));
  const Interval none = BootstrapMedianInterval({}, 0.99, 100, 1);
  EXPECT_EQ(none.low, 0);
  EXPECT_EQ(none.high, 0);
}

TEST(MannWhitneyTest, CompleteSeparationGivesTheMinimumPValue) {
  const MannWhitney three = MannWhitneyU({4, 5, 6}, {1, 2, 3});
  EXPECT_TRUE(three.exact);
  EXPECT_EQ(three.u, 9);
  EXPECT_DOUBLE_EQ(three.p_greater, 1.0 / 20);  // 1 / C(6, 3)
  EXPECT_DOUBLE_EQ(three.p_less, 1.0);
  const MannWhitney five = MannWhitneyU({6, 7, 8, 9, 10}, {1, 2, 3, 4, 5});
  EXPECT_DOUBLE_EQ(five.p_greater, 1.0 / 252);
  EXPECT_NEAR(five.p_greater, MinimumPValue(5, 5), 1e-15);
  EXPECT_DOUBLE_EQ(MannWhitneyU({1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}).p_less, 1.0 / 252);
}

TEST(MannWhitneyTest, ExactMatchesBruteForcePermutations) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> value(0, 1);
  for (int trial = 0; trial < 20; ++trial) {
    std::vector<double> a(6), b(7);
    for (double& x : a) x = value(rng) + 0.15;  // shifted: p varies across trials
    for (double& x : b) x = value(rng);
    const MannWhitney mw = MannWhitneyU(a, b);
    ASSERT_TRUE(mw.exact);
    EXPECT_NEAR(mw.p_greater, BruteForcePGreater(a, b), 1e-12) << trial;
    EXPECT_NEAR(mw.p_less, BruteForcePGreater(b, a), 1e-12) << trial;
  }
}

TEST(MannWhitneyTest, NormalApproximationWithTiesIsCloseToThePermutationPValue) {
  // Ties force the normal approximation (with tie and continuity correction).
  const std::vector<double> a = {3, 4, 4, 5, 6, 6, 7, 8, 8, 9};
  const std::vector<double> b = {1, 2, 3, 3, 4, 5, 5, 6, 7, 7};
  const MannWhitney mw = MannWhitneyU(a, b);
  EXPECT_FALSE(mw.exact);
  const double exact = BruteForcePGreater(a, b);
  EXPECT_NEAR(mw.p_greater, exact, 0.01) << exact;
  EXPECT_LT(mw.p_greater, 0.1);
  EXPECT_GT(mw.p_less, 0.9);
}

TEST(MannWhitneyTest, DegenerateInputs) {
  EXPECT_EQ(MannWhitneyU({}, {1, 2}).p_greater, 1);
  const MannWhitney tied = MannWhitneyU({2, 2, 2}, {2, 2, 2});
  EXPECT_EQ(tied.p_greater, 1);
  EXPECT_EQ(tied.p_less, 1);
}

TEST(MinimumPValueTest, OneOverBinomial) {
  EXPECT_DOUBLE_EQ(MinimumPValue(1, 1), 0.5);
  EXPECT_NEAR(MinimumPValue(5, 5), 1.0 / 252, 1e-15);
  EXPECT_NEAR(MinimumPValue(3, 4), 1.0 / 35, 1e-15);
  EXPECT_LT(MinimumPValue(50, 50), 1e-28);
  EXPECT_EQ(MinimumPValue(0, 3), 1);
}

SampleGroups Loops(double scale, uint32_t seed, int loops = 5, int batches = 10) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> noise(0.97, 1.03);
  SampleGroups groups(loops);
  for (auto& g : groups) {
    for (int i = 0; i < batches; ++i) g.push_back(scale * 10.0 * noise(rng));
  }
  return groups;
}

TEST(BootstrapTest, IntervalCoversTheTrueRatio) {
  const Interval same = BootstrapRatioInterval(Loops(1.0, 1), Loops(1.0, 2), 0.99, 2000, 42);
  EXPECT_LT(same.low, 1.0);
  EXPECT_GT(same.high, 1.0);
  const Interval slower = BootstrapRatioInterval(Loops(1.0, 1), Loops(1.2, 2), 0.99, 2000, 42);
  EXPECT_GT(slower.low, 1.1);
  EXPECT_LT(slower.high, 1.3);
  EXPECT_LT(slower.low, 1.2);
  EXPECT_GT(slower.high, 1.2);
}

TEST(BootstrapTest, DeterministicForASeedAndSingleGroupsResampleSamples) {
  const Interval a = BootstrapRatioInterval(Loops(1, 1), Loops(1.1, 2), 0.99, 500, 9);
  const Interval b = BootstrapRatioInterval(Loops(1, 1), Loops(1.1, 2), 0.99, 500, 9);
  EXPECT_EQ(a.low, b.low);
  EXPECT_EQ(a.high, b.high);
  // One loop a side: its batches are resampled, so the interval is not a single point.
  const Interval single =
      BootstrapRatioInterval(Loops(1, 1, 1, 50), Loops(1.1, 2, 1, 50), 0.99, 500, 9);
  EXPECT_LT(single.low, single.high);
  EXPECT_GT(single.low, 1.0);
  const Interval empty = BootstrapRatioInterval({}, Loops(1, 2), 0.99, 500, 9);
  EXPECT_EQ(empty.low, 0);
  EXPECT_EQ(empty.high, 0);
}

TEST(StableHashTest, Fnv1a) {
  EXPECT_EQ(StableHash(""), 14695981039346656037ull);
  EXPECT_EQ(StableHash("a"), 0xaf63dc4c8601ec8cull);
}

}  // namespace
}  // namespace symmbench::client
