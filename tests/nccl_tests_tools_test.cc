// nccl-tests' own tools on what symmbench writes for nccl-tests users, end to end on the CPU
// backend (a real daemon, the real client, 3 ranks): nccl-tests 2.19.6's
// tools/analyze_perf_json.py reads a per-iteration job's --nccl-tests-json document (its
// per-iteration statistics, per-process rows, straggler and spike analyses, in and out of
// place), and its device-line parser (util.cu's parseRankInfo format, with sscanf) reads every
// field of the device lines of --format nccl-tests and of our own table; the result lines split
// into nccl-tests' 21 fields.
#include <gtest/gtest.h>

#include <fstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

constexpr char kPython[] = "/usr/bin/python3";

class NcclTestsToolsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTempDir("nccl_tests_tools");
    daemon_ = std::make_unique<Daemon>(dir_);
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
    CommandResult r;
    const nlohmann::json job = daemon_->ClientJson(
        {"submit", "--world-size", "3", "--sizes", "4K,64K", "--warmup", "2", "--iters", "10",
         "--repeats", "2", "--per-iteration", "--skip-first", "1", "--wait"},
        &r);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    ASSERT_EQ(job["rows"].size(), 2u) << job.dump();
    job_id_ = job["job_id"];
  }

  // nccl-tests' device-line parser on `table`: one JSON object per "#  Rank" line.
  std::vector<nlohmann::json> DeviceLines(const std::string& table) {
    const std::string path = dir_ + "/table.txt";
    std::ofstream(path) << table;
    const CommandResult r =
        RunCommand({"/bin/sh", "-c",
                    absl::StrCat(kPython, " ", RunfilePath("tests/nccl_tests_device_lines.py"), " ",
                                 RunfilePath("third_party/nccl-tests/src/util.cu"), " < ", path)});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::vector<nlohmann::json> lines;
    for (absl::string_view line : absl::StrSplit(r.out, '\n', absl::SkipEmpty())) {
      lines.push_back(nlohmann::json::parse(line));
    }
    return lines;
  }

  std::string dir_;
  std::unique_ptr<Daemon> daemon_;
  std::string job_id_;
};

TEST_F(NcclTestsToolsTest, AnalyzePerfJsonReadsThePerIterationDocument) {
  const std::string json_path = dir_ + "/nccl-tests.json";
  CommandResult r = daemon_->Client({"status", job_id_, "--nccl-tests-json", json_path});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::string script = RunfilePath("third_party/nccl-tests/tools/analyze_perf_json.py");
  r = RunCommand({kPython, script, json_path, "--all"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  // 3 process rows, each iteration's time the max over them, the statistics of the 2 x 9
  // iterations not skipped, the straggler analysis of each size.
  EXPECT_NE(r.out.find("  Version:    3\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  Iterations: 10  (agg: 1)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  Summary skip: 1 leading iterations\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  Process rows: 3\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Consistency (times_us == max over process rows, OOP): PASS"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("PER-ITERATION STATS (OOP)"), std::string::npos);
  for (const char* size : {"\n          4096  ", "\n         65536  "}) {
    EXPECT_NE(r.out.find(size), std::string::npos) << size << r.out;
  }
  EXPECT_NE(r.out.find("PER-PROCESS STRAGGLER ANALYSIS (OOP)"), std::string::npos);
  EXPECT_NE(r.out.find("fastest=process"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("No per-process data available"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ITERATION 0 WARMUP IMPACT"), std::string::npos);

  // The in-place half too.
  r = RunCommand({kPython, script, json_path, "--in-place", "--straggler"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("Consistency (times_us == max over process rows, IP): PASS"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("PER-PROCESS STRAGGLER ANALYSIS (IP)"), std::string::npos) << r.out;
}

TEST_F(NcclTestsToolsTest, ItsParsersReadTheTables) {
  CommandResult r = daemon_->Client({"status", job_id_, "--format", "nccl-tests"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::string table = r.out;
  // Every device line, all 7 fields.
  const std::vector<nlohmann::json> devices = DeviceLines(table);
  ASSERT_EQ(devices.size(), 3u) << table;
  for (int rank = 0; rank < 3; ++rank) {
    EXPECT_EQ(devices[rank]["fields"], 7) << devices[rank].dump();
    EXPECT_EQ(devices[rank]["rank"], rank);
    EXPECT_EQ(devices[rank]["group"], 0);
    EXPECT_GT(devices[rank]["pid"].get<int>(), 0);
    EXPECT_EQ(devices[rank]["device_info"], "cpu-slot");
  }
  // Every result line: size, count, type, redop, root and per half time, algbw, busbw,
  // #wrong, i_min, i_max, i_p99, i_cv%, numbers where nccl-tests prints them.
  int results = 0;
  for (absl::string_view line : absl::StrSplit(table, '\n', absl::SkipEmpty())) {
    if (line[0] == '#') continue;
    const std::vector<std::string> fields = absl::StrSplit(line, ' ', absl::SkipEmpty());
    ASSERT_EQ(fields.size(), 21u) << line;
    EXPECT_EQ(fields[2], "bfloat16");
    EXPECT_EQ(fields[3], "sum");
    EXPECT_EQ(fields[4], "-1");
    for (int i : {5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 17, 18, 19, 20}) {
      double value = -1;
      EXPECT_TRUE(absl::SimpleAtod(fields[i], &value)) << i << ": " << line;
      EXPECT_GE(value, 0) << line;
    }
    EXPECT_EQ(fields[8], "0");
    EXPECT_EQ(fields[16], "0");
    ++results;
  }
  EXPECT_EQ(results, 2) << table;
  EXPECT_NE(table.find("# time: mean of each rank's samples, average over ranks over 2 timing "
                       "loops (nccl-tests' default, -a 1)\n"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("# Out of bounds values : 0 OK\n# Avg bus bandwidth    : "),
            std::string::npos);
  EXPECT_NE(table.find("# Collective test concluded: one_shot_all_reduce\n"), std::string::npos);

  // Our own table's device lines read the same.
  r = daemon_->Client({"status", job_id_});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  for (const nlohmann::json& line : DeviceLines(r.out)) {
    EXPECT_EQ(line["fields"], 7) << line.dump();
  }
}

}  // namespace
}  // namespace symmbench::testing
