// Tests for the gate's decision (regressed, improved, unchanged, drift, inconclusive, missing,
// wrong, new), raw and relative to the in-run reference, the detectable slowdown,
// comparability, and its reports (table, Markdown, JUnit XML structure, JSON).
#include "client/gate.h"

#include <gtest/gtest.h>

#include <random>

#include "client/gate_command.h"
#include "client/gate_report.h"

namespace symmbench::client {
namespace {

// A row of `size` whose `loops` x 10 samples are `median_us` times a uniform noise of +-`spread`.
v1::ResultRow Row(int64_t size, double median_us, uint32_t seed, double spread = 0.03,
                  int loops = 5) {
  v1::ResultRow row;
  row.set_size_bytes(size);
  row.set_dtype(v1::bf16);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> noise(1 - spread, 1 + spread);
  for (int l = 0; l < loops; ++l) {
    std::vector<double> batch;
    for (int b = 0; b < 10; ++b) {
      batch.push_back(median_us * noise(rng));
      row.add_samples_us(batch.back());
      row.add_sample_iters(10);
    }
    std::sort(batch.begin(), batch.end());
    row.add_repeat_medians_us((batch[4] + batch[5]) / 2);
  }
  row.set_time_us(median_us);
  return row;
}

v1::Job Job(const std::string& id, const std::string& gpu = "NVIDIA H200", int world_size = 2) {
  v1::Job job;
  job.set_job_id(id);
  job.set_state(v1::SUCCEEDED);
  job.set_backend(v1::cuda);
  job.mutable_spec()->set_kernel("one_shot_all_reduce");
  job.mutable_spec()->set_dtype(v1::bf16);
  job.mutable_spec()->set_world_size(world_size);
  job.mutable_spec()->set_iters(100);
  (*job.mutable_spec()->mutable_labels())["git_sha"] = "abc123";
  job.mutable_machine()->set_gpu_model(gpu);
  job.mutable_machine()->set_hostname("gpu-host");
  job.mutable_machine()->set_nccl_version("2.28.9");
  return job;
}

const CaseResult& Case(const GateReport& report, const std::string& name) {
  for (const CaseResult& c : report.cases) {
    if (c.name == name) return c;
  }
  static CaseResult none;
  ADD_FAILURE() << "no case " << name;
  return none;
}

TEST(GateTest, SameDistributionsPassAndShiftsAreClassified) {
  v1::Job baseline = Job("j-000001");
  v1::Job candidate = Job("j-000002");
  const std::vector<int64_t> sizes = {2048, 8192, 32768, 131072, 524288};
  const std::vector<double> factor = {1.0, 1.2, 0.8, 1.02, 2.0};
  for (size_t i = 0; i < sizes.size(); ++i) {
    *baseline.add_rows() = Row(sizes[i], 10.0 * (i + 1), 100 + i);
    *candidate.add_rows() = Row(sizes[i], 10.0 * (i + 1) * factor[i], 200 + i);
  }
  const GateReport report = Compare("main", baseline, candidate, GateOptions());
  ASSERT_EQ(report.cases.size(), sizes.size());
  EXPECT_EQ(Case(report, "one_shot_all_reduce/bf16/2K").verdict, Verdict::kUnchanged);
  const CaseResult& slower = Case(report, "one_shot_all_reduce/bf16/8K");
  EXPECT_EQ(slower.verdict, Verdict::kRegressed) << slower.detail;
  EXPECT_NEAR(slower.ratio, 1.2, 0.03);
  EXPECT_GT(slower.interval_low, 1.1);
  EXPECT_LT(slower.p_value, 0.01);
  EXPECT_NE(slower.test.find("50 vs 50 batches (5 vs 5 loops)"), std::string::npos) << slower.test;
  EXPECT_EQ(Case(report, "one_shot_all_reduce/bf16/32K").verdict, Verdict::kImproved);
  EXPECT_EQ(Case(report, "one_shot_all_reduce/bf16/128K").verdict, Verdict::kUnchanged);
  EXPECT_EQ(Case(report, "one_shot_all_reduce/bf16/512K").verdict, Verdict::kRegressed);
  EXPECT_EQ(report.regressed, 2);
  EXPECT_EQ(report.improved, 1);
  EXPECT_FALSE(report.passed());
}

TEST(GateTest, BeyondTheThresholdButNoisyIsNotARegression) {
  v1::Job baseline = Job("j-000001");
  v1::Job candidate = Job("j-000002");
  // +-60% noise per batch: an 8% shift of the median is not significant.
  *baseline.add_rows() = Row(2048, 10.0, 1, 0.6);
  *candidate.add_rows() = Row(2048, 10.8, 2, 0.6);
  const GateReport report = Compare("main", baseline, candidate, GateOptions());
  const CaseResult& c = report.cases[0];
  // Neither a regression nor its absence is shown: inconclusive, which does not fail the gate,
  // and the detail says how large a slowdown the noise hides.
  EXPECT_GT(c.interval_high, 1.05) << c.detail;
  EXPECT_EQ(c.verdict, Verdict::kInconclusive) << c.detail;
  EXPECT_NE(c.detail.find("slower not ruled out; it would have caught"), std::string::npos)
      << c.detail;
  EXPECT_GT(c.detectable, 0.05) << c.detail;
  EXPECT_TRUE(report.passed());
  EXPECT_EQ(report.inconclusive, 1);
}

// Three of five loops slower, two at the baseline's speed: every batch test is sure (the
// batches of a loop move together), but resampled by loops the ratio may be 1, so it is noise.
TEST(GateTest, LoopsThatDisagreeAreNoise) {
  v1::Job baseline = Job("j-000001");
  v1::Job candidate = Job("j-000002");
  *baseline.add_rows() = Row(2048, 10.0, 1);
  v1::ResultRow mixed;
  mixed.set_size_bytes(2048);
  mixed.set_dtype(v1::bf16);
  for (int loop = 0; loop < 5; ++loop) {
    const v1::ResultRow one = Row(2048, loop < 3 ? 12.0 : 10.0, 10 + loop, 0.03, 1);
    for (int b = 0; b < one.samples_us_size(); ++b) {
      mixed.add_samples_us(one.samples_us(b));
      mixed.add_sample_iters(one.sample_iters(b));
    }
    mixed.add_repeat_medians_us(one.repeat_medians_us(0));
  }
  mixed.set_time_us(12.0);
  *candidate.add_rows() = mixed;
  const GateReport report = Compare("main", baseline, candidate, GateOptions());
  const CaseResult& c = report.cases[0];
  EXPECT_GT(c.ratio, 1.1) << c.detail;
  EXPECT_LT(c.p_value, 0.01) << c.detail;  // the rank test alone would call it a regression
  EXPECT_LE(c.interval_low, 1.0) << c.detail;
  EXPECT_EQ(c.verdict, Verdict::kInconclusive) << c.detail;
  EXPECT_TRUE(report.passed());
}

// Adds reference `name`'s loop medians to `row`: `median_us` times each loop's `factor`.
void AddReference(v1::ResultRow* row, const std::string& name, double median_us,
                  const std::vector<double>& factors) {
  v1::ReferenceResult* reference = row->add_references();
  reference->set_name(name);
  for (int loop = 0; loop < row->repeat_medians_us_size(); ++loop) {
    reference->add_repeat_medians_us(median_us * factors[loop % factors.size()]);
  }
  reference->set_time_us(median_us);
  row->set_reference(name);
}

// The machine is 30% slower for the candidate, the kernel and its in-run reference alike: the
// raw comparison says slower, relative to the reference nothing moved, so it is drift and the
// gate passes, saying so.
TEST(GateTest, ASlowdownTheReferenceSharesIsDrift) {
  v1::Job baseline = Job("j-000001");
  v1::Job candidate = Job("j-000002");
  *baseline.add_rows() = Row(2048, 10.0, 1);
  *candidate.add_rows() = Row(2048, 13.0, 2);
  AddReference(baseline.mutable_rows(0), "nccl_all_reduce", 20.0, {1.0, 1.01, 0.99});
  AddReference(candidate.mutable_rows(0), "nccl_all_reduce", 26.0, {1.0, 0.99, 1.01});
  const GateReport report = Compare("main", baseline, candidate, GateOptions());
  const CaseResult& c = report.cases[0];
  EXPECT_NEAR(c.ratio, 1.3, 0.03);
  EXPECT_EQ(c.reference, "nccl_all_reduce");
  EXPECT_NEAR(c.drift, 1.3, 0.02);
  EXPECT_GT(c.drift_low, 1.25);
  EXPECT_NEAR(c.relative_ratio, 1.0, 0.03);
  EXPECT_LT(c.relative_high, 1.05);
  EXPECT_EQ(c.verdict, Verdict::kDrift) << c.detail;
  EXPECT_NE(c.detail.find("the machine"), std::string::npos) << c.detail;
  EXPECT_TRUE(report.passed());
  EXPECT_EQ(report.drift, 1);
}

// The kernel is 20% slower while its reference ran as before: a regression, both ways.
TEST(GateTest, ASlowdownTheReferenceDoesNotShareRegresses) {
  v1::Job baseline = Job("j-000001");
  v1::Job candidate = Job("j-000002");
  *baseline.add_rows() = Row(2048, 10.0, 1);
  *candidate.add_rows() = Row(2048, 12.0, 2);
  AddReference(baseline.mutable_rows(0), "nccl_all_reduce", 20.0, {1.0, 1.01, 0.99});
  AddReference(candidate.mutable_rows(0), "nccl_all_reduce", 20.0, {1.0, 0.99, 1.01});
  const CaseResult c = Compare("main", baseline, candidate, GateOptions()).cases[0];
  EXPECT_NEAR(c.relative_ratio, 1.2, 0.03);
  EXPECT_NEAR(c.drift, 1.0, 0.02);
  EXPECT_EQ(c.verdict, Verdict::kRegressed) << c.detail;
}

// The machine changed between the runs in a way the reference tracks only in part (the kernel
// 6x slower, its reference 3x: an oversubscribed CPU host): slower both raw and relative, but
// the reference itself moved beyond the threshold, so the gate cannot tell and says so.
TEST(GateTest, WhenTheReferenceMovedTheCaseIsInconclusive) {
  v1::Job baseline = Job("j-000001");
  v1::Job candidate = Job("j-000002");
  *baseline.add_rows() = Row(4096, 4.7, 1);
  *candidate.add_rows() = Row(4096, 29.0, 2);
  AddReference(baseline.mutable_rows(0), "reference_sum", 24.5, {1.0, 1.02, 0.98});
  AddReference(candidate.mutable_rows(0), "reference_sum", 81.0, {1.0, 0.98, 1.02});
  const GateReport report = Compare("main", baseline, candidate, GateOptions());
  const CaseResult& c = report.cases[0];
  EXPECT_GT(c.relative_low, 1.05) << c.detail;  // relative to the reference, still slower
  EXPECT_GT(c.drift_low, 1.05) << c.detail;
  EXPECT_EQ(c.verdict, Verdict::kInconclusive) << c.detail;
  EXPECT_NE(c.detail.find("the machine changed"), std::string::npos) << c.detail;
  EXPECT_TRUE(report.passed());
  EXPECT_EQ(report.inconclusive, 1);
  // Slower relative to the reference by more than the reference itself moved (10x while the
  // machine moved 1.3x): the change's, whatever the machine did.
  *candidate.mutable_rows(0) = Row(4096, 47.0 * 1.3, 3);
  AddReference(candidate.mutable_rows(0), "reference_sum", 24.5 * 1.3, {1.0, 0.98, 1.02});
  const CaseResult delayed = Compare("main", baseline, candidate, GateOptions()).cases[0];
  EXPECT_GT(delayed.drift_low, 1.05) << delayed.detail;
  EXPECT_EQ(delayed.verdict, Verdict::kRegressed) << delayed.detail;
}

// Faster raw is an improvement only when it is faster relative to the reference too: with the
// machine (the reference as much faster) it is unchanged; with the reference faster still (the
// kernel slower relative to it) the machine changed under a possible regression: inconclusive.
TEST(GateTest, FasterWithTheMachineIsNoImprovement) {
  v1::Job baseline = Job("j-000001");
  *baseline.add_rows() = Row(2048, 10.0, 1);
  AddReference(baseline.mutable_rows(0), "nccl_all_reduce", 20.0, {1.0, 1.01, 0.99});
  const struct {
    double reference_us;
    Verdict want;
  } cases[] = {
      {12.0, Verdict::kInconclusive}, {16.0, Verdict::kUnchanged}, {20.0, Verdict::kImproved}};
  for (const auto& t : cases) {
    v1::Job candidate = Job("j-000002");
    *candidate.add_rows() = Row(2048, 8.0, 2);
    AddReference(candidate.mutable_rows(0), "nccl_all_reduce", t.reference_us, {1.0, 0.99, 1.01});
    const CaseResult c = Compare("main", baseline, candidate, GateOptions()).cases[0];
    EXPECT_EQ(c.verdict, t.want) << t.reference_us << ": " << c.detail;
  }
}

// Rows without the reference's loop medians (records from before, or references that differ)
// are decided on the raw comparison alone.
TEST(GateTest, WithoutReferenceLoopsTheRawComparisonDecides) {
  v1::Job baseline = Job("j-000001");
  v1::Job candidate = Job("j-000002");
  *baseline.add_rows() = Row(2048, 10.0, 1);
  *candidate.add_rows() = Row(2048, 13.0, 2);
  AddReference(baseline.mutable_rows(0), "nccl_all_reduce", 20.0, {1.0});
  AddReference(candidate.mutable_rows(0), "nccl_symmetric", 26.0, {1.0});
  const CaseResult c = Compare("main", baseline, candidate, GateOptions()).cases[0];
  EXPECT_EQ(c.reference, "");
  EXPECT_EQ(c.relative_ratio, 0);
  EXPECT_EQ(c.verdict, Verdict::kRegressed) << c.detail;
}

TEST(GateTest, ClassifyAndTheDetectableSlowdown) {
  GateOptions options;                                                      // 5%, alpha 0.01
  EXPECT_EQ(Classify(options, 1.10, 1.07, 1.13, 0.5), Finding::kSlower);    // interval beyond
  EXPECT_EQ(Classify(options, 1.10, 1.01, 1.20, 0.001), Finding::kSlower);  // test + above 1
  EXPECT_EQ(Classify(options, 1.10, 1.01, 1.20, 0.02), Finding::kUndecided);
  EXPECT_EQ(Classify(options, 1.10, 0.99, 1.20, 0.001), Finding::kUndecided);
  EXPECT_EQ(Classify(options, 0.90, 0.88, 0.93, 0.5), Finding::kFaster);
  EXPECT_EQ(Classify(options, 1.02, 0.98, 1.04, 0.3), Finding::kRuledOut);
  EXPECT_EQ(Classify(options, 1.02, 0.98, 1.06, 0.3), Finding::kUndecided);
  // Each look of three tests at alpha / 3.
  options.looks = 3;
  EXPECT_DOUBLE_EQ(options.look_alpha(), 0.01 / 3);
  EXPECT_EQ(Classify(options, 1.10, 1.01, 1.20, 0.005), Finding::kUndecided);
  EXPECT_EQ(Classify(options, 1.10, 1.01, 1.20, 0.003), Finding::kSlower);
  // A tight interval detects anything beyond the threshold; a wide one only what clears it.
  EXPECT_DOUBLE_EQ(DetectableSlowdown(options, 1.0, 0.99), 0.05);
  EXPECT_NEAR(DetectableSlowdown(options, 1.0, 0.8), 0.25, 1e-12);
  EXPECT_NEAR(DetectableSlowdown(options, 1.2, 1.0), 0.2, 1e-12);
  EXPECT_EQ(DetectableSlowdown(options, 1.0, 0), 0);
}

// A quiet case rules out the threshold and says what it could have detected: about the
// threshold itself for +-3% noise.
TEST(GateTest, AQuietUnchangedCaseStatesItsPower) {
  v1::Job baseline = Job("j-000001");
  v1::Job candidate = Job("j-000002");
  *baseline.add_rows() = Row(2048, 10.0, 1);
  *candidate.add_rows() = Row(2048, 10.0, 2);
  const CaseResult c = Compare("main", baseline, candidate, GateOptions()).cases[0];
  EXPECT_EQ(c.verdict, Verdict::kUnchanged) << c.detail;
  EXPECT_NE(c.detail.find("ruled out"), std::string::npos) << c.detail;
  EXPECT_GE(c.detectable, 0.05);
  EXPECT_LT(c.detectable, 0.08);
}

TEST(GateTest, MissingWrongAndNewCases) {
  v1::Job baseline = Job("j-000001");
  v1::Job candidate = Job("j-000002");
  *baseline.add_rows() = Row(2048, 10, 1);
  *baseline.add_rows() = Row(8192, 20, 2);
  *baseline.add_rows() = Row(32768, 30, 3);
  *candidate.add_rows() = Row(2048, 10, 4);
  v1::ResultRow wrong = Row(8192, 20, 5);
  wrong.set_wrong(12);
  *candidate.add_rows() = wrong;
  *candidate.add_rows() = Row(65536, 40, 6);
  candidate.set_state(v1::FAILED);
  candidate.set_error("rank 0: verification failed");
  const GateReport report = Compare("main", baseline, candidate, GateOptions());
  ASSERT_EQ(report.cases.size(), 4u);
  EXPECT_EQ(report.cases[1].verdict, Verdict::kWrong);
  EXPECT_EQ(report.cases[2].verdict, Verdict::kMissing);
  EXPECT_NE(report.cases[2].detail.find("verification failed"), std::string::npos);
  EXPECT_EQ(report.cases[3].verdict, Verdict::kNew);
  EXPECT_EQ(report.cases[3].name, "one_shot_all_reduce/bf16/64K");
  EXPECT_EQ(report.failures(), 2);
  EXPECT_TRUE(report.candidate_failed);
  EXPECT_FALSE(report.passed());
}

TEST(GateTest, OneLoopIsEnough) {
  v1::Job baseline = Job("j-000001");
  v1::Job candidate = Job("j-000002");
  *baseline.add_rows() = Row(2048, 10, 1, 0.03, 1);
  *candidate.add_rows() = Row(2048, 13, 2, 0.03, 1);
  const GateReport report = Compare("main", baseline, candidate, GateOptions());
  EXPECT_NE(report.cases[0].test.find("batches"), std::string::npos) << report.cases[0].test;
  EXPECT_EQ(report.cases[0].verdict, Verdict::kRegressed);
}

TEST(GateTest, SampleGroupsSplitByLoops) {
  v1::ResultRow row = Row(2048, 10, 1, 0.03, 3);
  EXPECT_EQ(SampleGroupsOf(row).size(), 3u);
  EXPECT_EQ(SampleGroupsOf(row)[0].size(), 10u);
  v1::ResultRow old;  // a record from before samples: its median only
  old.set_time_us(7);
  ASSERT_EQ(SampleGroupsOf(old).size(), 1u);
  EXPECT_EQ(SampleGroupsOf(old)[0][0], 7);
}

TEST(CheckComparableTest, RefusesOtherGpuModelsAndWorldSizes) {
  EXPECT_TRUE(CheckComparable(Job("a"), Job("b")).ok());
  const absl::Status model = CheckComparable(Job("a"), Job("b", "NVIDIA H100 80GB HBM3"));
  EXPECT_EQ(model.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(model.message().find("GPU model NVIDIA H200 (baseline) vs NVIDIA H100"),
            std::string::npos)
      << model;
  EXPECT_NE(model.message().find("--allow-mismatch"), std::string::npos);
  const absl::Status world = CheckComparable(Job("a"), Job("b", "NVIDIA H200", 4));
  EXPECT_NE(world.message().find("world size 2 (baseline) vs 4 (candidate)"), std::string::npos)
      << world;
  v1::Job other = Job("b", "NVIDIA H200", 4);
  other.mutable_machine()->set_nccl_version("2.28.3");
  const std::vector<std::string> notes = ComparisonNotes(Job("a"), other);
  ASSERT_FALSE(notes.empty());
  EXPECT_EQ(notes[0], "NCCL 2.28.9 (baseline) vs 2.28.3 (candidate)");
}

GateReport MixedReport() {
  v1::Job baseline = Job("j-000001");
  v1::Job candidate = Job("j-000002");
  candidate.set_start_time_unix_ms(1795000000000);
  candidate.set_end_time_unix_ms(1795000004500);
  *baseline.add_rows() = Row(2048, 10, 1);
  *baseline.add_rows() = Row(8192, 20, 2);
  *baseline.add_rows() = Row(32768, 30, 3);
  *candidate.add_rows() = Row(2048, 10, 4);
  *candidate.add_rows() = Row(8192, 30, 5);  // 50% slower
  return Compare("main", baseline, candidate, GateOptions());
}

TEST(GateReportTest, TableMarkdownAndJsonNameTheFailures) {
  const GateReport report = MixedReport();
  const std::string table = GateTable(report);
  EXPECT_NE(table.find("REGRESSED"), std::string::npos) << table;
  EXPECT_NE(table.find("MISSING"), std::string::npos) << table;
  EXPECT_NE(table.find("VS_REFERENCE"), std::string::npos) << table;
  EXPECT_NE(table.find("DETECTS"), std::string::npos) << table;
  EXPECT_NE(table.find("# result: FAIL: 1 regressed, 1 missing"), std::string::npos) << table;
  const std::string markdown = GateMarkdown(report);
  EXPECT_EQ(markdown.find("### symmbench gate: :x: failed"), 0u) << markdown;
  EXPECT_NE(markdown.find("| `one_shot_all_reduce/bf16/8K` |"), std::string::npos) << markdown;
  // Failures come first in the Markdown table.
  EXPECT_LT(markdown.find("bf16/8K` |"), markdown.find("bf16/2K` |"));
  const Json json = GateToJson(report);
  EXPECT_FALSE(json["passed"].get<bool>());
  EXPECT_EQ(json["outcome"], "fail");
  EXPECT_EQ(json["cases"][1]["verdict"], "regressed");
  EXPECT_EQ(json["cases"][2]["verdict"], "missing");
  EXPECT_GT(json["cases"][1]["detectable_slowdown"].get<double>(), 0);
}

// Inconclusive cases: the outcome says so in every report, JUnit counts them as skipped.
TEST(GateReportTest, InconclusiveIsItsOwnOutcome) {
  v1::Job baseline = Job("j-000001");
  v1::Job candidate = Job("j-000002");
  *baseline.add_rows() = Row(2048, 10.0, 1, 0.6);
  *candidate.add_rows() = Row(2048, 10.8, 2, 0.6);
  *baseline.add_rows() = Row(8192, 20.0, 3);
  *candidate.add_rows() = Row(8192, 20.0, 4);
  GateReport report = Compare("main", baseline, candidate, GateOptions());
  ASSERT_EQ(report.cases[0].verdict, Verdict::kInconclusive) << report.cases[0].detail;
  report.more_runs = {"j-000003"};
  EXPECT_TRUE(report.passed());
  const std::string table = GateTable(report);
  EXPECT_NE(table.find("INCONCLUSIVE"), std::string::npos) << table;
  EXPECT_NE(table.find("# result: INCONCLUSIVE: 0 regressed, 0 missing, 0 wrong, 1 inconclusive"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("measured again in j-000003"), std::string::npos) << table;
  // What to do instead, for a saved baseline (an A/B report has nothing better to offer).
  EXPECT_NE(table.find("`symmbench gate --ab` times baseline and candidate in one job"),
            std::string::npos)
      << table;
  report.ab = true;
  EXPECT_EQ(GateTable(report).find("gate --ab"), std::string::npos);
  report.ab = false;
  EXPECT_EQ(GateMarkdown(report).find("### symmbench gate: :grey_question: inconclusive"), 0u);
  const std::string xml = GateJUnitXml(report);
  EXPECT_NE(xml.find("failures=\"0\" errors=\"0\" skipped=\"1\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("<skipped message=\""), std::string::npos) << xml;
  EXPECT_EQ(GateToJson(report)["outcome"], "inconclusive");
}

TEST(GateReportTest, JUnitCountsAndOrder) {
  const std::string xml = GateJUnitXml(MixedReport());
  EXPECT_EQ(xml.find("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"), 0u);
  EXPECT_NE(xml.find("tests=\"3\" failures=\"2\" errors=\"0\" skipped=\"0\" time=\"4.500\""),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("timestamp=\"2026-11-18T"), std::string::npos) << xml;
  EXPECT_NE(xml.find("type=\"regressed\""), std::string::npos);
  EXPECT_NE(xml.find("type=\"missing\""), std::string::npos);
  EXPECT_LT(xml.find("<properties>"), xml.find("<testcase"));
  EXPECT_LT(xml.rfind("</testcase>"), xml.find("<system-out>"));
  EXPECT_LT(xml.find("<system-out>"), xml.find("<system-err>"));
}

TEST(GateReportTest, XmlEscape) {
  EXPECT_EQ(XmlEscape("a<b>&\"c'\x01\n"), "a&lt;b&gt;&amp;&quot;c&apos;\n");
}

TEST(ParseSlowdownTest, PercentOrFraction) {
  EXPECT_DOUBLE_EQ(*ParseSlowdown("5%"), 0.05);
  EXPECT_DOUBLE_EQ(*ParseSlowdown("0.05"), 0.05);
  EXPECT_DOUBLE_EQ(*ParseSlowdown("150%"), 1.5);
  for (const char* bad : {"5", "abc", "-1%", "", "2000%"}) {
    absl::StatusOr<double> parsed = ParseSlowdown(bad);
    ASSERT_FALSE(parsed.ok()) << bad;
    EXPECT_EQ(parsed.status().message().find("--max-slowdown"), 0u) << parsed.status();
  }
}

}  // namespace
}  // namespace symmbench::client
