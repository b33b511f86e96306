// End to end on the CPU backend: a real symmbenchd on loopback, the real client, real worker
// processes at world sizes 2 and 4; verified rows; history kept across a daemon restart.
#include <gtest/gtest.h>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

class CpuJobTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTempDir("cpu_job");
    daemon_ = std::make_unique<Daemon>(dir_);
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
  }
  std::string dir_;
  std::unique_ptr<Daemon> daemon_;
};

void ExpectVerifiedRows(const nlohmann::json& job, const std::vector<int64_t>& sizes,
                        const std::string& dtype) {
  ASSERT_TRUE(job.is_object()) << job.dump();
  EXPECT_EQ(job["state"], "SUCCEEDED") << job.dump();
  ASSERT_EQ(job["rows"].size(), sizes.size()) << job.dump();
  for (size_t i = 0; i < sizes.size(); ++i) {
    const nlohmann::json& row = job["rows"][i];
    EXPECT_EQ(row["size_bytes"].get<int64_t>(), sizes[i]);
    EXPECT_EQ(row["count"].get<int64_t>(), sizes[i] / (dtype == "fp32" ? 4 : 2));
    EXPECT_EQ(row["dtype"], dtype);
    EXPECT_EQ(row["wrong"].get<int64_t>(), 0);
    EXPECT_EQ(row["reference"], "reference_sum");
    EXPECT_GT(row["time_us"].get<double>(), 0.0);
    EXPECT_GT(row["reference_time_us"].get<double>(), 0.0);
    EXPECT_GT(row["algbw_gbps"].get<double>(), 0.0);
    EXPECT_GT(row["busbw_gbps"].get<double>(), 0.0);
    // The plain sum is a correctness reference, not a competitor: no speedup against it.
    EXPECT_EQ(row["reference_kind"], "check_only") << row.dump();
    EXPECT_EQ(row["speedup"].get<double>(), 0.0) << row.dump();
  }
}

TEST_F(CpuJobTest, WorldSize2Bf16SweepVerifies) {
  CommandResult result;
  nlohmann::json job =
      daemon_->ClientJson({"submit", "--kernel", "one_shot_all_reduce", "--world-size", "2",
                           "--dtype", "bf16", "--min-bytes", "2K", "--max-bytes", "128K",
                           "--step-factor", "4", "--warmup", "2", "--iters", "10", "--wait"},
                          &result);
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  ExpectVerifiedRows(job, {2048, 8192, 32768, 131072}, "bf16");
  // busbw = algbw * 2(n-1)/n = algbw for n = 2.
  EXPECT_NEAR(job["rows"][0]["busbw_gbps"].get<double>(),
              job["rows"][0]["algbw_gbps"].get<double>(), 1e-9);
}

TEST_F(CpuJobTest, WorldSize4Fp32ExplicitSizesVerify) {
  CommandResult result;
  nlohmann::json job = daemon_->ClientJson(
      {"submit", "--world-size", "4", "--dtype", "fp32", "--sizes", "4,1000,64K", "--warmup", "1",
       "--iters", "5", "--label", "git_sha=abc123", "--wait"},
      &result);
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  ExpectVerifiedRows(job, {4, 1000, 65536}, "fp32");
  EXPECT_EQ(job["devices"].size(), 4u);
  EXPECT_EQ(job["spec"]["labels"]["git_sha"], "abc123");
  // busbw factor 2(n-1)/n = 1.5 at n = 4.
  EXPECT_NEAR(job["rows"][2]["busbw_gbps"].get<double>(),
              1.5 * job["rows"][2]["algbw_gbps"].get<double>(), 1e-9);
}

// Sizes given out of order and twice run once each, in size order, as the rows promise.
TEST_F(CpuJobTest, UnsortedAndRepeatedSizesComeBackInOrderOnce) {
  CommandResult result;
  nlohmann::json job =
      daemon_->ClientJson({"submit", "--world-size", "2", "--dtype", "fp32", "--sizes",
                           "64K,4,1000,4", "--warmup", "1", "--iters", "5", "--wait"},
                          &result);
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  ExpectVerifiedRows(job, {4, 1000, 65536}, "fp32");
  EXPECT_EQ(job["spec"]["sweep"]["sizes_bytes"], nlohmann::json::array({4, 1000, 65536}));
}

TEST_F(CpuJobTest, Fp16AndTwoJobsAtOnceOnDisjointSlots) {
  // Two world-size-2 jobs fill the 4 slots; both run and both verify.
  CommandResult a =
      daemon_->Client({"submit", "--world-size", "2", "--dtype", "fp16", "--min-bytes", "2K",
                       "--max-bytes", "8K", "--step-factor", "2", "--iters", "5", "--warmup", "1"});
  CommandResult b =
      daemon_->Client({"submit", "--world-size", "2", "--dtype", "fp16", "--min-bytes", "2K",
                       "--max-bytes", "8K", "--step-factor", "2", "--iters", "5", "--warmup", "1"});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  const std::string id_a = a.out.substr(0, a.out.find_first_of(" \n"));
  const std::string id_b = b.out.substr(0, b.out.find_first_of(" \n"));
  ASSERT_NE(id_a, id_b);
  EXPECT_EQ(daemon_->WaitForState(id_a, {"SUCCEEDED", "FAILED"}), "SUCCEEDED");
  EXPECT_EQ(daemon_->WaitForState(id_b, {"SUCCEEDED", "FAILED"}), "SUCCEEDED");
  nlohmann::json ja = daemon_->ClientJson({"status", id_a});
  nlohmann::json jb = daemon_->ClientJson({"status", id_b});
  ExpectVerifiedRows(ja, {2048, 4096, 8192}, "fp16");
  ExpectVerifiedRows(jb, {2048, 4096, 8192}, "fp16");
}

TEST_F(CpuJobTest, GraphModeReportsEagerAndGraphFigures) {
  CommandResult result;
  nlohmann::json job = daemon_->ClientJson({"submit", "--world-size", "2", "--sizes", "2K,64K",
                                            "--iters", "10", "--warmup", "2", "--graph", "--wait"},
                                           &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  ExpectVerifiedRows(job, {2048, 65536}, "bf16");
  EXPECT_TRUE(job["spec"]["sweep"]["graph"].get<bool>());
  for (const nlohmann::json& row : job["rows"]) {
    EXPECT_GT(row["graph_time_us"].get<double>(), 0.0) << row.dump();
    EXPECT_GT(row["reference_graph_time_us"].get<double>(), 0.0) << row.dump();
    EXPECT_EQ(row["graph_speedup"].get<double>(), 0.0) << row.dump();  // a reference only
    ASSERT_EQ(row["references"].size(), 1u) << row.dump();
    EXPECT_EQ(row["references"][0]["name"], "reference_sum");
    EXPECT_DOUBLE_EQ(row["references"][0]["graph_time_us"].get<double>(),
                     row["reference_graph_time_us"].get<double>());
  }
  CommandResult table = daemon_->Client({"status", job["job_id"]});
  EXPECT_NE(table.out.find("graph_us"), std::string::npos) << table.out;
}

TEST_F(CpuJobTest, RestartKeepsFinishedJobs) {
  CommandResult result;
  nlohmann::json job = daemon_->ClientJson(
      {"submit", "--world-size", "2", "--sizes", "2K", "--iters", "3", "--warmup", "1", "--wait"},
      &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  const std::string id = job["job_id"];
  EXPECT_EQ(daemon_->Stop(), 0);
  std::string error;
  ASSERT_TRUE(daemon_->Start(&error)) << error;
  nlohmann::json again = daemon_->ClientJson({"status", id});
  ASSERT_TRUE(again.is_object()) << again.dump();
  EXPECT_EQ(again["state"], "SUCCEEDED");
  EXPECT_EQ(again["rows"].size(), 1u);
  nlohmann::json list = daemon_->ClientJson({"list"});
  ASSERT_TRUE(list.is_object()) << list.dump();
  bool found = false;
  for (const nlohmann::json& j : list["jobs"]) found = found || j["job_id"] == id;
  EXPECT_TRUE(found) << list.dump();
  // A new job after the restart gets a new id.
  nlohmann::json next = daemon_->ClientJson(
      {"submit", "--world-size", "2", "--sizes", "2K", "--iters", "3", "--wait"}, &result);
  ASSERT_TRUE(next.is_object()) << result.out << result.err;
  EXPECT_NE(next["job_id"], id);
}

}  // namespace
}  // namespace symmbench::testing
