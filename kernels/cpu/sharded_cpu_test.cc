// Tests of the CPU all-gathers and reduce-scatters: ranks as threads over real POSIX shared
// memory, each output checked against the reference and against values computed here from the
// input formula, at world sizes 1 to 4, in every dtype.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "kernels/backend.h"
#include "kernels/cpu/swept_cpu_collective.h"
#include "kernels/dtype.h"
#include "kernels/exact_input.h"
#include "kernels/ops/registry.h"
#include "kernels/testing/backend_test_util.h"
#include "kernels/testing/thread_rendezvous.h"

namespace symmbench {
namespace {

// The backend's sharded collectives (the all_gather and reduce_scatter dispatchers run them
// from the worker, over the backend).
std::vector<std::string> ShardedOps() {
  std::vector<std::string> names;
  for (const OpDescriptor& op : Ops()) {
    if (IsSharded(op.name) && op.family == OpFamily::kSweptCollective) {
      names.emplace_back(op.name);
    }
  }
  return names;
}

// Every sharded op of the registry is swept below; each has nccl-tests' bus factor.
TEST(ShardedOpsTest, RegistryHasAllGathersAndReduceScatters) {
  int gathers = 0;
  int scatters = 0;
  for (const std::string& name : ShardedOps()) {
    gathers += FindOp(name)->computes == Computes::kAllGather;
    scatters += FindOp(name)->computes == Computes::kReduceScatterSum;
    EXPECT_DOUBLE_EQ(FindOp(name)->bus_factor(4), 0.75) << name;  // nccl-tests: (n-1)/n
    EXPECT_DOUBLE_EQ(FindOp(name)->bus_factor(1), 0.0) << name;
  }
  EXPECT_GE(gathers, 2);
  EXPECT_GE(scatters, 2);
  EXPECT_FALSE(IsSharded(ops::kOneShotAllReduce));
  EXPECT_FALSE(IsSharded(ops::kAgGemm));
}

using Param = std::tuple<std::string, int, DType>;  // kernel, world size, dtype

class ShardedCpuTest : public testing::TestWithParam<Param> {};

// What rank `rank`'s output must hold, from the input formula alone.
float Expected(Computes computes, uint64_t seed, int rank, int world_size, int64_t shard,
               int64_t i) {
  if (computes == Computes::kAllGather) {
    return static_cast<float>(ExactInputValue(seed, static_cast<int>(i / shard), i % shard));
  }
  int sum = 0;
  for (int p = 0; p < world_size; ++p) sum += ExactInputValue(seed, p, rank * shard + i);
  return static_cast<float>(sum);
}

// Elements of rank `rank`'s output `out` (world_size shards for an all-gather, one for a
// reduce-scatter) that differ from Expected.
int64_t DifferFromFormula(const void* out, Computes computes, DType dtype, uint64_t seed, int rank,
                          int world_size, int64_t shard) {
  const int64_t out_count = computes == Computes::kAllGather ? shard * world_size : shard;
  int64_t differ = 0;
  for (int64_t i = 0; i < out_count; ++i) {
    differ += LoadAsFloat(out, dtype, i) != Expected(computes, seed, rank, world_size, shard, i);
  }
  return differ;
}

TEST_P(ShardedCpuTest, MatchesReferenceAndTheInputFormula) {
  const auto [kernel, world_size, dtype] = GetParam();
  const Computes computes = FindOp(kernel)->computes;
  const std::string job = test_util::UniqueJobId("sharded_cpu_test", kernel);
  // Odd shards (1, 7, 4099 elements): shards that start off any vector boundary.
  const std::vector<int64_t> shards = {1, 7, 4099};
  const int64_t max_count = shards.back() * world_size;
  RunRanksInThreads(world_size, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(rank, world_size, job, max_count * 4), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto collective = (*backend)->CreateCollective(kernel);
    ASSERT_TRUE(collective.ok()) << collective.status();
    auto* op = dynamic_cast<SweptCpuCollective*>(collective->get());
    ASSERT_NE(op, nullptr);
    EXPECT_FALSE(op->reference_competes());
    EXPECT_EQ(op->reference_name(),
              computes == Computes::kAllGather ? "reference_gather" : "reference_sum");
    for (int64_t shard : shards) {
      const int64_t count = shard * world_size;
      for (uint64_t seed : {uint64_t{3}, uint64_t{0xBEEF} + shard}) {  // twice: buffer reuse
        ASSERT_TRUE(op->Prepare(count, dtype, seed).ok());
        ASSERT_TRUE(op->Run().ok());
        ASSERT_TRUE(op->RunReference().ok());
        absl::StatusOr<CheckResult> check = op->Check();
        ASSERT_TRUE(check.ok()) << check.status();
        EXPECT_EQ(check->wrong, 0)
            << kernel << " rank " << rank << " count " << count << " first bad "
            << check->first_bad_index << " got " << check->got << " want " << check->want;
        EXPECT_EQ(DifferFromFormula(op->output_for_testing(), computes, dtype, seed, rank,
                                    world_size, shard),
                  0)
            << kernel << " rank " << rank << " count " << count;
      }
    }
    // A flipped bit is caught.
    ASSERT_TRUE(op->Prepare(7 * world_size, dtype, 5).ok());
    ASSERT_TRUE(op->Run().ok());
    ASSERT_TRUE(op->RunReference().ok());
    ASSERT_TRUE(op->FlipOutputElement(0).ok());
    EXPECT_EQ(op->Check()->wrong, 1);
    EXPECT_EQ(op->Check()->first_bad_index, 0);
  });
}

// In place (nccl-tests' layout): the result over the symmetric buffer matches the reference and
// the input formula. Each rank poisons what only the out-of-place layout reads before the run
// (an all-gather's first shard slot, a reduce-scatter's nothing: the same input), so a kernel
// that read an all-gather's input from the out-of-place position would be caught.
TEST_P(ShardedCpuTest, InPlaceReadsAndWritesNcclTestsLayout) {
  const auto [kernel, world_size, dtype] = GetParam();
  const Computes computes = FindOp(kernel)->computes;
  const std::string job = test_util::UniqueJobId("sharded_cpu_test_in_place", kernel);
  const std::vector<int64_t> shards = {1, 7, 4099};
  const int64_t max_count = shards.back() * world_size;
  RunRanksInThreads(world_size, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(rank, world_size, job, max_count * 4), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto collective = (*backend)->CreateCollective(kernel);
    ASSERT_TRUE(collective.ok()) << collective.status();
    auto* op = dynamic_cast<SweptCpuCollective*>(collective->get());
    ASSERT_NE(op, nullptr);
    ASSERT_TRUE(op->supports_in_place());
    for (int64_t shard : shards) {
      const int64_t count = shard * world_size;
      ASSERT_TRUE(op->Prepare(count, dtype, 11 + shard).ok());
      if (computes == Computes::kAllGather && rank > 0) {
        std::memset(op->buffer_for_testing(), 0xFF, shard * DTypeSize(dtype));
      }
      ASSERT_TRUE(op->RunReference().ok());
      ASSERT_TRUE(op->RunInPlace().ok());
      absl::StatusOr<CheckResult> check = op->CheckInPlace();
      ASSERT_TRUE(check.ok()) << check.status();
      EXPECT_EQ(check->wrong, 0) << kernel << " rank " << rank << " count " << count
                                 << " first bad " << check->first_bad_index;
      const auto* buffer = static_cast<const unsigned char*>(op->buffer_for_testing());
      const unsigned char* out =
          computes == Computes::kAllGather ? buffer : buffer + rank * shard * DTypeSize(dtype);
      EXPECT_EQ(DifferFromFormula(out, computes, dtype, 11 + shard, rank, world_size, shard), 0)
          << kernel << " rank " << rank << " count " << count;
    }
  });
}

INSTANTIATE_TEST_SUITE_P(
    EveryShardedOp, ShardedCpuTest,
    testing::Combine(testing::ValuesIn(ShardedOps()), testing::Values(1, 2, 3, 4),
                     testing::Values(DType::kBf16, DType::kFp16, DType::kFp32)),
    [](const testing::TestParamInfo<Param>& info) {
      return absl::StrCat(std::get<0>(info.param), "_ws", std::get<1>(info.param), "_",
                          DTypeName(std::get<2>(info.param)));
    });

// Misaligned buffers: every buffer starts misalign bytes past its aligned base; the results are
// the input formula's, out of place and in place, with shards of odd sizes.
TEST(ShardedCpuMisalignTest, EveryOpMatchesTheFormulaOffItsBoundary) {
  constexpr int kWorldSize = 3;
  constexpr DType kDType = DType::kBf16;
  const std::vector<int64_t> shards = {1, 7, 4099};
  const int64_t max_count = shards.back() * kWorldSize;
  for (const std::string& kernel : ShardedOps()) {
    const Computes computes = FindOp(kernel)->computes;
    for (int64_t misalign : {2, 6}) {
      const std::string job =
          test_util::UniqueJobId("sharded_cpu_test_misalign", absl::StrCat(kernel, misalign));
      RunRanksInThreads(kWorldSize, [&](int rank, Rendezvous* rendezvous) {
        BackendOptions options =
            test_util::TestBackendOptions(rank, kWorldSize, job, max_count * 2 + misalign);
        options.misalign_bytes = misalign;
        auto backend = CreateCpuBackend(options, rendezvous);
        ASSERT_TRUE(backend.ok()) << backend.status();
        auto collective = (*backend)->CreateCollective(kernel);
        ASSERT_TRUE(collective.ok()) << collective.status();
        auto* op = dynamic_cast<SweptCpuCollective*>(collective->get());
        ASSERT_NE(op, nullptr);
        for (int64_t shard : shards) {
          SCOPED_TRACE(
              absl::StrCat(kernel, " misalign ", misalign, " rank ", rank, " shard ", shard));
          const int64_t count = shard * kWorldSize;
          ASSERT_TRUE(op->Prepare(count, kDType, 3 + shard).ok());
          EXPECT_EQ(reinterpret_cast<uintptr_t>(op->output_for_testing()) % 16,
                    static_cast<uintptr_t>(misalign));
          EXPECT_EQ(reinterpret_cast<uintptr_t>(op->buffer_for_testing()) % 16,
                    static_cast<uintptr_t>(misalign));
          ASSERT_TRUE(op->Run().ok());
          ASSERT_TRUE(op->RunReference().ok());
          EXPECT_EQ(op->Check()->wrong, 0);
          EXPECT_EQ(DifferFromFormula(op->output_for_testing(), computes, kDType, 3 + shard, rank,
                                      kWorldSize, shard),
                    0);
          ASSERT_TRUE(op->Prepare(count, kDType, 3 + shard).ok());
          ASSERT_TRUE(op->RunReference().ok());
          ASSERT_TRUE(op->RunInPlace().ok());
          EXPECT_EQ(op->CheckInPlace()->wrong, 0);
        }
      });
    }
  }
}

// Random floats (with -0): a reduce-scatter's shard is the host's fp32 rank-order sum of its
// elements to the bit; an all-gather has no such check.
TEST(ShardedCpuRankOrderTest, ReduceScattersKeepTheRankOrderContract) {
  for (int world_size : {2, 3, 4}) {
    const std::string job =
        test_util::UniqueJobId("sharded_cpu_test", absl::StrCat("rank_order", world_size));
    RunRanksInThreads(world_size, [&](int rank, Rendezvous* rendezvous) {
      auto backend = CreateCpuBackend(
          test_util::TestBackendOptions(rank, world_size, job, 4099 * 4 * world_size), rendezvous);
      ASSERT_TRUE(backend.ok()) << backend.status();
      for (const std::string& kernel : ShardedOps()) {
        auto op = (*backend)->CreateCollective(kernel);
        ASSERT_TRUE(op.ok()) << op.status();
        if (FindOp(kernel)->computes == Computes::kAllGather) {
          EXPECT_FALSE((*op)->sums_in_rank_order());
          EXPECT_EQ((*op)->PrepareRandom(world_size, DType::kBf16, 1).code(),
                    absl::StatusCode::kUnimplemented);
          continue;
        }
        ASSERT_TRUE((*op)->sums_in_rank_order());
        for (DType dtype : {DType::kBf16, DType::kFp32}) {
          for (int64_t shard : {int64_t{1}, int64_t{7}, int64_t{4099}}) {
            ASSERT_TRUE((*op)->PrepareRandom(shard * world_size, dtype, 40 + shard).ok());
            ASSERT_TRUE((*op)->Run().ok());
            absl::StatusOr<CheckResult> check = (*op)->CheckRankOrderSum();
            ASSERT_TRUE(check.ok()) << check.status();
            EXPECT_EQ(check->wrong, 0)
                << kernel << " ws " << world_size << " rank " << rank << " shard " << shard
                << " first bad " << check->first_bad_index;
          }
        }
        // After an exact Prepare the random check is refused.
        ASSERT_TRUE((*op)->Prepare(world_size, DType::kBf16, 1).ok());
        EXPECT_EQ((*op)->CheckRankOrderSum().status().code(),
                  absl::StatusCode::kFailedPrecondition);
      }
    });
  }
}

TEST(ShardedCpuPrepareTest, RefusesACountThatDoesNotSplitIntoShards) {
  const std::string job = test_util::UniqueJobId("sharded_cpu_test", "indivisible");
  RunRanksInThreads(3, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(test_util::TestBackendOptions(rank, 3, job, 4096), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    for (const std::string& kernel : ShardedOps()) {
      auto op = (*backend)->CreateCollective(kernel);
      ASSERT_TRUE(op.ok()) << op.status();
      const absl::Status s = (*op)->Prepare(100, DType::kBf16, 1);
      EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << kernel;
      EXPECT_NE(s.message().find("multiple of world_size 3"), std::string::npos) << s;
      EXPECT_EQ((*op)->Run().code(), absl::StatusCode::kFailedPrecondition) << kernel;
    }
  });
}

}  // namespace
}  // namespace symmbench
