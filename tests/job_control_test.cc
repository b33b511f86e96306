// Job control with real processes: cancel mid-job, a worker killed mid-job, and a daemon that
// exits while a job runs. Each must free the devices and leave no worker behind.
#include <signal.h>

#include <thread>

#include <gtest/gtest.h>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

// A CPU job that runs for many seconds: large sizes, many iterations.
const std::vector<std::string> kLongJob = {"submit", "--world-size", "2", "--sizes", "16M",
                                           "--iters", "100000", "--warmup", "0", "--no-check"};

std::string SubmitLong(const Daemon& daemon) {
  CommandResult r = daemon.Client(kLongJob);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out.substr(0, r.out.find_first_of(" \n"));
}

bool WaitForWorkers(const std::string& id, size_t n) {
  for (int i = 0; i < 200; ++i) {
    if (WorkerPids(id).size() == n) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

bool WaitNoWorkers(const std::string& id) {
  for (int i = 0; i < 200; ++i) {
    if (WorkerPids(id).empty()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

int FreeDevices(const Daemon& daemon) {
  nlohmann::json devices = daemon.ClientJson({"devices"});
  int free = 0;
  for (const nlohmann::json& d : devices["devices"]) {
    if (!d.contains("job_id") || d["job_id"] == "") ++free;
  }
  return free;
}

class JobControlTest : public ::testing::Test {
 protected:
  void SetUp() override {
    daemon_ = std::make_unique<Daemon>(MakeTempDir("job_control"), 2);
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
  }
  std::unique_ptr<Daemon> daemon_;
};

TEST_F(JobControlTest, CancelMidJobKillsWorkersAndFreesDevices) {
  const std::string id = SubmitLong(*daemon_);
  ASSERT_EQ(daemon_->WaitForState(id, {"RUNNING"}), "RUNNING");
  ASSERT_TRUE(WaitForWorkers(id, 2));
  EXPECT_EQ(FreeDevices(*daemon_), 0);
  CommandResult cancel = daemon_->Client({"cancel", id});
  EXPECT_EQ(cancel.exit_code, 0) << cancel.err;
  EXPECT_EQ(daemon_->WaitForState(id, {"CANCELLED"}), "CANCELLED");
  EXPECT_TRUE(WaitNoWorkers(id));
  EXPECT_EQ(FreeDevices(*daemon_), 2);
  // Cancelling again is refused; so is an unknown job.
  EXPECT_NE(daemon_->Client({"cancel", id}).exit_code, 0);
  CommandResult unknown = daemon_->Client({"cancel", "j-999999"});
  EXPECT_NE(unknown.exit_code, 0);
  EXPECT_NE(unknown.err.find("NOT_FOUND"), std::string::npos) << unknown.err;
}

TEST_F(JobControlTest, KilledWorkerFailsTheJobWithAReasonAndFreesDevices) {
  const std::string id = SubmitLong(*daemon_);
  ASSERT_EQ(daemon_->WaitForState(id, {"RUNNING"}), "RUNNING");
  ASSERT_TRUE(WaitForWorkers(id, 2));
  const pid_t rank1 = WorkerPid(id, 1);
  ASSERT_GT(rank1, 0);
  ASSERT_EQ(kill(rank1, SIGKILL), 0);
  EXPECT_EQ(daemon_->WaitForState(id, {"FAILED"}), "FAILED");
  nlohmann::json job = daemon_->ClientJson({"status", id});
  const std::string error = job.value("error", "");
  EXPECT_NE(error.find("rank 1"), std::string::npos) << error;
  EXPECT_NE(error.find("signal 9"), std::string::npos) << error;
  EXPECT_TRUE(WaitNoWorkers(id));
  EXPECT_EQ(FreeDevices(*daemon_), 2);
  // The next job runs on the freed devices.
  CommandResult next = daemon_->Client(
      {"submit", "--world-size", "2", "--sizes", "2K", "--iters", "3", "--wait"});
  EXPECT_EQ(next.exit_code, 0) << next.out << next.err;
}

TEST_F(JobControlTest, QueuedJobWaitsForDevicesAndCanBeCancelled) {
  const std::string running = SubmitLong(*daemon_);
  ASSERT_EQ(daemon_->WaitForState(running, {"RUNNING"}), "RUNNING");
  const std::string queued = SubmitLong(*daemon_);
  EXPECT_EQ(daemon_->WaitForState(queued, {"QUEUED"}), "QUEUED");
  EXPECT_EQ(daemon_->Client({"cancel", queued}).exit_code, 0);
  EXPECT_EQ(daemon_->WaitForState(queued, {"CANCELLED"}), "CANCELLED");
  EXPECT_EQ(daemon_->Client({"cancel", running}).exit_code, 0);
  EXPECT_EQ(daemon_->WaitForState(running, {"CANCELLED"}), "CANCELLED");
}

TEST_F(JobControlTest, DaemonExitLeavesNoWorkerBehind) {
  const std::string id = SubmitLong(*daemon_);
  ASSERT_EQ(daemon_->WaitForState(id, {"RUNNING"}), "RUNNING");
  ASSERT_TRUE(WaitForWorkers(id, 2));
  EXPECT_EQ(daemon_->Stop(), 0);
  EXPECT_TRUE(WaitNoWorkers(id));
}

TEST_F(JobControlTest, DaemonKilledLeavesNoWorkerBehind) {
  const std::string id = SubmitLong(*daemon_);
  ASSERT_EQ(daemon_->WaitForState(id, {"RUNNING"}), "RUNNING");
  ASSERT_TRUE(WaitForWorkers(id, 2));
  ASSERT_EQ(kill(daemon_->pid(), SIGKILL), 0);
  daemon_->Stop();  // reaps it
  EXPECT_TRUE(WaitNoWorkers(id));
}

}  // namespace
}  // namespace symmbench::testing
