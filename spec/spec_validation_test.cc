// Tests for JobSpec validation: one test per bad input (status code and field name), a valid
// spec, size expansion and defaults.
#include "spec/spec_validation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "absl/strings/str_cat.h"

namespace symmbench {
namespace {

constexpr int64_t kGiB = int64_t{1} << 30;

DeviceLimits CudaLimits() {
  DeviceLimits limits;
  limits.backend = v1::cuda;
  limits.num_devices = 2;
  limits.device_memory_bytes = 2 * kGiB;
  return limits;
}

v1::JobSpec ValidSpec() {
  v1::JobSpec spec;
  spec.set_kernel("one_shot_all_reduce");
  spec.set_world_size(2);
  spec.set_dtype(v1::bf16);
  spec.mutable_sweep()->set_min_bytes(2048);
  spec.mutable_sweep()->set_max_bytes(64 << 20);
  spec.mutable_sweep()->set_step_factor(4);
  spec.set_warmup_iters(5);
  spec.set_iters(20);
  spec.set_backend(v1::auto_);
  (*spec.mutable_labels())["git"] = "abc123";
  return spec;
}

// Expects `status` to have `code` and a message that starts with `field`.
// Resolves plugin op "mine:one_shot" into `spec` as the coordinator would: a bf16 CUDA sum
// all-reduce.
void AddOneShotPluginOp(v1::JobSpec* spec) {
  v1::PluginOp* op = spec->add_plugin_ops();
  op->set_kernel("mine:one_shot");
  op->set_computes(v1::all_reduce_sum);
  op->add_dtypes(v1::bf16);
  op->set_backend(v1::cuda);
}

void ExpectError(const absl::Status& status, absl::StatusCode code, const std::string& field) {
  EXPECT_EQ(status.code(), code) << status;
  EXPECT_EQ(status.message().substr(0, field.size()), field) << status;
}

TEST(ExpandSizesTest, SweepFrom2KiBTo64MiBByFour) {
  absl::StatusOr<std::vector<int64_t>> sizes = ExpandSizes(ValidSpec().sweep());
  ASSERT_TRUE(sizes.ok()) << sizes.status();
  // 2 KiB * 4^k <= 64 MiB: k = 0..7 (4^8 * 2 KiB = 128 MiB is past max_bytes).
  EXPECT_EQ(*sizes,
            (std::vector<int64_t>{2048, 8192, 32768, 131072, 524288, 2097152, 8388608, 33554432}));
}

TEST(ExpandSizesTest, SweepIncludesMaxWhenReachedAndMinEqualMaxIgnoresFactor) {
  v1::JobSpec spec = ValidSpec();
  spec.mutable_sweep()->set_min_bytes(1024);
  spec.mutable_sweep()->set_max_bytes(8192);
  spec.mutable_sweep()->set_step_factor(2);
  EXPECT_EQ(*ExpandSizes(spec.sweep()), (std::vector<int64_t>{1024, 2048, 4096, 8192}));
  spec.mutable_sweep()->set_max_bytes(1024);
  spec.mutable_sweep()->set_step_factor(0);
  EXPECT_EQ(*ExpandSizes(spec.sweep()), (std::vector<int64_t>{1024}));
}

TEST(ExpandSizesTest, ExplicitListReplacesTheSweepInTheGivenOrder) {
  v1::JobSpec spec = ValidSpec();
  for (int64_t s : {4096, 1024, 65536}) spec.mutable_sweep()->add_sizes_bytes(s);
  EXPECT_EQ(*ExpandSizes(spec.sweep()), (std::vector<int64_t>{4096, 1024, 65536}));
}

TEST(ExpandSizesTest, LongestSweepStopsBeforeOverflowingInt64) {
  v1::JobSpec spec = ValidSpec();
  spec.mutable_sweep()->set_min_bytes(1);
  spec.mutable_sweep()->set_max_bytes(INT64_MAX);
  spec.mutable_sweep()->set_step_factor(2);
  // 2^0 .. 2^62: 63 sizes, within kMaxSizes; 2^63 does not fit in int64.
  auto sizes = ExpandSizes(spec.sweep());
  ASSERT_TRUE(sizes.ok()) << sizes.status();
  ASSERT_EQ(sizes->size(), 63u);
  EXPECT_EQ(sizes->front(), 1);
  EXPECT_EQ(sizes->back(), int64_t{1} << 62);
}

TEST(ExpandSizesTest, SweepPastInt64DoesNotOverflow) {
  v1::JobSpec spec = ValidSpec();
  spec.mutable_sweep()->set_min_bytes(int64_t{1} << 61);
  spec.mutable_sweep()->set_max_bytes(INT64_MAX);
  spec.mutable_sweep()->set_step_factor(3);
  // 2^61 and 3 * 2^61 fit; 9 * 2^61 overflows int64, so the sweep stops there.
  EXPECT_EQ(*ExpandSizes(spec.sweep()),
            (std::vector<int64_t>{int64_t{1} << 61, 3 * (int64_t{1} << 61)}));
}

TEST(ExpandSizesTest, TooManyExplicitSizes) {
  v1::JobSpec spec = ValidSpec();
  for (int64_t i = 1; i <= kMaxSizes; ++i) spec.mutable_sweep()->add_sizes_bytes(i * 2);
  ASSERT_TRUE(ExpandSizes(spec.sweep()).ok());
  spec.mutable_sweep()->add_sizes_bytes(4096);
  ExpectError(ExpandSizes(spec.sweep()).status(), absl::StatusCode::kInvalidArgument,
              "sweep.sizes_bytes:");
}

TEST(ValidateSpecTest, ValidSpecPasses) {
  EXPECT_TRUE(ValidateSpec(ValidSpec(), CudaLimits()).ok());
  v1::JobSpec spec = ValidSpec();
  spec.set_backend(v1::cuda);
  spec.set_warmup_iters(0);
  spec.set_iters(1);
  spec.set_timeout_s(0);
  spec.mutable_sweep()->add_sizes_bytes(2);
  spec.mutable_sweep()->add_sizes_bytes(kGiB / 4);  // 6 buffers of 256 MiB fit in 2 GiB
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok()) << ValidateSpec(spec, CudaLimits());
}

TEST(ValidateSpecTest, UnknownKernel) {
  v1::JobSpec spec = ValidSpec();
  spec.set_kernel("foo");
  absl::Status status = ValidateSpec(spec, CudaLimits());
  ExpectError(status, absl::StatusCode::kInvalidArgument, "kernel:");
  EXPECT_NE(status.message().find("\"foo\""), std::string::npos) << status;
  EXPECT_NE(status.message().find("one_shot_all_reduce"), std::string::npos) << status;
  spec.clear_kernel();
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument, "kernel:");
}

TEST(ValidateSpecTest, CompareKernelComputesTheSameOnOneHost) {
  v1::JobSpec spec = ValidSpec();
  spec.mutable_sweep()->set_compare_kernel("two_shot_all_reduce");
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  spec.mutable_sweep()->set_compare_kernel("one_shot_all_reduce");  // itself: a self-A/B
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  spec.mutable_sweep()->set_compare_kernel("all_reduce");  // a dispatcher
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  spec.mutable_sweep()->set_compare_kernel("one_shot_all_gathr");
  absl::Status status = ValidateSpec(spec, CudaLimits());
  ExpectError(status, absl::StatusCode::kInvalidArgument, "sweep.compare_kernel: unknown kernel");
  EXPECT_NE(status.message().find("did you mean \"one_shot_all_gather\""), std::string::npos)
      << status;
  spec.mutable_sweep()->set_compare_kernel("one_shot_all_gather");
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.compare_kernel: one_shot_all_gather does not compute what "
              "one_shot_all_reduce computes");
  spec.mutable_sweep()->set_compare_kernel("calibrate");
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.compare_kernel: A/B jobs compare size-swept collectives");
  spec.mutable_sweep()->set_compare_kernel("two_shot_all_reduce");
  spec.mutable_sweep()->set_per_host_teams(true);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.compare_kernel: an A/B job runs on one host");
}

TEST(ValidateSpecTest, PluginOpsAreCheckedAsTheCoordinatorResolvedThem) {
  v1::JobSpec spec = ValidSpec();
  spec.set_kernel("mine:one_shot");
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "kernel: unknown kernel");  // not resolved: no plugin_ops entry
  AddOneShotPluginOp(&spec);
  v1::PluginOp* op = spec.mutable_plugin_ops(0);
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  spec.set_dtype(v1::fp32);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "dtype: mine:one_shot runs bf16, not fp32");
  spec.set_dtype(v1::bf16);
  op->set_backend(v1::cpu);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "kernel: mine:one_shot is built for the cpu backend");
  op->set_backend(v1::cuda);
  // Its scratch counts: 32 MiB (the largest size) x (6 + 60) buffers exceed 2 GiB; 6 + 20 do not.
  op->set_buffer_bytes_per_message_byte(60);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kResourceExhausted,
              "sweep.max_bytes:");
  op->set_buffer_bytes_per_message_byte(20);
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  op->set_buffer_bytes_fixed(3 * kGiB);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kResourceExhausted,
              "kernel: mine:one_shot asks for 3 GiB");
  // Entries beyond the ABI's limits (a spec that did not come from the coordinator's resolution),
  // whatever op they describe: refused before any arithmetic on them.
  op->set_buffer_bytes_fixed(std::numeric_limits<int64_t>::min());
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "plugin_ops[0].buffer_bytes_fixed:");
  op->set_buffer_bytes_fixed(0);
  op->set_signal_pad_bytes(int64_t{1} << 21);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "plugin_ops[0].signal_pad_bytes:");
  op->set_signal_pad_bytes(0);
  v1::PluginOp* unrelated = spec.add_plugin_ops();
  unrelated->set_buffer_bytes_per_message_byte(-1);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "plugin_ops[1].buffer_bytes_per_message_byte:");
  unrelated->set_buffer_bytes_per_message_byte(0);
  unrelated->set_buffer_bytes_fixed(int64_t{1} << 40);  // within limits, not the job's op
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
}

TEST(ValidateSpecTest, NodesAndPerHostTeams) {
  DeviceLimits limits = CudaLimits();
  limits.num_devices = 4;
  limits.max_nodes = 2;
  v1::JobSpec spec = ValidSpec();
  spec.set_world_size(4);
  spec.set_nodes(2);
  // A kernel on symmetric memory over two hosts: refused, pointing at per_host_teams.
  absl::Status status = ValidateSpec(spec, limits);
  ExpectError(status, absl::StatusCode::kInvalidArgument, "nodes: kernel one_shot_all_reduce");
  EXPECT_NE(status.message().find("per_host_teams"), std::string::npos) << status;
  spec.mutable_sweep()->set_per_host_teams(true);
  EXPECT_TRUE(ValidateSpec(spec, limits).ok()) << ValidateSpec(spec, limits);
  spec.set_kernel("all_reduce");
  EXPECT_TRUE(ValidateSpec(spec, limits).ok()) << ValidateSpec(spec, limits);
  // Teams still need world_size to divide by the hosts, and the daemon's --max-nodes.
  spec.set_world_size(3);
  ExpectError(ValidateSpec(spec, limits), absl::StatusCode::kInvalidArgument,
              "nodes: world_size 3 does not divide by 2");
  spec.set_world_size(4);
  spec.set_nodes(4);
  ExpectError(ValidateSpec(spec, limits), absl::StatusCode::kInvalidArgument, "nodes: 4 hosts");
  // Only the all-reduces run as teams, on one host or several.
  spec.set_nodes(0);
  spec.set_kernel("ag_gemm");
  ExpectError(ValidateSpec(spec, limits), absl::StatusCode::kInvalidArgument,
              "sweep: kernel ag_gemm runs GEMM problems");
  spec.set_kernel("calibrate");
  ExpectError(ValidateSpec(spec, limits), absl::StatusCode::kInvalidArgument,
              "sweep.per_host_teams:");
}

TEST(ValidateSpecTest, TheKernelsFamilyMemberOnly) {
  v1::JobSpec gemm_for_swept = ValidSpec();
  gemm_for_swept.mutable_gemm()->add_shapes()->set_m(256);
  ExpectError(ValidateSpec(gemm_for_swept, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "gemm: kernel one_shot_all_reduce is timed over sizes");

  v1::JobSpec sweep_for_gemm = ValidSpec();
  sweep_for_gemm.set_kernel("ag_gemm");
  sweep_for_gemm.mutable_sweep()->set_graph(true);
  ExpectError(ValidateSpec(sweep_for_gemm, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep: kernel ag_gemm runs GEMM problems");

  v1::JobSpec neither = ValidSpec();
  neither.clear_sweep();
  ExpectError(ValidateSpec(neither, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.min_bytes: must be >= 1");
}

TEST(ValidateSpecTest, UnknownDType) {
  v1::JobSpec spec = ValidSpec();
  spec.set_dtype(static_cast<v1::DType>(8));  // from a newer client
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument, "dtype:");
}

TEST(ValidateSpecTest, UnknownBackend) {
  v1::JobSpec spec = ValidSpec();
  spec.set_backend(static_cast<v1::Backend>(7));  // from a newer client
  absl::Status status = ValidateSpec(spec, CudaLimits());
  ExpectError(status, absl::StatusCode::kInvalidArgument, "backend:");
  EXPECT_NE(status.message().find("7"), std::string::npos) << status;
}

TEST(ValidateSpecTest, BackendTheDaemonDoesNotServe) {
  v1::JobSpec spec = ValidSpec();
  spec.set_backend(v1::cpu);
  absl::Status status = ValidateSpec(spec, CudaLimits());
  ExpectError(status, absl::StatusCode::kInvalidArgument, "backend:");
  EXPECT_EQ(status.message(), "backend: this daemon serves cuda devices, not cpu");
  ApplyDefaults(&spec, CudaLimits());  // an explicit backend is kept by the defaults
  EXPECT_EQ(ValidateSpec(spec, CudaLimits()).code(), absl::StatusCode::kInvalidArgument);
}

TEST(ValidateSpecTest, WorldSizeBelowOne) {
  v1::JobSpec spec = ValidSpec();
  spec.set_world_size(0);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument, "world_size:");
}

TEST(ValidateSpecTest, WorldSizeAboveTheDevices) {
  v1::JobSpec spec = ValidSpec();
  spec.set_world_size(3);
  absl::Status status = ValidateSpec(spec, CudaLimits());
  ExpectError(status, absl::StatusCode::kResourceExhausted, "world_size:");
  EXPECT_EQ(status.message(), "world_size: 3 exceeds the 2 cuda devices of this daemon");
}

TEST(ValidateSpecTest, MinBytesBelowOne) {
  v1::JobSpec spec = ValidSpec();
  spec.mutable_sweep()->set_min_bytes(0);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.min_bytes:");
}

TEST(ValidateSpecTest, MaxBytesBelowMinBytes) {
  v1::JobSpec spec = ValidSpec();
  spec.mutable_sweep()->set_max_bytes(1024);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.max_bytes:");
}

// The coordinator's defaults, the same for every client: the README's spec JSON through the
// API (no iters, warmup, kernel or step factor) was refused for iters 0.
TEST(ApplyDefaultsTest, UnsetFieldsGetTheDefaults) {
  v1::JobSpec spec;
  spec.set_world_size(2);
  spec.mutable_sweep()->set_min_bytes(2048);
  spec.mutable_sweep()->set_max_bytes(int64_t{1} << 20);
  ApplyDefaults(&spec, CudaLimits());
  EXPECT_EQ(spec.kernel(), "one_shot_all_reduce");
  EXPECT_EQ(spec.dtype(), v1::bf16);
  EXPECT_EQ(spec.warmup_iters(), 20);
  EXPECT_EQ(spec.iters(), 100);
  EXPECT_EQ(spec.sweep().step_factor(), 2);
  EXPECT_EQ(spec.repeats(), 5);
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  // What is set stays: an explicit warmup of 0 included.
  v1::JobSpec mine;
  mine.set_world_size(2);
  mine.set_warmup_iters(0);
  mine.set_iters(7);
  ApplyDefaults(&mine, CudaLimits());
  EXPECT_EQ(mine.warmup_iters(), 0);
  EXPECT_EQ(mine.iters(), 7);
  // An explicit 0 iterations is kept, and refused: it is not "unset".
  v1::JobSpec zero = spec;
  zero.set_iters(0);
  ApplyDefaults(&zero, CudaLimits());
  EXPECT_EQ(zero.iters(), 0);
  ExpectError(ValidateSpec(zero, CudaLimits()), absl::StatusCode::kInvalidArgument, "iters:");
}

TEST(ValidateSpecTest, PerIterationTimingAndSkipFirst) {
  v1::JobSpec spec = ValidSpec();  // 20 iters, 5 repeats by default
  spec.mutable_sweep()->set_per_iteration(true);
  spec.mutable_sweep()->set_skip_first(19);
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  spec.mutable_sweep()->set_skip_first(20);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.skip_first:");
  // Without per-iteration timing a loop has min(iters, 10) samples.
  spec.mutable_sweep()->set_per_iteration(false);
  spec.mutable_sweep()->set_skip_first(10);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.skip_first:");
  spec.mutable_sweep()->set_skip_first(-1);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.skip_first:");
  spec.mutable_sweep()->set_skip_first(0);
  spec.mutable_sweep()->set_per_iteration(true);
  spec.set_iters(4001);  // x 5 repeats > 20000 samples
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.per_iteration:");
}

// A job's per-iteration samples are bounded as a whole, so its record stays readable: 64 sizes
// x 1,000 iterations x 20 repeats made an 11.5 MB record no client could read.
TEST(ValidateSpecTest, PerIterationSamplesOfTheWholeJobAreBounded) {
  v1::JobSpec spec = ValidSpec();  // world size 2, an op with an in-place form: 6 copies
  spec.mutable_sweep()->set_per_iteration(true);
  spec.mutable_sweep()->clear_sizes_bytes();
  spec.mutable_sweep()->set_min_bytes(1024);
  spec.mutable_sweep()->set_step_factor(2);
  spec.mutable_sweep()->set_max_bytes(int64_t{1024} << 10);  // 11 sizes
  spec.set_iters(1000);
  spec.set_repeats(20);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.per_iteration: rows x iters x repeats x copies kept (1 + world_size, per "
              "placement timed) must be <= 200000 so that the job's record stays readable "
              "(under gRPC's 4 MiB); got 11 x 1000 x 20 x 6 = 1320000");
  spec.set_repeats(3);
  spec.mutable_sweep()->set_max_bytes(int64_t{8} << 10);  // 4 sizes x 1000 x 3 x 6 = 72000
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  spec.mutable_sweep()->set_max_bytes(int64_t{2} << 20);  // 12 sizes: 216000
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.per_iteration: rows x iters x repeats x copies kept");
  spec.mutable_sweep()->set_placement(v1::PLACEMENT_OUT_OF_PLACE);  // 3 copies: 108000
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  spec.mutable_sweep()->set_placement(v1::PLACEMENT_BOTH);
  spec.mutable_sweep()->set_max_bytes(int64_t{8} << 10);
  spec.mutable_sweep()->set_all_dtypes(true);  // every size in each dtype
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.per_iteration: rows x iters x repeats");
}

TEST(ValidateSpecTest, AllDTypes) {
  v1::JobSpec spec = ValidSpec();
  spec.mutable_sweep()->set_all_dtypes(true);
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  // Every size a multiple of each element size: 2050 is of bf16's, not of fp32's.
  spec.mutable_sweep()->set_min_bytes(2050);
  spec.mutable_sweep()->set_max_bytes(2050);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.min_bytes:");
  spec = ValidSpec();
  spec.mutable_sweep()->set_all_dtypes(true);
  spec.mutable_sweep()->set_compare_kernel("two_shot_all_reduce");
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.all_dtypes:");
}

TEST(ValidateSpecTest, PlacementBothOnlyForAnOpWithAnInPlaceForm) {
  v1::JobSpec spec = ValidSpec();  // an all-reduce
  for (v1::Placement p : {v1::PLACEMENT_DEFAULT, v1::PLACEMENT_BOTH, v1::PLACEMENT_OUT_OF_PLACE}) {
    spec.mutable_sweep()->set_placement(p);
    EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok()) << v1::Placement_Name(p);
  }
  spec.mutable_sweep()->set_placement(static_cast<v1::Placement>(7));
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.placement:");
  spec.set_kernel("all_gather");  // nccl-tests' in-place layout
  spec.mutable_sweep()->set_placement(v1::PLACEMENT_BOTH);
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  spec.set_kernel("broadcast");  // in place: the output is the input
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  // A plugin op has no in-place form.
  AddOneShotPluginOp(&spec);
  spec.set_kernel("mine:one_shot");
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.placement: mine:one_shot has no in-place form");
  spec.mutable_sweep()->set_placement(v1::PLACEMENT_DEFAULT);  // out of place only: fine
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
}

TEST(ValidateSpecTest, GraphLaunchesNeedGraphModeAndABound) {
  v1::JobSpec spec = ValidSpec();
  spec.mutable_sweep()->set_graph_launches(15);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.graph_launches: times graph replays; set sweep.graph too");
  spec.mutable_sweep()->set_graph(true);
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  for (int launches : {-1, 101}) {
    spec.mutable_sweep()->set_graph_launches(launches);
    ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
                "sweep.graph_launches: must be in [0, 100]");
  }
}

TEST(ValidateSpecTest, MisalignBytes) {
  v1::JobSpec spec = ValidSpec();  // a bf16 all-reduce
  for (int bytes : {0, 2, 6, 14}) {
    spec.mutable_sweep()->set_misalign_bytes(bytes);
    EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok()) << bytes;
  }
  for (int bytes : {-2, 16, 3}) {  // out of range, aligned again, not whole bf16 elements
    spec.mutable_sweep()->set_misalign_bytes(bytes);
    ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
                "sweep.misalign_bytes:");
  }
  spec.mutable_sweep()->set_misalign_bytes(6);  // whole bf16 and fp16 elements, not fp32's
  spec.mutable_sweep()->set_all_dtypes(true);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.misalign_bytes: 6 is not a multiple of fp32");
  spec.mutable_sweep()->set_misalign_bytes(8);
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  spec.mutable_sweep()->set_all_dtypes(false);
  spec.mutable_sweep()->set_compare_kernel("two_shot_all_reduce");  // A/B: both take it
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  // A plugin op takes its buffers as they come: not as the compare kernel either.
  AddOneShotPluginOp(&spec);
  spec.mutable_sweep()->set_compare_kernel("mine:one_shot");
  spec.mutable_sweep()->set_misalign_bytes(0);
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  spec.mutable_sweep()->set_misalign_bytes(8);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.misalign_bytes: mine:one_shot has no misaligned form");
  spec.mutable_sweep()->clear_compare_kernel();
  spec.set_kernel("mine:one_shot");
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.misalign_bytes: mine:one_shot has no misaligned form");
  for (const char* kernel : {"all_gather", "one_shot_reduce_scatter", "broadcast"}) {
    spec.set_kernel(kernel);  // every swept collective has one
    EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok()) << kernel;
  }
}

TEST(ValidateSpecTest, StepFactorBelowTwo) {
  v1::JobSpec spec = ValidSpec();
  spec.mutable_sweep()->set_step_factor(1);
  absl::Status status = ValidateSpec(spec, CudaLimits());
  ExpectError(status, absl::StatusCode::kInvalidArgument, "sweep.step_factor:");
  EXPECT_NE(status.message().find("got 1"), std::string::npos) << status;
}

TEST(ValidateSpecTest, ExplicitSizeBelowOne) {
  v1::JobSpec spec = ValidSpec();
  spec.mutable_sweep()->add_sizes_bytes(1024);
  spec.mutable_sweep()->add_sizes_bytes(-8);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.sizes_bytes[1]:");
}

TEST(ValidateSpecTest, ExplicitSizeNotAMultipleOfTheElementSize) {
  v1::JobSpec spec = ValidSpec();
  for (int64_t s : {1024, 2048, 1001}) spec.mutable_sweep()->add_sizes_bytes(s);
  absl::Status status = ValidateSpec(spec, CudaLimits());
  ExpectError(status, absl::StatusCode::kInvalidArgument, "sweep.sizes_bytes[2]:");
  EXPECT_EQ(status.message(),
            "sweep.sizes_bytes[2]: 1001 is not a multiple of the bf16 element size (2 bytes)");
  spec.set_dtype(v1::fp32);
  spec.mutable_sweep()->set_sizes_bytes(2, 1002);  // a multiple of 2 but not of 4
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.sizes_bytes[2]:");
}

TEST(ValidateSpecTest, SweepMinBytesNotAMultipleOfTheElementSize) {
  v1::JobSpec spec = ValidSpec();
  spec.set_dtype(v1::fp32);
  spec.mutable_sweep()->set_min_bytes(2050);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.min_bytes:");
}

TEST(ValidateSpecTest, NegativeWarmupIters) {
  v1::JobSpec spec = ValidSpec();
  spec.set_warmup_iters(-1);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "warmup_iters:");
  spec.set_warmup_iters(kMaxIters + 1);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "warmup_iters:");
}

TEST(ValidateSpecTest, ItersBelowOneOrAboveTheLimit) {
  v1::JobSpec spec = ValidSpec();
  spec.set_iters(0);
  absl::Status status = ValidateSpec(spec, CudaLimits());
  ExpectError(status, absl::StatusCode::kInvalidArgument, "iters:");
  EXPECT_EQ(status.message(), "iters: must be >= 1 (got 0)");
  spec.set_iters(kMaxIters + 1);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument, "iters:");
}

TEST(ValidateSpecTest, TooManyLabels) {
  v1::JobSpec spec = ValidSpec();
  for (int i = 0; i < kMaxLabels; ++i) (*spec.mutable_labels())["k" + std::to_string(i)] = "v";
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument, "labels:");
}

TEST(ValidateSpecTest, EmptyOrTooLongLabelKey) {
  v1::JobSpec spec = ValidSpec();
  (*spec.mutable_labels())[""] = "v";
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument, "labels:");
  spec = ValidSpec();
  (*spec.mutable_labels())[std::string(kMaxLabelKeyLength, 'k')] = "v";
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  (*spec.mutable_labels())[std::string(kMaxLabelKeyLength + 1, 'k')] = "v";
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument, "labels:");
}

TEST(ValidateSpecTest, TooLongLabelValue) {
  v1::JobSpec spec = ValidSpec();
  (*spec.mutable_labels())["note"] = std::string(kMaxLabelValueLength, 'x');
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  (*spec.mutable_labels())["note"] = std::string(kMaxLabelValueLength + 1, 'x');
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument, "labels");
}

TEST(ValidateSpecTest, NegativeTimeout) {
  v1::JobSpec spec = ValidSpec();
  spec.set_timeout_s(-1);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument, "timeout_s:");
}

TEST(ValidateSpecTest, RepeatsOutsideOneToAHundred) {
  v1::JobSpec spec = ValidSpec();
  for (int32_t ok : {0, 1, 5, kMaxRepeats}) {  // 0: the default
    spec.set_repeats(ok);
    EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok()) << ok;
  }
  for (int32_t bad : {-1, kMaxRepeats + 1}) {
    spec.set_repeats(bad);
    absl::Status status = ValidateSpec(spec, CudaLimits());
    ExpectError(status, absl::StatusCode::kInvalidArgument, "repeats:");
    EXPECT_NE(status.message().find(absl::StrCat("(got ", bad, ")")), std::string::npos) << status;
  }
}

TEST(ValidateSpecTest, FaultInjectionRanges) {
  v1::JobSpec spec = ValidSpec();
  spec.set_inject_delay_us(12.5);
  spec.set_inject_delay_min_bytes(4096);
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  spec.set_inject_delay_max_bytes(4096);
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok());
  spec.set_inject_delay_max_bytes(2048);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "inject_delay_max_bytes:");
  spec.set_inject_delay_max_bytes(0);
  spec.set_inject_delay_min_bytes(-1);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "inject_delay_min_bytes:");
  spec.set_inject_delay_min_bytes(0);
  for (double bad : {-1.0, 2e6, std::nan("")}) {
    spec.set_inject_delay_us(bad);
    ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
                "inject_delay_us:");
  }
}

TEST(ValidateSpecTest, LargestSizeTimesBuffersAboveDeviceMemory) {
  v1::JobSpec spec = ValidSpec();
  spec.mutable_sweep()->set_min_bytes(kGiB);
  spec.mutable_sweep()->set_max_bytes(kGiB);
  absl::Status status = ValidateSpec(spec, CudaLimits());
  ExpectError(status, absl::StatusCode::kResourceExhausted, "sweep.max_bytes:");
  EXPECT_NE(
      status.message().find("sweep.max_bytes: 1 GiB x 6 buffers exceeds device memory of 2 GiB"),
      std::string::npos)
      << status;
  // Explicit sizes name the offending entry; unknown memory (0) is not checked.
  spec.mutable_sweep()->add_sizes_bytes(1024);
  spec.mutable_sweep()->add_sizes_bytes(kGiB);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kResourceExhausted,
              "sweep.sizes_bytes[1]:");
  DeviceLimits unknown = CudaLimits();
  unknown.device_memory_bytes = 0;
  EXPECT_TRUE(ValidateSpec(spec, unknown).ok());
}

TEST(ApplyDefaultsTest, ResolvesAutoBackendAndSetsCheckAndDType) {
  DeviceLimits cpu;
  cpu.backend = v1::cpu;
  cpu.num_devices = 4;
  {
    v1::JobSpec spec = ValidSpec();
    spec.set_backend(v1::auto_);
    spec.clear_check();
    spec.clear_dtype();
    ApplyDefaults(&spec, cpu);
    EXPECT_EQ(spec.backend(), v1::cpu);
    EXPECT_EQ(spec.dtype(), v1::bf16);
    ASSERT_TRUE(spec.has_check());
    EXPECT_TRUE(spec.check());
    EXPECT_EQ(spec.repeats(), kDefaultRepeats);
    EXPECT_TRUE(ValidateSpec(spec, cpu).ok()) << ValidateSpec(spec, cpu);
  }
  v1::JobSpec spec = ValidSpec();
  spec.set_check(false);
  spec.set_backend(v1::cuda);
  spec.set_repeats(1);
  ApplyDefaults(&spec, cpu);
  EXPECT_FALSE(spec.check());  // an explicit false stays
  EXPECT_EQ(spec.repeats(), 1);
  EXPECT_EQ(spec.backend(), v1::cuda);
  EXPECT_EQ(ValidateSpec(spec, cpu).message(), "backend: this daemon serves cpu devices, not cuda");
}

// calibrate measures one copy size: a sweep or several sizes are refused at submission (the
// worker would refuse them when the job runs).
TEST(ValidateSpecTest, CalibrateTakesExactlyOneSizeAndNoSweep) {
  v1::JobSpec spec = ValidSpec();
  spec.set_kernel("calibrate");
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.sizes_bytes");
  spec.mutable_sweep()->add_sizes_bytes(1 << 20);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.min_bytes");
  spec.mutable_sweep()->clear_min_bytes();
  spec.mutable_sweep()->clear_max_bytes();
  spec.mutable_sweep()->clear_step_factor();
  EXPECT_TRUE(ValidateSpec(spec, CudaLimits()).ok()) << ValidateSpec(spec, CudaLimits());
  spec.mutable_sweep()->add_sizes_bytes(2 << 20);
  ExpectError(ValidateSpec(spec, CudaLimits()), absl::StatusCode::kInvalidArgument,
              "sweep.sizes_bytes");
}

TEST(SortSizesTest, IncreasingEachOnce) {
  v1::JobSpec spec;
  for (int64_t size : {65536, 4, 1000, 4}) spec.mutable_sweep()->add_sizes_bytes(size);
  SortSizes(spec.mutable_sweep());
  EXPECT_EQ(
      std::vector<int64_t>(spec.sweep().sizes_bytes().begin(), spec.sweep().sizes_bytes().end()),
      (std::vector<int64_t>{4, 1000, 65536}));
}

}  // namespace
}  // namespace symmbench
