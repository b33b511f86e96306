// Tests for gating against a saved baseline's kept build: which specs are timed against it (the
// kept build as their compare kernel), and the pairs' verdicts replacing the saved comparison's,
// which each case's detail still tells.
#include "client/gate_kept_build.h"

#include <gtest/gtest.h>

#include "absl/strings/str_cat.h"
#include "client/gate_ab.h"

namespace symmbench::client {
namespace {

constexpr char kOp[] = "example:one_shot";
constexpr char kKept[] = "example:one_shot@0123456789ab";

v1::Baseline KeptBaseline() {
  v1::Baseline baseline;
  baseline.set_name("main");
  baseline.mutable_job()->mutable_spec()->set_kernel(kOp);
  baseline.mutable_kept_build()->set_kernel(kKept);
  return baseline;
}

v1::JobSpec Spec() {
  v1::JobSpec spec;
  spec.set_kernel(kOp);
  spec.mutable_sweep()->add_sizes_bytes(4096);
  spec.mutable_sweep()->add_sizes_bytes(65536);
  spec.mutable_sweep()->add_sizes_bytes(1 << 20);
  spec.set_repeats(10);
  return spec;
}

// A/B row of `size`: `loops` loops of the kernel at `us`, the compare kernel at `compare_us`.
v1::ResultRow AbRow(int64_t size, double us, double compare_us, int loops) {
  v1::ResultRow row;
  row.set_size_bytes(size);
  row.set_dtype(v1::bf16);
  v1::Comparison* ab = row.mutable_comparison();
  ab->set_kernel(kKept);
  for (int l = 0; l < loops; ++l) {
    row.add_samples_us(us);
    row.add_sample_iters(10);
    row.add_repeat_medians_us(us);
    ab->add_samples_us(compare_us);
    ab->add_repeat_medians_us(compare_us);
    ab->add_paired_ratios(us / compare_us);
  }
  return row;
}

TEST(GateKeptBuildTest, OnlyTheOpTheBaselineRanWithoutACompareKernelOfItsOwn) {
  const std::optional<v1::JobSpec> against = AgainstKeptBuild(Spec(), KeptBaseline());
  ASSERT_TRUE(against.has_value());
  EXPECT_EQ(against->kernel(), kOp);
  EXPECT_EQ(against->sweep().compare_kernel(), kKept);
  EXPECT_EQ(against->sweep().sizes_bytes_size(), 3);  // the rest as the user wrote it
  EXPECT_EQ(against->repeats(), 10);
  v1::Job candidate;
  *candidate.mutable_spec() = *against;
  EXPECT_TRUE(TimedAgainstKeptBuild(candidate, KeptBaseline()));
  *candidate.mutable_spec() = Spec();
  EXPECT_FALSE(TimedAgainstKeptBuild(candidate, KeptBaseline()));

  v1::Baseline no_build = KeptBaseline();
  no_build.clear_kept_build();
  EXPECT_FALSE(AgainstKeptBuild(Spec(), no_build).has_value());
  EXPECT_FALSE(TimedAgainstKeptBuild(candidate, no_build));
  v1::JobSpec other = Spec();
  other.set_kernel("example_b:one_shot");
  EXPECT_FALSE(AgainstKeptBuild(other, KeptBaseline()).has_value());
  v1::JobSpec ab = Spec();
  ab.mutable_sweep()->set_compare_kernel("one_shot_all_reduce");
  EXPECT_FALSE(AgainstKeptBuild(ab, KeptBaseline()).has_value());
}

TEST(GateKeptBuildTest, ThePairsDecideEveryCaseBothHave) {
  GateOptions options;
  GateReport report;
  for (const char* size : {"4K", "64K", "1M"}) {
    CaseResult c;
    c.name = absl::StrCat(kOp, "/bf16/", size);
    c.kernel = kOp;
    c.dtype = "bf16";
    c.size = size;
    c.ratio = 1.3;
    c.interval_low = 0.9;
    c.interval_high = 2.1;
    c.verdict = Verdict::kInconclusive;
    report.cases.push_back(c);
  }
  report.cases[0].verdict = Verdict::kRegressed;  // a saved comparison fooled by the machine
  report.cases[2].verdict = Verdict::kMissing;    // the candidate lacks it
  CountVerdicts(&report);
  ASSERT_EQ(report.regressed, 1);

  v1::Job pairs;
  pairs.set_state(v1::SUCCEEDED);
  pairs.mutable_spec()->set_kernel(kOp);
  pairs.mutable_spec()->mutable_sweep()->set_compare_kernel(kKept);
  *pairs.add_rows() = AbRow(4096, 5.0, 5.0, 10);       // no change against the kept build
  *pairs.add_rows() = AbRow(65536, 110.0, 100.0, 10);  // 10% slower in every pair
  DecideFromKeptBuild(CompareAb(pairs, options), KeptBaseline(), &report);

  EXPECT_EQ(report.cases[0].verdict, Verdict::kUnchanged) << report.cases[0].detail;
  EXPECT_EQ(report.cases[0].against_build, kKept);
  EXPECT_EQ(report.cases[0].size, "4K");
  EXPECT_NE(report.cases[0].detail.find("A/B against the baseline's build " + std::string(kKept)),
            std::string::npos)
      << report.cases[0].detail;
  EXPECT_NE(report.cases[0].detail.find("against the saved times of main: regressed, 1.300"),
            std::string::npos)
      << report.cases[0].detail;
  EXPECT_EQ(report.cases[1].verdict, Verdict::kRegressed) << report.cases[1].detail;
  EXPECT_NEAR(report.cases[1].ratio, 1.1, 1e-9);
  EXPECT_EQ(report.cases[2].verdict, Verdict::kMissing);
  EXPECT_EQ(report.cases[2].against_build, "");
  EXPECT_EQ(report.regressed, 1);
  EXPECT_EQ(report.missing, 1);
  EXPECT_EQ(report.inconclusive, 0);
}

}  // namespace
}  // namespace symmbench::client
