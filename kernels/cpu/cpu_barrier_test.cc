// Tests for the CPU signal-pad barrier: publication across ranks over many rounds, slot reuse,
// and timeouts that name rank, peer and block.
#include "kernels/cpu/cpu_barrier.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <random>
#include <thread>

#include <gtest/gtest.h>

#include "absl/strings/str_cat.h"
#include "kernels/cpu/shm_symm_mem.h"
#include "kernels/testing/thread_rendezvous.h"

namespace symmbench {
namespace {

using std::chrono::milliseconds;

// Unique across concurrent test processes (sandboxed tests may share a pid, not /dev/shm).
std::string UniqueJobId(const std::string& what) {
  static const unsigned salt = std::random_device()();
  static std::atomic<int> counter{0};
  return absl::StrCat("cpu_barrier_test-", getpid(), "-", absl::Hex(salt), "-", counter++, "-", what);
}

TEST(CpuBarrierTest, EveryRoundPublishesEveryRanksWritesAndPadsReturnToZero) {
  constexpr int kWorldSize = 4;
  constexpr int kRounds = 300;
  constexpr int kWords = 64;
  const std::string job = UniqueJobId("rounds");
  RunRanksInThreads(kWorldSize, [&](int rank, Rendezvous* rendezvous) {
    auto memory = ShmSymmetricMemory::Create(rendezvous, job, kWords * sizeof(uint32_t));
    ASSERT_TRUE(memory.ok()) << memory.status();
    CpuBarrier barrier(memory->get(), milliseconds(10000));
    int stale = 0;
    for (int round = 0; round < kRounds; ++round) {
      const int block = round % 3;
      auto* mine = static_cast<uint32_t*>((*memory)->buffer(rank));
      for (int w = 0; w < kWords; ++w) mine[w] = round * 1000 + rank * 100 + w;
      ASSERT_TRUE(barrier.Sync(block).ok());  // entry: writes published
      for (int peer = 0; peer < kWorldSize; ++peer) {
        const auto* theirs = static_cast<const uint32_t*>((*memory)->buffer(peer));
        for (int w = 0; w < kWords; ++w) {
          stale += theirs[w] != static_cast<uint32_t>(round * 1000 + peer * 100 + w);
        }
      }
      ASSERT_TRUE(barrier.Sync(block).ok());  // exit: reads done before the next rewrite
    }
    EXPECT_EQ(stale, 0) << "rank " << rank;
    // Once every rank has left its last Sync, every signal has been consumed.
    ASSERT_TRUE(rendezvous->Barrier("done").ok());
    const uint32_t* pad = (*memory)->signal_pad(rank);
    int nonzero = 0;
    for (size_t i = 0; i < kSignalPadBytes / sizeof(uint32_t); ++i) nonzero += pad[i] != 0;
    EXPECT_EQ(nonzero, 0) << "rank " << rank;
    ASSERT_TRUE(rendezvous->Barrier("checked").ok());
  });
}

TEST(CpuBarrierTest, TimeoutNamesRankPeerAndBlockThenRefusesFurtherUse) {
  const std::string job = UniqueJobId("timeout");
  RunRanksInThreads(3, [&](int rank, Rendezvous* rendezvous) {
    auto memory = ShmSymmetricMemory::Create(rendezvous, job, 64);
    ASSERT_TRUE(memory.ok()) << memory.status();
    CpuBarrier barrier(memory->get(), milliseconds(200));
    if (rank != 2) {  // rank 2 never arrives
      const auto start = std::chrono::steady_clock::now();
      absl::Status s = barrier.Sync(5);
      const auto waited = std::chrono::steady_clock::now() - start;
      EXPECT_EQ(s.code(), absl::StatusCode::kDeadlineExceeded) << s;
      EXPECT_NE(s.message().find(absl::StrCat("timed out after 200 ms: rank ", rank,
                                              " waiting for rank 2 (block 5)")),
                std::string::npos)
          << s;
      EXPECT_GE(waited, milliseconds(200));
      EXPECT_LT(waited, milliseconds(5000));
      absl::Status again = barrier.Sync(5);
      EXPECT_EQ(again.code(), absl::StatusCode::kFailedPrecondition) << again;
    }
    ASSERT_TRUE(rendezvous->Barrier("done").ok());
  });
}

TEST(CpuBarrierTest, AbortByOneRankStopsThePeersWaitsAtOnce) {
  const std::string job = UniqueJobId("abort");
  RunRanksInThreads(3, [&](int rank, Rendezvous* rendezvous) {
    auto memory = ShmSymmetricMemory::Create(rendezvous, job, 64);
    ASSERT_TRUE(memory.ok()) << memory.status();
    CpuBarrier barrier(memory->get(), milliseconds(60000), (*memory)->abort_word());
    ASSERT_TRUE(barrier.Sync(0).ok());  // healthy first
    EXPECT_EQ((*memory)->AbortedBy(), -1);
    if (rank == 1) {  // fails instead of arriving, and tells the peers
      std::this_thread::sleep_for(milliseconds(50));
      (*memory)->Abort();
      (*memory)->Abort();  // idempotent
    } else {
      const auto start = std::chrono::steady_clock::now();
      absl::Status s = barrier.Sync(3);
      const auto waited = std::chrono::steady_clock::now() - start;
      EXPECT_EQ(s.code(), absl::StatusCode::kAborted) << s;
      EXPECT_NE(s.message().find("rank 1 aborted"), std::string::npos) << s;
      EXPECT_NE(s.message().find(absl::StrCat("rank ", rank, " stopped waiting")),
                std::string::npos)
          << s;
      EXPECT_LT(waited, milliseconds(5000));  // far below the 60 s timeout
      EXPECT_EQ(barrier.Sync(3).code(), absl::StatusCode::kFailedPrecondition);
    }
    EXPECT_EQ((*memory)->AbortedBy(), 1);
    ASSERT_TRUE(rendezvous->Barrier("done").ok());
  });
}

TEST(CpuBarrierTest, RejectsBlockAndPeerOutOfRange) {
  RunRanksInThreads(1, [&](int, Rendezvous* rendezvous) {
    auto memory = ShmSymmetricMemory::Create(rendezvous, UniqueJobId("args"), 64);
    ASSERT_TRUE(memory.ok()) << memory.status();
    CpuBarrier barrier(memory->get(), milliseconds(100));
    EXPECT_TRUE(barrier.Sync(0).ok());  // world size 1: nothing to wait for
    absl::Status block = barrier.Sync(kMaxBlocks);
    EXPECT_EQ(block.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(block.message().find(absl::StrCat("got ", kMaxBlocks)), std::string::npos);
    EXPECT_EQ(barrier.PutSignal(1, 0).code(), absl::StatusCode::kInvalidArgument);
  });
}

}  // namespace
}  // namespace symmbench
