// Durability under crashes with real processes: a client submits jobs without pause while the
// daemon is SIGKILLed at random moments and restarted on the same database. After the last
// restart every job whose SubmitJob returned OK is present; jobs that were running are FAILED
// ("coordinator restarted"), queued ones run after the restart; every job's rows are whole and
// in size order; no worker of a killed daemon survives and no shared-memory segment is left.
//
// SYMMBENCH_DURABILITY_KILLS (default 12) and SYMMBENCH_TEST_SEED (default: from the clock,
// printed) choose the run.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <map>
#include <mutex>
#include <random>
#include <thread>

#include "tests/rpc_test_util.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

int EnvInt(const char* name, int fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? std::atoi(value) : fallback;
}

// What the client was told: accepted job ids with the sizes they asked for.
struct Accepted {
  std::mutex mu;
  std::map<std::string, std::vector<int64_t>> sizes;
};

// Submits small jobs (1 or 2 ranks, 1 to 3 sizes) until `stop`, a few ms apart.
void SubmitUntilStopped(const std::string& address, uint32_t seed, const std::atomic<bool>* stop,
                        Accepted* accepted, int* refused) {
  std::mt19937 rng(seed);
  auto stub = CoordinatorStub(address);
  const int64_t kSizes[] = {1024, 4096, 16384};
  while (!stop->load()) {
    std::vector<int64_t> sizes;
    const int n = 1 + static_cast<int>(rng() % 3);
    for (int i = 0; i < n; ++i) sizes.push_back(kSizes[(rng() + i) % 3] * (i + 1));
    v1::JobSpec spec = SmallCpuSpec(1 + static_cast<int>(rng() % 2), sizes, 2 + rng() % 10);
    spec.set_timeout_s(60);
    v1::Job job;
    if (Submit(stub.get(), spec, &job).ok()) {
      std::lock_guard<std::mutex> lock(accepted->mu);
      accepted->sizes[job.job_id()] = sizes;
    } else {
      ++*refused;  // the daemon was down: the client knows it was not accepted
    }
    std::this_thread::sleep_for(milliseconds(20 + rng() % 60));
  }
}

TEST(DurabilityTest, EveryAcceptedJobSurvivesRandomKills) {
  const int kills = EnvInt("SYMMBENCH_DURABILITY_KILLS", 12);
  const uint32_t seed = static_cast<uint32_t>(
      EnvInt("SYMMBENCH_TEST_SEED", static_cast<int>(std::random_device()() & 0x7fffffff)));
  std::printf("durability: seed %u (SYMMBENCH_TEST_SEED), %d kills\n", seed, kills);
  std::mt19937 rng(seed);
  const std::string dir = MakeTempDir("durability");
  Daemon daemon(dir, 2);
  Accepted accepted;
  int refused = 0;
  int survived = 0;

  for (int k = 0; k < kills; ++k) {
    std::string error;
    ASSERT_TRUE(daemon.Start(&error)) << "restart " << k << ": " << error;
    const std::string address = daemon.address();
    std::atomic<bool> stop{false};
    std::thread client(SubmitUntilStopped, address, seed + k, &stop, &accepted, &refused);
    std::this_thread::sleep_for(milliseconds(100 + rng() % 1400));
    daemon.Kill();
    stop = true;
    client.join();
    // Every worker of the killed daemon dies with it (PR_SET_PDEATHSIG): none is left.
    std::vector<pid_t> left = WorkerPidsOf(address);
    for (int i = 0; i < 100 && !left.empty(); ++i) {
      std::this_thread::sleep_for(milliseconds(50));
      left = WorkerPidsOf(address);
    }
    EXPECT_TRUE(left.empty()) << left.size() << " workers of the daemon killed at " << k
                              << " survived";
    ++survived;
  }

  // The last restart recovers, runs what was queued, and serves every accepted job.
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  auto stub = CoordinatorStub(daemon.address());
  int lost = 0, succeeded = 0, failed_by_restart = 0;
  for (const auto& [id, sizes] : accepted.sizes) {
    v1::Job job = WaitFinal(stub.get(), id, seconds(120));
    if (job.job_id().empty()) {
      ++lost;
      ADD_FAILURE() << "job " << id << " was accepted and is gone";
      continue;
    }
    ASSERT_TRUE(IsFinal(job.state())) << id << " " << v1::JobState_Name(job.state());
    // Rows are whole and in size order, each size once (the daemon sorts the submitted sizes):
    // all of them when it succeeded, a prefix otherwise.
    std::vector<int64_t> sorted = sizes;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    ASSERT_LE(job.rows_size(), static_cast<int>(sorted.size())) << id;
    for (int i = 0; i < job.rows_size(); ++i) {
      EXPECT_EQ(job.rows(i).size_bytes(), sorted[i]) << id << " row " << i;
      EXPECT_EQ(job.rows(i).count(), sorted[i] / 4) << id << " row " << i;
      EXPECT_GT(job.rows(i).time_us(), 0) << id << " row " << i;
      EXPECT_EQ(job.rows(i).wrong(), 0) << id << " row " << i;
    }
    if (job.state() == v1::SUCCEEDED) {
      ++succeeded;
      EXPECT_EQ(job.rows_size(), static_cast<int>(sorted.size())) << id;
    } else {
      // The only way to fail here is to have been running when the daemon died.
      EXPECT_EQ(job.state(), v1::FAILED) << id;
      EXPECT_EQ(job.error(), "coordinator restarted") << id;
      EXPECT_GT(job.start_time_unix_ms(), 0) << id << " failed without having started";
      ++failed_by_restart;
    }
    // Whatever its workers created under this run's name is gone.
    if (!job.run_instance().empty()) {
      EXPECT_TRUE(ShmSegments("symmbench-" + id + "-" + job.run_instance() + "-").empty()) << id;
    }
  }
  std::printf(
      "durability: %d kills survived, %zu jobs accepted, %d lost, %d succeeded, %d failed "
      "(running at a kill), %d submissions refused while down\n",
      survived, accepted.sizes.size(), lost, succeeded, failed_by_restart, refused);
  EXPECT_EQ(lost, 0);
  EXPECT_EQ(survived, kills);
  EXPECT_GT(succeeded, 0);
}

}  // namespace
}  // namespace symmbench::testing
