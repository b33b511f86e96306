// dtype fp8_e4m3 end to end on the CPU backend: real daemon, client and worker processes; both
// GEMM ops at world sizes 2, 3 and 4 with tensor-wise and row-wise scales, the fused op verified
// against the sequential reference on the e4m3 emulation (kernels/fp8.h), and the FP8 inputs
// that cannot run refused naming the field before any worker starts.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "tests/suite_daemon.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

// (kernel, world size, fp8 scaling)
using Case = std::tuple<std::string, int, std::string>;

class Fp8GemmJobTest : public SuiteDaemonTest<::testing::TestWithParam<Case>> {};

TEST_P(Fp8GemmJobTest, FusedOpVerifiedOnE4m3InputsWithBf16Output) {
  const auto& [kernel, ws, scaling] = GetParam();
  const bool scatters = kernel == "matmul_reduce_scatter";
  // Multiples of 16 (k / world_size too for matmul_reduce_scatter); m divisible by ws x 2.
  const int64_t m = 32 * ws, n = 48, k = scatters ? 32 * ws : 64;
  const std::string shape = std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
  CommandResult result;
  nlohmann::json job = daemon_->ClientJson({"submit",
                                            "--kernel",
                                            kernel,
                                            "--world-size",
                                            std::to_string(ws),
                                            "--dtype",
                                            "fp8_e4m3",
                                            "--fp8-scaling",
                                            scaling,
                                            "--shapes",
                                            shape,
                                            "--splits-per-rank",
                                            "2",
                                            "--warmup",
                                            "1",
                                            "--iters",
                                            "2",
                                            "--repeats",
                                            "1",
                                            "--wait"},
                                           &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(job["spec"]["dtype"], "fp8_e4m3");
  EXPECT_EQ(job["spec"]["gemm"]["fp8_scaling"], scaling);
  ASSERT_EQ(job["rows"].size(), 1u) << job.dump();
  const nlohmann::json& row = job["rows"][0];
  const nlohmann::json& gemm = row["gemm"];
  EXPECT_EQ(row["dtype"], "fp8_e4m3");
  EXPECT_TRUE(row["checked"].get<bool>());
  EXPECT_EQ(row["wrong"].get<int64_t>(), 0);  // ag_gemm: the gathered e4m3 bytes, bitwise
  EXPECT_LE(gemm["rel_error"].get<double>(), gemm["rel_error_tolerance"].get<double>());
  EXPECT_GT(gemm["t_fused_us"].get<double>(), 0.0);
  EXPECT_GT(gemm["t_sequential_us"].get<double>(), 0.0);
  // The piece: ag_gemm's A_shard in e4m3 bytes; matmul_reduce_scatter's C_shard in bf16.
  EXPECT_EQ(row["size_bytes"].get<int64_t>(), scatters ? m / ws * n * 2 : m / ws * k);
}

INSTANTIATE_TEST_SUITE_P(OpsWorldSizesAndScalings, Fp8GemmJobTest,
                         ::testing::Values(Case{"ag_gemm", 2, "tensorwise"},
                                           Case{"ag_gemm", 3, "rowwise"},
                                           Case{"ag_gemm", 4, "tensorwise"},
                                           Case{"matmul_reduce_scatter", 2, "rowwise"},
                                           Case{"matmul_reduce_scatter", 3, "tensorwise"},
                                           Case{"matmul_reduce_scatter", 4, "rowwise"}),
                         [](const auto& info) {
                           return std::get<0>(info.param) + "_ws" +
                                  std::to_string(std::get<1>(info.param)) + "_" +
                                  std::get<2>(info.param);
                         });

TEST_F(Fp8GemmJobTest, ScalingDefaultsToTensorwise) {
  CommandResult result;
  nlohmann::json job = daemon_->ClientJson(
      {"submit", "--kernel", "ag_gemm", "--world-size", "1", "--dtype", "fp8_e4m3", "--shapes",
       "32x16x16", "--warmup", "0", "--iters", "1", "--repeats", "1", "--wait"},
      &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(job["spec"]["gemm"]["fp8_scaling"], "tensorwise");
  EXPECT_EQ(job["state"], "SUCCEEDED");
}

TEST_F(Fp8GemmJobTest, InputsWithoutAnFp8PathAreRefusedNamingTheField) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      // An op without an FP8 path.
      {{"--kernel", "one_shot_all_reduce", "--world-size", "2", "--dtype", "fp8_e4m3", "--sizes",
        "1K"},
       "dtype: one_shot_all_reduce has no fp8_e4m3 path (ops that have one: ag_gemm, "
       "matmul_reduce_scatter)"},
      // Dimensions not multiples of 16.
      {{"--kernel", "ag_gemm", "--world-size", "2", "--dtype", "fp8_e4m3", "--shapes", "64x40x64"},
       "gemm.shapes[0].n"},
      {{"--kernel", "ag_gemm", "--world-size", "2", "--dtype", "fp8_e4m3", "--shapes",
        "32x32x64,72x32x64"},
       "gemm.shapes[1].m"},
      // matmul_reduce_scatter's GEMM sees k / world_size: 96 / 4 = 24.
      {{"--kernel", "matmul_reduce_scatter", "--world-size", "4", "--dtype", "fp8_e4m3", "--shapes",
        "64x32x96"},
       "gemm.shapes[0].k: fp8_e4m3 wants k / world_size a multiple of 16 (got 24)"},
      // A scaling without FP8.
      {{"--kernel", "ag_gemm", "--world-size", "2", "--dtype", "bf16", "--fp8-scaling", "rowwise",
        "--shapes", "64x32x64"},
       "gemm.fp8_scaling: applies to dtype fp8_e4m3 only"},
  };
  for (const auto& [args, field] : cases) {
    std::vector<std::string> argv = {"submit"};
    argv.insert(argv.end(), args.begin(), args.end());
    CommandResult r = daemon_->Client(argv);
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
    EXPECT_NE(r.err.find("INVALID_ARGUMENT"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(field), std::string::npos) << r.err;
  }
  // An unknown scaling is the client's refusal, naming its flag.
  CommandResult r =
      daemon_->Client({"submit", "--kernel", "ag_gemm", "--world-size", "2", "--dtype", "fp8_e4m3",
                       "--fp8-scaling", "blockwise", "--shapes", "64x32x64"});
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("--fp8-scaling"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace symmbench::testing
