// Timed batches on the CPU backend with ranks as threads: every batch's timer starts as the
// ranks meet (Backend::HoldBatchStart), so a rank that reaches a batch late is not counted in
// its peers' times.
#include "worker/timing.h"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include "kernels/ops/registry.h"
#include "kernels/testing/cpu_ranks.h"

namespace symmbench {
namespace {

constexpr int64_t kCount = 2048;
constexpr auto kLate = std::chrono::milliseconds(200);

// Rank 1 sleeps kLate before each of 4 batches of one one-shot all-reduce; rank 0 reaches them
// at once and waits for rank 1 at the batch start, outside its timer. Without that wait rank
// 0's first operation of every batch would wait inside its timer (its entry barrier), and its
// median would be about kLate; with it, the operation's own time.
TEST(TimingTest, ALateRankIsNotCountedInItsPeersTimes) {
  std::vector<TimingStats> stats(2);
  test_util::OnCpuRanks(2, kCount * 4, KernelFaults{}, [&](int rank, Backend* backend) {
    absl::StatusOr<std::unique_ptr<Collective>> op =
        backend->CreateCollective(std::string(ops::kOneShotAllReduce));
    ASSERT_TRUE(op.ok()) << op.status();
    ASSERT_TRUE((*op)->Prepare(kCount, DType::kBf16, 7).ok());
    LoopHooks hooks;
    if (rank == 1) {
      hooks.before_batch = [] {
        std::this_thread::sleep_for(kLate);
        return absl::OkStatus();
      };
    }
    absl::StatusOr<TimingStats> timed = WarmUpAndTime(
        backend, /*warmup_iters=*/1, /*iters=*/4, [&] { return (*op)->Run(); }, hooks,
        /*max_batches=*/4);
    ASSERT_TRUE(timed.ok()) << timed.status();
    stats[rank] = *timed;
  });
  ASSERT_EQ(stats[0].samples_us.size(), 4u);
  const double late_us = std::chrono::duration<double, std::micro>(kLate).count();
  EXPECT_LT(stats[0].median_us, late_us / 2) << "rank 0 counted rank 1's lateness";
  EXPECT_LT(stats[1].median_us, late_us / 2);
}

}  // namespace
}  // namespace symmbench
