// Kernel all_reduce and `symmbench tune` on the CPU backend: the built-in CPU table, a tuned table
// stored on the coordinator and used by the next job, and a bad table refused naming the field.
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

}  // namespace
}  // namespace symmbench::testing
