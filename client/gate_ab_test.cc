// Tests for the A/B gate: paired ratios decide each case (a slowdown in every pair regresses,
// pairs around 1 pass, a drift that moves both sides alike passes where the unpaired samples
// would not), wrong elements of either side fail, and a job that is no A/B job is refused.
#include "client/gate_ab.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "client/gate_stats.h"

namespace symmbench::client {
namespace {

// A row whose kernel loops have medians `ours` and whose compare kernel's have `theirs`, pass
// by pass (ten batches per loop at the loop's median).
v1::ResultRow AbRow(int64_t size, const std::vector<double>& ours,
                    const std::vector<double>& theirs) {
  v1::ResultRow row;
  row.set_size_bytes(size);
  row.set_dtype(v1::bf16);
  v1::Comparison* c = row.mutable_comparison();
  c->set_kernel("one_shot_all_reduce");
  std::vector<double> ratios;
  for (size_t i = 0; i < ours.size(); ++i) {
    row.add_repeat_medians_us(ours[i]);
    c->add_repeat_medians_us(theirs[i]);
    for (int b = 0; b < 10; ++b) {
      row.add_samples_us(ours[i]);
      row.add_sample_iters(10);
      c->add_samples_us(theirs[i]);
    }
    c->add_paired_ratios(ours[i] / theirs[i]);
    ratios.push_back(ours[i] / theirs[i]);
  }
  c->set_ratio(Median(ratios));
  row.set_time_us(Median(ours));
  c->set_time_us(Median(theirs));
  return row;
}

v1::Job AbJob() {
  v1::Job job;
  job.set_job_id("j-000007");
  job.set_state(v1::SUCCEEDED);
  job.mutable_spec()->set_kernel("example:one_shot");
  job.mutable_spec()->mutable_sweep()->set_compare_kernel("one_shot_all_reduce");
  return job;
}

// Loop medians that drift over the job: pass i runs at speed (1 + 0.3 sin i).
std::vector<double> Drifting(double us, double factor = 1.0) {
  std::vector<double> out;
  for (int i = 0; i < 10; ++i) out.push_back(us * factor * (1 + 0.3 * std::sin(i)));
  return out;
}

TEST(GateAbTest, ASlowdownInEveryPairRegressesThroughADrift) {
  const CaseResult c =
      CompareAbCase("k/bf16/64K", AbRow(65536, Drifting(10, 1.10), Drifting(10)), GateOptions{});
  EXPECT_EQ(c.verdict, Verdict::kRegressed) << c.detail;
  EXPECT_NEAR(c.ratio, 1.10, 1e-9);
  EXPECT_DOUBLE_EQ(c.p_value, 1.0 / 1024);
  EXPECT_NE(c.test.find("sign test on 10 paired loops (10 slower, 0 faster)"), std::string::npos)
      << c.test;
}

TEST(GateAbTest, TheSameKernelOnBothSidesPassesThroughADrift) {
  std::vector<double> theirs = Drifting(10);
  std::vector<double> ours = theirs;
  for (size_t i = 0; i < ours.size(); ++i) ours[i] *= i % 2 == 0 ? 1.01 : 0.99;
  const CaseResult c = CompareAbCase("k/bf16/64K", AbRow(65536, ours, theirs), GateOptions{});
  EXPECT_EQ(c.verdict, Verdict::kUnchanged) << c.detail;
  EXPECT_NEAR(c.ratio, 1.0, 0.011);
}

TEST(GateAbTest, AFasterKernelImprovesAndTooFewPairsAreInconclusive) {
  CaseResult c =
      CompareAbCase("k/bf16/64K", AbRow(65536, Drifting(10, 0.8), Drifting(10)), GateOptions{});
  EXPECT_EQ(c.verdict, Verdict::kImproved) << c.detail;
  // Two pairs that disagree: neither a slowdown nor its absence is shown.
  c = CompareAbCase("k/bf16/64K", AbRow(65536, {13, 9}, {10, 10}), GateOptions{});
  EXPECT_EQ(c.verdict, Verdict::kInconclusive) << c.detail;
  EXPECT_GT(c.detectable, 0.05) << c.detail;
}

TEST(GateAbTest, WrongElementsOfEitherSideFail) {
  v1::ResultRow row = AbRow(65536, Drifting(10), Drifting(10));
  row.mutable_comparison()->set_wrong(3);
  EXPECT_EQ(CompareAbCase("k/bf16/64K", row, GateOptions{}).verdict, Verdict::kWrong);
  row.mutable_comparison()->set_wrong(0);
  row.set_wrong(1);
  EXPECT_EQ(CompareAbCase("k/bf16/64K", row, GateOptions{}).verdict, Verdict::kWrong);
}

TEST(GateAbTest, TheReportCoversEveryRowOfTheJob) {
  v1::Job job = AbJob();
  *job.add_rows() = AbRow(4096, Drifting(5), Drifting(5));
  *job.add_rows() = AbRow(65536, Drifting(10, 1.2), Drifting(10));
  ASSERT_TRUE(CheckAbJob(job).ok());
  const GateReport report = CompareAb(job, GateOptions{});
  EXPECT_TRUE(report.ab);
  EXPECT_EQ(report.baseline_name, "one_shot_all_reduce");
  ASSERT_EQ(report.cases.size(), 2u);
  EXPECT_EQ(report.cases[0].name, "example:one_shot/bf16/4K");
  EXPECT_EQ(report.cases[0].verdict, Verdict::kUnchanged);
  EXPECT_EQ(report.cases[1].verdict, Verdict::kRegressed);
  EXPECT_EQ(report.regressed, 1);
  EXPECT_FALSE(report.passed());
}

TEST(GateAbTest, AJobWithoutPairsIsRefused) {
  v1::Job job = AbJob();
  job.mutable_spec()->mutable_sweep()->clear_compare_kernel();
  EXPECT_EQ(CheckAbJob(job).code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(CheckAbJob(job).message().find("not an A/B job"), std::string::npos);
  job = AbJob();
  job.set_state(v1::FAILED);
  job.set_error("rank 1 was killed by signal 11");
  EXPECT_NE(CheckAbJob(job).message().find("has no A/B rows (FAILED: rank 1 was killed"),
            std::string::npos)
      << CheckAbJob(job);
}

}  // namespace
}  // namespace symmbench::client
