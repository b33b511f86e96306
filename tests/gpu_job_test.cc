// Jobs on real GPUs (skipped without a CUDA device): a daemon with the CUDA backend runs every
// all-reduce kernel at world size = every device (1 included), in every dtype, on odd element
// counts, in graph mode with two passes, and every row must be checked, right and compared
// with NCCL as configured in this process.
#include <gtest/gtest.h>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

int CudaDeviceCount() {
  CommandResult probe = RunCommand({RunfilePath("worker/symmbench-worker"), "--probe-devices"});
  nlohmann::json parsed = nlohmann::json::parse(probe.out, nullptr, false);
  if (parsed.is_discarded() || !parsed.contains("cuda_devices")) return 0;
  return static_cast<int>(parsed["cuda_devices"].size());
}

class GpuJobTest : public ::testing::TestWithParam<std::string> {};

TEST_P(GpuJobTest, EveryDtypeAndOddCountIsCheckedAgainstNccl) {
  const int devices = CudaDeviceCount();
  if (devices < 1) GTEST_SKIP() << "needs a CUDA device";
  Daemon daemon(MakeTempDir("gpu_job"), 1, "cuda");
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  for (const std::string dtype : {"bf16", "fp16", "fp32"}) {
    const int64_t element = dtype == "fp32" ? 4 : 2;
    // 1, 1025 and 262145 elements: odd counts, vector tails.
    const std::vector<int64_t> counts = {1, 1025, 262145};
    std::string sizes;
    for (int64_t count : counts) sizes += (sizes.empty() ? "" : ",") + std::to_string(count * element);
    CommandResult result;
    nlohmann::json job = daemon.ClientJson(
        {"submit", "--kernel", GetParam(), "--world-size", std::to_string(devices), "--dtype", dtype,
         "--sizes", sizes, "--warmup", "5", "--iters", "20", "--repeats", "2", "--graph", "--wait"},
        &result);
    ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
    EXPECT_EQ(job["backend"], "cuda");
    ASSERT_EQ(job["rows"].size(), counts.size()) << dtype;
    for (size_t i = 0; i < counts.size(); ++i) {
      const nlohmann::json& row = job["rows"][i];
      EXPECT_EQ(row["count"].get<int64_t>(), counts[i]);
      EXPECT_TRUE(row["checked"].get<bool>());
      EXPECT_EQ(row["wrong"].get<int64_t>(), 0) << dtype << " " << counts[i];
      EXPECT_GT(row["time_us"].get<double>(), 0);
      EXPECT_GT(row["graph_time_us"].get<double>(), 0);
      EXPECT_EQ(row["repeat_medians_us"].size(), 2u);
      EXPECT_EQ(row["baselines"].size(), 2u);  // nccl_all_reduce, nccl_symmetric
      EXPECT_EQ(row["reference_config"].get<std::string>().rfind("nccl ", 0), 0u);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Kernels, GpuJobTest,
                         ::testing::Values("one_shot_all_reduce", "two_shot_all_reduce",
                                           "one_shot_push_all_reduce", "all_reduce"));

}  // namespace
}  // namespace symmbench::testing
