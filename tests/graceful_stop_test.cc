// A graceful stop (SIGTERM, as `systemctl stop` and every package upgrade send) loses no job
// (real processes): queued jobs stay queued and run at the next start; a running job that
// stored no row yet is queued again; one that stored rows keeps them and fails, naming the
// stop. Before, a SIGTERM failed every queued job while a crash (SIGKILL) kept them queued.
#include <gtest/gtest.h>

#include <thread>

#include "tests/rpc_test_util.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

class GracefulStopTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTempDir("graceful_stop");
    daemon_ = std::make_unique<Daemon>(dir_, 2);
    daemon_->set_extra_args({"--allow-fault-injection"});
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
  }

  // Submits without waiting; the job id.
  std::string Submit(const std::vector<std::string>& flags) {
    std::vector<std::string> args = {"submit", "--world-size", "2", "--warmup",
                                     "1",      "--repeats",    "1"};
    args.insert(args.end(), flags.begin(), flags.end());
    CommandResult result;
    const nlohmann::json job = daemon_->ClientJson(args, &result);
    EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
    return job.value("job_id", "");
  }

  nlohmann::json Status(const std::string& job_id) const {
    return daemon_->ClientJson({"status", job_id});
  }

  std::string dir_;
  std::unique_ptr<Daemon> daemon_;
};

TEST_F(GracefulStopTest, QueuedJobsStayQueuedAndARunningJobWithoutRowsRunsAgain) {
  // Holds both slots for seconds (0.2 s added to each of its 30 timed iterations) with no row
  // stored until its only size ends; two jobs wait behind it.
  const std::string running =
      Submit({"--sizes", "4K", "--iters", "30", "--inject-delay-us", "200000"});
  ASSERT_FALSE(running.empty());
  ASSERT_EQ(daemon_->WaitForState(running, {"RUNNING"}), "RUNNING");
  const std::string queued1 = Submit({"--sizes", "4K", "--iters", "2"});
  const std::string queued2 = Submit({"--sizes", "4K,8K", "--iters", "2"});
  EXPECT_EQ(Status(queued1).value("state", ""), "QUEUED");
  EXPECT_EQ(Status(queued2).value("state", ""), "QUEUED");
  ASSERT_EQ(Status(running).value("state", ""), "RUNNING");
  ASSERT_TRUE(Status(running)["rows"].empty()) << Status(running).dump();
  // A watcher of a queued job: its stream replays the state, then ends at QUEUED on the stop.
  std::unique_ptr<v1::Coordinator::Stub> stub = CoordinatorStub(daemon_->address());
  grpc::ClientContext context;
  v1::WatchJobRequest request;
  request.set_job_id(queued1);
  std::unique_ptr<grpc::ClientReader<v1::JobEvent>> reader = stub->WatchJob(&context, request);
  v1::JobEvent event;
  ASSERT_TRUE(reader->Read(&event));
  EXPECT_EQ(event.state(), v1::QUEUED);
  std::thread stopper([&] { EXPECT_EQ(daemon_->Stop(), 0); });
  while (reader->Read(&event)) {
  }
  EXPECT_TRUE(reader->Finish().ok());
  EXPECT_EQ(event.state(), v1::QUEUED);
  stopper.join();
  const std::string log = ReadFile(daemon_->log_path());
  EXPECT_NE(log.find("job " + running +
                     " was running when symmbenchd stopped (SIGTERM) and had "
                     "stored no row: queued again"),
            std::string::npos)
      << log;
  EXPECT_NE(log.find("symmbenchd stopped (SIGTERM): 3 queued jobs stay queued for the next "
                     "start"),
            std::string::npos)
      << log;

  std::string error;
  ASSERT_TRUE(daemon_->Start(&error)) << error;
  for (const std::string& id : {running, queued1, queued2}) {
    EXPECT_EQ(daemon_->WaitForState(id, {"SUCCEEDED", "FAILED", "CANCELLED"}), "SUCCEEDED") << id;
    const nlohmann::json job = Status(id);
    EXPECT_TRUE(job.value("error", "").empty()) << job.dump();
  }
  EXPECT_EQ(Status(queued2)["rows"].size(), 2u);
  // The interrupted job ran again from the start; the queued ones ran once.
  const std::map<std::string, int> starts = JobStartsInLog(daemon_->log_path());
  EXPECT_EQ(starts.count(running) ? starts.at(running) : 0, 2);
  EXPECT_EQ(starts.count(queued1) ? starts.at(queued1) : 0, 1);
  EXPECT_EQ(starts.count(queued2) ? starts.at(queued2) : 0, 1);
}

TEST_F(GracefulStopTest, ARunningJobWithRowsKeepsThemAndFailsNamingTheStop) {
  // 4K ends at once; 64K then takes seconds (0.2 s added to each timed iteration there).
  const std::string id = Submit({"--sizes", "4K,64K", "--iters", "30", "--inject-delay-us",
                                 "200000", "--inject-delay-min-bytes", "64K"});
  ASSERT_FALSE(id.empty());
  nlohmann::json job;
  for (int i = 0; i < 600; ++i) {  // until its first row is stored (at most 60 s)
    job = Status(id);
    if (job.contains("rows") && !job["rows"].empty()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_EQ(job.value("state", ""), "RUNNING") << job.dump();
  ASSERT_EQ(job["rows"].size(), 1u) << job.dump();

  EXPECT_EQ(daemon_->Stop(), 0);
  std::string error;
  ASSERT_TRUE(daemon_->Start(&error)) << error;
  job = Status(id);
  EXPECT_EQ(job.value("state", ""), "FAILED") << job.dump();
  EXPECT_EQ(job.value("error", ""),
            "symmbenchd stopped (SIGTERM) while the job ran (1 of 2 rows "
            "stored)")
      << job.dump();
  ASSERT_EQ(job["rows"].size(), 1u) << job.dump();
  EXPECT_EQ(job["rows"][0].value("size_bytes", int64_t{0}), 4096) << job.dump();
  const std::map<std::string, int> starts = JobStartsInLog(daemon_->log_path());
  EXPECT_EQ(starts.count(id) ? starts.at(id) : 0, 1);
}

}  // namespace
}  // namespace symmbench::testing
