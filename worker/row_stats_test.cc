#include "worker/row_stats.h"

#include <gtest/gtest.h>

#include <cmath>

namespace symmbench {
namespace {

TEST(RankTimesTest, EachRanksMedianMeanAndMinAndTheSlowRankFlagged) {
  const std::vector<v1::RankTime> times =
      RankTimes({{10, 12, 11}, {10.5, 11, 30}, {40, 41, 42}, {}});
  ASSERT_EQ(times.size(), 4u);
  EXPECT_EQ(times[0].rank(), 0);
  EXPECT_DOUBLE_EQ(times[0].time_us(), 11);
  EXPECT_DOUBLE_EQ(times[0].mean_us(), 11);
  EXPECT_DOUBLE_EQ(times[0].min_us(), 10);
  EXPECT_DOUBLE_EQ(times[1].time_us(), 11);
  EXPECT_NEAR(times[1].mean_us(), 51.5 / 3, 1e-12);
  // Rank 2's median 41 against the others' 11: flagged; the others are not (the median of
  // {11, 41} is 26, and 11 is below it). Rank 3 has no samples.
  EXPECT_FALSE(times[0].straggler());
  EXPECT_FALSE(times[1].straggler());
  EXPECT_TRUE(times[2].straggler());
  EXPECT_EQ(times[3].rank(), 3);
  EXPECT_EQ(times[3].time_us(), 0);
  EXPECT_FALSE(times[3].straggler());
}

TEST(RankTimesTest, TheRatioIsStrictAndOneRankIsNeverAStraggler) {
  std::vector<v1::RankTime> times = RankTimes({{10}, {12.5}});
  EXPECT_FALSE(times[1].straggler());  // exactly 1.25x
  times = RankTimes({{10}, {12.6}});
  EXPECT_TRUE(times[1].straggler());
  EXPECT_FALSE(times[0].straggler());
  EXPECT_FALSE(RankTimes({{100}})[0].straggler());
}

TEST(IterationStatsTest, NearestRankPercentilesMeanAndCv) {
  std::vector<double> samples;
  for (int i = 1; i <= 100; ++i) samples.push_back(i);
  const v1::IterationStats stats = IterationStatsOf(samples, 100, 0, true);
  EXPECT_EQ(stats.samples(), 100);
  EXPECT_EQ(stats.skipped(), 0);
  EXPECT_TRUE(stats.per_iteration());
  EXPECT_EQ(stats.min_us(), 1);
  EXPECT_EQ(stats.max_us(), 100);
  EXPECT_DOUBLE_EQ(stats.mean_us(), 50.5);
  EXPECT_EQ(stats.p50_us(), 50);
  EXPECT_EQ(stats.p95_us(), 95);
  EXPECT_EQ(stats.p99_us(), 99);
  // Sample standard deviation of 1..100: sqrt(100 * 101 / 12) = 29.011...
  EXPECT_NEAR(stats.cv(), std::sqrt(100.0 * 101 / 12) / 50.5, 1e-9);
}

TEST(IterationStatsTest, SkipsTheFirstSamplesOfEveryLoop) {
  // Two loops of four samples, each with a cold first sample.
  const v1::IterationStats stats = IterationStatsOf({90, 1, 2, 3, 80, 4, 5, 6}, 4, 1, false);
  EXPECT_EQ(stats.samples(), 6);
  EXPECT_EQ(stats.skipped(), 2);
  EXPECT_FALSE(stats.per_iteration());
  EXPECT_EQ(stats.max_us(), 6);
  EXPECT_EQ(stats.min_us(), 1);
  EXPECT_DOUBLE_EQ(stats.mean_us(), 3.5);
}

TEST(IterationStatsTest, NoSamplesGiveZerosAndOneSampleNoCv) {
  EXPECT_EQ(IterationStatsOf({}, 10, 0, false).samples(), 0);
  const v1::IterationStats one = IterationStatsOf({7}, 10, 0, false);
  EXPECT_EQ(one.p99_us(), 7);
  EXPECT_EQ(one.cv(), 0);
}

}  // namespace
}  // namespace symmbench

namespace symmbench {
namespace {

// The 95% Student-t half-width: t(0.975, n - 1) s / sqrt(n); none for fewer than 2 values.
TEST(ConfidenceHalfWidth95Test, IsTheStudentTIntervalOfTheMean) {
  EXPECT_EQ(ConfidenceHalfWidth95({}), 0.0);
  EXPECT_EQ(ConfidenceHalfWidth95({1.02}), 0.0);
  // Two values 0.02 apart: s = 0.02 / sqrt(2), t(0.975, 1) = 12.706.
  EXPECT_NEAR(ConfidenceHalfWidth95({0.99, 1.01}),
              12.706 * (0.02 / std::sqrt(2.0)) / std::sqrt(2.0), 1e-12);
  // Five values: t(0.975, 4) = 2.776; equal values: 0.
  EXPECT_NEAR(ConfidenceHalfWidth95({1, 2, 3, 4, 5}), 2.776 * std::sqrt(2.5) / std::sqrt(5.0),
              1e-12);
  EXPECT_EQ(ConfidenceHalfWidth95({1.0, 1.0, 1.0}), 0.0);
  // Past 31 values the normal quantile.
  std::vector<double> many(40);
  for (size_t i = 0; i < many.size(); ++i) many[i] = i % 2 == 0 ? 1.0 : 3.0;
  const double s = std::sqrt(40.0 / 39.0);
  EXPECT_NEAR(ConfidenceHalfWidth95(many), 1.96 * s / std::sqrt(40.0), 1e-12);
}

}  // namespace
}  // namespace symmbench
