// `symmbench calibrate` on the CPU backend: the machine's ceilings are measured, kept with the
// machine's record, and every later row reports its roofline fractions against them.
#include <gtest/gtest.h>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

TEST(RooflineTest, CalibrateThenRowsReportFractions) {
  Daemon daemon(MakeTempDir("roofline"), 2);
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;

  // Before calibration: no fractions.
  CommandResult result;
  nlohmann::json before = daemon.ClientJson(
      {"submit", "--world-size", "2", "--sizes", "64K", "--iters", "2", "--wait"}, &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(before["rows"][0]["busbw_fraction"], 0) << before.dump();

  nlohmann::json calibrated = daemon.ClientJson(
      {"calibrate", "--world-size", "2", "--copy-bytes", "1M", "--iters", "5"}, &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  const nlohmann::json& ceilings = calibrated["rows"][0]["ceilings"];
  EXPECT_GT(ceilings["peer_copy_gbps"].get<double>(), 0.0) << calibrated.dump();
  EXPECT_GT(ceilings["latency_floor_us"].get<double>(), 0.0);
  EXPECT_GT(ceilings["gemm_tflops"].get<double>(), 0.0);
  EXPECT_EQ(ceilings["gpu_model"], "cpu-slot");
  EXPECT_EQ(ceilings["source"].get<std::string>().find("calibrated by job"), 0u);

  nlohmann::json after = daemon.ClientJson(
      {"submit", "--world-size", "2", "--sizes", "64K", "--iters", "2", "--wait"}, &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  const nlohmann::json& row = after["rows"][0];
  EXPECT_NEAR(row["busbw_fraction"].get<double>(),
              row["busbw_gbps"].get<double>() / ceilings["peer_copy_gbps"].get<double>(), 1e-9);
  EXPECT_NEAR(row["floor_ratio"].get<double>(),
              row["time_us"].get<double>() / ceilings["latency_floor_us"].get<double>(), 1e-9);

  nlohmann::json gemm = daemon.ClientJson({"submit", "--kernel", "ag_gemm", "--world-size", "2",
                                           "--shapes", "128x64x64", "--iters", "2", "--wait"},
                                          &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_NEAR(
      gemm["rows"][0]["tflops_fraction"].get<double>(),
      gemm["rows"][0]["gemm"]["tflops"].get<double>() / ceilings["gemm_tflops"].get<double>(),
      1e-9);
}

// Calibration at a world size that does not divide the GEMM edge (on 4 x H200 it failed with
// "m divisible by world_size (3)"): its GEMM's rows are rounded to a multiple of the world size.
TEST(RooflineTest, CalibrateAtWorldSizeThree) {
  Daemon daemon(MakeTempDir("roofline3"), 3);
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  CommandResult result;
  nlohmann::json calibrated = daemon.ClientJson(
      {"calibrate", "--world-size", "3", "--copy-bytes", "96K", "--iters", "3"}, &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  const nlohmann::json& ceilings = calibrated["rows"][0]["ceilings"];
  EXPECT_EQ(ceilings["world_size"], 3) << calibrated.dump();
  EXPECT_GT(ceilings["peer_copy_gbps"].get<double>(), 0.0);
  EXPECT_GT(ceilings["gemm_tflops"].get<double>(), 0.0);
}

}  // namespace
}  // namespace symmbench::testing
