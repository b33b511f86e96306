// Timed batches: each starts on a drained stream, its hooks outside its timer; on the CPU
// backend with ranks as threads, every batch's timer starts as the ranks meet
// (Backend::HoldBatchStart), so a rank that reaches a batch late is not counted in its peers'
// times.
#include "worker/timing.h"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
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

// A backend that records, in order, what the timing loop asks of it.
class RecordingBackend final : public Backend {
 public:
  explicit RecordingBackend(std::vector<std::string>* log) : log_(log) {}
  std::string name() const override { return "recording"; }
  int rank() const override { return 0; }
  int world_size() const override { return 1; }
  DeviceIdentity device_identity() const override { return {}; }
  absl::Status Synchronize() override { return Log("sync"); }
  std::unique_ptr<Timer> NewTimer() override { return std::make_unique<RecordingTimer>(log_); }
  absl::Status HoldBatchStart() override { return Log("hold"); }
  absl::Status ReleaseBatchStart() override { return Log("release"); }
  absl::StatusOr<std::unique_ptr<Collective>> CreateCollective(const std::string&) override {
    return absl::UnimplementedError("recording");
  }
  absl::StatusOr<std::unique_ptr<Collective>> CreatePluginCollective(const PluginKernel&) override {
    return absl::UnimplementedError("recording");
  }
  absl::StatusOr<std::unique_ptr<GemmCollective>> CreateGemmCollective(
      const std::string&) override {
    return absl::UnimplementedError("recording");
  }
  absl::StatusOr<JobAllReduce> CreateJobAllReduce(Rendezvous*) override {
    return absl::UnimplementedError("recording");
  }
  absl::Status Log(const char* what) {
    log_->push_back(what);
    return absl::OkStatus();
  }

 private:
  class RecordingTimer final : public Timer {
   public:
    explicit RecordingTimer(std::vector<std::string>* log) : log_(log) {}
    absl::Status Start() override { return Log("start"); }
    absl::Status Stop() override { return Log("stop"); }
    absl::StatusOr<double> ElapsedUs() override { return 1.0; }

   private:
    absl::Status Log(const char* what) {
      log_->push_back(what);
      return absl::OkStatus();
    }
    std::vector<std::string>* log_;
  };
  std::vector<std::string>* log_;
};

// Whatever a batch's hooks enqueued is drained before the batch is held and its timer started,
// so no batch starts with work ahead of it on the device.
TEST(TimingTest, EveryBatchStartsOnADrainedStreamAfterItsHooks) {
  std::vector<std::string> log;
  RecordingBackend backend(&log);
  LoopHooks hooks;
  hooks.before_batch = [&] { return backend.Log("check work"); };
  hooks.after_batch = [&] { return backend.Log("compare"); };
  absl::StatusOr<TimingStats> timed = WarmUpAndTime(
      &backend, /*warmup_iters=*/0, /*iters=*/4, [&] { return backend.Log("op"); }, hooks,
      /*max_batches=*/2);
  ASSERT_TRUE(timed.ok()) << timed.status();
  const std::vector<std::string> batch = {"check work", "sync", "hold", "start",   "op",
                                          "release",    "op",   "stop", "release", "compare"};
  std::vector<std::string> want = {"sync"};  // after the warm-up
  for (int b = 0; b < 2; ++b) want.insert(want.end(), batch.begin(), batch.end());
  want.push_back("sync");  // before the timers are read
  EXPECT_EQ(log, want);
}

}  // namespace
}  // namespace symmbench
