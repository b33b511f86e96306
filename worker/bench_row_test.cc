// Tests for a size's row: ratios compare like with like, checks add up, results survive their
// text form.
#include "worker/bench_row.h"

#include <gtest/gtest.h>

#include <cmath>

namespace symmbench {
namespace {

OpTimes Times(double eager_us, double graph_us) {
  OpTimes t;
  t.eager = Summarize({eager_us});
  t.graph_us = graph_us;
  return t;
}

// Two ranks; reference "a" is the faster one eager, "b" the faster one in graph replays.
class BuildRowTest : public ::testing::Test {
 protected:
  BuildRowTest() {
    plan_.kernel = "one_shot_all_reduce";
    plan_.loop.graph = true;
    context_.plan = &plan_;
    context_.size_bytes = 1'000'000;
    context_.dtype = DType::kBf16;
    context_.reference_names = {"a", "b"};
    context_.team_references = 2;
    context_.team_size = 2;
    context_.world_size = 2;
    context_.checked = true;
    for (int rank = 0; rank < 2; ++rank) {
      RankResult r;
      r.ours = Times(5 + rank, 4);  // rank 1 is slower: rows take the max over ranks
      r.references = {Times(10, 8), Times(12, 6)};
      results_.push_back(r);
    }
  }
  RunPlan plan_;
  RowContext context_;
  std::vector<RankResult> results_;
};

TEST_F(BuildRowTest, EagerAgainstTheFastestEagerGraphAgainstTheFastestGraph) {
  const v1::ResultRow row = BuildRow(context_, results_);
  EXPECT_DOUBLE_EQ(row.time_us(), 6);
  EXPECT_DOUBLE_EQ(row.graph_time_us(), 4);
  EXPECT_EQ(row.reference(), "a");
  EXPECT_DOUBLE_EQ(row.reference_time_us(), 10);
  EXPECT_DOUBLE_EQ(row.speedup(), 10.0 / 6);
  EXPECT_DOUBLE_EQ(row.reference_busbw_gbps(), 1'000'000 / (10 * 1e3));  // eager, as the row's
  EXPECT_EQ(row.graph_reference(), "b");
  EXPECT_DOUBLE_EQ(row.reference_graph_time_us(), 6);
  EXPECT_DOUBLE_EQ(row.graph_speedup(), 6.0 / 4);
  ASSERT_EQ(row.references_size(), 2);
  EXPECT_DOUBLE_EQ(row.references(1).busbw_gbps(), 1'000'000 / (12 * 1e3));  // eager too
  EXPECT_DOUBLE_EQ(row.busbw_gbps(), 1'000'000 / (6 * 1e3));
}

TEST_F(BuildRowTest, WithoutGraphReplaysThereIsNoGraphReference) {
  plan_.loop.graph = false;
  for (RankResult& r : results_) {
    for (OpTimes* t : r.All()) t->graph_us = 0;
  }
  const v1::ResultRow row = BuildRow(context_, results_);
  EXPECT_EQ(row.reference(), "a");
  EXPECT_EQ(row.graph_reference(), "");
  EXPECT_EQ(row.reference_graph_time_us(), 0);
  EXPECT_EQ(row.graph_speedup(), 0);
}

TEST_F(BuildRowTest, AReferenceOnlyReferenceGivesNoRatio) {
  EXPECT_EQ(BuildRow(context_, results_).reference_kind(), v1::library);
  context_.reference_kind = v1::check_only;
  const v1::ResultRow row = BuildRow(context_, results_);
  EXPECT_EQ(row.reference_kind(), v1::check_only);
  EXPECT_EQ(row.reference(), "a");
  EXPECT_EQ(row.speedup(), 0);
  EXPECT_EQ(row.graph_speedup(), 0);
}

TEST_F(BuildRowTest, WrongElementsAddUpOverRanks) {
  results_[0].check.wrong = 2;
  results_[1].check.wrong = 3;
  EXPECT_EQ(BuildRow(context_, results_).wrong(), 5);
}

TEST_F(BuildRowTest, AnAbJobPairsTheLoopsPassByPass) {
  plan_.compare_kernel = "two_shot_all_reduce";
  // Three loops each; rank 1's loops are the slower ones on both sides.
  for (int rank = 0; rank < 2; ++rank) {
    RankResult& r = results_[rank];
    r.ours.eager.repeat_medians_us = {6.0 + rank, 6.6 + rank, 9.0 + rank};
    r.has_compare = true;
    r.compare = Times(4 + rank, 3);
    r.compare.eager.repeat_medians_us = {5.0 + rank, 5.5 + rank, 7.5 + rank};
    r.compare.eager.samples_us = {5.0 + rank, 5.5 + rank, 7.5 + rank};
    r.compare_check.wrong = rank;
  }
  const v1::ResultRow row = BuildRow(context_, results_);
  ASSERT_TRUE(row.has_comparison());
  const v1::Comparison& c = row.comparison();
  EXPECT_EQ(c.kernel(), "two_shot_all_reduce");
  EXPECT_DOUBLE_EQ(c.time_us(), 5);
  EXPECT_DOUBLE_EQ(c.graph_time_us(), 3);
  EXPECT_EQ(std::vector<double>(c.repeat_medians_us().begin(), c.repeat_medians_us().end()),
            (std::vector<double>{6, 6.5, 8.5}));
  ASSERT_EQ(c.paired_ratios_size(), 3);
  EXPECT_DOUBLE_EQ(c.paired_ratios(0), 7.0 / 6);
  EXPECT_DOUBLE_EQ(c.paired_ratios(1), 7.6 / 6.5);
  EXPECT_DOUBLE_EQ(c.paired_ratios(2), 10.0 / 8.5);
  EXPECT_DOUBLE_EQ(c.ratio(), 7.6 / 6.5);
  EXPECT_EQ(c.wrong(), 1);
  EXPECT_EQ(c.samples_us_size(), 3);
  // Without a compare kernel there is no comparison.
  for (RankResult& r : results_) r.has_compare = false;
  EXPECT_FALSE(BuildRow(context_, results_).has_comparison());
}

// The A/A control: its loop medians over the primary reference's, pass by pass, max over
// ranks on each side; noise is the half-width of their mean's 95% Student-t interval.
TEST_F(BuildRowTest, TheAAControlPairsTheReferenceWithItselfPassByPass) {
  for (int rank = 0; rank < 2; ++rank) {
    RankResult& r = results_[rank];
    r.ours.eager.repeat_medians_us = {6.0, 6.5, 7.0};
    r.references[0].eager.repeat_medians_us = {10.0 + rank, 10.0, 12.0};
    r.has_control = true;
    r.control = Times(10.5, 8.4 + rank);
    r.control.eager.repeat_medians_us = {10.0, 11.0 + rank, 12.6};
  }
  const v1::ResultRow row = BuildRow(context_, results_);
  // The reference's own loop medians, max over ranks, pass by pass.
  ASSERT_EQ(row.references(0).repeat_medians_us_size(), 3);
  EXPECT_DOUBLE_EQ(row.references(0).repeat_medians_us(0), 11.0);
  EXPECT_DOUBLE_EQ(row.references(0).repeat_medians_us(1), 10.0);
  EXPECT_DOUBLE_EQ(row.references(0).repeat_medians_us(2), 12.0);
  ASSERT_TRUE(row.has_aa_control());
  const v1::AAControl& c = row.aa_control();
  EXPECT_EQ(c.reference(), "a");  // the primary reference, whichever was fastest
  EXPECT_DOUBLE_EQ(c.time_us(), 10.5);
  EXPECT_DOUBLE_EQ(c.graph_time_us(), 9.4);
  ASSERT_EQ(c.paired_ratios_size(), 3);
  EXPECT_DOUBLE_EQ(c.paired_ratios(0), 10.0 / 11);
  EXPECT_DOUBLE_EQ(c.paired_ratios(1), 12.0 / 10);
  EXPECT_DOUBLE_EQ(c.paired_ratios(2), 12.6 / 12);
  EXPECT_DOUBLE_EQ(c.ratio(), 12.6 / 12);
  const double ratios[] = {10.0 / 11, 12.0 / 10, 12.6 / 12};
  const double mean = (ratios[0] + ratios[1] + ratios[2]) / 3;
  double squares = 0;
  for (double r : ratios) squares += (r - mean) * (r - mean);
  EXPECT_NEAR(c.noise(), 4.303 * std::sqrt(squares / 2) / std::sqrt(3.0), 1e-12);
  EXPECT_DOUBLE_EQ(c.graph_ratio(), 9.4 / 8);
  // One pass: a ratio and no noise figure; without a control, no aa_control.
  for (RankResult& r : results_) {
    r.references[0].eager.repeat_medians_us.resize(1);
    r.control.eager.repeat_medians_us.resize(1);
  }
  EXPECT_DOUBLE_EQ(BuildRow(context_, results_).aa_control().noise(), 0);
  EXPECT_DOUBLE_EQ(BuildRow(context_, results_).aa_control().ratio(), 10.0 / 11);
  for (RankResult& r : results_) r.has_control = false;
  EXPECT_FALSE(BuildRow(context_, results_).has_aa_control());
}

TEST(AccumulateTest, CountsAddUpAndTheFirstFailureIsKept) {
  CheckResult total;
  Accumulate(CheckResult{}, &total);
  EXPECT_EQ(total.wrong, 0);
  EXPECT_EQ(total.first_bad_index, -1);
  Accumulate(CheckResult{1, 7, 1.5f, 2.5f}, &total);
  Accumulate(CheckResult{4, 0, 9.0f, 8.0f}, &total);
  EXPECT_EQ(total.wrong, 5);
  EXPECT_EQ(total.first_bad_index, 7);
  EXPECT_EQ(total.got, 1.5f);
  EXPECT_EQ(total.want, 2.5f);
}

TEST(SoFarTest, SummarizesTheKernelAndEveryReferenceOverAllLoops) {
  RankResult r;
  r.ours.eager.samples_us = {3, 1, 2};
  r.ours.eager.repeat_medians_us = {1, 3};
  OpTimes reference;
  reference.eager.samples_us = {10, 30, 20, 40};  // two loops of two batches
  r.references = {reference};
  const RankResult so_far = SoFar(r);
  EXPECT_EQ(so_far.ours.eager.median_us, 2);
  EXPECT_EQ(so_far.ours.eager.repeat_medians_us, (std::vector<double>{1, 3}));
  EXPECT_EQ(so_far.references[0].eager.median_us, 25);
  EXPECT_EQ(so_far.references[0].eager.min_us, 10);
  EXPECT_EQ(so_far.references[0].eager.max_us, 40);
}

TEST(RankResultTest, SurvivesItsTextForm) {
  RankResult r;
  r.ours = Times(5.25, 4.5);
  r.ours.eager.repeat_medians_us = {5.25};
  r.references = {Times(10, 8), Times(12, 6)};
  r.references[0].eager.repeat_medians_us = {10};
  r.references[1].eager.repeat_medians_us = {12.5};
  r.check = CheckResult{3, 11, 1.0f, -2.0f};
  absl::StatusOr<RankResult> back = RankResult::Decode(r.Encode());
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->ours.eager.median_us, 5.25);
  EXPECT_EQ(back->ours.graph_us, 4.5);
  EXPECT_EQ(back->ours.eager.samples_us, (std::vector<double>{5.25}));
  ASSERT_EQ(back->references.size(), 2u);
  EXPECT_EQ(back->references[1].graph_us, 6);
  // Every reference's loop medians travel: a gate divides the kernel's loops by them.
  EXPECT_EQ(back->references[0].eager.repeat_medians_us, (std::vector<double>{10}));
  EXPECT_EQ(back->references[1].eager.repeat_medians_us, (std::vector<double>{12.5}));
  EXPECT_EQ(back->check.wrong, 3);
  EXPECT_EQ(back->check.first_bad_index, 11);
  EXPECT_EQ(RankResult::Decode("3 11 x").status().code(), absl::StatusCode::kInternal);
  EXPECT_FALSE(back->has_compare);

  r.has_compare = true;
  r.compare = Times(7.5, 2.5);
  r.compare.eager.repeat_medians_us = {7.5, 8};
  r.compare_check = CheckResult{1, 4, 2.0f, 3.0f};
  back = RankResult::Decode(r.Encode());
  ASSERT_TRUE(back.ok()) << back.status();
  ASSERT_TRUE(back->has_compare);
  EXPECT_EQ(back->compare.eager.median_us, 7.5);
  EXPECT_EQ(back->compare.graph_us, 2.5);
  EXPECT_EQ(back->compare.eager.samples_us, (std::vector<double>{7.5}));
  EXPECT_EQ(back->compare.eager.repeat_medians_us, (std::vector<double>{7.5, 8}));
  EXPECT_EQ(back->compare_check.wrong, 1);
  EXPECT_EQ(back->compare_check.first_bad_index, 4);
  EXPECT_EQ(back->check.wrong, 3);
  EXPECT_FALSE(back->has_in_place);

  r.has_in_place = true;
  r.in_place = Times(6.5, 3.5);
  r.in_place_reference = Times(9, 7);
  r.in_place_check = CheckResult{2, 9, 4.0f, 5.0f};
  r.in_place.eager.samples_us = {6.25, 6.5, 7};  // its samples travel (rank times, per-iteration)
  back = RankResult::Decode(r.Encode());
  ASSERT_TRUE(back.ok()) << back.status();
  ASSERT_TRUE(back->has_in_place);
  EXPECT_EQ(back->in_place.eager.median_us, 6.5);
  EXPECT_EQ(back->in_place.graph_us, 3.5);
  EXPECT_EQ(back->in_place_reference.eager.median_us, 9);
  EXPECT_EQ(back->in_place_reference.graph_us, 7);
  EXPECT_EQ(back->in_place_check.wrong, 2);
  EXPECT_EQ(back->in_place_check.first_bad_index, 9);
  EXPECT_EQ(back->in_place.eager.samples_us, (std::vector<double>{6.25, 6.5, 7}));
  EXPECT_TRUE(back->has_compare);  // what came before it is unchanged
  EXPECT_EQ(back->compare.eager.median_us, 7.5);
  const std::string text = r.Encode();
  EXPECT_EQ(RankResult::Decode(text.substr(0, text.size() - 4)).status().code(),
            absl::StatusCode::kInternal);
  EXPECT_FALSE(back->has_control);

  r.has_control = true;
  r.control = Times(10.5, 8.5);
  r.control.eager.repeat_medians_us = {10.5, 11};
  r.references[0].eager.repeat_medians_us = {10, 10.25};
  back = RankResult::Decode(r.Encode());
  ASSERT_TRUE(back.ok()) << back.status();
  ASSERT_TRUE(back->has_control);
  EXPECT_EQ(back->control.eager.median_us, 10.5);
  EXPECT_EQ(back->control.graph_us, 8.5);
  EXPECT_EQ(back->control.eager.repeat_medians_us, (std::vector<double>{10.5, 11}));
  EXPECT_EQ(back->references[0].eager.repeat_medians_us, (std::vector<double>{10, 10.25}));
  EXPECT_TRUE(back->has_in_place);  // what came before it is unchanged
  EXPECT_EQ(back->in_place_check.first_bad_index, 9);
}

// In place: the max over ranks of each time, wrong summed, bandwidths from the size.
TEST_F(BuildRowTest, InPlaceFiguresAreTheMaxOverRanks) {
  for (int rank = 0; rank < 2; ++rank) {
    results_[rank].has_in_place = true;
    results_[rank].in_place = Times(7 + rank, 5 - rank);
    results_[rank].in_place_reference = Times(14 - rank, 9);
    results_[rank].in_place_check = CheckResult{rank, rank == 1 ? 3 : -1, 0, 0};
  }
  const v1::ResultRow row = BuildRow(context_, results_);
  ASSERT_TRUE(row.has_in_place());
  const v1::InPlaceFigures& f = row.in_place();
  EXPECT_DOUBLE_EQ(f.time_us(), 8);
  EXPECT_DOUBLE_EQ(f.graph_time_us(), 5);
  EXPECT_DOUBLE_EQ(f.reference_time_us(), 14);
  EXPECT_DOUBLE_EQ(f.reference_graph_time_us(), 9);
  EXPECT_DOUBLE_EQ(f.algbw_gbps(), 1'000'000 / (8 * 1e3));
  EXPECT_DOUBLE_EQ(f.busbw_gbps(), f.algbw_gbps());  // 2(n-1)/n = 1 at n = 2
  EXPECT_DOUBLE_EQ(f.reference_busbw_gbps(), 1'000'000 / (14 * 1e3));
  EXPECT_DOUBLE_EQ(f.speedup(), 14.0 / 8);
  EXPECT_EQ(f.wrong(), 1);
  EXPECT_EQ(row.wrong(), 0);  // the out-of-place count stays its own

  context_.reference_kind = v1::check_only;
  EXPECT_EQ(BuildRow(context_, results_).in_place().speedup(), 0);
  results_[0].has_in_place = false;
  results_[1].has_in_place = false;
  EXPECT_FALSE(BuildRow(context_, results_).has_in_place());
}

}  // namespace
}  // namespace symmbench
