// Tests for the CPU backend and its one- and two-shot all-reduces: ranks as threads over real
// POSIX shared memory, checked against the reference and against sums computed here.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <random>
#include <thread>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "kernels/backend.h"
#include "kernels/cpu/store_all_reduce_cpu.h"
#include "kernels/cpu/swept_cpu_collective.h"
#include "kernels/cpu/two_shot_all_reduce_cpu.h"
#include "kernels/dtype.h"
#include "kernels/exact_input.h"
#include "kernels/ops/registry.h"
#include "kernels/testing/backend_test_util.h"
#include "kernels/testing/single_rank_rendezvous.h"
#include "kernels/testing/thread_rendezvous.h"

namespace symmbench {
namespace {

using std::chrono::milliseconds;

constexpr char kKernel[] = "one_shot_all_reduce";

std::string UniqueJobId(const std::string& what) {
  return test_util::UniqueJobId("cpu_backend_test", what);
}

// The CPU sum all-reduces among the registry's swept collectives; they share SweptCpuCollective
// (output_for_testing).
std::vector<std::string> SweptAllReduces() {
  std::vector<std::string> names;
  for (const OpDescriptor& op : Ops()) {
    if (op.family == OpFamily::kSweptCollective && op.computes == Computes::kAllReduceSum) {
      names.emplace_back(op.name);
    }
  }
  return names;
}
const std::vector<std::string> kAllReduceKernels = SweptAllReduces();

// The backend implements exactly the registry's swept collectives, plus the calibration's probe.
TEST(CpuBackendTest, ImplementsExactlyTheRegistrysSweptCollectives) {
  std::vector<std::string> want = OpNames(OpFamily::kSweptCollective);
  want.emplace_back(ops::kPeerCopy);
  std::sort(want.begin(), want.end());
  EXPECT_EQ(CpuKernelNames(), want);
}

using AllReduceParam = std::tuple<std::string, int, DType>;  // kernel, world size, dtype

class AllReduceCpuTest : public testing::TestWithParam<AllReduceParam> {};

TEST_P(AllReduceCpuTest, MatchesReferenceAndIndependentSumAndKeepsInput) {
  const auto [kernel, world_size, dtype] = GetParam();
  const std::string job = UniqueJobId("allreduce");
  constexpr int64_t kMaxCount = 65537;  // odd: uneven two-shot slices for every world size
  const int64_t counts[] = {1, 7, 1000, kMaxCount};
  RunRanksInThreads(world_size, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(rank, world_size, job, kMaxCount * 4), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    EXPECT_EQ((*backend)->name(), "cpu");
    EXPECT_EQ((*backend)->rank(), rank);
    EXPECT_EQ((*backend)->world_size(), world_size);
    auto collective = (*backend)->CreateCollective(kernel);
    ASSERT_TRUE(collective.ok()) << collective.status();
    Collective& coll = **collective;
    EXPECT_EQ(coll.reference_name(), "reference_sum");
    auto* impl = dynamic_cast<SweptCpuCollective*>(&coll);
    ASSERT_NE(impl, nullptr);
    for (int64_t count : counts) {
      for (uint64_t seed : {uint64_t{1}, uint64_t{0xC0FFEE} + count}) {  // two runs: pad reuse
        SCOPED_TRACE(absl::StrCat("rank ", rank, " count ", count, " seed ", seed));
        ASSERT_TRUE(coll.Prepare(count, dtype, seed).ok());
        ASSERT_TRUE(coll.PoisonOutputs().ok());
        ASSERT_TRUE(coll.Run().ok());
        ASSERT_TRUE(coll.RunReference().ok());
        ASSERT_TRUE((*backend)->Synchronize().ok());
        auto check = coll.Check();
        ASSERT_TRUE(check.ok()) << check.status();
        EXPECT_EQ(check->wrong, 0) << "first bad " << check->first_bad_index << ": got "
                                   << check->got << " want " << check->want;
        EXPECT_EQ(check->first_bad_index, -1);
        int64_t mismatches = 0;
        int64_t first = -1;
        for (int64_t i = 0; i < count; ++i) {
          int want = 0;
          for (int p = 0; p < world_size; ++p) want += ExactInputValue(seed, p, i);
          if (LoadAsFloat(impl->output_for_testing(), dtype, i) != static_cast<float>(want)) {
            if (mismatches++ == 0) first = i;
          }
        }
        EXPECT_EQ(mismatches, 0) << "first at " << first;
        // Every rank's input is as Prepare wrote it: rerunning gives the same result.
        ASSERT_TRUE(coll.PoisonOutputs().ok());
        ASSERT_TRUE(coll.Run().ok());
        ASSERT_TRUE(coll.RunReference().ok());
        EXPECT_EQ(coll.Check()->wrong, 0);
      }
    }
  });
}

// In place: the result over every rank's input equals the reference's (and NCCL-style
// in-place reference agrees); a skipped or repeated in-place run is seen as wrong.
TEST_P(AllReduceCpuTest, InPlaceMatchesTheReferenceAndCatchesASkippedRun) {
  const auto [kernel, world_size, dtype] = GetParam();
  const std::string job = UniqueJobId("in_place");
  constexpr int64_t kMaxCount = 65537;
  RunRanksInThreads(world_size, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(rank, world_size, job, kMaxCount * 4), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto collective = (*backend)->CreateCollective(kernel);
    ASSERT_TRUE(collective.ok()) << collective.status();
    Collective& coll = **collective;
    ASSERT_TRUE(coll.supports_in_place());
    for (int64_t count : {int64_t{1}, int64_t{7}, int64_t{1000}, kMaxCount}) {
      SCOPED_TRACE(absl::StrCat("rank ", rank, " count ", count));
      ASSERT_TRUE(coll.Prepare(count, dtype, 5 + count).ok());
      ASSERT_TRUE(coll.RunReference().ok());
      ASSERT_TRUE(coll.RunInPlace().ok());
      ASSERT_TRUE((*backend)->Synchronize().ok());
      auto check = coll.CheckInPlace();
      ASSERT_TRUE(check.ok()) << check.status();
      EXPECT_EQ(check->wrong, 0) << "first bad " << check->first_bad_index << ": got " << check->got
                                 << " want " << check->want;
      // The reference in place leaves the same sum over the input.
      ASSERT_TRUE(coll.Prepare(count, dtype, 5 + count).ok());
      ASSERT_TRUE(coll.RunReferenceInPlace().ok());
      EXPECT_EQ(coll.CheckInPlace()->wrong, 0);
      if (world_size == 1) continue;  // the sum of one rank is its input: nothing to miss
      // No in-place run: the input is not the sum; two: it is the sum of sums.
      ASSERT_TRUE(coll.Prepare(count, dtype, 5 + count).ok());
      ASSERT_TRUE(coll.RunReference().ok());
      const int64_t skipped = coll.CheckInPlace()->wrong;
      ASSERT_TRUE(coll.RunInPlace().ok());
      ASSERT_TRUE(coll.RunInPlace().ok());
      const int64_t repeated = coll.CheckInPlace()->wrong;
      if (count >= 1000) {  // some element of a few may sum to itself (0 on every peer)
        EXPECT_GT(skipped, count / 2);
        EXPECT_GT(repeated, count / 2);
      }
    }
  });
}

// Misaligned buffers: every buffer starts the same number of bytes past its aligned base; the
// sums are the same, out of place and in place.
TEST_P(AllReduceCpuTest, MisalignedBuffersGiveTheSameSums) {
  const auto [kernel, world_size, dtype] = GetParam();
  const std::string job = UniqueJobId("misalign");
  constexpr int64_t kMaxCount = 4099;
  const int64_t misalign = DTypeSize(dtype) == 4 ? 4 : 6;
  RunRanksInThreads(world_size, [&](int rank, Rendezvous* rendezvous) {
    BackendOptions options =
        test_util::TestBackendOptions(rank, world_size, job, kMaxCount * 4 + misalign);
    options.misalign_bytes = misalign;
    auto backend = CreateCpuBackend(options, rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto collective = (*backend)->CreateCollective(kernel);
    ASSERT_TRUE(collective.ok()) << collective.status();
    Collective& coll = **collective;
    for (int64_t count : {int64_t{1}, int64_t{7}, int64_t{1000}, kMaxCount}) {
      SCOPED_TRACE(absl::StrCat("rank ", rank, " count ", count));
      ASSERT_TRUE(coll.Prepare(count, dtype, 9 + count).ok());
      const auto address =
          reinterpret_cast<uintptr_t>(dynamic_cast<SweptCpuCollective&>(coll).output_for_testing());
      EXPECT_EQ(address % 16, static_cast<uintptr_t>(misalign));
      ASSERT_TRUE(coll.Run().ok());
      ASSERT_TRUE(coll.RunReference().ok());
      ASSERT_TRUE((*backend)->Synchronize().ok());
      auto check = coll.Check();
      ASSERT_TRUE(check.ok()) << check.status();
      EXPECT_EQ(check->wrong, 0) << "first bad " << check->first_bad_index;
      ASSERT_TRUE(coll.Prepare(count, dtype, 9 + count).ok());
      ASSERT_TRUE(coll.RunReference().ok());
      ASSERT_TRUE(coll.RunInPlace().ok());
      EXPECT_EQ(coll.CheckInPlace()->wrong, 0);
    }
  });
}

// Every backend collective has an in-place form exactly where the registry says so.
TEST(CpuBackendTest, InPlaceFormsAreTheRegistrys) {
  const std::string job = UniqueJobId("in_place_forms");
  RunRanksInThreads(1, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(test_util::TestBackendOptions(rank, 1, job, 4096), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    for (const OpDescriptor& op : Ops()) {
      if (op.family != OpFamily::kSweptCollective) continue;
      auto collective = (*backend)->CreateCollective(op.name);
      ASSERT_TRUE(collective.ok()) << collective.status();
      EXPECT_EQ((*collective)->supports_in_place(), op.in_place) << op.name;
    }
  });
}

// Random floats with -0 and odd counts: the output is the host's fp32 rank-order sum, to the bit
// (the push one-shot up to the sign of zero, as its contract says), and a corrupted element is
// seen.
TEST_P(AllReduceCpuTest, KeepsTheRankOrderContractOnRandomFloats) {
  const auto [kernel, world_size, dtype] = GetParam();
  const std::string job = UniqueJobId("rank_order");
  constexpr int64_t kMaxCount = 65537;
  RunRanksInThreads(world_size, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(rank, world_size, job, kMaxCount * 4), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto collective = (*backend)->CreateCollective(kernel);
    ASSERT_TRUE(collective.ok()) << collective.status();
    Collective& coll = **collective;
    EXPECT_TRUE(coll.sums_in_rank_order());
    EXPECT_EQ(coll.zero_sign_may_differ(), std::string(kernel) == "one_shot_push_all_reduce");
    for (int64_t count : {int64_t{1}, int64_t{31}, int64_t{4099}, kMaxCount}) {
      SCOPED_TRACE(absl::StrCat("rank ", rank, " count ", count));
      ASSERT_TRUE(coll.PrepareRandom(count, dtype, 77 + count).ok());
      ASSERT_TRUE(coll.Run().ok());
      ASSERT_TRUE((*backend)->Synchronize().ok());
      auto check = coll.CheckRankOrderSum();
      ASSERT_TRUE(check.ok()) << check.status();
      EXPECT_EQ(check->wrong, 0) << "first bad " << check->first_bad_index << ": got " << check->got
                                 << " want " << check->want;
      ASSERT_TRUE(coll.FlipOutputElement(count - 1).ok());
      EXPECT_EQ(coll.CheckRankOrderSum()->wrong, 1);
    }
    // After an exact Prepare the rank-order check is refused, not silently run.
    ASSERT_TRUE(coll.Prepare(8, dtype, 1).ok());
    EXPECT_EQ(coll.CheckRankOrderSum().status().code(), absl::StatusCode::kFailedPrecondition);
  });
}

INSTANTIATE_TEST_SUITE_P(
    KernelsWorldSizesAndDTypes, AllReduceCpuTest,
    testing::Combine(testing::ValuesIn(kAllReduceKernels), testing::Values(1, 2, 3, 4),
                     testing::Values(DType::kBf16, DType::kFp16, DType::kFp32)),
    [](const testing::TestParamInfo<AllReduceParam>& info) {
      return absl::StrCat(std::get<0>(info.param), "_ws", std::get<1>(info.param), "_",
                          DTypeName(std::get<2>(info.param)));
    });

class AllReduceCpuCheckTest : public testing::TestWithParam<std::string> {};

TEST_P(AllReduceCpuCheckTest, CheckCatchesOneCorruptedElement) {
  const std::string job = UniqueJobId("corrupt");
  RunRanksInThreads(2, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(test_util::TestBackendOptions(rank, 2, job, 4096), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto collective = (*backend)->CreateCollective(GetParam());
    ASSERT_TRUE(collective.ok()) << collective.status();
    Collective& coll = **collective;
    ASSERT_TRUE(coll.Prepare(1000, DType::kBf16, 7).ok());
    ASSERT_TRUE(coll.Run().ok());
    ASSERT_TRUE(coll.RunReference().ok());
    float original = 0;
    if (rank == 1) {
      void* out = dynamic_cast<SweptCpuCollective&>(coll).output_for_testing();
      original = LoadAsFloat(out, DType::kBf16, 123);
      StoreFromFloat(out, DType::kBf16, 123, original + 1.0f);
    }
    auto check = coll.Check();
    ASSERT_TRUE(check.ok()) << check.status();
    if (rank == 0) {
      EXPECT_EQ(check->wrong, 0);
    } else {
      EXPECT_EQ(check->wrong, 1);
      EXPECT_EQ(check->first_bad_index, 123);
      EXPECT_EQ(check->got, original + 1.0f);
      EXPECT_EQ(check->want, original);
    }
  });
}

TEST_P(AllReduceCpuCheckTest, CheckCountsEveryElementWhenRunIsSkipped) {
  const std::string job = UniqueJobId("skipped");
  RunRanksInThreads(2, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(test_util::TestBackendOptions(rank, 2, job, 4096), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto collective = (*backend)->CreateCollective(GetParam());
    ASSERT_TRUE(collective.ok()) << collective.status();
    Collective& coll = **collective;
    ASSERT_TRUE(coll.Prepare(500, DType::kFp16, 3).ok());
    // Both outputs poisoned alike: still every element is wrong.
    auto poisoned = coll.Check();
    ASSERT_TRUE(poisoned.ok());
    EXPECT_EQ(poisoned->wrong, 500);
    EXPECT_EQ(poisoned->first_bad_index, 0);
    // Reference only: the kernel's output is still poison.
    ASSERT_TRUE(coll.RunReference().ok());
    auto check = coll.Check();
    ASSERT_TRUE(check.ok());
    EXPECT_EQ(check->wrong, 500);
    EXPECT_TRUE(std::isnan(check->got));
    EXPECT_FALSE(std::isnan(check->want));
    // A run after PoisonOutputs repairs the output but poisons the reference again.
    ASSERT_TRUE(coll.PoisonOutputs().ok());
    ASSERT_TRUE(coll.Run().ok());
    EXPECT_EQ(coll.Check()->wrong, 500);
  });
}

INSTANTIATE_TEST_SUITE_P(Kernels, AllReduceCpuCheckTest, testing::ValuesIn(kAllReduceKernels),
                         [](const testing::TestParamInfo<std::string>& info) {
                           return std::string(info.param);
                         });

// Every swept collective of the registry (a new op included, with no test of its own): at world
// sizes 1 to 4 its output matches its reference after a run, every element counts as wrong
// when the run is skipped, and one flipped element is seen.
using SweptParam = std::tuple<std::string, int, DType>;  // kernel, world size, dtype

class SweptCollectiveCpuTest : public testing::TestWithParam<SweptParam> {};

TEST_P(SweptCollectiveCpuTest, MatchesItsReferenceAndCatchesAFlippedElement) {
  const auto [kernel, world_size, dtype] = GetParam();
  const std::string job = UniqueJobId("swept");
  constexpr int64_t kMaxCount = 4099;
  RunRanksInThreads(world_size, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(rank, world_size, job, kMaxCount * 4), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto collective = (*backend)->CreateCollective(kernel);
    ASSERT_TRUE(collective.ok()) << collective.status();
    Collective& coll = **collective;
    // An op that splits its size into shards takes a multiple of world_size elements; a
    // reduce-scatter's output is one shard.
    const int64_t shards = IsSharded(kernel) ? world_size : 1;
    const bool scatters = FindOp(kernel)->computes == Computes::kReduceScatterSum;
    for (int64_t shard : {int64_t{1}, int64_t{33}, kMaxCount / shards}) {
      const int64_t count = shard * shards;
      const int64_t out_count = scatters ? shard : count;
      SCOPED_TRACE(absl::StrCat("rank ", rank, " count ", count));
      ASSERT_TRUE(coll.Prepare(count, dtype, 11 + count).ok());
      ASSERT_TRUE(coll.RunReference().ok());
      EXPECT_EQ(coll.Check()->wrong, out_count) << "a skipped run must leave poison";
      ASSERT_TRUE(coll.PoisonOutputs().ok());
      ASSERT_TRUE(coll.Run().ok());
      ASSERT_TRUE(coll.RunReference().ok());
      ASSERT_TRUE((*backend)->Synchronize().ok());
      auto check = coll.Check();
      ASSERT_TRUE(check.ok()) << check.status();
      EXPECT_EQ(check->wrong, 0) << "first bad " << check->first_bad_index << ": got " << check->got
                                 << " want " << check->want;
      ASSERT_TRUE(coll.FlipOutputElement(out_count / 2).ok());
      check = coll.Check();
      ASSERT_TRUE(check.ok()) << check.status();
      EXPECT_EQ(check->wrong, 1);
      EXPECT_EQ(check->first_bad_index, out_count / 2);
    }
  });
}

INSTANTIATE_TEST_SUITE_P(RegistryOps, SweptCollectiveCpuTest,
                         testing::Combine(testing::ValuesIn(OpNames(OpFamily::kSweptCollective)),
                                          testing::Values(1, 2, 3, 4),
                                          testing::Values(DType::kBf16, DType::kFp32)),
                         [](const testing::TestParamInfo<SweptParam>& info) {
                           return absl::StrCat(std::get<0>(info.param), "_ws",
                                               std::get<1>(info.param), "_",
                                               DTypeName(std::get<2>(info.param)));
                         });

// The Lamport push ops' receive slots (the push one-shot all-reduce, lamport_all_gather,
// lamport_reduce_scatter) are reused every third op and cleared by the op after each use, over
// the extent that op wrote: segments that shrink and grow between ops must never leave a stale
// word that a later op takes for arrived data.
class LamportPushCpuTest : public testing::TestWithParam<const char*> {};

TEST_P(LamportPushCpuTest, SlotReuseAcrossShrinkingAndGrowingSizes) {
  const char* kernel = GetParam();
  const bool sharded = IsSharded(kernel);
  const std::string job = UniqueJobId("push");
  const int64_t counts[] = {65537, 7, 1000, 1, 65537, 3, 4096, 2, 65537, 65536, 5};
  RunRanksInThreads(3, [&](int rank, Rendezvous* rendezvous) {
    auto backend =
        CreateCpuBackend(test_util::TestBackendOptions(rank, 3, job, 3 * 65537 * 4), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto collective = (*backend)->CreateCollective(kernel);
    ASSERT_TRUE(collective.ok()) << collective.status();
    Collective& coll = **collective;
    uint64_t seed = 11;
    for (DType dtype : {DType::kFp16, DType::kFp32, DType::kBf16}) {
      for (int64_t segment : counts) {
        const int64_t count = sharded ? 3 * segment : segment;  // a sharded op's whole buffer
        SCOPED_TRACE(absl::StrCat("rank ", rank, " count ", count, " ", DTypeName(dtype)));
        ASSERT_TRUE(coll.Prepare(count, dtype, ++seed).ok());
        ASSERT_TRUE(coll.Run().ok());
        ASSERT_TRUE(coll.RunReference().ok());
        auto check = coll.Check();
        ASSERT_TRUE(check.ok()) << check.status();
        EXPECT_EQ(check->wrong, 0) << "first bad " << check->first_bad_index << ": got "
                                   << check->got << " want " << check->want;
      }
    }
  });
}

INSTANTIATE_TEST_SUITE_P(EveryLamportOp, LamportPushCpuTest,
                         testing::Values("one_shot_push_all_reduce", "lamport_all_gather",
                                         "lamport_reduce_scatter"));

// A one-rank rendezvous whose exchanges for the push one-shot's slots fail, as when a peer never
// comes; it counts them.
class FailingPushRendezvous final : public Rendezvous {
 public:
  int rank() const override { return 0; }
  int world_size() const override { return 1; }
  absl::StatusOr<std::vector<std::string>> AllGather(const std::string& tag,
                                                     const std::string& value) override {
    if (tag.find("-push") != std::string::npos) {
      ++push_exchanges;
      return absl::DeadlineExceededError("rank 1 never arrived");
    }
    return inner_.AllGather(tag, value);
  }
  absl::Status Barrier(const std::string& tag) override { return inner_.Barrier(tag); }
  int push_exchanges = 0;

 private:
  SingleRankRendezvous inner_;
};

// The slot setup is collective: after it failed, a second Run must not enter it again on this
// rank alone (its peers have moved on; it would wait out the rendezvous timeout), but return
// the first failure.
TEST(OneShotPushAllReduceCpuTest, AFailedSlotSetupIsReturnedAgainNotRetriedAlone) {
  FailingPushRendezvous rendezvous;
  auto backend = CreateCpuBackend(
      test_util::TestBackendOptions(0, 1, UniqueJobId("slot_setup"), 4096), &rendezvous);
  ASSERT_TRUE(backend.ok()) << backend.status();
  auto collective = (*backend)->CreateCollective("one_shot_push_all_reduce");
  ASSERT_TRUE(collective.ok()) << collective.status();
  ASSERT_TRUE((*collective)->Prepare(8, DType::kBf16, 1).ok());
  const absl::Status first = (*collective)->Run();
  EXPECT_EQ(first.code(), absl::StatusCode::kDeadlineExceeded) << first;
  EXPECT_NE(first.message().find("one_shot_push_all_reduce (cpu)"), std::string::npos) << first;
  const absl::Status second = (*collective)->Run();
  EXPECT_EQ(second, first);
  EXPECT_EQ(rendezvous.push_exchanges, 1);
}

TEST(TwoShotAllReduceCpuTest, SlicesTileTheCountWithTheRemainderLast) {
  for (int world_size = 1; world_size <= kMaxWorldSize; ++world_size) {
    for (int64_t count : {0, 1, 7, 8, 1000, 65537}) {
      int64_t next = 0;
      for (int rank = 0; rank < world_size; ++rank) {
        const auto slice = TwoShotAllReduceCpu::SliceOf(count, rank, world_size);
        EXPECT_EQ(slice.begin, next) << count << " " << rank << "/" << world_size;
        const int64_t want = count / world_size + (rank == world_size - 1 ? count % world_size : 0);
        EXPECT_EQ(slice.count, want) << count << " " << rank << "/" << world_size;
        next += slice.count;
      }
      EXPECT_EQ(next, count);
    }
  }
}

TEST(CpuBackendTest, PrepareRejectsCountsBeyondTheBufferAndOrderIsEnforced) {
  RunRanksInThreads(1, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(rank, 1, UniqueJobId("size"), 1024), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto collective = (*backend)->CreateCollective(kKernel);
    ASSERT_TRUE(collective.ok());
    Collective& coll = **collective;
    EXPECT_EQ(coll.Run().code(), absl::StatusCode::kFailedPrecondition);
    EXPECT_EQ(coll.Check().status().code(), absl::StatusCode::kFailedPrecondition);
    absl::Status too_big = coll.Prepare(513, DType::kFp16, 1);
    EXPECT_EQ(too_big.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(too_big.message().find("513"), std::string::npos) << too_big;
    EXPECT_NE(too_big.message().find("1024"), std::string::npos) << too_big;
    EXPECT_EQ(coll.Prepare(257, DType::kFp32, 1).code(), absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(coll.Prepare(-1, DType::kFp32, 1).code(), absl::StatusCode::kInvalidArgument);
    EXPECT_TRUE(coll.Prepare(512, DType::kFp16, 1).ok());
    EXPECT_TRUE(coll.Prepare(0, DType::kBf16, 1).ok());
    EXPECT_TRUE(coll.Run().ok());
    EXPECT_EQ(coll.Check()->wrong, 0);
  });
}

// The all-reduce across per-host teams: every rank's input through the rendezvous, summed in
// rank order; the exact sum is its reference. Several rounds (one AllGather tag each), every
// dtype, and a size above the Store's limit refused naming per_host_teams.
TEST(StoreAllReduceCpuTest, SumsEveryRankOfTheJobExactlyRoundAfterRound) {
  RunRanksInThreads(4, [&](int rank, Rendezvous* job) {
    std::unique_ptr<Collective> op = NewStoreAllReduceCpu(job);
    EXPECT_EQ(op->Run().code(), absl::StatusCode::kFailedPrecondition);
    for (DType dtype : {DType::kBf16, DType::kFp16, DType::kFp32}) {
      ASSERT_TRUE(op->Prepare(1000, dtype, 7).ok());
      // Poisoned outputs and no run: every element wrong.
      ASSERT_TRUE(op->RunReference().ok());
      EXPECT_EQ(op->Check()->wrong, 1000);
      for (int round = 0; round < 3; ++round) {
        ASSERT_TRUE(op->PoisonOutputs().ok());
        ASSERT_TRUE(op->Run().ok());
        ASSERT_TRUE(op->RunReference().ok());
        absl::StatusOr<CheckResult> check = op->Check();
        ASSERT_TRUE(check.ok()) << check.status();
        EXPECT_EQ(check->wrong, 0) << "rank " << rank << " first bad " << check->first_bad_index
                                   << " got " << check->got << " want " << check->want;
      }
    }
    absl::Status too_big = op->Prepare(kStoreAllReduceMaxBytes / 2 + 1, DType::kBf16, 1);
    EXPECT_EQ(too_big.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(too_big.message().find("per_host_teams"), std::string::npos) << too_big;
  });
}

TEST(CpuBackendTest, UnknownKernelIsNotFoundNamingIt) {
  RunRanksInThreads(1, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(rank, 1, UniqueJobId("unknown"), 64), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto collective = (*backend)->CreateCollective("two_shot_all_gather");
    EXPECT_EQ(collective.status().code(), absl::StatusCode::kNotFound);
    EXPECT_NE(collective.status().message().find("two_shot_all_gather"), std::string::npos);
  });
}

TEST(CpuBackendTest, BarrierTimeoutNamesTheMissingRank) {
  const std::string job = UniqueJobId("timeout");
  RunRanksInThreads(2, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(rank, 2, job, 1024, milliseconds(300)), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto collective = (*backend)->CreateCollective(kKernel);
    ASSERT_TRUE(collective.ok());
    ASSERT_TRUE((*collective)->Prepare(16, DType::kFp32, 1).ok());
    if (rank == 0) {  // rank 1 never calls Run
      const auto start = std::chrono::steady_clock::now();
      absl::Status s = (*collective)->Run();
      const auto waited = std::chrono::steady_clock::now() - start;
      EXPECT_EQ(s.code(), absl::StatusCode::kDeadlineExceeded) << s;
      EXPECT_NE(s.message().find("timed out after 300 ms: rank 0 waiting for rank 1 (block 0)"),
                std::string::npos)
          << s;
      EXPECT_GE(waited, milliseconds(300));
      EXPECT_LT(waited, milliseconds(5000));
      EXPECT_EQ((*collective)->Run().code(), absl::StatusCode::kFailedPrecondition);
    }
    ASSERT_TRUE(rendezvous->Barrier("done").ok());
  });
}

TEST(CpuBackendTest, TimerMeasuresHostTimeInMicroseconds) {
  RunRanksInThreads(1, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(rank, 1, UniqueJobId("timer"), 64), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    std::unique_ptr<Timer> timer = (*backend)->NewTimer();
    EXPECT_EQ(timer->ElapsedUs().status().code(), absl::StatusCode::kFailedPrecondition);
    EXPECT_EQ(timer->Stop().code(), absl::StatusCode::kFailedPrecondition);
    ASSERT_TRUE(timer->Start().ok());
    std::this_thread::sleep_for(milliseconds(5));
    ASSERT_TRUE(timer->Stop().ok());
    ASSERT_TRUE((*backend)->Synchronize().ok());
    auto us = timer->ElapsedUs();
    ASSERT_TRUE(us.ok());
    EXPECT_GE(*us, 5000.0);
    EXPECT_LT(*us, 5e6);
  });
}

TEST(CpuBackendTest, CreateRejectsOptionsThatDisagreeWithTheRendezvous) {
  RunRanksInThreads(1, [&](int, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(1, 2, UniqueJobId("mismatch"), 64), rendezvous);
    EXPECT_EQ(backend.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(backend.status().message().find("rank 1 of 2"), std::string::npos)
        << backend.status();
    auto no_timeout = CreateCpuBackend(
        test_util::TestBackendOptions(0, 1, UniqueJobId("t0"), 64, milliseconds(0)), rendezvous);
    EXPECT_EQ(no_timeout.status().code(), absl::StatusCode::kInvalidArgument);
  });
  EXPECT_EQ(CreateCpuBackend(test_util::TestBackendOptions(0, 1, "x", 64), nullptr).status().code(),
            absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace symmbench
