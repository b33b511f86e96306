// The dispatcher ops (all_reduce, all_gather, reduce_scatter) and `symmbench tune` on the CPU
// backend: the built-in CPU tables, a tuned table stored on the coordinator and used by the next
// job of its op, and a bad table refused naming the field.
#include <gtest/gtest.h>

#include <fstream>
#include <tuple>
#include <vector>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

class DispatchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTempDir("dispatch");
    daemon_ = std::make_unique<Daemon>(dir_, 2);
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
  }
  std::string dir_;
  std::unique_ptr<Daemon> daemon_;
};

TEST_F(DispatchTest, DefaultTableDispatchesBySizeAndVerifies) {
  CommandResult result;
  nlohmann::json job =
      daemon_->ClientJson({"submit", "--kernel", "all_reduce", "--world-size", "2", "--sizes",
                           "2K,8M", "--iters", "2", "--warmup", "1", "--wait"},
                          &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(job["spec"]["sweep"]["dispatch"]["source"], "built-in default");
  // The CPU backend's own table (the GPUs' one would pick the push one-shot, 15-260x slower here).
  EXPECT_EQ(job["spec"]["sweep"]["dispatch"]["gpu_model"], "cpu-slot");
  ASSERT_EQ(job["rows"].size(), 2u);
  EXPECT_EQ(job["rows"][0]["algorithm"], "two_shot_all_reduce");
  EXPECT_EQ(job["rows"][1]["algorithm"], "two_shot_all_reduce");
  for (const nlohmann::json& row : job["rows"]) EXPECT_EQ(row["wrong"].get<int64_t>(), 0);
}

TEST_F(DispatchTest, TuneStoresATableThatTheNextJobUses) {
  CommandResult tune;
  nlohmann::json tuned =
      daemon_->ClientJson({"tune", "--world-size", "2", "--min-bytes", "2K", "--max-bytes", "32K",
                           "--step-factor", "4", "--iters", "3", "--warmup", "1"},
                          &tune);
  ASSERT_EQ(tune.exit_code, 0) << tune.out << tune.err;
  ASSERT_TRUE(tuned.is_object()) << tune.out;
  EXPECT_TRUE(tuned["stored"].get<bool>());
  ASSERT_EQ(tuned["sizes"].size(), 3u);  // 2K, 8K, 32K
  const nlohmann::json& entries = tuned["table"]["entries"];
  ASSERT_GE(entries.size(), 1u);
  EXPECT_EQ(entries[entries.size() - 1]["max_bytes"].get<int64_t>(), 0);

  CommandResult result;
  nlohmann::json job = daemon_->ClientJson({"submit", "--kernel", "all_reduce", "--world-size", "2",
                                            "--sizes", "2K,32K", "--iters", "2", "--wait"},
                                           &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  const std::string source = job["spec"]["sweep"]["dispatch"]["source"];
  EXPECT_EQ(source.find("tuned by jobs"), 0u) << source;
  // Each row ran what the tuned table picked for its size.
  for (size_t i = 0; i < 2; ++i) {
    const int64_t size = job["rows"][i]["size_bytes"];
    std::string expected;
    for (const nlohmann::json& e : entries) {
      if (e["max_bytes"].get<int64_t>() == 0 || size <= e["max_bytes"].get<int64_t>()) {
        expected = e["algorithm"];
        break;
      }
    }
    EXPECT_EQ(job["rows"][i]["algorithm"], expected) << job.dump();
  }
}

TEST_F(DispatchTest, BaselineChoicesRunTheBaselineOrFailClearly) {
  const std::string path = dir_ + "/nccl.json";
  std::ofstream(path) << R"({"kernel": "all_reduce", "world_size": 2, "sizes_bytes": [2048, 8192],
      "iters": 2, "dispatch": {"gpu_model": "cpu-slot", "world_size": 2, "dtype": "bf16",
      "entries": [{"max_bytes": 4096, "algorithm": "nccl"},
                  {"max_bytes": 0, "algorithm": "one_shot_push_all_reduce"}]}})";
  CommandResult result;
  nlohmann::json job = daemon_->ClientJson({"submit", "--spec", path, "--wait"}, &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(job["rows"][0]["algorithm"], "nccl");  // the reference baseline (plain sum on CPU)
  EXPECT_EQ(job["rows"][1]["algorithm"], "one_shot_push_all_reduce");
  EXPECT_EQ(job["rows"][1]["wrong"].get<int64_t>(), 0);

  const std::string symmetric = dir_ + "/symmetric.json";
  std::ofstream(symmetric) << R"({"kernel": "all_reduce", "world_size": 2, "sizes_bytes": [2048],
      "iters": 2, "dispatch": {"gpu_model": "cpu-slot", "world_size": 2, "dtype": "bf16",
      "entries": [{"max_bytes": 0, "algorithm": "nccl_symmetric"}]}})";
  // NCCL's symmetric kernels need CUDA: refused at submission, not failed when run.
  CommandResult refused = daemon_->Client({"submit", "--spec", symmetric});
  EXPECT_EQ(refused.exit_code, 2) << refused.out << refused.err;
  EXPECT_NE(refused.err.find("dispatch.entries[0].algorithm: nccl_symmetric needs the CUDA"),
            std::string::npos)
      << refused.err;
}

// A table in the spec that is for another world size or dtype than the job's is refused at
// submission, naming the field.
TEST_F(DispatchTest, ATableForAnotherJobIsRefusedAtSubmission) {
  const std::string path = dir_ + "/other.json";
  for (const auto& [table_world, table_dtype, field] :
       std::vector<std::tuple<int, std::string, std::string>>{
           {4, "bf16", "dispatch.world_size: the table is for 4 ranks, the job runs 2"},
           {2, "fp32", "dispatch.dtype: the table is for fp32, the job's is bf16"}}) {
    std::ofstream(path) << R"({"kernel": "all_reduce", "world_size": 2, "sizes_bytes": [2048],
        "iters": 2, "dispatch": {"gpu_model": "cpu-slot", "world_size": )"
                        << table_world << R"(, "dtype": ")" << table_dtype << R"(",
        "entries": [{"max_bytes": 0, "algorithm": "two_shot_all_reduce"}]}})";
    CommandResult result = daemon_->Client({"submit", "--spec", path});
    EXPECT_EQ(result.exit_code, 2) << result.out << result.err;
    EXPECT_NE(result.err.find(field), std::string::npos) << result.err;
  }
}

TEST_F(DispatchTest, BadTableInASpecFileIsRefusedNamingTheField) {
  const std::string path = dir_ + "/spec.json";
  std::ofstream(path) << R"({"kernel": "all_reduce", "world_size": 2, "sizes_bytes": [2048],
      "iters": 2, "dispatch": {"gpu_model": "cpu-slot", "world_size": 2, "dtype": "bf16",
      "entries": [{"max_bytes": 0, "algorithm": "three_shot"}]}})";
  CommandResult result = daemon_->Client({"submit", "--spec", path});
  EXPECT_EQ(result.exit_code, 2) << result.out << result.err;
  EXPECT_NE(result.err.find("dispatch.entries[0].algorithm"), std::string::npos) << result.err;
}

// The sharded dispatchers: all_gather and reduce_scatter run their built-in CPU table (the SM
// one-shot) and verify; `tune --op reduce_scatter` stores a table for that op only, which the next
// reduce_scatter job uses while all_reduce keeps its own; a table of one op in a job of another
// is refused naming the field.
TEST_F(DispatchTest, AllGatherAndReduceScatterDispatchByTheirOwnTables) {
  for (const std::string op : {"all_gather", "reduce_scatter"}) {
    CommandResult result;
    nlohmann::json job =
        daemon_->ClientJson({"submit", "--kernel", op, "--world-size", "2", "--sizes", "1K,1000002",
                             "--iters", "2", "--warmup", "1", "--wait"},
                            &result);
    ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
    const nlohmann::json& dispatch = job["spec"]["sweep"]["dispatch"];
    EXPECT_EQ(dispatch["op"], op);
    EXPECT_EQ(dispatch["source"], "built-in default");
    ASSERT_EQ(job["rows"].size(), 2u) << job.dump();
    EXPECT_EQ(job["rows"][1]["size_bytes"].get<int64_t>(), 1000000);  // 2 shards of bf16
    for (const nlohmann::json& row : job["rows"]) {
      EXPECT_EQ(row["algorithm"], "one_shot_" + op) << row.dump();
      EXPECT_EQ(row["wrong"].get<int64_t>(), 0);
      EXPECT_TRUE(row["checked"].get<bool>());
      EXPECT_NEAR(row["busbw_gbps"].get<double>(), row["algbw_gbps"].get<double>() / 2, 1e-9);
    }
  }

  CommandResult tune;
  nlohmann::json tuned = daemon_->ClientJson(
      {"tune", "--op", "reduce_scatter", "--world-size", "2", "--min-bytes", "4K", "--max-bytes",
       "64K", "--step-factor", "4", "--iters", "3", "--warmup", "1"},
      &tune);
  ASSERT_EQ(tune.exit_code, 0) << tune.out << tune.err;
  EXPECT_EQ(tuned["table"]["op"], "reduce_scatter");
  ASSERT_EQ(tuned["sizes"].size(), 3u);  // 4K, 16K, 64K
  for (const nlohmann::json& size : tuned["sizes"]) {
    EXPECT_TRUE(size.contains("one_shot_reduce_scatter_us")) << size.dump();
    EXPECT_TRUE(size.contains("low_contention_reduce_scatter_us")) << size.dump();
  }
  CommandResult result;
  nlohmann::json scatter =
      daemon_->ClientJson({"submit", "--kernel", "reduce_scatter", "--world-size", "2", "--sizes",
                           "4K", "--iters", "2", "--wait"},
                          &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(scatter["spec"]["sweep"]["dispatch"]["source"].get<std::string>().find("tuned by"), 0u);
  nlohmann::json reduce = daemon_->ClientJson({"submit", "--kernel", "all_reduce", "--world-size",
                                               "2", "--sizes", "4K", "--iters", "2", "--wait"},
                                              &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(reduce["spec"]["sweep"]["dispatch"]["source"], "built-in default");
  EXPECT_EQ(reduce["spec"]["sweep"]["dispatch"]["op"], "all_reduce");

  // A table without an op is all_reduce's: an all_gather job refuses it.
  const std::string path = dir_ + "/gather.json";
  std::ofstream(path) << R"({"kernel": "all_gather", "world_size": 2, "sizes_bytes": [2048],
      "iters": 2, "dispatch": {"gpu_model": "cpu-slot", "world_size": 2, "dtype": "bf16",
      "entries": [{"max_bytes": 0, "algorithm": "two_shot_all_reduce"}]}})";
  CommandResult refused = daemon_->Client({"submit", "--spec", path});
  EXPECT_EQ(refused.exit_code, 2) << refused.out << refused.err;
  EXPECT_NE(refused.err.find("sweep.dispatch.op: the table is for all_reduce, the job's kernel is "
                             "all_gather"),
            std::string::npos)
      << refused.err;
  CommandResult bad_op = daemon_->Client({"tune", "--op", "one_shot_all_gather"});
  EXPECT_NE(bad_op.exit_code, 0);
  EXPECT_NE(bad_op.err.find("--op: one_shot_all_gather is not a dispatcher"), std::string::npos)
      << bad_op.err;
}

}  // namespace
}  // namespace symmbench::testing
