// CUDA backend at world size 1 (an in-process rendezvous of one rank): one_shot_all_reduce and
// two_shot_all_reduce checked bitwise against ncclAllReduce, the nccl_symmetric reference, and
// CUDA-graph capture. GPU tests skip where ProbeCudaDevices() is empty; the two-shot slice
// arithmetic and CaptureGraph's argument check run everywhere.
#include "kernels/cuda/cuda_backend.h"

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "kernels/cuda/cuda_graph.h"
#include "kernels/cuda/device_probe.h"
#include "kernels/cuda/two_shot_all_reduce.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"
#include "kernels/testing/single_rank_rendezvous.h"

namespace symmbench {
namespace {

constexpr int64_t kMaxBytes = 16 << 20;
constexpr uint64_t kSeed = 1234;

BackendOptions OneRankOptions() {
  BackendOptions options;
  options.max_bytes = kMaxBytes;
  options.timeout = std::chrono::milliseconds(20000);
  return options;
}

TEST(CudaBackendTest, RejectsBadOptionsWithoutTouchingTheGpu) {
  SingleRankRendezvous rendezvous;
  BackendOptions options = OneRankOptions();
  options.world_size = 2;  // disagrees with the rendezvous
  EXPECT_EQ(CreateCudaBackend(options, &rendezvous).status().code(),
            absl::StatusCode::kInvalidArgument);
  options = OneRankOptions();
  options.max_bytes = 0;
  EXPECT_EQ(CreateCudaBackend(options, &rendezvous).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(CreateCudaBackend(OneRankOptions(), nullptr).status().code(),
            absl::StatusCode::kInvalidArgument);
}

// The backend implements exactly the registry's swept collectives, plus the calibration's probe.
TEST(CudaBackendTest, ImplementsExactlyTheRegistrysSweptCollectives) {
  std::vector<std::string> want = OpNames(OpFamily::kSweptCollective);
  want.emplace_back(ops::kPeerCopy);
  std::sort(want.begin(), want.end());
  EXPECT_EQ(CudaKernelNames(), want);
}

TEST(CudaBackendTest, UnavailableWithoutGpu) {
  if (!ProbeCudaDevices().empty()) GTEST_SKIP() << "a GPU is present";
  SingleRankRendezvous rendezvous;
  EXPECT_EQ(CreateCudaBackend(OneRankOptions(), &rendezvous).status().code(),
            absl::StatusCode::kUnavailable);
}

class CudaBackendGpuTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (ProbeCudaDevices().empty()) GTEST_SKIP() << "no CUDA device";
    absl::StatusOr<std::unique_ptr<Backend>> backend =
        CreateCudaBackend(OneRankOptions(), &rendezvous_);
    ASSERT_TRUE(backend.ok()) << backend.status();
    backend_ = *std::move(backend);
  }

  SingleRankRendezvous rendezvous_;
  std::unique_ptr<Backend> backend_;
};

// Every dtype at tails (1, 7, 4099), one exact vector (8), several blocks and the grid cap
// (4 Mi); the extra reference runs beside the primary one.
void ExpectMatchesNcclBitwise(Backend& backend, const std::string& kernel) {
  absl::StatusOr<std::unique_ptr<Collective>> collective = backend.CreateCollective(kernel);
  ASSERT_TRUE(collective.ok()) << collective.status();
  Collective& c = **collective;
  EXPECT_EQ(c.reference_name().rfind("nccl_", 0), 0u) << c.reference_name();
  EXPECT_EQ(c.extra_reference_names(), std::vector<std::string>{"nccl_symmetric"});
  for (const DType dtype : {DType::kBf16, DType::kFp16, DType::kFp32}) {
    const std::vector<int64_t> counts = {1, 7, 8, 4099, 8192, 1 << 20, kMaxBytes / 4};
    for (const int64_t count : counts) {
      SCOPED_TRACE(kernel + " " + DTypeName(dtype) + " x " + std::to_string(count));
      absl::Status prepared = c.Prepare(count, dtype, kSeed + count);
      ASSERT_TRUE(prepared.ok()) << prepared;
      ASSERT_TRUE(c.Run().ok());
      ASSERT_TRUE(c.RunReference().ok());
      absl::Status extra = c.RunExtraReference(0);
      ASSERT_TRUE(extra.ok()) << extra;
      absl::Status synced = backend.Synchronize();
      ASSERT_TRUE(synced.ok()) << synced;
      absl::StatusOr<CheckResult> check = c.Check();
      ASSERT_TRUE(check.ok()) << check.status();
      EXPECT_EQ(check->wrong, 0) << "first bad " << check->first_bad_index << ": got " << check->got
                                 << ", want " << check->want;
    }
  }
  EXPECT_EQ(c.RunExtraReference(1).code(), absl::StatusCode::kOutOfRange);
}

// Random floats with -0, every dtype, odd counts up to the grid cap: the output is the host's
// fp32 rank-order sum to the bit (the push one-shot up to the sign of zero).
void ExpectKeepsTheRankOrderContract(Backend& backend, const std::string& kernel) {
  absl::StatusOr<std::unique_ptr<Collective>> collective = backend.CreateCollective(kernel);
  ASSERT_TRUE(collective.ok()) << collective.status();
  Collective& c = **collective;
  EXPECT_TRUE(c.sums_in_rank_order());
  for (const DType dtype : {DType::kBf16, DType::kFp16, DType::kFp32}) {
    for (const int64_t count : {int64_t{1}, int64_t{31}, int64_t{4099}, kMaxBytes / 4 - 1}) {
      SCOPED_TRACE(kernel + " " + DTypeName(dtype) + " x " + std::to_string(count));
      ASSERT_TRUE(c.PrepareRandom(count, dtype, kSeed + count).ok());
      ASSERT_TRUE(c.Run().ok());
      ASSERT_TRUE(backend.Synchronize().ok());
      absl::StatusOr<CheckResult> check = c.CheckRankOrderSum();
      ASSERT_TRUE(check.ok()) << check.status();
      EXPECT_EQ(check->wrong, 0) << "first bad " << check->first_bad_index << ": got " << check->got
                                 << ", want " << check->want;
    }
  }
}

TEST_F(CudaBackendGpuTest, EveryKernelKeepsTheRankOrderContract) {
  for (const char* kernel :
       {"one_shot_all_reduce", "two_shot_all_reduce", "one_shot_push_all_reduce",
        "one_shot_reduce_scatter", "low_contention_reduce_scatter", "lamport_reduce_scatter"}) {
    ExpectKeepsTheRankOrderContract(*backend_, kernel);
  }
}

TEST_F(CudaBackendGpuTest, OneShotMatchesNcclBitwise) {
  ExpectMatchesNcclBitwise(*backend_, "one_shot_all_reduce");
}

TEST_F(CudaBackendGpuTest, TwoShotMatchesNcclBitwise) {
  ExpectMatchesNcclBitwise(*backend_, "two_shot_all_reduce");
}

// The all-gathers and reduce-scatters against ncclAllGather / ncclReduceScatter (at one rank,
// the whole buffer is the one shard: the vector and the 2-byte paths both run).
TEST_F(CudaBackendGpuTest, ShardedOpsMatchNcclBitwise) {
  int sharded = 0;
  for (const OpDescriptor& op : Ops()) {
    if (!IsSharded(op.name) || op.family != OpFamily::kSweptCollective) continue;
    ++sharded;
    ExpectMatchesNcclBitwise(*backend_, op.name);
  }
  EXPECT_EQ(sharded, 7);
}

TEST_F(CudaBackendGpuTest, PushOneShotMatchesNcclBitwise) {
  ExpectMatchesNcclBitwise(*backend_, "one_shot_push_all_reduce");
}

// Back to back without a synchronization (the slot rotation under programmatic dependent
// launch), eagerly and captured into a graph replayed several times: the last output is right.
TEST_F(CudaBackendGpuTest, PushOneShotBackToBackAndInAGraph) {
  auto collective = backend_->CreateCollective("one_shot_push_all_reduce");
  ASSERT_TRUE(collective.ok()) << collective.status();
  Collective& c = **collective;
  ASSERT_TRUE(c.Prepare(4099, DType::kBf16, kSeed).ok());
  for (int i = 0; i < 50; ++i) ASSERT_TRUE(c.Run().ok());
  ASSERT_TRUE(c.RunReference().ok());
  ASSERT_TRUE(backend_->Synchronize().ok());
  absl::StatusOr<CheckResult> check = c.Check();
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_EQ(check->wrong, 0);
  absl::StatusOr<std::unique_ptr<Graph>> graph =
      backend_->CaptureGraph([&c] { return c.Run(); }, 5);
  ASSERT_TRUE(graph.ok()) << graph.status();
  ASSERT_TRUE(c.PoisonOutputs().ok());
  for (int i = 0; i < 7; ++i) ASSERT_TRUE((*graph)->Launch().ok());
  ASSERT_TRUE(c.RunReference().ok());
  ASSERT_TRUE(backend_->Synchronize().ok());
  check = c.Check();
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_EQ(check->wrong, 0);
}

// Fault injection's flip is ordered on the stream and capturable: captured after each run, the
// replayed output has exactly one wrong element.
TEST_F(CudaBackendGpuTest, FlipOutputElementIsStreamOrderedAndCapturable) {
  auto collective = backend_->CreateCollective("one_shot_all_reduce");
  ASSERT_TRUE(collective.ok()) << collective.status();
  Collective& c = **collective;
  ASSERT_TRUE(c.Prepare(4099, DType::kFp16, kSeed).ok());
  absl::StatusOr<std::unique_ptr<Graph>> graph = backend_->CaptureGraph(
      [&c] {
        absl::Status s = c.Run();
        return s.ok() ? c.FlipOutputElement(4098) : s;
      },
      2);
  ASSERT_TRUE(graph.ok()) << graph.status();
  ASSERT_TRUE((*graph)->Launch().ok());
  ASSERT_TRUE(c.RunReference().ok());
  ASSERT_TRUE(backend_->Synchronize().ok());
  absl::StatusOr<CheckResult> check = c.Check();
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_EQ(check->wrong, 1);
  EXPECT_EQ(check->first_bad_index, 4098);
  EXPECT_EQ(c.FlipOutputElement(4099).code(), absl::StatusCode::kOutOfRange);
}

// 3 one-shot runs captured into one graph and launched: the output (poisoned by Prepare) must
// match NCCL, and the graph must relaunch (signal pads back to 0 after each run).
TEST_F(CudaBackendGpuTest, CaptureGraphReplaysOneShot) {
  auto collective = backend_->CreateCollective("one_shot_all_reduce");
  ASSERT_TRUE(collective.ok()) << collective.status();
  Collective& c = **collective;
  ASSERT_TRUE(c.Prepare(4099, DType::kBf16, kSeed).ok());
  absl::StatusOr<std::unique_ptr<Graph>> graph =
      backend_->CaptureGraph([&c] { return c.Run(); }, 3);
  ASSERT_TRUE(graph.ok()) << graph.status();
  ASSERT_TRUE((*graph)->Launch().ok());
  ASSERT_TRUE(c.RunReference().ok());
  absl::Status synced = backend_->Synchronize();
  ASSERT_TRUE(synced.ok()) << synced;
  absl::StatusOr<CheckResult> check = c.Check();
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_EQ(check->wrong, 0);
  ASSERT_TRUE(c.PoisonOutputs().ok());
  for (int i = 0; i < 5; ++i) ASSERT_TRUE((*graph)->Launch().ok());
  ASSERT_TRUE(c.RunReference().ok());
  ASSERT_TRUE(backend_->Synchronize().ok());
  check = c.Check();
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_EQ(check->wrong, 0);
}

// NCCL calls (both references) and the two-shot kernel are capturable too.
TEST_F(CudaBackendGpuTest, CaptureGraphHoldsNcclAndTwoShot) {
  auto collective = backend_->CreateCollective("two_shot_all_reduce");
  ASSERT_TRUE(collective.ok()) << collective.status();
  Collective& c = **collective;
  absl::Status prepared = c.Prepare(1 << 20, DType::kFp16, kSeed);
  ASSERT_TRUE(prepared.ok()) << prepared;
  // One eager round first (as the worker's checked run): NCCL's lazy setup happens outside.
  ASSERT_TRUE(c.RunReference().ok());
  ASSERT_TRUE(c.RunExtraReference(0).ok());
  ASSERT_TRUE(backend_->Synchronize().ok());
  ASSERT_TRUE(c.PoisonOutputs().ok());
  absl::StatusOr<std::unique_ptr<Graph>> graph = backend_->CaptureGraph(
      [&c]() -> absl::Status {
        if (absl::Status s = c.Run(); !s.ok()) return s;
        if (absl::Status s = c.RunReference(); !s.ok()) return s;
        return c.RunExtraReference(0);
      },
      2);
  ASSERT_TRUE(graph.ok()) << graph.status();
  ASSERT_TRUE((*graph)->Launch().ok());
  absl::Status synced = backend_->Synchronize();
  ASSERT_TRUE(synced.ok()) << synced;
  absl::StatusOr<CheckResult> check = c.Check();
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_EQ(check->wrong, 0);
}

// A failing body ends the capture: its error comes back, and the stream works afterwards.
TEST_F(CudaBackendGpuTest, CaptureGraphFailureEndsTheCapture) {
  auto collective = backend_->CreateCollective("one_shot_all_reduce");
  ASSERT_TRUE(collective.ok()) << collective.status();
  Collective& c = **collective;
  ASSERT_TRUE(c.Prepare(8192, DType::kFp32, kSeed).ok());
  int calls = 0;
  absl::StatusOr<std::unique_ptr<Graph>> graph = backend_->CaptureGraph(
      [&]() -> absl::Status {
        if (++calls == 2) return absl::AbortedError("body gave up");
        return c.Run();
      },
      3);
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), absl::StatusCode::kAborted);
  EXPECT_NE(graph.status().message().find("body call 2 of 3"), std::string::npos) << graph.status();
  // Check() synchronises the stream itself, which a capture still in progress would refuse.
  ASSERT_TRUE(c.Run().ok());
  ASSERT_TRUE(c.RunReference().ok());
  ASSERT_TRUE(backend_->Synchronize().ok());
  absl::StatusOr<CheckResult> check = c.Check();
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_EQ(check->wrong, 0);
  EXPECT_EQ(backend_->CaptureGraph([&c] { return c.Run(); }, 0).status().code(),
            absl::StatusCode::kInvalidArgument);
}

// The timer measures what is enqueued between its events, in microseconds: a 2000 us spin
// (InjectDelay) reads at least 2000 us and far less than its 100x.
TEST_F(CudaBackendGpuTest, TimerMeasuresTheEnqueuedWorkInMicroseconds) {
  std::unique_ptr<Timer> timer = backend_->NewTimer();
  ASSERT_TRUE(timer->Start().ok());
  ASSERT_TRUE(backend_->InjectDelay(2000).ok());
  ASSERT_TRUE(timer->Stop().ok());
  ASSERT_TRUE(backend_->Synchronize().ok());
  absl::StatusOr<double> us = timer->ElapsedUs();
  ASSERT_TRUE(us.ok()) << us.status();
  EXPECT_GE(*us, 2000.0);
  EXPECT_LT(*us, 200000.0);
}

TEST_F(CudaBackendGpuTest, ManyBackToBackRunsAndTimer) {
  auto collective = backend_->CreateCollective("one_shot_all_reduce");
  ASSERT_TRUE(collective.ok()) << collective.status();
  Collective& c = **collective;
  ASSERT_TRUE(c.Prepare(8192, DType::kBf16, kSeed).ok());
  std::unique_ptr<Timer> timer = backend_->NewTimer();
  ASSERT_TRUE(timer->Start().ok());
  for (int i = 0; i < 200; ++i) ASSERT_TRUE(c.Run().ok());  // pads must return to 0 each time
  ASSERT_TRUE(timer->Stop().ok());
  ASSERT_TRUE(c.RunReference().ok());
  ASSERT_TRUE(backend_->Synchronize().ok());
  absl::StatusOr<double> us = timer->ElapsedUs();
  ASSERT_TRUE(us.ok()) << us.status();
  // 200 launches cannot take less than 200 x 1 us, nor (on an idle GPU) 10 s.
  EXPECT_GT(*us, 200.0);
  EXPECT_LT(*us, 10e6);
  absl::StatusOr<CheckResult> check = c.Check();
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_EQ(check->wrong, 0);
}

TEST_F(CudaBackendGpuTest, PoisonedOutputsCountAsWrong) {
  auto collective = backend_->CreateCollective("one_shot_all_reduce");
  ASSERT_TRUE(collective.ok()) << collective.status();
  ASSERT_TRUE((*collective)->Prepare(1000, DType::kFp32, kSeed).ok());
  ASSERT_TRUE(backend_->Synchronize().ok());
  absl::StatusOr<CheckResult> check = (*collective)->Check();  // neither side ran
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_EQ(check->wrong, 1000);
  EXPECT_EQ(check->first_bad_index, 0);
}

TEST_F(CudaBackendGpuTest, ErrorsNameTheProblem) {
  EXPECT_EQ(backend_->CreateCollective("no_such_kernel").status().code(),
            absl::StatusCode::kNotFound);
  for (const char* kernel : {"one_shot_all_reduce", "two_shot_all_reduce"}) {
    SCOPED_TRACE(kernel);
    auto collective = backend_->CreateCollective(kernel);
    ASSERT_TRUE(collective.ok()) << collective.status();
    EXPECT_EQ((*collective)->Run().code(), absl::StatusCode::kFailedPrecondition);
    EXPECT_EQ((*collective)->RunExtraReference(0).code(), absl::StatusCode::kFailedPrecondition);
    EXPECT_EQ((*collective)->Prepare(kMaxBytes / 2 + 1, DType::kBf16, kSeed).code(),
              absl::StatusCode::kInvalidArgument);
    EXPECT_EQ((*collective)->Prepare(0, DType::kFp32, kSeed).code(),
              absl::StatusCode::kInvalidArgument);
  }
}

TEST(CudaGraphTest, RejectsRepeatsBelowOneWithoutTouchingTheGpu) {
  const absl::StatusOr<std::unique_ptr<Graph>> graph = CaptureCudaGraph(
      0, nullptr, [] { return absl::OkStatus(); }, 0);
  EXPECT_EQ(graph.status().code(), absl::StatusCode::kInvalidArgument);
}

// Slices tile [0, count) in rank order, start on 16-byte vectors, and only the last one holds
// the remainder; the grid depends on the largest (last) slice only.
TEST(TwoShotSliceTest, SlicesTileTheBufferOnVectorBoundaries) {
  for (const DeviceDType dtype : {DeviceDType::kBf16, DeviceDType::kFp16, DeviceDType::kFp32}) {
    const int64_t elems = 16 / DeviceDTypeSize(dtype);
    for (const int world : {1, 2, 3, 4, 8}) {
      for (const int64_t count : {int64_t{1}, int64_t{7}, int64_t{8}, int64_t{63}, int64_t{4099},
                                  int64_t{1} << 20, (int64_t{1} << 20) + 13}) {
        SCOPED_TRACE(std::to_string(world) + " ranks, " + std::to_string(count) + " elements");
        int64_t next = 0;
        for (int rank = 0; rank < world; ++rank) {
          const int64_t begin = TwoShotSliceBegin(count, dtype, world, rank);
          const int64_t length = TwoShotSliceLength(count, dtype, world, rank);
          EXPECT_EQ(begin, next);
          EXPECT_EQ(begin % elems, 0);
          EXPECT_GE(length, 0);
          if (rank < world - 1) {
            EXPECT_EQ(length % elems, 0);
            EXPECT_EQ(length, count / (world * elems) * elems);
          } else {
            EXPECT_LT(length - TwoShotSliceLength(count, dtype, world, 0), world * elems);
          }
          next = begin + length;
        }
        EXPECT_EQ(next, count);
      }
    }
  }
  // 16 KiB of bf16 on 2 ranks: 512 vectors per slice, 1 block; 32 MiB: capped.
  EXPECT_EQ(TwoShotGridBlocks(8192, DeviceDType::kBf16, 2, 264), 1);
  EXPECT_EQ(TwoShotGridBlocks(int64_t{16} << 20, DeviceDType::kBf16, 2, 264), 264);
  // 2 MiB bf16 on 2 ranks: 65536 vectors per slice / (512 threads x 4 vectors) = 32 blocks.
  EXPECT_EQ(TwoShotGridBlocks(int64_t{1} << 20, DeviceDType::kBf16, 2, 264), 32);
}

}  // namespace
}  // namespace symmbench
