// MakePlan: the sweep expanded and sorted once, the buffer each op family needs, the fault parsed.
#include "spec/plan.h"

#include <gtest/gtest.h>

namespace symmbench {
namespace {

v1::JobSpec Swept(const std::string& kernel) {
  v1::JobSpec spec;
  spec.set_kernel(kernel);
  spec.set_world_size(2);
  spec.set_dtype("fp32");
  return spec;
}

TEST(PlanTest, SweptSizesAreExpandedSortedOnceAndSizeTheBuffer) {
  v1::JobSpec spec = Swept("one_shot_all_reduce");
  spec.set_min_bytes(1024);
  spec.set_max_bytes(16384);
  spec.set_step_factor(4);
  absl::StatusOr<v1::JobPlan> plan = MakePlan(spec, "cpu");
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(std::vector<int64_t>(plan->sizes_bytes().begin(), plan->sizes_bytes().end()),
            (std::vector<int64_t>{1024, 4096, 16384}));
  EXPECT_EQ(plan->buffer_bytes(), 16384);
  EXPECT_EQ(plan->fault().kind(), v1::FaultPlan::NONE);
  EXPECT_EQ(plan->dtype(), v1::JobPlan::FP32);
  EXPECT_EQ(DTypeOf(*plan), DType::kFp32);

  v1::JobSpec listed = Swept("all_reduce");
  for (int64_t size : {65536, 8, 65536, 1024}) listed.add_sizes_bytes(size);
  plan = MakePlan(listed, "cpu");
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(std::vector<int64_t>(plan->sizes_bytes().begin(), plan->sizes_bytes().end()),
            (std::vector<int64_t>{8, 1024, 65536}));
}

TEST(PlanTest, GemmOpsHaveNoSweepAndTheirBufferIsTheLargestShard) {
  v1::JobSpec spec = Swept("ag_gemm");
  spec.set_dtype("bf16");
  v1::GemmShape* small = spec.add_shapes();
  small->set_m(64);
  small->set_n(32);
  small->set_k(16);
  v1::GemmShape* large = spec.add_shapes();
  large->set_m(256);
  large->set_n(32);
  large->set_k(64);
  absl::StatusOr<v1::JobPlan> plan = MakePlan(spec, "cpu");
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->sizes_bytes_size(), 0);
  EXPECT_EQ(plan->buffer_bytes(), 256 / 2 * 64 * 2);  // A shard rows x K x bf16
}

TEST(PlanTest, CalibrateBuffersHoldTheGemmShardToo) {
  v1::JobSpec spec = Swept("calibrate");
  spec.add_sizes_bytes(4096);
  absl::StatusOr<v1::JobPlan> plan = MakePlan(spec, "cpu");
  ASSERT_TRUE(plan.ok()) << plan.status();
  const GemmProblem gemm = CalibrationGemm("cpu", 2);
  EXPECT_EQ(plan->buffer_bytes(), std::max<int64_t>(4096, gemm.m / 2 * gemm.k * 2));
}

TEST(PlanTest, FaultsAreParsedOnceAndRoundTrip) {
  v1::JobSpec spec = Swept("two_shot_all_reduce");
  spec.add_sizes_bytes(4096);
  spec.set_inject_fault("flip_timed:1");
  absl::StatusOr<v1::JobPlan> plan = MakePlan(spec, "cpu");
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->fault().kind(), v1::FaultPlan::FLIP_TIMED);
  EXPECT_EQ(plan->fault().rank(), 1);
  const FaultInjection fault = FaultOf(plan->fault());
  EXPECT_EQ(fault.kind, FaultInjection::Kind::kFlipTimed);
  EXPECT_EQ(fault.rank, 1);
  spec.set_inject_fault("rank_error:7");
  EXPECT_EQ(MakePlan(spec, "cpu").status().message().rfind("inject_fault", 0), 0u);
}

TEST(PlanTest, UnknownKernelsAndDtypesAreRefusedNamingTheField) {
  EXPECT_EQ(MakePlan(Swept("no_such_op"), "cpu").status().message().rfind("kernel: ", 0), 0u);
  v1::JobSpec spec = Swept("one_shot_all_reduce");
  spec.set_dtype("fp64");
  EXPECT_EQ(MakePlan(spec, "cpu").status().message().rfind("dtype", 0), 0u);
}

}  // namespace
}  // namespace symmbench
