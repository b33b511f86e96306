// CPU slots against the machine's cores (real daemon, real workers): without --cpu-slots a
// daemon offers one slot per core it may run on (it offered 4 on any machine), and a job whose
// ranks outnumber the cores says so in its record, every row, the table and the log. The
// daemon is started on one core (its affinity, inherited from this test), so the test holds on
// any host.
#include <gtest/gtest.h>
#include <sched.h>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

// Runs `start` with this process's affinity narrowed to one CPU (the children it forks inherit
// it), then restores it.
template <typename Start>
void OnOneCore(Start start) {
  cpu_set_t all;
  CPU_ZERO(&all);
  ASSERT_EQ(sched_getaffinity(0, sizeof(all), &all), 0);
  int first = 0;
  while (!CPU_ISSET(first, &all)) ++first;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(first, &one);
  ASSERT_EQ(sched_setaffinity(0, sizeof(one), &one), 0);
  start();
  ASSERT_EQ(sched_setaffinity(0, sizeof(all), &all), 0);
}

TEST(CpuSlotsTest, DefaultIsOneSlotPerCore) {
  Daemon daemon(MakeTempDir("cpu_slots_default"), /*cpu_slots=*/0);  // --cpu-slots 0: the default
  std::string error;
  OnOneCore([&] { ASSERT_TRUE(daemon.Start(&error)) << error; });
  const nlohmann::json devices = daemon.ClientJson({"devices"});
  EXPECT_EQ(devices["devices"].size(), 1u) << devices.dump();
}

TEST(CpuSlotsTest, RanksThatOutnumberTheCoresAreWarnedOf) {
  Daemon daemon(MakeTempDir("cpu_slots_over"), 2);
  std::string error;
  OnOneCore([&] { ASSERT_TRUE(daemon.Start(&error)) << error; });
  CommandResult result;
  const nlohmann::json job = daemon.ClientJson(
      {"submit", "--world-size", "2", "--sizes", "4K", "--iters", "2", "--repeats", "1", "--wait"},
      &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  const std::string warning =
      "2 CPU ranks ran on 1 cores: they shared cores, so its times include waiting for the "
      "scheduler";
  ASSERT_EQ(job["warnings"].size(), 1u) << job.dump();
  EXPECT_EQ(job["warnings"][0].get<std::string>().rfind(warning, 0), 0u) << job.dump();
  ASSERT_EQ(job["rows"].size(), 1u);
  EXPECT_EQ(job["rows"][0]["warnings"], job["warnings"]) << job.dump();
  const CommandResult table = daemon.Client({"status", job.value("job_id", "")});
  EXPECT_NE(table.out.find("# warning: " + warning), std::string::npos) << table.out;
  const std::string log = ReadFile(daemon.log_path());
  EXPECT_NE(log.find("--cpu-slots 2 on 1 cores"), std::string::npos) << log;
  EXPECT_NE(log.find(": " + warning), std::string::npos) << log;
  // One rank on one core: nothing to say.
  const nlohmann::json alone = daemon.ClientJson(
      {"submit", "--world-size", "1", "--sizes", "4K", "--iters", "2", "--repeats", "1", "--wait"});
  EXPECT_TRUE(alone["warnings"].empty()) << alone.dump();
}

}  // namespace
}  // namespace symmbench::testing
