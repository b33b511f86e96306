// Every op at world sizes 4 and 8 on the CPU backend (the CPU side of the multi-GPU world
// sizes): a real symmbenchd with 8 CPU slots and the example CPU plugin, real worker processes,
// every row verified (in place too where the op has it); and two world-size-4 jobs at once on
// disjoint slots, each verified.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "kernels/ops/registry.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

class WorldSizeTest : public ::testing::TestWithParam<int> {
 protected:
  void SetUp() override {
    dir_ = MakeTempDir("world_size");
    const std::string plugins = dir_ + "/plugins";
    std::filesystem::create_directories(plugins);
    std::filesystem::copy_file(RunfilePath("examples/plugins/example_one_shot_cpu.so"),
                               plugins + "/example_one_shot_cpu.so");
    daemon_ = std::make_unique<Daemon>(dir_, /*cpu_slots=*/8);
    daemon_->set_extra_args({"--plugin-dir", plugins});
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
  }
  std::string dir_;
  std::unique_ptr<Daemon> daemon_;
};

void ExpectSucceededAndVerified(const nlohmann::json& job, size_t rows) {
  ASSERT_TRUE(job.is_object());
  EXPECT_EQ(job["state"], "SUCCEEDED") << job.dump();
  ASSERT_EQ(job["rows"].size(), rows) << job.dump();
  for (const nlohmann::json& row : job["rows"]) {
    EXPECT_EQ(row["wrong"].get<int64_t>(), 0) << row.dump();
    EXPECT_TRUE(row.value("checked", false)) << row.dump();
    if (row.contains("in_place") && row["in_place"].is_object()) {
      EXPECT_EQ(row["in_place"]["wrong"].get<int64_t>(), 0) << row.dump();
    }
  }
}

TEST_P(WorldSizeTest, EveryAllReduceKernelVerifies) {
  const std::string ws = std::to_string(GetParam());
  for (const char* kernel :
       {"one_shot_all_reduce", "two_shot_all_reduce", "one_shot_push_all_reduce", "all_reduce"}) {
    SCOPED_TRACE(kernel);
    CommandResult result;
    // Odd element counts (6 and 65538 bytes of bf16: 3 and 32769 elements) leave remainders
    // for the two-shot's slices at every world size.
    nlohmann::json job = daemon_->ClientJson(
        {"submit", "--kernel", kernel, "--world-size", ws, "--sizes", "6,4K,65538", "--warmup", "1",
         "--iters", "3", "--repeats", "1", "--wait"},
        &result);
    ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
    ExpectSucceededAndVerified(job, 3);
  }
}

// The size-swept ops that are no all-reduce (the all-gathers, the reduce-scatters, their
// dispatchers, the broadcast) and the example plugin, in bf16, fp16 and fp32 in one job each, in
// place too where the op has it. 65544 bytes is whole elements of every dtype, rounded down to
// whole shards at world size 8.
TEST_P(WorldSizeTest, EveryOtherSweptOpAndThePluginVerify) {
  const std::string ws = std::to_string(GetParam());
  std::vector<std::string> kernels = {"example_one_shot_cpu:one_shot"};
  for (const OpDescriptor& op : Ops()) {
    if (IsSizeSwept(op.name) && op.computes != Computes::kAllReduceSum) {
      kernels.emplace_back(op.name);
    }
  }
  ASSERT_GE(kernels.size(), 8u);
  for (const std::string& kernel : kernels) {
    SCOPED_TRACE(kernel);
    CommandResult result;
    nlohmann::json job = daemon_->ClientJson(
        {"submit", "--kernel", kernel, "--world-size", ws, "--dtype", "all", "--sizes", "4K,65544",
         "--warmup", "1", "--iters", "3", "--repeats", "1", "--wait"},
        &result);
    ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
    ExpectSucceededAndVerified(job, 6);
  }
}

TEST_P(WorldSizeTest, MatmulReduceScatterVerifies) {
  const std::string ws = std::to_string(GetParam());
  CommandResult result;
  nlohmann::json job = daemon_->ClientJson(
      {"submit", "--kernel", "matmul_reduce_scatter", "--world-size", ws, "--shapes", "256x64x256",
       "--warmup", "1", "--iters", "2", "--repeats", "1", "--wait"},
      &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(job["state"], "SUCCEEDED") << job.dump();
  ASSERT_EQ(job["rows"].size(), 1u) << job.dump();
  EXPECT_EQ(job["rows"][0]["wrong"].get<int64_t>(), 0) << job.dump();
}

TEST_P(WorldSizeTest, AgGemmVerifies) {
  const std::string ws = std::to_string(GetParam());
  CommandResult result;
  nlohmann::json job = daemon_->ClientJson(
      {"submit", "--kernel", "ag_gemm", "--world-size", ws, "--shapes", "256x64x32", "--warmup",
       "1", "--iters", "2", "--repeats", "1", "--wait"},
      &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(job["state"], "SUCCEEDED") << job.dump();
  ASSERT_EQ(job["rows"].size(), 1u) << job.dump();
  EXPECT_EQ(job["rows"][0]["wrong"].get<int64_t>(), 0) << job.dump();
}

INSTANTIATE_TEST_SUITE_P(CpuRanks, WorldSizeTest, ::testing::Values(4, 8),
                         [](const ::testing::TestParamInfo<int>& info) {
                           return "ws" + std::to_string(info.param);
                         });

TEST(DisjointJobsTest, TwoWorldSize4JobsRunAtOnceOnDisjointSlots) {
  const std::string dir = MakeTempDir("disjoint");
  Daemon daemon(dir, /*cpu_slots=*/8);
  // An injected 25 ms per timed op (80 of them) keeps each job running for 2 s or more of wall
  // time, so the second job starts while the first one runs however slow the host is.
  daemon.set_extra_args({"--allow-fault-injection"});
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  std::vector<std::string> ids;
  for (int i = 0; i < 2; ++i) {
    CommandResult result;
    nlohmann::json submitted = daemon.ClientJson(
        {"submit", "--kernel", "one_shot_push_all_reduce", "--world-size", "4", "--sizes", "4K,64K",
         "--warmup", "2", "--iters", "20", "--repeats", "2", "--inject-delay-us", "25000"},
        &result);
    ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
    ids.push_back(submitted["job_id"]);
  }
  std::vector<nlohmann::json> jobs;
  for (const std::string& id : ids) {
    ASSERT_EQ(
        daemon.WaitForState(id, {"SUCCEEDED", "FAILED", "CANCELLED"}, std::chrono::seconds(240)),
        "SUCCEEDED");
    CommandResult result;
    jobs.push_back(daemon.ClientJson({"status", id}, &result));
    ExpectSucceededAndVerified(jobs.back(), 2);
  }
  // Both ran at once (the second started before the first ended) on disjoint CPU slots.
  EXPECT_LT(jobs[1]["start_time_unix_ms"].get<int64_t>(),
            jobs[0]["end_time_unix_ms"].get<int64_t>());
  std::vector<int> slots;
  for (const nlohmann::json& job : jobs) {
    for (const nlohmann::json& d : job["devices"]) slots.push_back(d.get<int>());
  }
  std::sort(slots.begin(), slots.end());
  EXPECT_EQ(std::adjacent_find(slots.begin(), slots.end()), slots.end()) << "slots overlap";
}

}  // namespace
}  // namespace symmbench::testing
