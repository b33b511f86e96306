// Kernel ag_gemm end to end on the CPU backend: real daemon, client and worker processes; the
// fused op (copy thread + progress flags + OpenBLAS per chunk) verified against the sequential
// baseline, every variant timed, and bad shapes refused naming the field.
#include <gtest/gtest.h>

#include "tests/suite_daemon.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

class AgGemmJobTest : public SuiteDaemonTest<::testing::Test> {};

void ExpectVerifiedRow(const nlohmann::json& row, int64_t m, int64_t n, int64_t k, int splits) {
  const nlohmann::json& gemm = row["gemm"];  // the GEMM figures
  EXPECT_EQ(gemm["m"].get<int64_t>(), m);
  EXPECT_EQ(gemm["n"].get<int64_t>(), n);
  EXPECT_EQ(gemm["k"].get<int64_t>(), k);
  EXPECT_EQ(gemm["splits_per_rank"].get<int>(), splits);
  EXPECT_EQ(row["wrong"].get<int64_t>(), 0);
  EXPECT_TRUE(row["checked"].get<bool>());
  EXPECT_LE(gemm["rel_error"].get<double>(), gemm["rel_error_tolerance"].get<double>());
  // The race check ran, and every row of it passed.
  EXPECT_EQ(gemm["race_wrong_rows"].get<int64_t>(), 0);
  EXPECT_GT(gemm["race_ratio"].get<double>(), 0.0);
  EXPECT_LT(gemm["race_ratio"].get<double>(), 1.0);
  for (const char* key : {"t_ag_us", "t_gemm_us", "t_sequential_us", "t_fused_us", "t_pipelined_us",
                          "t_tile_flags_us", "t_tile_gemm_us", "tflops"}) {
    EXPECT_GT(gemm[key].get<double>(), 0.0) << key;
  }
  EXPECT_EQ(gemm["telemetry"].size(), 0u);  // NVML: GPUs only
  // tile_flags' per-tile waits: the tiles of 48 x 64 (kCpuTileRows x kCpuTileCols) of both ranks.
  const int64_t tiles = (m + 47) / 48 * ((n + 63) / 64);
  EXPECT_EQ(gemm["tile_waits"]["tiles"].get<int64_t>(), tiles * 2) << gemm.dump();
  EXPECT_GE(gemm["tile_waits"]["max_us"].get<double>(),
            gemm["tile_waits"]["mean_us"].get<double>());
  EXPECT_DOUBLE_EQ(row["time_us"].get<double>(), gemm["t_fused_us"].get<double>());
  EXPECT_NEAR(row["speedup"].get<double>(),
              gemm["t_sequential_us"].get<double>() / gemm["t_fused_us"].get<double>(), 1e-9);
  EXPECT_NEAR(gemm["tflops"].get<double>(),
              2.0 * m * n * k / (gemm["t_fused_us"].get<double>() * 1e6), 1e-9);
  EXPECT_EQ(row["reference"], "memcpy+openblas");
}

TEST_F(AgGemmJobTest, WorldSize2Bf16TwoShapesVerify) {
  CommandResult result;
  nlohmann::json job = daemon_->ClientJson(
      {"submit", "--kernel", "ag_gemm", "--world-size", "2", "--dtype", "bf16", "--shapes",
       "256x96x128,512x64x64", "--splits-per-rank", "2", "--warmup", "1", "--iters", "3", "--wait"},
      &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  ASSERT_EQ(job["rows"].size(), 2u) << job.dump();
  ExpectVerifiedRow(job["rows"][0], 256, 96, 128, 2);
  ExpectVerifiedRow(job["rows"][1], 512, 64, 64, 2);
  EXPECT_EQ(job["spec"]["gemm"]["shapes"][0]["m"].get<int64_t>(), 256);
}

TEST_F(AgGemmJobTest, WorldSize4Fp16AutoSplitsAndTableOutput) {
  CommandResult result =
      daemon_->Client({"submit", "--kernel", "ag_gemm", "--world-size", "4", "--dtype", "fp16",
                       "--shapes", "128x32x48", "--warmup", "1", "--iters", "2", "--wait"});
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_NE(result.out.find("t_fused"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("t_tile"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("    128     32     48"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("SUCCEEDED"), std::string::npos) << result.out;
}

TEST_F(AgGemmJobTest, BadShapesAreRefusedNamingTheField) {
  CommandResult indivisible = daemon_->Client(
      {"submit", "--kernel", "ag_gemm", "--world-size", "3", "--shapes", "100x64x64"});
  EXPECT_EQ(indivisible.exit_code, 2);
  EXPECT_NE(indivisible.err.find("INVALID_ARGUMENT"), std::string::npos) << indivisible.err;
  EXPECT_NE(indivisible.err.find("shapes[0].m"), std::string::npos) << indivisible.err;
  CommandResult zero_k = daemon_->Client(
      {"submit", "--kernel", "ag_gemm", "--world-size", "2", "--shapes", "64x64x0"});
  EXPECT_EQ(zero_k.exit_code, 2);
  EXPECT_NE(zero_k.err.find("shapes[0].k"), std::string::npos) << zero_k.err;
  CommandResult huge = daemon_->Client(
      {"submit", "--kernel", "ag_gemm", "--world-size", "2", "--shapes", "1048576x1048576x1024"});
  EXPECT_EQ(huge.exit_code, 2);
  EXPECT_NE(huge.err.find("RESOURCE_EXHAUSTED"), std::string::npos) << huge.err;
  EXPECT_EQ(daemon_->Client({"devices"}).exit_code, 0);
}

}  // namespace
}  // namespace symmbench::testing
