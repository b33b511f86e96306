// Tests for the benchmark loop: statistics helpers, and RunBenchmark on the CPU backend with
// ranks as threads (real shared memory, real barriers).
#include "worker/bench_runner.h"

#include <gtest/gtest.h>

#include <mutex>
#include <random>
#include <thread>

#include "kernels/ops/registry.h"
#include "kernels/testing/thread_rendezvous.h"
#include "spec/plan.h"

namespace symmbench {
namespace {

TEST(SummarizeTest, MedianMinMax) {
  TimingStats odd = Summarize({5, 1, 3});
  EXPECT_EQ(odd.median_us, 3);
  EXPECT_EQ(odd.min_us, 1);
  EXPECT_EQ(odd.max_us, 5);
  EXPECT_EQ(Summarize({4, 1, 2, 3}).median_us, 2.5);
  EXPECT_EQ(Summarize({}).median_us, 0);
}

TEST(SplitIntoBatchesTest, CoversEveryIterationInAtMostTenBatches) {
  for (int iters : {1, 7, 10, 11, 100, 1001}) {
    std::vector<int> batches = SplitIntoBatches(iters);
    int total = 0;
    for (int b : batches) {
      EXPECT_GE(b, 1);
      total += b;
    }
    EXPECT_EQ(total, iters);
    EXPECT_LE(static_cast<int>(batches.size()), kTimingBatches);
  }
}

v1::JobSpec SmallSpec(v1::DType dtype) {
  v1::JobSpec spec;
  spec.set_kernel("one_shot_all_reduce");
  spec.set_world_size(2);
  spec.set_dtype(dtype);
  spec.set_warmup_iters(1);
  spec.set_iters(4);
  return spec;
}

// Runs `plan` with `world_size` thread ranks; returns rank 0's rows and each rank's status.
std::vector<absl::Status> RunRanks(const RunPlan& plan, int world_size,
                                   std::vector<v1::ResultRow>* rows) {
  const std::vector<int64_t>& sizes = plan.sizes_bytes;
  ThreadRendezvousGroup group(world_size);
  std::vector<absl::Status> statuses(world_size);
  std::mutex mu;
  std::vector<std::thread> threads;
  static int job = 0;
  // Sandboxed tests may share a pid while /dev/shm is shared: salt the segment names.
  const std::string job_id =
      "bench-runner-test-" + std::to_string(std::random_device{}()) + "-" + std::to_string(job++);
  for (int rank = 0; rank < world_size; ++rank) {
    threads.emplace_back([&, rank] {
      std::unique_ptr<Rendezvous> rendezvous = group.ForRank(rank);
      BackendOptions options;
      options.rank = rank;
      options.world_size = world_size;
      options.device = rank;
      // As the worker does (worker/session.cc): the plan's buffer, misaligned buffers included.
      options.max_bytes =
          std::max(plan.buffer_bytes, *std::max_element(sizes.begin(), sizes.end()));
      options.misalign_bytes = plan.misalign_bytes;
      options.job_id = job_id;
      options.timeout = std::chrono::milliseconds(10000);
      absl::StatusOr<std::unique_ptr<Backend>> backend =
          CreateCpuBackend(options, rendezvous.get());
      if (!backend.ok()) {
        statuses[rank] = backend.status();
        return;
      }
      statuses[rank] =
          RunBenchmark(plan, backend->get(), rendezvous.get(), [&](const v1::ResultRow& row) {
            std::lock_guard<std::mutex> lock(mu);
            rows->push_back(row);
            return absl::OkStatus();
          });
    });
  }
  for (std::thread& t : threads) t.join();
  return statuses;
}

// The RunPlan of `spec` over `sizes`, as the coordinator's plan and the worker's MakeRunPlan
// make it, with `fault` as its injected delay.
RunPlan PlanOf(const v1::JobSpec& spec, const std::vector<int64_t>& sizes,
               const InjectedDelay& fault = {}) {
  v1::JobSpec planned = spec;
  planned.mutable_sweep()->clear_sizes_bytes();
  for (int64_t size : sizes) planned.mutable_sweep()->add_sizes_bytes(size);
  absl::StatusOr<v1::JobPlan> plan = MakePlan(planned, v1::cpu);
  EXPECT_TRUE(plan.ok()) << plan.status();
  absl::StatusOr<RunPlan> run = MakeRunPlan(planned, plan.value_or(v1::JobPlan()));
  EXPECT_TRUE(run.ok()) << run.status();
  RunPlan made = run.ok() ? *std::move(run) : RunPlan();
  made.delay = fault;
  return made;
}

// Runs `spec` over `sizes` with `world_size` thread ranks (PlanOf).
std::vector<absl::Status> RunRanks(const v1::JobSpec& spec, const std::vector<int64_t>& sizes,
                                   int world_size, std::vector<v1::ResultRow>* rows,
                                   const InjectedDelay& fault = {}) {
  return RunRanks(PlanOf(spec, sizes, fault), world_size, rows);
}

TEST(RunBenchmarkTest, CpuBackendReportsOneVerifiedRowPerSize) {
  std::vector<v1::ResultRow> rows;
  const std::vector<int64_t> sizes = {2, 2048, 65536};
  for (const absl::Status& s : RunRanks(SmallSpec(v1::bf16), sizes, 2, &rows)) {
    EXPECT_TRUE(s.ok()) << s;
  }
  ASSERT_EQ(rows.size(), sizes.size());
  for (size_t i = 0; i < sizes.size(); ++i) {
    EXPECT_EQ(rows[i].size_bytes(), sizes[i]);
    EXPECT_EQ(rows[i].count(), sizes[i] / 2);
    EXPECT_EQ(rows[i].dtype(), v1::bf16);
    EXPECT_EQ(rows[i].wrong(), 0);
    EXPECT_TRUE(rows[i].checked());
    EXPECT_EQ(rows[i].reference(), "reference_sum");
    EXPECT_GT(rows[i].time_us(), 0);
    EXPECT_LE(rows[i].time_min_us(), rows[i].time_us());
    EXPECT_GE(rows[i].time_max_us(), rows[i].time_us());
    EXPECT_DOUBLE_EQ(rows[i].algbw_gbps(), sizes[i] / (rows[i].time_us() * 1e3));
    EXPECT_DOUBLE_EQ(rows[i].busbw_gbps(), rows[i].algbw_gbps());  // 2(n-1)/n = 1 at n = 2
    EXPECT_EQ(rows[i].reference_kind(), v1::check_only);           // the plain sum: no speedup
    EXPECT_EQ(rows[i].speedup(), 0);
    EXPECT_GT(rows[i].reference_time_us(), 0);
  }
}

TEST(RunBenchmarkTest, RepeatsKeepEveryLoopsBatchesAndMedians) {
  v1::JobSpec spec = SmallSpec(v1::bf16);
  spec.set_repeats(3);
  std::vector<v1::ResultRow> rows;
  for (const absl::Status& s : RunRanks(spec, {2048}, 2, &rows)) EXPECT_TRUE(s.ok()) << s;
  // A partial row (rank 0's loops so far) after pass 1, one after pass 2 only if 0.5 s passed
  // since, then the final one after pass 3.
  ASSERT_GE(rows.size(), 2u);
  ASSERT_LE(rows.size(), 3u);
  for (size_t i = 0; i + 1 < rows.size(); ++i) {
    const v1::ResultRow& partial = rows[i];
    EXPECT_TRUE(partial.partial()) << i;
    EXPECT_GE(partial.repeat_medians_us_size(), static_cast<int>(i) + 1);
    EXPECT_LE(partial.repeat_medians_us_size(), 2);
    EXPECT_EQ(partial.samples_us_size(), partial.repeat_medians_us_size() * 4);
    EXPECT_GT(partial.time_us(), 0);
    EXPECT_TRUE(partial.checked());
  }
  EXPECT_EQ(rows[0].repeat_medians_us_size(), 1);
  const v1::ResultRow& row = rows.back();
  EXPECT_FALSE(row.partial());
  ASSERT_EQ(row.repeat_medians_us_size(), 3);
  ASSERT_EQ(row.samples_us_size(), 3 * 4);  // 4 iterations: 4 batches of one per loop
  ASSERT_EQ(row.sample_iters_size(), row.samples_us_size());
  for (int i = 0; i < row.samples_us_size(); ++i) {
    EXPECT_GT(row.samples_us(i), 0);
    EXPECT_EQ(row.sample_iters(i), 1);
  }
  for (double median : row.repeat_medians_us()) EXPECT_GT(median, 0);
  EXPECT_EQ(row.injected_delay_us(), 0);
}

TEST(RunBenchmarkTest, InjectedDelayLandsInTheKernelsTimeAtTheChosenSizesOnly) {
  // Far above a CPU all-reduce of 64 KiB, even on a busy host: the slowest reference (the plain
  // sum) seen took 26 ms, under AddressSanitizer on 2 cores shared with an 8-rank test, and the
  // delay is 19 times that. Two timed operations per loop: the delay is a busy-wait.
  constexpr double kDelayUs = 500000;
  InjectedDelay fault;
  fault.delay_us = kDelayUs;
  fault.min_bytes = 65536;
  v1::JobSpec spec = SmallSpec(v1::bf16);
  spec.set_iters(2);
  std::vector<v1::ResultRow> rows;
  for (const absl::Status& s : RunRanks(spec, {2048, 65536}, 2, &rows, fault)) {
    EXPECT_TRUE(s.ok()) << s;
  }
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].injected_delay_us(), 0);
  EXPECT_LT(rows[0].time_us(), kDelayUs);
  EXPECT_EQ(rows[1].injected_delay_us(), kDelayUs);
  EXPECT_GE(rows[1].time_us(), kDelayUs);
  for (double sample : rows[1].samples_us()) EXPECT_GE(sample, kDelayUs);
  EXPECT_LT(rows[1].reference_time_us(), kDelayUs);  // the reference is not delayed
  EXPECT_EQ(rows[1].wrong(), 0);                     // nor is verification disturbed
}

TEST(FaultInjectionTest, AppliesWithinTheSizeRange) {
  InjectedDelay off;
  EXPECT_FALSE(off.AppliesTo(2048));
  InjectedDelay ranged{10.0, 4096, 65536};
  EXPECT_FALSE(ranged.AppliesTo(2048));
  EXPECT_TRUE(ranged.AppliesTo(4096));
  EXPECT_TRUE(ranged.AppliesTo(65536));
  EXPECT_FALSE(ranged.AppliesTo(65538));
  InjectedDelay open{10.0, 0, 0};
  EXPECT_TRUE(open.AppliesTo(int64_t{1} << 40));
}

// A kernel whose timed operations go wrong while the one right after Prepare is right (a race
// between back-to-back operations looks like this) must fail the job: every timed batch of
// every eager loop is checked, and the last graph replay, in every pass.
TEST(RunBenchmarkTest, ACorruptedTimedOperationFailsTheJob) {
  v1::JobSpec spec = SmallSpec(v1::bf16);
  // Rank 0 flips an element after every timed run.
  spec.mutable_inject_fault()->set_kind(v1::Fault::flip_timed);
  spec.set_repeats(3);
  spec.mutable_sweep()->set_graph(true);
  std::vector<v1::ResultRow> rows;
  const std::vector<absl::Status> statuses = RunRanks(spec, {2048}, 2, &rows);
  // Rank 0, whose result was wrong, fails with DATA_LOSS; rank 1 stops, leaving it the report.
  EXPECT_EQ(statuses[0].code(), absl::StatusCode::kDataLoss) << statuses[0];
  EXPECT_NE(statuses[0].message().find("verification failed: 13 wrong elements on rank 0"),
            std::string::npos)
      << statuses[0];
  EXPECT_EQ(statuses[1].code(), absl::StatusCode::kAborted) << statuses[1];
  EXPECT_NE(statuses[1].message().find("rank 0's result was wrong"), std::string::npos)
      << statuses[1];
  ASSERT_FALSE(rows.empty());
  const v1::ResultRow& row = rows.back();
  EXPECT_FALSE(row.partial());
  // One wrong element in each check of a timed batch: 3 eager loops of 4 batches (4 iters: a
  // batch each) and the last graph replay; the check right after Prepare found none.
  EXPECT_EQ(row.wrong(), 13);
  EXPECT_TRUE(row.checked());
}

// nccl-tests' -G N: the graph holds all iters operations and one timer spans N launches, so the
// graph replays give one sample, checked once.
TEST(RunBenchmarkTest, GraphLaunchesTimeOneGraphOfTheWholeLoop) {
  v1::JobSpec spec = SmallSpec(v1::bf16);
  spec.mutable_sweep()->set_graph(true);
  spec.mutable_sweep()->set_graph_launches(3);
  std::vector<v1::ResultRow> rows;
  for (const absl::Status& s : RunRanks(spec, {2048}, 2, &rows)) EXPECT_TRUE(s.ok()) << s;
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_GT(rows[0].graph_time_us(), 0.0);
  EXPECT_EQ(rows[0].wrong(), 0);

  spec.mutable_inject_fault()->set_kind(v1::Fault::flip_timed);
  rows.clear();
  RunRanks(spec, {2048}, 2, &rows);
  ASSERT_FALSE(rows.empty());
  // 4 eager batches (4 iters) and the one graph sample.
  EXPECT_EQ(rows.back().wrong(), 5);
}

// A kernel whose first operation of every timed batch is wrong and whose later ones put it
// right: the batch's last operation, all that batched timing leaves to check, is right, while
// with per_iteration every timed operation is a batch of its own and each is checked.
TEST(RunBenchmarkTest, PerIterationChecksEveryTimedOperation) {
  v1::JobSpec spec = SmallSpec(v1::bf16);
  spec.set_iters(20);  // 10 batches of 2 operations
  spec.mutable_inject_fault()->set_kind(v1::Fault::flip_batch_start);
  std::vector<v1::ResultRow> rows;
  for (const absl::Status& s : RunRanks(spec, {2048}, 2, &rows)) EXPECT_TRUE(s.ok()) << s;
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].wrong(), 0);

  spec.mutable_sweep()->set_per_iteration(true);
  rows.clear();
  const std::vector<absl::Status> statuses = RunRanks(spec, {2048}, 2, &rows);
  EXPECT_EQ(statuses[0].code(), absl::StatusCode::kDataLoss) << statuses[0];
  ASSERT_FALSE(rows.empty());
  // Every timed operation of the one loop: 20 checks, each finding the one flipped element.
  EXPECT_EQ(rows.back().wrong(), 20);
}

TEST(RunBenchmarkTest, EveryLoopsCheckPassesOnACorrectKernel) {
  v1::JobSpec spec = SmallSpec(v1::fp32);
  spec.set_repeats(2);
  spec.mutable_sweep()->set_graph(true);
  std::vector<v1::ResultRow> rows;
  for (const absl::Status& s : RunRanks(spec, {4, 4100, 65536}, 2, &rows)) {
    EXPECT_TRUE(s.ok()) << s;
  }
  int final_rows = 0;
  for (const v1::ResultRow& row : rows) {
    EXPECT_EQ(row.wrong(), 0);
    EXPECT_TRUE(row.checked());
    if (row.partial()) continue;
    ++final_rows;
    EXPECT_EQ(row.repeat_medians_us_size(), 2);
    EXPECT_GT(row.graph_time_us(), 0);
    ASSERT_EQ(row.references_size(), 1);
    EXPECT_GT(row.references(0).time_us(), 0);
    EXPECT_EQ(row.reference_config(), "");  // the CPU backend's plain sum has no knobs
  }
  EXPECT_EQ(final_rows, 3);
}

// nccl-tests' in-place columns: every all-reduce gets them by default, verified, eager and
// graph; --out-of-place leaves them out, and an op without an in-place form has none.
TEST(RunBenchmarkTest, AllReducesAlsoRunInPlaceUnlessOutOfPlaceIsAsked) {
  for (const char* kernel :
       {"one_shot_all_reduce", "two_shot_all_reduce", "one_shot_push_all_reduce", "all_reduce"}) {
    SCOPED_TRACE(kernel);
    v1::JobSpec spec = SmallSpec(v1::fp32);
    spec.set_kernel(kernel);
    spec.set_repeats(2);
    spec.mutable_sweep()->set_graph(true);
    std::vector<v1::ResultRow> rows;
    for (const absl::Status& s : RunRanks(spec, {4, 4100, 65536}, 3, &rows)) {
      EXPECT_TRUE(s.ok()) << s;
    }
    int final_rows = 0;
    for (const v1::ResultRow& row : rows) {
      ASSERT_TRUE(row.has_in_place());
      EXPECT_EQ(row.in_place().wrong(), 0);
      EXPECT_GT(row.in_place().time_us(), 0);
      EXPECT_GT(row.in_place().graph_time_us(), 0);
      // The CPU backend's plain sum only checks results: not timed in place.
      EXPECT_EQ(row.in_place().reference_time_us(), 0);
      EXPECT_DOUBLE_EQ(row.in_place().busbw_gbps(),
                       row.size_bytes() / (row.in_place().time_us() * 1e3) * 4.0 / 3);
      final_rows += row.partial() ? 0 : 1;
    }
    EXPECT_EQ(final_rows, 3);
  }

  v1::JobSpec spec = SmallSpec(v1::bf16);
  spec.mutable_sweep()->set_placement(v1::PLACEMENT_OUT_OF_PLACE);
  std::vector<v1::ResultRow> rows;
  for (const absl::Status& s : RunRanks(spec, {4096}, 2, &rows)) EXPECT_TRUE(s.ok()) << s;
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_FALSE(rows[0].has_in_place());
}

// nccl-tests' in-place layout of the all-gathers and reduce-scatters, and the broadcast's (the
// output is the input): verified at world size 3.
TEST(RunBenchmarkTest, ShardedOpsAndBroadcastRunInPlaceInNcclTestsLayout) {
  for (const char* kernel : {"one_shot_all_gather", "low_contention_all_gather", "push_all_gather",
                             "all_gather", "one_shot_reduce_scatter",
                             "low_contention_reduce_scatter", "reduce_scatter", "broadcast"}) {
    SCOPED_TRACE(kernel);
    v1::JobSpec spec = SmallSpec(v1::fp32);
    spec.set_kernel(kernel);
    spec.set_world_size(3);
    spec.set_repeats(2);
    std::vector<v1::ResultRow> rows;
    for (const absl::Status& s : RunRanks(spec, {12, 12288, 98304}, 3, &rows)) {
      EXPECT_TRUE(s.ok()) << s;
    }
    ASSERT_FALSE(rows.empty());
    for (const v1::ResultRow& row : rows) {
      ASSERT_TRUE(row.has_in_place());
      EXPECT_EQ(row.in_place().wrong(), 0);
      EXPECT_GT(row.in_place().time_us(), 0);
    }
  }
}

// Misaligned buffers (sweep.misalign_bytes): every swept op verifies out of place and in place
// (the sharded ops at sizes that split into shards of 1, 2050 and 16384 bf16 elements).
TEST(RunBenchmarkTest, MisalignedBuffersVerifyOutOfAndInPlace) {
  for (const OpDescriptor& op : Ops()) {
    if (!IsSweptOp(op)) continue;
    SCOPED_TRACE(op.name);
    EXPECT_TRUE(op.misalign);
    v1::JobSpec spec = SmallSpec(v1::bf16);
    spec.set_kernel(op.name);
    spec.set_world_size(3);
    spec.mutable_sweep()->set_misalign_bytes(6);
    std::vector<v1::ResultRow> rows;
    const std::vector<int64_t> sizes = IsShardedOp(op) ? std::vector<int64_t>{6, 12300, 98304}
                                                       : std::vector<int64_t>{2, 4100, 65536};
    for (const absl::Status& s : RunRanks(spec, sizes, 3, &rows)) {
      EXPECT_TRUE(s.ok()) << s;
    }
    ASSERT_EQ(rows.size(), 3u);
    for (const v1::ResultRow& row : rows) {
      EXPECT_EQ(row.wrong(), 0);
      EXPECT_TRUE(row.checked());
      ASSERT_TRUE(row.has_in_place());
      EXPECT_EQ(row.in_place().wrong(), 0);
    }
  }
}

TEST(RunBenchmarkTest, CheckOffSkipsVerification) {
  v1::JobSpec spec = SmallSpec(v1::fp32);
  spec.set_check(false);
  std::vector<v1::ResultRow> rows;
  for (const absl::Status& s : RunRanks(spec, {4096}, 2, &rows)) EXPECT_TRUE(s.ok()) << s;
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_FALSE(rows[0].checked());
}

// A kernel the backend does not implement: every rank fails, none hangs.
TEST(RunBenchmarkTest, UnknownKernelFailsOnEveryRank) {
  RunPlan plan = PlanOf(SmallSpec(v1::bf16), {2048});
  plan.kernel = "no_such_kernel";
  std::vector<v1::ResultRow> rows;
  for (const absl::Status& s : RunRanks(plan, 2, &rows)) {
    EXPECT_EQ(s.code(), absl::StatusCode::kNotFound) << s;
  }
  EXPECT_TRUE(rows.empty());
}

// The worker refuses a spec that names no op, naming the field.
TEST(MakeRunPlanTest, AnUnknownKernelIsRefusedNamingTheField) {
  v1::JobSpec spec = SmallSpec(v1::bf16);
  spec.set_kernel("no_such_kernel");
  const absl::StatusOr<RunPlan> plan = MakeRunPlan(spec, v1::JobPlan());
  EXPECT_EQ(plan.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(plan.status().message().rfind("kernel: ", 0), 0u) << plan.status();
}

// What the runners read comes from the spec and the coordinator's plan, once.
TEST(MakeRunPlanTest, ResolvesTheLoopTheSizesAndTheDtypes) {
  v1::JobSpec spec = SmallSpec(v1::fp16);
  spec.set_repeats(0);
  spec.set_iters(20);
  spec.mutable_sweep()->set_per_iteration(true);
  spec.mutable_sweep()->set_skip_first(2);
  spec.mutable_sweep()->set_graph(true);
  spec.mutable_sweep()->set_graph_launches(3);
  spec.set_check(false);
  spec.set_inject_delay_us(5);
  v1::JobPlan plan;
  plan.add_sizes_bytes(4096);
  plan.add_sizes_bytes(65536);
  plan.set_buffer_bytes(65536);
  const absl::StatusOr<RunPlan> run = MakeRunPlan(spec, plan);
  ASSERT_TRUE(run.ok()) << run.status();
  EXPECT_EQ(run->kernel, "one_shot_all_reduce");
  EXPECT_EQ(run->loop.passes, 1);
  EXPECT_EQ(run->loop.max_batches, 20);
  EXPECT_TRUE(run->loop.per_iteration);
  EXPECT_EQ(run->loop.skip_first, 2);
  EXPECT_TRUE(run->loop.graph);
  EXPECT_EQ(run->loop.graph_launches, 3);
  EXPECT_FALSE(run->check);
  EXPECT_EQ(run->sizes_bytes, (std::vector<int64_t>{4096, 65536}));
  EXPECT_EQ(run->dtypes, std::vector<DType>{DType::kFp16});
  EXPECT_EQ(run->buffer_bytes, 65536);
  EXPECT_EQ(run->delay.delay_us, 5);
  ASSERT_TRUE(run->Op().has_value());
  EXPECT_EQ(run->Op()->family, OpFamily::kSweptCollective);
}

}  // namespace
}  // namespace symmbench
