// nccl-tests' table and JSON document of a job: every key of nccl-tests' own documents (format
// 1 and 2.19's format 3 with per-iteration blocks) with its type, nccl-tests' default view, the
// per-iteration statistics as nccl-tests computes them, and the table's fields.
#include "client/nccl_tests_view.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "absl/strings/str_split.h"
#include "client/report_test_job.h"

namespace symmbench::client {
namespace {

using nlohmann::ordered_json;

ordered_json TheirDocument(const std::string& name) {
  std::ifstream file("client/testdata/" + name);
  EXPECT_TRUE(file.good()) << name;
  return ordered_json::parse(file);
}

// Job() as a per-iteration run: 4 iterations in each of 2 loops, the first of each skipped,
// each rank's single iterations, out of place and in place.
v1::Job PerIterationJob() {
  v1::Job job = Job();
  job.mutable_spec()->set_iters(4);
  job.mutable_spec()->set_repeats(2);
  job.mutable_spec()->mutable_sweep()->set_per_iteration(true);
  job.mutable_spec()->mutable_sweep()->set_skip_first(1);
  for (v1::ResultRow& row : *job.mutable_rows()) {
    row.clear_samples_us();
    row.add_repeat_medians_us(1);
    row.add_repeat_medians_us(1);
    const std::vector<std::vector<double>> ranks = {{50, 10, 11, 12, 40, 13, 14, 15},
                                                    {45, 11, 10, 16, 41, 12, 12, 12}};
    for (int r = 0; r < 2; ++r) {
      for (double t : ranks[r]) row.mutable_rank_times(r)->add_samples_us(t);
    }
    for (size_t i = 0; i < ranks[0].size(); ++i) {
      row.add_samples_us(std::max(ranks[0][i], ranks[1][i]));
    }
    v1::InPlaceFigures* in_place = row.mutable_in_place();
    in_place->set_time_us(12);
    in_place->set_algbw_gbps(row.size_bytes() / 12e3);
    in_place->set_busbw_gbps(in_place->algbw_gbps() * 1.5);
    *in_place->mutable_rank_times() = row.rank_times();
    *in_place->mutable_samples_us() = row.samples_us();
  }
  return job;
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
  const ordered_json theirs = TheirDocument("nccl_tests_all_reduce.json");
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
  // nccl-tests' default view (-a 1): each rank's mean (11 and 14), averaged over ranks.
  EXPECT_EQ(ours["results"][0]["out_of_place"]["time"], 12.5);
  EXPECT_EQ(ours["version"], 3);
  EXPECT_EQ(ours["config"]["per_iter_timing"], "false");
  EXPECT_FALSE(ours["results"][0].contains("out_of_place_per_iter"));
  EXPECT_EQ(ours["results"][1]["size"], 8192);
  EXPECT_EQ(ours["results"][0]["symmbench"]["rank_times"].size(), 2u);
  EXPECT_EQ(ours["results"][0]["symmbench"]["iteration_stats"]["p99_us"], 24.0);
  EXPECT_EQ(ours["env"][0], "NCCL_NVLS_ENABLE=0");
  EXPECT_EQ(ours["average_bus_bandwidth"]["okay"], "unchecked");
  // --stat and --ranks restate the rows in the document too.
  options.stat_flag = "mean";
  options.ranks_flag = "max";
  ASSERT_TRUE(ResolveReportOptions(false, &options).ok());
  EXPECT_EQ(NcclTestsJson(Job(), options)["results"][0]["out_of_place"]["time"], 14.0);
}

// nccl-tests 2.19's per-iteration document (-I 1): every key with its type; the blocks hold
// every iteration (max over ranks), each rank's own, and nccl-tests' statistics of those not
// skipped; in place alike, restated from each rank's in-place figures.
TEST(NcclTestsJsonTest, PerIterationBlocksAsNcclTests219WritesThem) {
  const ordered_json theirs = TheirDocument("nccl_tests_all_reduce_per_iter.json");
  ReportOptions options;
  options.args = {"symmbench", "status", "j-000007", "--nccl-tests-json", "out.json"};
  const ordered_json ours = NcclTestsJson(PerIterationJob(), options);
  ExpectSameShape(theirs, ours, "$");
  EXPECT_EQ(ours["config"]["per_iter_timing"], "true");
  EXPECT_EQ(ours["config"]["per_iter_skip"], 1);
  const ordered_json& block = ours["results"][0]["out_of_place_per_iter"];
  EXPECT_EQ(block["skipped_iterations"], 2);  // the first of each of 2 loops
  EXPECT_EQ(block["times_us"], ordered_json({50, 11, 11, 16, 41, 13, 14, 15}));
  ASSERT_EQ(block["per_process_max_times_us"].size(), 2u);
  EXPECT_EQ(block["per_process_max_times_us"][1][0], 45);
  // Of 11, 11, 16, 13, 14, 15 (sorted 11 11 13 14 15 16): p50 = sorted[3].
  EXPECT_EQ(block["min_us"], 11);
  EXPECT_EQ(block["max_us"], 16);
  EXPECT_EQ(block["p50_us"], 14);
  EXPECT_DOUBLE_EQ(block["avg_us"].get<double>(), 80.0 / 6);
  EXPECT_EQ(ours["results"][0]["in_place_per_iter"]["times_us"], block["times_us"]);
  // Each rank's samples are in the blocks, not again under "symmbench".
  EXPECT_TRUE(ours["results"][0]["symmbench"]["rank_times"][0]["samples_us"].empty());
  // In place restated from each rank's means, as out of place.
  EXPECT_EQ(ours["results"][0]["in_place"]["time"], ours["results"][0]["out_of_place"]["time"]);
}

// nccl-tests' computeIterStats: p50 is sorted[n / 2], p95 and p99 the ceil(n p / 100)-th,
// the standard deviation the population's.
TEST(NcclTestsStatsTest, AsNcclTestsComputesThem) {
  std::vector<double> samples;
  for (int i = 100; i >= 1; --i) samples.push_back(i);
  const NcclTestsIterStats s = NcclTestsStatsOf(samples);
  EXPECT_EQ(s.min_us, 1);
  EXPECT_EQ(s.max_us, 100);
  EXPECT_EQ(s.p50_us, 51);
  EXPECT_EQ(s.p95_us, 95);
  EXPECT_EQ(s.p99_us, 99);
  EXPECT_DOUBLE_EQ(s.avg_us, 50.5);
  EXPECT_NEAR(s.stdev_us, 28.866070, 1e-6);
  EXPECT_NEAR(s.cv_pct, 28.866070 / 50.5 * 100, 1e-4);
  EXPECT_EQ(NcclTestsStatsOf({}).max_us, 0);
}

std::vector<std::string> Fields(const std::string& line) {
  return absl::StrSplit(line, ' ', absl::SkipEmpty());
}

// The table nccl-tests' parsers read: every result line splits into nccl-tests' 13 fields (21
// with per-iteration columns), the device lines carry Group, the footer is nccl-tests'.
TEST(NcclTestsTableTest, LinesSplitIntoNcclTestsFields) {
  ReportOptions options;
  ASSERT_TRUE(ResolveReportOptions(false, &options).ok());
  const v1::Job job = Job();
  const std::string header = NcclTestsHeader(job, options.nccl_tests_view);
  EXPECT_NE(header.find("#  Rank  1 Group  0 Pid   4001 on      node1 device  1 [0000:2a:00.0] "
                        "NVIDIA H100 80GB HBM3\n"),
            std::string::npos)
      << header;
  EXPECT_NE(header.find("#       size         count      type   redop    root     time   algbw   "
                        "busbw  #wrong     time   algbw   busbw  #wrong\n"),
            std::string::npos)
      << header;
  const std::string line = NcclTestsLine(job, job.rows(0), options.nccl_tests_view);
  const std::vector<std::string> fields = Fields(line);
  ASSERT_EQ(fields.size(), 13u) << line;
  EXPECT_EQ(fields[0], "2048");
  EXPECT_EQ(fields[1], "1024");
  EXPECT_EQ(fields[2], "bfloat16");
  EXPECT_EQ(fields[3], "sum");
  EXPECT_EQ(fields[4], "-1");
  EXPECT_EQ(fields[5], "12.50");  // each rank's mean, averaged
  EXPECT_EQ(fields[8], "0");
  EXPECT_EQ(fields[9], "N/A");  // no in-place figures in this row
  EXPECT_EQ(line.size(), 12 + 2 + 12 + 2 + 8 + 2 + 6 + 2 + 6 + 2 * (4 * 2 + 7 + 6 + 6 + 6) + 1);

  const v1::Job per_iteration = PerIterationJob();
  const std::string per_iteration_header = NcclTestsHeader(per_iteration, options.nccl_tests_view);
  EXPECT_NE(per_iteration_header.find("i_min    i_max    i_p99    i_cv%"), std::string::npos)
      << per_iteration_header;
  const std::vector<std::string> wide =
      Fields(NcclTestsLine(per_iteration, per_iteration.rows(0), options.nccl_tests_view));
  ASSERT_EQ(wide.size(), 21u);
  EXPECT_EQ(wide[9], "11.00");   // i_min
  EXPECT_EQ(wide[10], "16.00");  // i_max

  const std::string footer = NcclTestsFooter(job, options);
  EXPECT_NE(footer.find("# Out of bounds values : 0 OK\n# Avg bus bandwidth    : "),
            std::string::npos)
      << footer;
  EXPECT_NE(footer.find("#\n# Collective test concluded: one_shot_all_reduce\n"),
            std::string::npos);
}

TEST(NcclTestsTableTest, TheBroadcastHasItsRoot) {
  v1::Job job = Job();
  job.mutable_spec()->set_kernel("broadcast");
  EXPECT_EQ(Fields(NcclTestsLine(job, job.rows(0), {"mean", "avg"}))[4], "0");
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
