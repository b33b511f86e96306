// Tests for measuring a gate's undecided cases again: the re-run spec holds their sizes only,
// and a case's loops pool over runs (samples, loop medians, the reference's loop medians and an
// A/B row's pairs).
#include "client/gate_rounds.h"

#include <gtest/gtest.h>

namespace symmbench::client {
namespace {

// A row of `size` with `loops` loops of two batches each, every batch `us`; reference
// "reference_sum" at `reference_us` per loop.
v1::ResultRow Row(int64_t size, double us, int loops, double reference_us) {
  v1::ResultRow row;
  row.set_size_bytes(size);
  row.set_dtype(v1::bf16);
  v1::ReferenceResult* reference = row.add_references();
  reference->set_name("reference_sum");
  for (int l = 0; l < loops; ++l) {
    for (int b = 0; b < 2; ++b) {
      row.add_samples_us(us);
      row.add_sample_iters(10);
    }
    row.add_repeat_medians_us(us);
    reference->add_repeat_medians_us(reference_us);
  }
  row.set_time_us(us);
  return row;
}

GateReport Report(Verdict at_4k, Verdict at_64k) {
  GateReport report;
  report.candidate.mutable_spec()->set_kernel("one_shot_all_reduce");
  *report.candidate.add_rows() = Row(4096, 5, 2, 20);
  *report.candidate.add_rows() = Row(65536, 50, 2, 200);
  CaseResult a;
  a.name = "one_shot_all_reduce/bf16/4K";
  a.verdict = at_4k;
  CaseResult b;
  b.name = "one_shot_all_reduce/bf16/64K";
  b.verdict = at_64k;
  report.cases = {a, b};
  return report;
}

TEST(GateRoundsTest, TheSpecMeasuresOnlyInconclusiveSizes) {
  v1::JobSpec spec;
  spec.set_kernel("one_shot_all_reduce");
  spec.mutable_sweep()->set_min_bytes(4096);
  spec.mutable_sweep()->set_max_bytes(65536);
  spec.mutable_sweep()->set_step_factor(16);
  spec.set_repeats(10);
  EXPECT_FALSE(RemeasureSpec(spec, Report(Verdict::kUnchanged, Verdict::kRegressed)).has_value());
  const std::optional<v1::JobSpec> again =
      RemeasureSpec(spec, Report(Verdict::kUnchanged, Verdict::kInconclusive));
  ASSERT_TRUE(again.has_value());
  ASSERT_EQ(again->sweep().sizes_bytes_size(), 1);
  EXPECT_EQ(again->sweep().sizes_bytes(0), 65536);
  EXPECT_EQ(again->repeats(), 10);  // the rest as the user wrote it
  // A GEMM case runs its whole spec again.
  GateReport gemm = Report(Verdict::kInconclusive, Verdict::kUnchanged);
  gemm.candidate.mutable_rows(0)->mutable_gemm()->set_m(64);
  gemm.cases[0].name = CaseName("one_shot_all_reduce", gemm.candidate.rows(0));
  const std::optional<v1::JobSpec> whole = RemeasureSpec(spec, gemm);
  ASSERT_TRUE(whole.has_value());
  EXPECT_EQ(whole->sweep().sizes_bytes_size(), 0);
}

TEST(GateRoundsTest, LoopsPoolWithTheirReferenceLoopsAndPairs) {
  v1::ResultRow into = Row(4096, 5, 2, 20);
  into.mutable_comparison()->add_paired_ratios(1.0);
  into.mutable_comparison()->add_samples_us(5);
  v1::ResultRow more = Row(4096, 7, 3, 30);
  more.mutable_comparison()->add_paired_ratios(1.2);
  more.mutable_comparison()->add_paired_ratios(1.3);
  more.mutable_comparison()->add_samples_us(6);
  more.set_wrong(2);
  AppendLoops(more, &into);
  EXPECT_EQ(into.samples_us_size(), 10);
  EXPECT_EQ(into.sample_iters_size(), 10);
  EXPECT_EQ(into.repeat_medians_us_size(), 5);
  ASSERT_EQ(into.references(0).repeat_medians_us_size(), 5);
  EXPECT_EQ(into.references(0).repeat_medians_us(4), 30);
  EXPECT_EQ(into.time_us(), 7);  // the median of 4 x 5 and 6 x 7
  EXPECT_EQ(into.wrong(), 2);
  EXPECT_EQ(into.comparison().paired_ratios_size(), 3);
  EXPECT_DOUBLE_EQ(into.comparison().ratio(), 1.2);
  EXPECT_DOUBLE_EQ(into.comparison().time_us(), 5.5);
  // A run whose reference lacks loop medians leaves the pooled row without them (no longer one
  // per loop), rather than misaligned.
  v1::ResultRow bare = Row(4096, 7, 1, 30);
  bare.mutable_references(0)->clear_repeat_medians_us();
  AppendLoops(bare, &into);
  EXPECT_EQ(into.references(0).repeat_medians_us_size(), 0);
}

TEST(GateRoundsTest, OnlyInconclusiveCasesPoolOrAreReplaced) {
  const GateReport report = Report(Verdict::kUnchanged, Verdict::kInconclusive);
  v1::Job more;
  *more.add_rows() = Row(4096, 6, 2, 20);
  *more.add_rows() = Row(65536, 60, 3, 200);
  v1::Job pooled = report.candidate;
  PoolRun(more, report, Rejoin::kPool, &pooled);
  EXPECT_EQ(pooled.rows(0).repeat_medians_us_size(), 2);  // decided: as it was
  EXPECT_EQ(pooled.rows(1).repeat_medians_us_size(), 5);
  v1::Job fresh = report.candidate;
  PoolRun(more, report, Rejoin::kReplace, &fresh);
  EXPECT_EQ(fresh.rows(0).time_us(), 5);  // decided: as it was
  EXPECT_EQ(fresh.rows(1).repeat_medians_us_size(), 3);
  EXPECT_EQ(fresh.rows(1).time_us(), 60);
}

}  // namespace
}  // namespace symmbench::client
