#include "client/run_report.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>
#include <sstream>

#include "client/report_test_job.h"

namespace symmbench::client {
namespace {

TEST(RestateTest, StatisticOfEachRankReducedOverTheRanks) {
  const v1::ResultRow row = Job().rows(0);
  EXPECT_EQ(Restate(row, {}).time_us(), 12);  // median, max over ranks: the row as stored
  v1::ResultRow mean = Restate(row, {"mean", "max"});
  EXPECT_EQ(mean.time_us(), 14);
  EXPECT_DOUBLE_EQ(mean.algbw_gbps(), 2048 / 14e3);
  EXPECT_DOUBLE_EQ(mean.busbw_gbps(), mean.algbw_gbps() * 1.5);
  EXPECT_DOUBLE_EQ(mean.speedup(), 20.0 / 14);
  EXPECT_EQ(Restate(row, {"min", "min"}).time_us(), 8);
  EXPECT_EQ(Restate(row, {"mean", "avg"}).time_us(), 12.5);
  EXPECT_EQ(Restate(row, {"median", "0"}).time_us(), 10);
  // Rows without per-rank times stay as they are.
  v1::ResultRow bare = row;
  bare.clear_rank_times();
  EXPECT_EQ(Restate(bare, {"mean", "avg"}).time_us(), 12);
}

// An existing --nccl-tests-json file is refused before the job runs, unless --overwrite (it was
// replaced silently).
TEST(ReportOptionsTest, AnExistingJsonFileIsKeptUnlessOverwrite) {
  ReportOptions options;
  options.nccl_tests_json = ::testing::TempDir() + "/kept.json";
  std::ofstream(options.nccl_tests_json) << "{\"mine\": 1}\n";
  EXPECT_EQ(ResolveReportOptions(false, &options).message(),
            "--nccl-tests-json: " + options.nccl_tests_json +
                " exists; give --overwrite to replace it, or another file");
  options.overwrite = true;
  EXPECT_TRUE(ResolveReportOptions(false, &options).ok());
  options.overwrite = false;
  options.nccl_tests_json = ::testing::TempDir() + "/new.json";
  EXPECT_TRUE(ResolveReportOptions(false, &options).ok());
}

TEST(ReportOptionsTest, BadValuesNameTheFlagAndTheEnvironmentGivesTheMinimum) {
  ReportOptions options;
  options.stat_flag = "average";
  EXPECT_EQ(ResolveReportOptions(false, &options).message(),
            "--stat: want median, mean or min (got \"average\")");
  options = {};
  options.ranks_flag = "3";
  EXPECT_EQ(ResolveReportOptions(false, &options).message(),
            "--ranks: want max, min, avg or 0 (got \"3\")");
  options = {};
  options.format = "csv";
  EXPECT_EQ(ResolveReportOptions(false, &options).message(),
            "--format: want table or nccl-tests (got \"csv\")");
  options = {};
  setenv("NCCL_TESTS_MIN_BW", "12.5", 1);
  ASSERT_TRUE(ResolveReportOptions(false, &options).ok());
  EXPECT_EQ(options.min_busbw_gbps, 12.5);
  options.min_busbw_gbps = 3;
  ASSERT_TRUE(ResolveReportOptions(true, &options).ok());  // the flag wins
  EXPECT_EQ(options.min_busbw_gbps, 3);
  setenv("NCCL_TESTS_MIN_BW", "fast", 1);
  EXPECT_EQ(ResolveReportOptions(false, &options).message(),
            "NCCL_TESTS_MIN_BW: want GB/s as a number (got \"fast\")");
  unsetenv("NCCL_TESTS_MIN_BW");
  options.min_busbw_gbps = -1;
  EXPECT_EQ(ResolveReportOptions(true, &options).message(), "--min-busbw: want GB/s >= 0 (got -1)");
}

// Each view's own default where the flags say nothing: ours is median and max over ranks;
// nccl-tests' (its table and JSON) is its -a 1: each rank's mean, averaged over ranks.
TEST(ReportOptionsTest, EachViewHasItsOwnDefault) {
  ReportOptions options;
  ASSERT_TRUE(ResolveReportOptions(false, &options).ok());
  EXPECT_EQ(options.view.stat, "median");
  EXPECT_EQ(options.view.ranks, "max");
  EXPECT_EQ(options.nccl_tests_view.stat, "mean");
  EXPECT_EQ(options.nccl_tests_view.ranks, "avg");
  options = {};
  options.format = "nccl-tests";
  ASSERT_TRUE(ResolveReportOptions(false, &options).ok());
  EXPECT_EQ(options.view.stat, "mean");
  EXPECT_EQ(options.view.ranks, "avg");
  options = {};
  options.ranks_flag = "max";  // a flag given applies to both
  ASSERT_TRUE(ResolveReportOptions(false, &options).ok());
  EXPECT_EQ(options.view.stat, "median");
  EXPECT_EQ(options.nccl_tests_view.stat, "mean");
  EXPECT_EQ(options.nccl_tests_view.ranks, "max");
}

TEST(RunReportTest, HeaderHasTheParametersAndOneLinePerRank) {
  const std::string header = RunHeader(Job(), {});
  EXPECT_NE(header.find("# minBytes 2048 maxBytes 8192 step: 4(factor) warmup iters: 5 iters: 20 "
                        "repeats: 5 validation: 1 graph: 0 per-iteration: 0\n"),
            std::string::npos)
      << header;
  EXPECT_NE(header.find("# time: median of each rank's samples, max over ranks (nccl-tests' "
                        "default, its -a 1, is each rank's mean averaged over ranks: --stat mean "
                        "--ranks avg)"),
            std::string::npos)
      << header;
  EXPECT_NE(RunHeader(Job(), {"mean", "avg"})
                .find("# time: mean of each rank's samples, average over ranks (nccl-tests' "
                      "default, its -a 1);"),
            std::string::npos);
  EXPECT_NE(header.find("#  Rank  0 Group  0 Pid   4000 on      node1 device  0 [0000:18:00.0] "
                        "NVIDIA H100 80GB HBM3  memory 3.00 GiB\n"),
            std::string::npos)
      << header;
  EXPECT_NE(header.find("#  Rank  1 Group  0 Pid   4001"), std::string::npos);
}

TEST(RunReportTest, HeaderSaysHowGraphReplaysWereTimed) {
  v1::Job job = Job();
  EXPECT_EQ(RunHeader(job, {}).find("# graph timing:"), std::string::npos);
  job.mutable_spec()->mutable_sweep()->set_graph(true);
  EXPECT_NE(RunHeader(job, {}).find("# graph timing: graphs of iters / 10 operations, one sample "
                                    "per replay\n"),
            std::string::npos)
      << RunHeader(job, {});
  job.mutable_spec()->mutable_sweep()->set_graph_launches(15);
  EXPECT_NE(RunHeader(job, {}).find("# graph timing: one graph of all iters operations, 15 "
                                    "launches per sample (nccl-tests -G 15)\n"),
            std::string::npos)
      << RunHeader(job, {});
}

TEST(RunReportTest, FooterCountsWrongElementsAndChecksTheMinimumBusBandwidth) {
  v1::Job job = Job();
  ReportOptions options;
  const double average = (Job().rows(0).busbw_gbps() + Job().rows(1).busbw_gbps()) / 2;
  EXPECT_DOUBLE_EQ(AverageBusBw(job, options.view), average);
  {  // in-place figures count as nccl-tests counts them: one more figure each
    v1::Job with_in_place = job;
    with_in_place.mutable_rows(0)->mutable_in_place()->set_time_us(1);
    with_in_place.mutable_rows(0)->mutable_in_place()->set_busbw_gbps(9);
    EXPECT_DOUBLE_EQ(AverageBusBw(with_in_place, options.view), (average * 2 + 9) / 3);
  }
  std::string footer = RunFooter(job, options);
  EXPECT_NE(footer.find("# Out of bounds values : 0 OK\n"), std::string::npos) << footer;
  EXPECT_NE(footer.find("# Avg bus bandwidth    : "), std::string::npos) << footer;
  options.min_busbw_gbps = average * 1.01;
  EXPECT_TRUE(BelowMinimum(job, options));
  EXPECT_NE(RunFooter(job, options).find("FAILED (below --min-busbw"), std::string::npos);
  options.min_busbw_gbps = average * 0.99;
  EXPECT_FALSE(BelowMinimum(job, options));
  EXPECT_NE(RunFooter(job, options).find(" OK\n"), std::string::npos);
  job.mutable_rows(1)->set_wrong(3);
  EXPECT_NE(RunFooter(job, options).find("# Out of bounds values : 3 FAILED\n"), std::string::npos);
  job.set_state(v1::FAILED);  // a failed job exits 1 anyway; the minimum is not its reason
  options.min_busbw_gbps = average * 2;
  EXPECT_FALSE(BelowMinimum(job, options));
}

TEST(RunReportTest, PerRankAndSampleTables) {
  const std::string per_rank = PerRankTable(Job());
  EXPECT_NE(per_rank.find("straggler"), std::string::npos) << per_rank;
  std::istringstream lines(per_rank);
  int stragglers = 0;
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line.back() == '*') ++stragglers;
  }
  EXPECT_EQ(stragglers, 1) << per_rank;
  const std::string stats = IterationStatsTable(Job());
  EXPECT_NE(stats.find("single iterations"), std::string::npos) << stats;
  EXPECT_NE(stats.find("p99_us"), std::string::npos) << stats;
  v1::Job bare = Job();
  for (v1::ResultRow& row : *bare.mutable_rows()) {
    row.clear_rank_times();
    row.clear_iteration_stats();
  }
  EXPECT_EQ(PerRankTable(bare), "");
  EXPECT_EQ(IterationStatsTable(bare), "");
}

}  // namespace
}  // namespace symmbench::client
