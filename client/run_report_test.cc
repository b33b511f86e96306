#include "client/run_report.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <fstream>
#include <sstream>

namespace symmbench::client {
namespace {

using nlohmann::ordered_json;

v1::ResultRow Row(int64_t size, std::vector<std::vector<double>> rank_stats) {
  v1::ResultRow row;
  row.set_size_bytes(size);
  row.set_count(size / 2);
  row.set_dtype(v1::bf16);
  row.set_redop("sum");
  row.set_checked(true);
  double worst = 0;
  for (size_t r = 0; r < rank_stats.size(); ++r) {
    v1::RankTime* t = row.add_rank_times();
    t->set_rank(static_cast<int>(r));
    t->set_time_us(rank_stats[r][0]);
    t->set_mean_us(rank_stats[r][1]);
    t->set_min_us(rank_stats[r][2]);
    t->set_straggler(rank_stats[r].size() > 3);
    worst = std::max(worst, rank_stats[r][0]);
  }
  row.set_time_us(worst);
  row.set_algbw_gbps(static_cast<double>(size) / (worst * 1e3));
  row.set_busbw_gbps(row.algbw_gbps() * 1.5);  // all-reduce at 4 ranks: 2(n-1)/n
  row.set_reference("nccl_all_reduce");
  row.set_reference_time_us(20);
  row.set_speedup(20 / worst);
  v1::IterationStats* s = row.mutable_iteration_stats();
  s->set_samples(100);
  s->set_per_iteration(true);
  s->set_p50_us(worst);
  s->set_p99_us(worst * 2);
  return row;
}

v1::Job Job() {
  v1::Job job;
  job.set_job_id("j-000007");
  job.set_state(v1::SUCCEEDED);
  job.set_backend(v1::cuda);
  job.mutable_spec()->set_kernel("one_shot_all_reduce");
  job.mutable_spec()->set_world_size(2);
  job.mutable_spec()->set_iters(20);
  job.mutable_spec()->set_warmup_iters(5);
  job.mutable_spec()->set_repeats(5);
  job.mutable_spec()->set_check(true);
  job.mutable_spec()->mutable_sweep()->set_min_bytes(2048);
  job.mutable_spec()->mutable_sweep()->set_max_bytes(8192);
  job.mutable_spec()->mutable_sweep()->set_step_factor(4);
  job.mutable_machine()->set_nccl_version("2.28.9");
  job.set_start_time_unix_ms(1764151200000);  // 2025-11-26 10:00:00 UTC
  job.set_end_time_unix_ms(1764151209000);
  for (int r = 0; r < 2; ++r) {
    v1::RankIdentity* rank = job.add_ranks();
    rank->set_rank(r);
    rank->set_host("node1");
    rank->set_pid(4000 + r);
    rank->set_device(r);
    rank->set_bus_id(r == 0 ? "0000:18:00.0" : "0000:2a:00.0");
    rank->set_device_name("NVIDIA H100 80GB HBM3");
    rank->set_memory_used_bytes(int64_t{3} << 30);
    rank->add_env("NCCL_NVLS_ENABLE=0");
  }
  *job.add_rows() = Row(2048, {{10, 11, 9}, {12, 14, 8, /*straggler*/ 1}});
  *job.add_rows() = Row(8192, {{16, 18, 15}, {20, 22, 19}});
  return job;
}

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
  options.view.stat = "average";
  EXPECT_EQ(ResolveReportOptions(false, &options).message(),
            "--stat: want median, mean or min (got \"average\")");
  options.view = {"mean", "3"};
  EXPECT_EQ(ResolveReportOptions(false, &options).message(),
            "--ranks: want max, min, avg or 0 (got \"3\")");
  options.view = {};
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

TEST(RunReportTest, HeaderHasTheParametersAndOneLinePerRank) {
  const std::string header = RunHeader(Job(), {});
  EXPECT_NE(header.find("# minBytes 2048 maxBytes 8192 step: 4(factor) warmup iters: 5 iters: 20 "
                        "repeats: 5 validation: 1 graph: 0 per-iteration: 0\n"),
            std::string::npos)
      << header;
  EXPECT_NE(header.find("# time: median of each rank's samples, max over ranks"),
            std::string::npos);
  EXPECT_NE(header.find("#  Rank  0 Pid   4000 on      node1 device  0 [0000:18:00.0] NVIDIA H100 "
                        "80GB HBM3  memory 3.00 GiB\n"),
            std::string::npos)
      << header;
  EXPECT_NE(header.find("#  Rank  1 Pid   4001"), std::string::npos);
}

TEST(RunReportTest, HeaderAndJsonSayHowGraphReplaysWereTimed) {
  v1::Job job = Job();
  EXPECT_EQ(RunHeader(job, {}).find("# graph timing:"), std::string::npos);
  job.mutable_spec()->mutable_sweep()->set_graph(true);
  EXPECT_NE(RunHeader(job, {}).find("# graph timing: graphs of iters / 10 operations, one sample "
                                    "per replay\n"),
            std::string::npos)
      << RunHeader(job, {});
  EXPECT_EQ(NcclTestsJson(job, {})["config"]["graph"], 1);
  job.mutable_spec()->mutable_sweep()->set_graph_launches(15);
  EXPECT_NE(RunHeader(job, {}).find("# graph timing: one graph of all iters operations, 15 "
                                    "launches per sample (nccl-tests -G 15)\n"),
            std::string::npos)
      << RunHeader(job, {});
  const ordered_json json = NcclTestsJson(job, {});
  EXPECT_EQ(json["config"]["graph"], 15);
  EXPECT_EQ(json["config"]["graph_timing"],
            "one graph of all iters operations, 15 launches per sample (nccl-tests -G 15)");
}

TEST(RunReportTest, FooterCountsWrongElementsAndChecksTheMinimumBusBandwidth) {
  v1::Job job = Job();
  ReportOptions options;
  const double average = (Job().rows(0).busbw_gbps() + Job().rows(1).busbw_gbps()) / 2;
  EXPECT_DOUBLE_EQ(AverageBusBw(job, options.view), average);
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

// Every key of `theirs` is in `ours` with the same JSON type (numbers of either kind alike),
// recursively; arrays are compared by their first elements. `path` names the place for errors.
void ExpectSameShape(const ordered_json& theirs, const ordered_json& ours,
                     const std::string& path) {
  const auto kind = [](const ordered_json& j) {
    return j.is_number() ? std::string("number") : std::string(j.type_name());
  };
  ASSERT_EQ(kind(ours), kind(theirs)) << path;
  if (theirs.is_object()) {
    for (const auto& [key, value] : theirs.items()) {
      ASSERT_TRUE(ours.contains(key)) << path << "." << key << " is missing";
      ExpectSameShape(value, ours[key], path + "." + key);
    }
  } else if (theirs.is_array() && !theirs.empty()) {
    ASSERT_FALSE(ours.empty()) << path << " is empty";
    ExpectSameShape(theirs[0], ours[0], path + "[0]");
  }
}

TEST(NcclTestsJsonTest, HasEveryKeyOfNcclTestsOwnDocumentWithItsType) {
  std::ifstream file("client/testdata/nccl_tests_all_reduce.json");
  ASSERT_TRUE(file.good());
  ordered_json theirs = ordered_json::parse(file);
  ReportOptions options;
  options.args = {"symmbench", "status", "j-000007", "--nccl-tests-json", "out.json"};
  v1::Job job = Job();
  v1::InPlaceFigures* in_place = job.mutable_rows(0)->mutable_in_place();
  in_place->set_time_us(10.5);
  in_place->set_algbw_gbps(0.2);
  in_place->set_busbw_gbps(0.2);
  in_place->set_wrong(0);
  ordered_json ours = NcclTestsJson(job, options);
  ExpectSameShape(theirs, ours, "$");
  EXPECT_EQ(ours["results"][0]["in_place"]["time"], 10.5);
  EXPECT_EQ(ours["results"][0]["symmbench"]["in_place"]["time_us"], 10.5);
  // A row without in-place figures has null there, as nccl-tests writes for a half it did not
  // run (its trace replay's out_of_place).
  EXPECT_TRUE(ours["results"][1]["in_place"].is_null());
  EXPECT_EQ(ours["nccl_version"], 22809);
  EXPECT_EQ(ours["start_time"], "2025-11-26 10:00:00");
  EXPECT_EQ(ours["config"]["devices"][1]["device_hex"], "0000:2a:00.0");
  EXPECT_EQ(ours["results"][0]["type"], "bfloat16");
  EXPECT_EQ(ours["results"][0]["out_of_place"]["time"], 12.0);
  EXPECT_EQ(ours["results"][1]["size"], 8192);
  EXPECT_EQ(ours["results"][0]["symmbench"]["rank_times"].size(), 2u);
  EXPECT_EQ(ours["results"][0]["symmbench"]["iteration_stats"]["p99_us"], 24.0);
  EXPECT_EQ(ours["env"][0], "NCCL_NVLS_ENABLE=0");
  EXPECT_EQ(ours["average_bus_bandwidth"]["okay"], "unchecked");
  // --stat mean restates the rows in the document too.
  options.view.stat = "mean";
  EXPECT_EQ(NcclTestsJson(Job(), options)["results"][0]["out_of_place"]["time"], 14.0);
}

TEST(NcclTestsJsonTest, NamesAndVersionCodes) {
  EXPECT_EQ(NcclTestsTypeName(v1::fp16), "half");
  EXPECT_EQ(NcclTestsTypeName(v1::fp32), "float");
  EXPECT_EQ(NcclVersionCode("2.21.5"), 22105);
  EXPECT_EQ(NcclVersionCode(""), 0);
  EXPECT_EQ(NcclVersionCode("2.x.1"), 0);
}

}  // namespace
}  // namespace symmbench::client
