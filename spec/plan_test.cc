// MakePlan: the sweep expanded and sorted once, the buffer each op family needs, the fault checked.
#include "spec/plan.h"

#include <gtest/gtest.h>

namespace symmbench {
namespace {

v1::JobSpec Swept(const std::string& kernel) {
  v1::JobSpec spec;
  spec.set_kernel(kernel);
  spec.set_world_size(2);
  spec.set_dtype(v1::fp32);
  return spec;
}

TEST(PlanTest, SweptSizesAreExpandedSortedOnceAndSizeTheBuffer) {
  v1::JobSpec spec = Swept("one_shot_all_reduce");
  spec.mutable_sweep()->set_min_bytes(1024);
  spec.mutable_sweep()->set_max_bytes(16384);
  spec.mutable_sweep()->set_step_factor(4);
  absl::StatusOr<v1::JobPlan> plan = MakePlan(spec, v1::cpu);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(std::vector<int64_t>(plan->sizes_bytes().begin(), plan->sizes_bytes().end()),
            (std::vector<int64_t>{1024, 4096, 16384}));
  EXPECT_EQ(plan->buffer_bytes(), 16384);
  spec.mutable_sweep()->set_misalign_bytes(6);  // misaligned buffers start 6 bytes in
  EXPECT_EQ(MakePlan(spec, v1::cpu)->buffer_bytes(), 16384 + 6);

  v1::JobSpec listed = Swept("all_reduce");
  for (int64_t size : {65536, 8, 65536, 1024}) listed.mutable_sweep()->add_sizes_bytes(size);
  plan = MakePlan(listed, v1::cpu);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(std::vector<int64_t>(plan->sizes_bytes().begin(), plan->sizes_bytes().end()),
            (std::vector<int64_t>{8, 1024, 65536}));
}

// nccl-tests' all-gather and reduce-scatter sizes: rounded down to world_size shards of whole
// elements; a size that rounds to nothing is dropped, and a sweep left empty is refused.
TEST(PlanTest, ShardedSizesRoundDownToWholeShards) {
  v1::JobSpec spec = Swept("one_shot_all_gather");
  spec.set_world_size(3);
  for (int64_t size : {4, 12, 1000, 1008, 65536}) spec.mutable_sweep()->add_sizes_bytes(size);
  absl::StatusOr<v1::JobPlan> plan = MakePlan(spec, v1::cpu);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(std::vector<int64_t>(plan->sizes_bytes().begin(), plan->sizes_bytes().end()),
            (std::vector<int64_t>{12, 996, 1008, 65532}));
  EXPECT_EQ(plan->buffer_bytes(), 65532);

  v1::JobSpec tiny = Swept("low_contention_reduce_scatter");
  tiny.set_world_size(4);
  tiny.mutable_sweep()->add_sizes_bytes(12);
  plan = MakePlan(tiny, v1::cpu);
  EXPECT_EQ(plan.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(plan.status().message().find("sweep.sizes_bytes"), std::string::npos);
  EXPECT_NE(plan.status().message().find("at least 16 bytes"), std::string::npos) << plan.status();
}

// --dtype all: the plan lists every dtype of the kernel; a sharded op's sizes split into whole
// elements of the largest (fp32), whatever the spec's dtype.
TEST(PlanTest, AllDTypesAreListedAndShardsHoldWholeElementsOfTheLargest) {
  v1::JobSpec spec = Swept("one_shot_all_gather");
  spec.set_world_size(3);
  spec.set_dtype(v1::bf16);
  spec.mutable_sweep()->set_all_dtypes(true);
  for (int64_t size : {1002, 65536}) spec.mutable_sweep()->add_sizes_bytes(size);
  absl::StatusOr<v1::JobPlan> plan = MakePlan(spec, v1::cpu);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(std::vector<int>(plan->dtypes().begin(), plan->dtypes().end()),
            (std::vector<int>{v1::bf16, v1::fp16, v1::fp32}));
  // Units of 3 x 4 bytes, not 3 x 2.
  EXPECT_EQ(std::vector<int64_t>(plan->sizes_bytes().begin(), plan->sizes_bytes().end()),
            (std::vector<int64_t>{996, 65532}));
  spec.mutable_sweep()->set_all_dtypes(false);
  plan = MakePlan(spec, v1::cpu);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->dtypes_size(), 0);
  EXPECT_EQ(plan->sizes_bytes(0), 1002);
}

TEST(PlanTest, GemmOpsHaveNoSweepAndTheirBufferIsTheLargestShard) {
  v1::JobSpec spec = Swept("ag_gemm");
  spec.set_dtype(v1::bf16);
  v1::GemmShape* small = spec.mutable_gemm()->add_shapes();
  small->set_m(64);
  small->set_n(32);
  small->set_k(16);
  v1::GemmShape* large = spec.mutable_gemm()->add_shapes();
  large->set_m(256);
  large->set_n(32);
  large->set_k(64);
  absl::StatusOr<v1::JobPlan> plan = MakePlan(spec, v1::cpu);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->sizes_bytes_size(), 0);
  EXPECT_EQ(plan->buffer_bytes(), 256 / 2 * 64 * 2);  // A shard rows x K x bf16
}

TEST(PlanTest, CalibrateBuffersHoldTheGemmShardToo) {
  v1::JobSpec spec = Swept("calibrate");
  spec.mutable_sweep()->add_sizes_bytes(4096);
  absl::StatusOr<v1::JobPlan> plan = MakePlan(spec, v1::cpu);
  ASSERT_TRUE(plan.ok()) << plan.status();
  const GemmProblem gemm = CalibrationGemm(v1::cpu, 2);
  EXPECT_EQ(plan->buffer_bytes(), std::max<int64_t>(4096, gemm.m / 2 * gemm.k * 2));
}

// Submission validates (a fault among the rest, once) and plans in one call.
TEST(PlanTest, ValidateAndPlanChecksTheSpecThenPlansIt) {
  DeviceLimits limits;
  limits.backend = v1::cpu;
  limits.num_devices = 4;
  v1::JobSpec spec = Swept("two_shot_all_reduce");
  spec.set_warmup_iters(1);
  spec.set_iters(2);
  spec.mutable_sweep()->add_sizes_bytes(4096);
  spec.mutable_inject_fault()->set_kind(v1::Fault::flip_timed);
  spec.mutable_inject_fault()->set_rank(1);
  absl::StatusOr<v1::JobPlan> plan = ValidateAndPlan(spec, limits);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->sizes_bytes_size(), 1);
  spec.mutable_inject_fault()->set_kind(v1::Fault::rank_error);
  spec.mutable_inject_fault()->set_rank(7);
  EXPECT_EQ(ValidateAndPlan(spec, limits).status().message().rfind("inject_fault.rank", 0), 0u);
  spec.clear_inject_fault();
  spec.set_world_size(8);  // more ranks than devices
  EXPECT_EQ(ValidateAndPlan(spec, limits).status().message().rfind("world_size", 0), 0u)
      << ValidateAndPlan(spec, limits).status();
}

TEST(PlanTest, UnknownKernelsAndDtypesAreRefusedNamingTheField) {
  EXPECT_EQ(MakePlan(Swept("no_such_op"), v1::cpu).status().message().rfind("kernel: ", 0), 0u);
  v1::JobSpec spec = Swept("one_shot_all_reduce");
  spec.set_dtype(static_cast<v1::DType>(64));  // from a newer client
  EXPECT_EQ(MakePlan(spec, v1::cpu).status().message().rfind("dtype", 0), 0u);
}

}  // namespace
}  // namespace symmbench
