// The main job on real GPUs (skipped without at least 2 CUDA devices): daemon with the CUDA
// backend, one-shot all-reduce bf16 at world size 2, verified against NCCL (0 wrong).
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

TEST(GpuJobTest, OneShotAllReduceBf16VerifiesAgainstNccl) {
  if (CudaDeviceCount() < 2) GTEST_SKIP() << "needs 2 CUDA devices";
  Daemon daemon(MakeTempDir("gpu_job"), 1, "cuda");
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  CommandResult result;
  nlohmann::json job = daemon.ClientJson(
      {"submit", "--world-size", "2", "--dtype", "bf16", "--min-bytes", "2K", "--max-bytes",
       "1M", "--step-factor", "8", "--warmup", "5", "--iters", "20", "--wait"},
      &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(job["backend"], "cuda");
  for (const nlohmann::json& row : job["rows"]) {
    EXPECT_EQ(row["wrong"].get<int64_t>(), 0);
    EXPECT_EQ(row["baseline"], "nccl_all_reduce");
  }
}

}  // namespace
}  // namespace symmbench::testing
