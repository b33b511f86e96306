// Tests for the gate's decision (regressed, improved, within noise, missing, wrong, new),
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
  if (c.ratio > 1.05) {
    EXPECT_EQ(c.verdict, Verdict::kWithinNoise) << c.detail;
    EXPECT_NE(c.detail.find("not significant"), std::string::npos) << c.detail;
  }
  EXPECT_TRUE(report.passed());
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
  EXPECT_EQ(c.verdict, Verdict::kWithinNoise) << c.detail;
  EXPECT_TRUE(report.passed());
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
  EXPECT_NE(table.find("# result: FAIL: 1 regressed, 1 missing"), std::string::npos) << table;
  const std::string markdown = GateMarkdown(report);
  EXPECT_EQ(markdown.find("### symmbench gate: :x: failed"), 0u) << markdown;
  EXPECT_NE(markdown.find("| `one_shot_all_reduce/bf16/8K` |"), std::string::npos) << markdown;
  // Failures come first in the Markdown table.
  EXPECT_LT(markdown.find("bf16/8K` |"), markdown.find("bf16/2K` |"));
  const Json json = GateToJson(report);
  EXPECT_FALSE(json["passed"].get<bool>());
  EXPECT_EQ(json["cases"][1]["verdict"], "regressed");
  EXPECT_EQ(json["cases"][2]["verdict"], "missing");
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
