// What nccl-tests users read, end to end on the CPU backend (a real daemon, the real client, real
// workers at world size 3): per-iteration timing and its statistics, each rank's times, the
// run's header (one line per rank with its pid and device) and footer, --stat and --ranks, the
// nccl-tests JSON document, and --min-busbw's exit code.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

class NcclTestsParityTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTempDir("nccl_tests_parity");
    daemon_ = std::make_unique<Daemon>(dir_);
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
  }
  std::string dir_;
  std::unique_ptr<Daemon> daemon_;
};

TEST_F(NcclTestsParityTest, PerIterationStatisticsRankTimesHeaderFooterAndJson) {
  CommandResult r;
  nlohmann::json job = daemon_->ClientJson(
      {"submit", "--world-size", "3", "--sizes", "4K,64K", "--warmup", "2", "--iters", "12",
       "--repeats", "2", "--per-iteration", "--skip-first", "2", "--wait"},
      &r);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  ASSERT_EQ(job["rows"].size(), 2u) << job.dump();
  for (const nlohmann::json& row : job["rows"]) {
    // 12 single iterations in each of 2 loops, the first 2 of each left out of the statistics.
    EXPECT_EQ(row["samples_us"].size(), 24u);
    const nlohmann::json& stats = row["iteration_stats"];
    EXPECT_EQ(stats["samples"], 20) << stats.dump();
    EXPECT_EQ(stats["skipped"], 4);
    EXPECT_EQ(stats["per_iteration"], true);
    EXPECT_LE(stats["min_us"].get<double>(), stats["p50_us"].get<double>());
    EXPECT_LE(stats["p50_us"].get<double>(), stats["p95_us"].get<double>());
    EXPECT_LE(stats["p95_us"].get<double>(), stats["p99_us"].get<double>());
    EXPECT_LE(stats["p99_us"].get<double>(), stats["max_us"].get<double>());
    EXPECT_GE(stats["cv"].get<double>(), 0.0);
    // Each rank's own times; the row's time is the slowest rank's median.
    ASSERT_EQ(row["rank_times"].size(), 3u);
    double slowest = 0;
    for (int rank = 0; rank < 3; ++rank) {
      const nlohmann::json& t = row["rank_times"][rank];
      EXPECT_EQ(t["rank"], rank);
      EXPECT_GT(t["min_us"].get<double>(), 0.0);
      EXPECT_LE(t["min_us"].get<double>(), t["time_us"].get<double>());
      slowest = std::max(slowest, t["time_us"].get<double>());
    }
    EXPECT_DOUBLE_EQ(row["time_us"].get<double>(), slowest);
  }
  // Who each rank was.
  ASSERT_EQ(job["ranks"].size(), 3u) << job.dump();
  for (int rank = 0; rank < 3; ++rank) {
    const nlohmann::json& who = job["ranks"][rank];
    EXPECT_EQ(who["rank"], rank);
    EXPECT_GT(who["pid"].get<int>(), 0);
    EXPECT_EQ(who["device_name"], "cpu-slot");
    EXPECT_EQ(who["host"], job["hosts"][rank]);
    EXPECT_GT(who["memory_used_bytes"].get<int64_t>(), 3 * 65536);
  }
  const std::string id = job["job_id"];

  // The table: header with one line per rank, footer, per-rank and sample tables.
  const std::string json_path = dir_ + "/nccl-tests.json";
  r = daemon_->Client({"status", id, "--stat", "mean", "--ranks", "avg", "--per-rank",
                       "--iteration-stats", "--nccl-tests-json", json_path});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("# sizes 4096,65536 warmup iters: 2 iters: 12 repeats: 2 validation: 1 "
                       "graph: 0 per-iteration: 1\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("# time: mean of each rank's samples, average over ranks"),
            std::string::npos);
  for (int rank = 0; rank < 3; ++rank) {
    EXPECT_NE(r.out.find("#  Rank  " + std::to_string(rank) + " Group  0 Pid"), std::string::npos)
        << r.out;
  }
  EXPECT_NE(r.out.find("# Out of bounds values : 0 OK\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("# Avg bus bandwidth    : "), std::string::npos);
  EXPECT_NE(r.out.find("median_us"), std::string::npos);  // --per-rank
  EXPECT_NE(r.out.find("# sample statistics per operation (single iterations"), std::string::npos);

  // The JSON document: the rows as --stat mean --ranks avg shows them.
  std::ifstream file(json_path);
  ASSERT_TRUE(file.good()) << json_path;
  const nlohmann::json doc = nlohmann::json::parse(file);
  EXPECT_EQ(doc["version"], 3);
  ASSERT_EQ(doc["results"].size(), 2u);
  ASSERT_EQ(doc["config"]["devices"].size(), 3u);
  EXPECT_EQ(doc["config"]["iterations"], 12);
  EXPECT_EQ(doc["results"][1]["size"], 65536);
  EXPECT_EQ(doc["results"][1]["type"], "bfloat16");
  double mean = 0;
  for (const nlohmann::json& t : job["rows"][1]["rank_times"]) mean += t["mean_us"].get<double>();
  EXPECT_NEAR(doc["results"][1]["out_of_place"]["time"].get<double>(), mean / 3, 1e-9);
  EXPECT_EQ(doc["out_of_bounds"]["count"], 0);
  EXPECT_NE(std::find(doc["args"].begin(), doc["args"].end(), "status"), doc["args"].end());

  // A minimum bus bandwidth above what the job reached: exit 1, saying why; below it: 0.
  r = daemon_->Client({"status", id, "--min-busbw", "1000000"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("FAILED (below --min-busbw 1e+06)"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("is below --min-busbw"), std::string::npos) << r.err;
  EXPECT_EQ(daemon_->Client({"status", id, "--min-busbw", "0.000001"}).exit_code, 0);
  r = daemon_->Client({"status", id, "--stat", "p99"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--stat: want median, mean or min"), std::string::npos) << r.err;
}

// nccl-tests' -d all: every dtype of the kernel in one job, each size in each, rows dtype after
// dtype; a sharded op's sizes hold whole fp32 elements per rank.
TEST_F(NcclTestsParityTest, EveryDTypeInOneJob) {
  CommandResult r;
  nlohmann::json job =
      daemon_->ClientJson({"submit", "--world-size", "2", "--sizes", "4K,64K", "--iters", "4",
                           "--repeats", "2", "--dtype", "all", "--wait"},
                          &r);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  ASSERT_EQ(job["rows"].size(), 6u) << job.dump();
  const std::vector<std::string> dtypes = {"bf16", "bf16", "fp16", "fp16", "fp32", "fp32"};
  for (size_t i = 0; i < 6; ++i) {
    const nlohmann::json& row = job["rows"][i];
    EXPECT_EQ(row["dtype"], dtypes[i]) << row.dump();
    EXPECT_EQ(row["size_bytes"], i % 2 == 0 ? 4096 : 65536);
    EXPECT_EQ(row["count"].get<int64_t>(),
              row["size_bytes"].get<int64_t>() / (dtypes[i] == "fp32" ? 4 : 2));
    EXPECT_EQ(row["wrong"], 0);
    EXPECT_TRUE(row["checked"].get<bool>());
  }
  EXPECT_EQ(job["spec"]["sweep"]["all_dtypes"], true);
  r = daemon_->Client({"status", job["job_id"]});
  EXPECT_NE(r.out.find("world_size 2  bf16,fp16,fp32  backend cpu"), std::string::npos) << r.out;
  // Each rank's times and the sample statistics say which dtype each line is of (three blocks
  // alike without it): per size and dtype, a line per rank and one of statistics.
  r = daemon_->Client({"status", job["job_id"], "--per-rank", "--iteration-stats"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::string tables = r.out.substr(r.out.find("# per-rank"));
  for (const char* line : {"4096  bf16", "4096  fp16", "65536  fp32"}) {
    size_t count = 0;
    for (size_t at = tables.find(line); at != std::string::npos; at = tables.find(line, at + 1)) {
      ++count;
    }
    EXPECT_EQ(count, 3u) << line << "\n" << tables;
  }

  nlohmann::json gathered =
      daemon_->ClientJson({"submit", "--kernel", "all_gather", "--world-size", "3", "--sizes",
                           "1004,4K", "--iters", "4", "--repeats", "1", "--dtype", "all", "--wait"},
                          &r);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  ASSERT_EQ(gathered["rows"].size(), 6u) << gathered.dump();
  for (const nlohmann::json& row : gathered["rows"]) {
    EXPECT_EQ(row["size_bytes"].get<int64_t>() % 12, 0) << row.dump();
    EXPECT_EQ(row["wrong"], 0);
  }

  r = daemon_->Client({"submit", "--kernel", "ag_gemm", "--world-size", "2", "--dtype", "all"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--dtype all: kernel ag_gemm runs GEMM problems"), std::string::npos)
      << r.err;
  r = daemon_->Client({"submit", "--world-size", "2", "--sizes", "4098", "--dtype", "all"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("is not a multiple of the fp32 element size"), std::string::npos) << r.err;
}

// nccl-tests' in-place half: every all-reduce row has it by default (verified, in the table and
// the JSON); --out-of-place leaves it out; --in-place on an op without an in-place form is
// refused naming the field, as is asking for both halves alone.
TEST_F(NcclTestsParityTest, InPlaceFiguresBesideTheOutOfPlaceOnes) {
  CommandResult r;
  const std::string json_path = dir_ + "/in-place.json";
  nlohmann::json job = daemon_->ClientJson(
      {"submit", "--kernel", "two_shot_all_reduce", "--world-size", "3", "--sizes", "4K,64K",
       "--iters", "8", "--repeats", "2", "--graph", "--wait"},
      &r);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  ASSERT_EQ(job["rows"].size(), 2u) << job.dump();
  for (const nlohmann::json& row : job["rows"]) {
    const nlohmann::json& in_place = row["in_place"];
    EXPECT_EQ(in_place["wrong"], 0) << row.dump();
    EXPECT_GT(in_place["time_us"].get<double>(), 0.0);
    EXPECT_GT(in_place["graph_time_us"].get<double>(), 0.0);
    // The CPU backend's plain sum only checks results: it is not timed in place.
    EXPECT_EQ(in_place["reference_time_us"].get<double>(), 0.0);
  }
  const std::string id = job["job_id"];
  r = daemon_->Client({"status", id, "--nccl-tests-json", json_path});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("ip_time_us  ip_busbw  ip_#wrong"), std::string::npos) << r.out;
  std::ifstream file(json_path);
  ASSERT_TRUE(file.good()) << json_path;
  const nlohmann::json doc = nlohmann::json::parse(file);
  ASSERT_EQ(doc["results"].size(), 2u);
  EXPECT_EQ(doc["results"][0]["in_place"]["nwrong"], 0.0) << doc.dump();
  // nccl-tests' default figure (-a 1): each rank's mean, averaged over ranks, in place too.
  double in_place_mean = 0;
  for (const nlohmann::json& t : job["rows"][1]["in_place"]["rank_times"]) {
    in_place_mean += t["mean_us"].get<double>() / 3;
  }
  EXPECT_NEAR(doc["results"][1]["in_place"]["time"].get<double>(), in_place_mean, 1e-9);

  job = daemon_->ClientJson(
      {"submit", "--world-size", "2", "--sizes", "4K", "--iters", "4", "--out-of-place", "--wait"},
      &r);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  ASSERT_EQ(job["rows"].size(), 1u);
  // (The JSON shows an unset message with its zero values, as "comparison".)
  EXPECT_EQ(job["rows"][0]["in_place"]["time_us"], 0.0) << job.dump();

  r = daemon_->Client(
      {"submit", "--world-size", "2", "--sizes", "4K", "--in-place", "--out-of-place"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("--in-place, --out-of-place: give one"), std::string::npos) << r.err;
}

// Misaligned buffers: a bf16 all-reduce 6 bytes past the boundary verifies out of place and in
// place, as a broadcast 2 bytes past it; the header says so; an odd offset is refused.
TEST_F(NcclTestsParityTest, MisalignedBuffers) {
  CommandResult r;
  nlohmann::json job =
      daemon_->ClientJson({"submit", "--kernel", "all_reduce", "--world-size", "3", "--sizes",
                           "4100,64K", "--iters", "8", "--misalign", "6", "--wait"},
                          &r);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  ASSERT_EQ(job["rows"].size(), 2u) << job.dump();
  EXPECT_EQ(job["spec"]["sweep"]["misalign_bytes"], 6);
  for (const nlohmann::json& row : job["rows"]) {
    EXPECT_EQ(row["wrong"], 0) << row.dump();
    EXPECT_TRUE(row["checked"].get<bool>());
    EXPECT_EQ(row["in_place"]["wrong"], 0);
    EXPECT_GT(row["in_place"]["time_us"].get<double>(), 0.0);
  }
  const std::string json_path = dir_ + "/misaligned.json";
  r = daemon_->Client({"status", job["job_id"], "--nccl-tests-json", json_path});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find(" per-iteration: 0 misalign: 6\n"), std::string::npos) << r.out;
  std::ifstream file(json_path);
  ASSERT_TRUE(file.good());
  EXPECT_EQ(nlohmann::json::parse(file)["config"]["misalign_bytes"], 6);

  // The broadcast in place (the output is the input) and misaligned.
  job = daemon_->ClientJson({"submit", "--kernel", "broadcast", "--world-size", "3", "--sizes",
                             "4100", "--iters", "4", "--in-place", "--misalign", "2", "--wait"},
                            &r);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  ASSERT_EQ(job["rows"].size(), 1u) << job.dump();
  EXPECT_EQ(job["rows"][0]["wrong"], 0) << job.dump();
  EXPECT_EQ(job["rows"][0]["in_place"]["wrong"], 0) << job.dump();
  EXPECT_GT(job["rows"][0]["in_place"]["time_us"].get<double>(), 0.0);
  r = daemon_->Client({"submit", "--world-size", "2", "--sizes", "4K", "--misalign", "3"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("sweep.misalign_bytes: 3 is not a multiple of bf16"), std::string::npos)
      << r.err;
}

TEST_F(NcclTestsParityTest, BadPerIterationSpecsNameTheField) {
  CommandResult r = daemon_->Client(
      {"submit", "--world-size", "2", "--sizes", "4K", "--iters", "5000", "--per-iteration"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("sweep.per_iteration: iters x repeats must be <= 20000"), std::string::npos)
      << r.err;
  // The whole job too: its record must stay readable (64 sizes x 1,000 x 20 made 11.5 MB).
  r = daemon_->Client({"submit", "--world-size", "2", "--min-bytes", "1K", "--max-bytes", "1M",
                       "--step-factor", "2", "--iters", "1000", "--repeats", "20",
                       "--per-iteration"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("sweep.per_iteration: rows x iters x repeats x copies kept (1 + "
                       "world_size, per placement timed) must be <= 200000 so that the job's "
                       "record stays readable (under gRPC's 4 MiB); got 11 x 1000 x 20 x 6"),
            std::string::npos)
      << r.err;
  r = daemon_->Client(
      {"submit", "--world-size", "2", "--sizes", "4K", "--iters", "20", "--skip-first", "10"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("sweep.skip_first: must be in [0, 9]"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace symmbench::testing
