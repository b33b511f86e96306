// `symmbench run` against an in-process fake coordinator that reports CUDA devices (1, 2 and
// 8) or CPU slots: the world size and the sweep and shapes it submits, and its report.
#include "client/main_job.h"

#include <sstream>

#include "client/fake_coordinator.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"

namespace symmbench::client {
namespace {

using testing::FakeServer;

const std::vector<std::string> kAllKernels = {"one_shot_all_reduce",
                                              "two_shot_all_reduce",
                                              "one_shot_push_all_reduce",
                                              "all_reduce",
                                              "ag_gemm",
                                              "calibrate"};
constexpr int64_t kH200Memory = int64_t{143} << 30;

class MainJobTest : public ::testing::TestWithParam<int> {
 protected:
  int Run(bool json = false, int world_size = 0) {
    GlobalOptions global;
    global.coordinator = server_.address();
    global.json = json;
    MainJobOptions options;
    options.world_size = world_size;
    return RunMainJob(global, options, out_, err_);
  }
  FakeServer server_;
  std::ostringstream out_, err_;
};

TEST_P(MainJobTest, EveryCudaDeviceTheGpuSweepAndTheAnchorShapes) {
  const int gpus = GetParam();
  server_.service().SetDevices("cuda", gpus, kH200Memory, kAllKernels);
  ASSERT_EQ(Run(), 0) << err_.str() << out_.str();
  const std::vector<v1::JobSpec> specs = server_.service().submitted();
  ASSERT_EQ(specs.size(), 5u);
  // The dispatched all_reduce first, the three kernels it chooses from beside it.
  const std::vector<std::string> kernels = {"all_reduce", "one_shot_all_reduce",
                                            "two_shot_all_reduce", "one_shot_push_all_reduce",
                                            "ag_gemm"};
  for (size_t i = 0; i < specs.size(); ++i) {
    const v1::JobSpec& spec = specs[i];
    EXPECT_EQ(spec.kernel(), kernels[i]);
    EXPECT_EQ(spec.world_size(), gpus) << spec.kernel();
    EXPECT_EQ(spec.backend(), v1::cuda);
    EXPECT_EQ(spec.dtype(), v1::bf16);
    if (spec.kernel() == "ag_gemm") continue;
    // The GPU sweep: 2 KiB to 128 MiB in steps of 4, 20 warm-up and 100 timed iterations.
    EXPECT_EQ(spec.sweep().min_bytes(), 2048);
    EXPECT_EQ(spec.sweep().max_bytes(), int64_t{128} << 20);
    EXPECT_EQ(spec.sweep().step_factor(), 4);
    EXPECT_EQ(spec.warmup_iters(), 20);
    EXPECT_EQ(spec.iters(), 100);
    // Its table compares out-of-place figures only: no in-place loops.
    EXPECT_EQ(spec.sweep().placement(), v1::PLACEMENT_OUT_OF_PLACE);
  }
  // The four anchor shapes, unscaled on an H200, M divisible by the world size.
  const v1::JobSpec& gemm = specs[4];
  ASSERT_EQ(gemm.gemm().shapes_size(), 4);
  EXPECT_EQ(gemm.gemm().shapes(0).m(), 4096);
  EXPECT_EQ(gemm.gemm().shapes(0).n(), 6656);
  EXPECT_EQ(gemm.gemm().shapes(0).k(), 16384);
  EXPECT_EQ(gemm.gemm().shapes(2).m(), 16384);
  for (const v1::GemmShape& shape : gemm.gemm().shapes()) EXPECT_EQ(shape.m() % gpus, 0);
  // One report: both families, the world size, every job, and what was verified.
  const std::string report = out_.str();
  EXPECT_NE(report.find("cuda backend, world size " + std::to_string(gpus) + " of " +
                        std::to_string(gpus) + " devices (NVIDIA H200)"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("# all-reduce, bf16 sum"), std::string::npos) << report;
  EXPECT_NE(report.find("one_shot_push_all_reduce"), std::string::npos) << report;
  EXPECT_NE(report.find("nccl_all_reduce"), std::string::npos) << report;
  // Every ratio says what it is against: NCCL as the workers configured it.
  EXPECT_NE(report.find("timed in the same job (nccl 2.28.9 NCCL_NVLS_ENABLE=0); vs_ref"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("# ag_gemm, bf16"), std::string::npos) << report;
  EXPECT_NE(report.find("# verified: 16 of 16 rows checked against the reference, 0 wrong "
                        "elements; PASS"),
            std::string::npos)
      << report;
  EXPECT_EQ(report.find("world size 1: no peer") != std::string::npos, gpus == 1) << report;
}

INSTANTIATE_TEST_SUITE_P(Gpus, MainJobTest, ::testing::Values(1, 2, 8),
                         [](const ::testing::TestParamInfo<int>& info) {
                           return std::to_string(info.param) + "gpus";
                         });

TEST_F(MainJobTest, CpuSlotsGetTheCpuSweepAndSmallShapes) {
  server_.service().SetDevices("cpu", 2, int64_t{8} << 30, kAllKernels);
  ASSERT_EQ(Run(), 0) << err_.str();
  const std::vector<v1::JobSpec> specs = server_.service().submitted();
  ASSERT_EQ(specs.size(), 5u);
  EXPECT_EQ(specs[0].sweep().max_bytes(), 4 << 20);
  EXPECT_EQ(specs[0].iters(), 20);
  EXPECT_EQ(specs[0].backend(), v1::cpu);
  ASSERT_EQ(specs[4].gemm().shapes_size(), 2);
  EXPECT_LE(specs[4].gemm().shapes(1).m(), 512);
}

TEST_F(MainJobTest, ShapesAreHalvedUntilTheyFitTheDevice) {
  // 1 GiB devices, of which a shape may use half: at world size 2 the anchors need 0.28-0.94 GB
  // per rank, so all but the smallest (2048x8192x8192) are halved once.
  server_.service().SetDevices("cuda", 2, int64_t{1} << 30, kAllKernels);
  ASSERT_EQ(Run(), 0) << err_.str();
  const v1::JobSpec gemm = server_.service().submitted().back();
  ASSERT_EQ(gemm.gemm().shapes_size(), 4);
  EXPECT_EQ(gemm.gemm().shapes(0).m(), 2048);  // 4096x6656x16384 halved once
  EXPECT_EQ(gemm.gemm().shapes(0).n(), 3328);
  EXPECT_EQ(gemm.gemm().shapes(0).k(), 8192);
  EXPECT_EQ(gemm.gemm().shapes(3).m(), 2048);  // 2048x8192x8192 as it is
  EXPECT_EQ(gemm.gemm().shapes(3).k(), 8192);
}

TEST_F(MainJobTest, WorldSizeAboveTheDevicesIsRefusedNamingTheFlag) {
  server_.service().SetDevices("cuda", 2, kH200Memory, kAllKernels);
  EXPECT_EQ(Run(false, 3), 2);
  EXPECT_NE(err_.str().find("--world-size: must be 1..2"), std::string::npos) << err_.str();
  EXPECT_TRUE(server_.service().submitted().empty());
}

TEST_F(MainJobTest, AFailedJobFailsTheRunAndJsonIsOneObject) {
  server_.service().SetDevices("cuda", 2, kH200Memory, kAllKernels);
  server_.service().SetOutcome(v1::FAILED, "rank 1: boom");
  EXPECT_EQ(Run(/*json=*/true), 1);
  const nlohmann::json report = nlohmann::json::parse(out_.str());
  EXPECT_EQ(report["ok"], false);
  EXPECT_EQ(report["world_size"], 2);
  EXPECT_EQ(report["jobs"].size(), 5u);
  EXPECT_EQ(report["jobs"][0]["state"], "FAILED");
}

}  // namespace
}  // namespace symmbench::client
