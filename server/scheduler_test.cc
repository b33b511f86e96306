// Tests for the FIFO device scheduler: exclusive devices, queueing, FIFO order without
// overtaking, release, removal of queued jobs and world_size errors.
#include "server/scheduler.h"

#include <gtest/gtest.h>

namespace symmbench {
namespace {

TEST(SchedulerTest, GivesEachJobExclusiveLowestNumberedDevices) {
  Scheduler scheduler(4);
  ASSERT_TRUE(scheduler.Enqueue("a", 2).ok());
  std::vector<Placement> placed = scheduler.TakeRunnable();
  ASSERT_EQ(placed.size(), 1u);
  EXPECT_EQ(placed[0].job_id, "a");
  EXPECT_EQ(placed[0].devices, (std::vector<int>{0, 1}));
  EXPECT_EQ(scheduler.holder(0), "a");
  EXPECT_EQ(scheduler.holder(1), "a");
  EXPECT_EQ(scheduler.holder(2), "");
  EXPECT_EQ(scheduler.free_devices(), 2);
  EXPECT_TRUE(scheduler.TakeRunnable().empty());  // nothing queued, nothing handed out twice
}

TEST(SchedulerTest, QueuesAJobWhileItsDevicesAreBusy) {
  Scheduler scheduler(2);
  ASSERT_TRUE(scheduler.Enqueue("a", 2).ok());
  ASSERT_EQ(scheduler.TakeRunnable().size(), 1u);
  ASSERT_TRUE(scheduler.Enqueue("b", 1).ok());
  EXPECT_TRUE(scheduler.TakeRunnable().empty());
  EXPECT_EQ(scheduler.queue_depth(), 1);
  EXPECT_EQ(scheduler.holder(0), "a");
}

TEST(SchedulerTest, RunsJobsOnDisjointDevicesAtTheSameTime) {
  Scheduler scheduler(4);
  ASSERT_TRUE(scheduler.Enqueue("a", 2).ok());
  ASSERT_TRUE(scheduler.Enqueue("b", 2).ok());
  std::vector<Placement> placed = scheduler.TakeRunnable();
  ASSERT_EQ(placed.size(), 2u);
  EXPECT_EQ(placed[0].job_id, "a");
  EXPECT_EQ(placed[0].devices, (std::vector<int>{0, 1}));
  EXPECT_EQ(placed[1].job_id, "b");
  EXPECT_EQ(placed[1].devices, (std::vector<int>{2, 3}));
  EXPECT_EQ(scheduler.free_devices(), 0);
  EXPECT_EQ(scheduler.queue_depth(), 0);
}

TEST(SchedulerTest, HeadBlocksLaterJobsThatWouldFit) {
  Scheduler scheduler(4);
  ASSERT_TRUE(scheduler.Enqueue("a", 3).ok());
  ASSERT_EQ(scheduler.TakeRunnable().size(), 1u);   // a on 0,1,2; device 3 free
  ASSERT_TRUE(scheduler.Enqueue("big", 2).ok());    // needs 2, only 1 free
  ASSERT_TRUE(scheduler.Enqueue("small", 1).ok());  // would fit on device 3, must not overtake
  EXPECT_TRUE(scheduler.TakeRunnable().empty());
  EXPECT_EQ(scheduler.holder(3), "");
  EXPECT_EQ(scheduler.queue_depth(), 2);

  ASSERT_TRUE(scheduler.Release("a"));
  std::vector<Placement> placed = scheduler.TakeRunnable();
  ASSERT_EQ(placed.size(), 2u);
  EXPECT_EQ(placed[0].job_id, "big");
  EXPECT_EQ(placed[0].devices, (std::vector<int>{0, 1}));
  EXPECT_EQ(placed[1].job_id, "small");
  EXPECT_EQ(placed[1].devices, (std::vector<int>{2}));
}

TEST(SchedulerTest, ReleaseFreesTheJobsDevicesOnly) {
  Scheduler scheduler(3);
  ASSERT_TRUE(scheduler.Enqueue("a", 1).ok());
  ASSERT_TRUE(scheduler.Enqueue("b", 2).ok());
  ASSERT_EQ(scheduler.TakeRunnable().size(), 2u);
  EXPECT_TRUE(scheduler.Release("a"));
  EXPECT_FALSE(scheduler.Release("a"));  // holds nothing any more
  EXPECT_FALSE(scheduler.Release("unknown"));
  EXPECT_EQ(scheduler.free_devices(), 1);
  EXPECT_EQ(scheduler.holder(0), "");
  EXPECT_EQ(scheduler.holder(1), "b");
  EXPECT_EQ(scheduler.holder(2), "b");
  // The freed device goes to the next job.
  ASSERT_TRUE(scheduler.Enqueue("c", 1).ok());
  std::vector<Placement> placed = scheduler.TakeRunnable();
  ASSERT_EQ(placed.size(), 1u);
  EXPECT_EQ(placed[0].devices, (std::vector<int>{0}));
}

TEST(SchedulerTest, RemoveQueuedUnblocksTheQueue) {
  Scheduler scheduler(2);
  ASSERT_TRUE(scheduler.Enqueue("a", 1).ok());
  ASSERT_EQ(scheduler.TakeRunnable().size(), 1u);
  ASSERT_TRUE(scheduler.Enqueue("head", 2).ok());
  ASSERT_TRUE(scheduler.Enqueue("next", 1).ok());
  EXPECT_TRUE(scheduler.TakeRunnable().empty());
  EXPECT_TRUE(scheduler.RemoveQueued("head"));
  EXPECT_FALSE(scheduler.RemoveQueued("head"));
  EXPECT_FALSE(scheduler.RemoveQueued("a"));  // running, not queued
  EXPECT_EQ(scheduler.queue_depth(), 1);
  std::vector<Placement> placed = scheduler.TakeRunnable();
  ASSERT_EQ(placed.size(), 1u);
  EXPECT_EQ(placed[0].job_id, "next");
  EXPECT_EQ(placed[0].devices, (std::vector<int>{1}));
}

TEST(SchedulerTest, RejectsBadWorldSizeNamingTheField) {
  Scheduler scheduler(2);
  absl::Status zero = scheduler.Enqueue("a", 0);
  EXPECT_EQ(zero.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(zero.message().find("world_size"), std::string::npos) << zero;
  absl::Status negative = scheduler.Enqueue("a", -1);
  EXPECT_EQ(negative.code(), absl::StatusCode::kInvalidArgument);
  absl::Status too_big = scheduler.Enqueue("a", 3);
  EXPECT_EQ(too_big.code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(too_big.message().find("world_size"), std::string::npos) << too_big;
  EXPECT_NE(too_big.message().find("3"), std::string::npos) << too_big;
  EXPECT_EQ(scheduler.queue_depth(), 0);
}

TEST(SchedulerTest, RejectsDuplicateJobIdsQueuedOrRunning) {
  Scheduler scheduler(2);
  ASSERT_TRUE(scheduler.Enqueue("a", 1).ok());
  EXPECT_EQ(scheduler.Enqueue("a", 1).code(), absl::StatusCode::kAlreadyExists);
  ASSERT_EQ(scheduler.TakeRunnable().size(), 1u);
  EXPECT_EQ(scheduler.Enqueue("a", 1).code(), absl::StatusCode::kAlreadyExists);
  ASSERT_TRUE(scheduler.Release("a"));
  EXPECT_TRUE(scheduler.Enqueue("a", 1).ok());  // finished ids may come back
  EXPECT_EQ(scheduler.Enqueue("", 1).code(), absl::StatusCode::kInvalidArgument);
}

TEST(SchedulerTest, RequeuedJobsGoBackToTheHeadInTheirOrder) {
  Scheduler scheduler(2);
  ASSERT_TRUE(scheduler.Enqueue("a", 1).ok());
  ASSERT_TRUE(scheduler.Enqueue("b", 1).ok());
  ASSERT_TRUE(scheduler.Enqueue("c", 2).ok());
  std::vector<Placement> placed = scheduler.TakeRunnable();
  ASSERT_EQ(placed.size(), 2u);
  EXPECT_EQ(scheduler.free_devices(), 0);
  // Neither could start: both go back, last first, ahead of "c".
  scheduler.Requeue(placed[1]);
  scheduler.Requeue(placed[0]);
  EXPECT_EQ(scheduler.free_devices(), 2);
  EXPECT_EQ(scheduler.queue_depth(), 3);
  std::vector<Placement> again = scheduler.TakeRunnable();
  ASSERT_EQ(again.size(), 2u);
  EXPECT_EQ(again[0].job_id, "a");
  EXPECT_EQ(again[1].job_id, "b");
  EXPECT_EQ(again[0].devices, std::vector<int>{0});
}

}  // namespace
}  // namespace symmbench
