// The all-gathers and reduce-scatters end to end on the CPU backend: a real symmbenchd on
// loopback, the real client and worker processes at world sizes 2, 3 and 4, sizes rounded to
// whole shards as nccl-tests rounds them, every row verified, nccl-tests' bus factor (n-1)/n.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "kernels/ops/registry.h"
#include "tests/suite_daemon.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

std::vector<std::string> ShardedOps() {
  std::vector<std::string> names;
  for (const OpDescriptor& op : Ops()) {
    if (IsSharded(op.name)) names.emplace_back(op.name);
  }
  return names;
}

class ShardedJobTest
    : public SuiteDaemonTest<::testing::TestWithParam<std::tuple<std::string, int>>> {};

TEST_P(ShardedJobTest, SizesRoundToWholeShardsAndEveryRowVerifies) {
  const auto [kernel, world_size] = GetParam();
  const OpDescriptor* op = FindOp(kernel);
  ASSERT_NE(op, nullptr);
  CommandResult result;
  nlohmann::json job =
      daemon_->ClientJson({"submit", "--kernel", kernel, "--world-size", std::to_string(world_size),
                           "--dtype", "bf16", "--sizes", "1000,64K", "--warmup", "1", "--iters",
                           "5", "--repeats", "2", "--graph", "--wait"},
                          &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  ASSERT_EQ(job["state"], "SUCCEEDED") << job.dump();
  const int64_t unit = 2 * world_size;  // one bf16 element per rank
  const std::vector<int64_t> want = {1000 / unit * unit, 65536 / unit * unit};
  ASSERT_EQ(job["rows"].size(), want.size()) << job.dump();
  const std::string reference =
      op->computes == Computes::kAllGather ? "reference_gather" : "reference_sum";
  for (size_t i = 0; i < want.size(); ++i) {
    const nlohmann::json& row = job["rows"][i];
    EXPECT_EQ(row["size_bytes"].get<int64_t>(), want[i]);
    EXPECT_EQ(row["count"].get<int64_t>(), want[i] / 2);
    EXPECT_EQ(row["wrong"].get<int64_t>(), 0) << row.dump();
    EXPECT_TRUE(row["checked"].get<bool>());
    EXPECT_EQ(row["reference"], reference);
    EXPECT_EQ(row["reference_kind"], "check_only");
    EXPECT_EQ(row["redop"], op->computes == Computes::kAllGather ? "none" : "sum");
    EXPECT_GT(row["graph_time_us"].get<double>(), 0.0) << row.dump();
    EXPECT_NEAR(row["busbw_gbps"].get<double>(),
                row["algbw_gbps"].get<double>() * (world_size - 1) / world_size, 1e-9);
  }
}

INSTANTIATE_TEST_SUITE_P(EveryShardedOp, ShardedJobTest,
                         ::testing::Combine(::testing::ValuesIn(ShardedOps()),
                                            ::testing::Values(2, 3, 4)),
                         [](const auto& info) {
                           return std::get<0>(info.param) + "_ws" +
                                  std::to_string(std::get<1>(info.param));
                         });

}  // namespace
}  // namespace symmbench::testing
