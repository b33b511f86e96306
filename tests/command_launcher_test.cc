// symmbenchd --launcher command end to end: the daemon starts no worker itself; a launch
// command (tests/command/launch_local.sh, standing in for a cluster such as a Kubernetes Indexed
// Job) starts them with the job's id and secret from its environment, and the workers report
// back until every rank is done. A job whose ranks never all report times out naming them; a
// cancelled, failed or timed-out job has the command's `stop` run; a start that fails fails the
// job with the command's words; a restarted daemon stops what it can no longer follow.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

class CommandLauncherTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTempDir("command-launcher");
    launch_dir_ = MakeTempDir("command-launcher-calls");
    setenv("SYMMBENCH_TEST_LAUNCH_DIR", launch_dir_.c_str(), 1);
    setenv("SYMMBENCH_TEST_WORKER", RunfilePath("worker/symmbench-worker").c_str(), 1);
  }

  void StartDaemon(Daemon* daemon, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"--launcher",
                                     "command",
                                     "--launch-command",
                                     RunfilePath("tests/command/launch_local.sh"),
                                     "--cluster-ranks",
                                     "4",
                                     "--allow-fault-injection"};
    args.insert(args.end(), extra.begin(), extra.end());
    daemon->set_extra_args(args);
    std::string error;
    ASSERT_TRUE(daemon->Start(&error)) << error;
  }

  // Polls until `path` exists (10 s at most).
  static bool WaitForFile(const std::string& path) {
    struct stat st;
    for (int i = 0; i < 200; ++i) {
      if (stat(path.c_str(), &st) == 0) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  }

  std::string Calls() const { return ReadFile(launch_dir_ + "/calls"); }

  std::string dir_, launch_dir_;
};

TEST_F(CommandLauncherTest, TheJobSucceedsOnceEveryRankHasReportedDone) {
  Daemon daemon(dir_, 4, "cpu");
  StartDaemon(&daemon);
  CommandResult result;
  const nlohmann::json job = daemon.ClientJson(
      {"submit", "--world-size", "4", "--sizes", "4K,64K", "--iters", "5", "--wait"}, &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(job["state"], "SUCCEEDED") << job.dump();
  const std::string id = job["job_id"];
  EXPECT_EQ(job["launch_id"], "command:local:" + id) << job.dump();
  ASSERT_EQ(job["rows"].size(), 2u) << job.dump();
  for (const nlohmann::json& row : job["rows"]) EXPECT_EQ(row["wrong"], 0) << row.dump();
  // `stop` cleans up behind a job that ended well too.
  EXPECT_TRUE(WaitForFile(launch_dir_ + "/" + id + ".stopped")) << Calls();
  EXPECT_EQ(Calls(), "start " + id + "\nstop local:" + id + "\n");
  // The daemon started nothing itself: the workers' logs are where the command put them.
  const std::string rank3 = ReadFile(launch_dir_ + "/" + id + "/rank3.log");
  EXPECT_NE(rank3.find("rank 3: done"), std::string::npos) << rank3;
  EXPECT_EQ(daemon.Stop(), 0);
}

TEST_F(CommandLauncherTest, MissingRanksTimeOutNamedAndCancelStopsTheWorkers) {
  Daemon daemon(dir_, 4, "cpu");
  StartDaemon(&daemon);
  std::ofstream(launch_dir_ + "/start_ranks") << "1";  // the cluster starts rank 0 only
  CommandResult result;
  const nlohmann::json timed_out =
      daemon.ClientJson({"submit", "--world-size", "2", "--sizes", "4K", "--iters", "5",
                         "--job-timeout-s", "3", "--wait"},
                        &result);
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_EQ(timed_out["state"], "FAILED") << timed_out.dump();
  const std::string id = timed_out["job_id"];
  EXPECT_NE(timed_out.value("error", "")
                .find("job timed out after 3 s; rank 1 never reached the "
                      "rendezvous; ranks 0,1 did not report done "
                      "(started by the launch command as local:" +
                      id + ")"),
            std::string::npos)
      << timed_out.dump();
  EXPECT_EQ(timed_out.value("failed_rank", -1), 1) << timed_out.dump();
  EXPECT_TRUE(WaitForFile(launch_dir_ + "/" + id + ".stopped")) << Calls();

  // Cancelled while rank 0 waits for rank 1 at rendezvous: `stop` runs and kills it.
  const nlohmann::json queued =
      daemon.ClientJson({"submit", "--world-size", "2", "--sizes", "4K", "--iters", "5"}, &result);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string cancelled = queued["job_id"];
  ASSERT_EQ(daemon.WaitForState(cancelled, {"RUNNING"}), "RUNNING");
  ASSERT_TRUE(WaitForFile(launch_dir_ + "/" + cancelled + "/pids"));
  ASSERT_EQ(daemon.Client({"cancel", cancelled}).exit_code, 0);
  EXPECT_EQ(daemon.WaitForState(cancelled, {"CANCELLED", "FAILED", "SUCCEEDED"}), "CANCELLED");
  EXPECT_TRUE(WaitForFile(launch_dir_ + "/" + cancelled + ".stopped")) << Calls();
  const std::string pid = ReadFile(launch_dir_ + "/" + cancelled + "/pids");
  EXPECT_NE(RunCommand({"/bin/kill", "-0", pid.substr(0, pid.find('\n'))}).exit_code, 0)
      << "rank 0 still runs after stop";
  EXPECT_EQ(daemon.Stop(), 0);
}

TEST_F(CommandLauncherTest, AFailingRankOrStartFailsTheJobWithTheCause) {
  Daemon daemon(dir_, 4, "cpu");
  StartDaemon(&daemon);
  const std::string spec = dir_ + "/rank_error.json";
  std::ofstream(spec) << R"({"kernel": "one_shot_all_reduce", "world_size": 2, "backend": "cpu",
                            "sizes_bytes": [4096], "iters": 5, "inject_fault": "rank_error:1"})";
  CommandResult result;
  const nlohmann::json failed = daemon.ClientJson({"submit", "--spec", spec, "--wait"}, &result);
  EXPECT_EQ(failed["state"], "FAILED") << failed.dump();
  EXPECT_EQ(failed.value("failed_rank", -1), 1) << failed.dump();
  EXPECT_TRUE(WaitForFile(launch_dir_ + "/" + failed["job_id"].get<std::string>() + ".stopped"));

  std::ofstream(launch_dir_ + "/refuse") << "no capacity in namespace bench";
  const nlohmann::json refused = daemon.ClientJson(
      {"submit", "--world-size", "2", "--sizes", "4K", "--iters", "5", "--wait"}, &result);
  EXPECT_EQ(refused["state"], "FAILED") << refused.dump();
  EXPECT_NE(refused.value("error", "")
                .find("start " + refused["job_id"].get<std::string>() +
                      " failed: exit code 3: no capacity in namespace bench"),
            std::string::npos)
      << refused.dump();
  EXPECT_EQ(daemon.Stop(), 0);
}

TEST_F(CommandLauncherTest, ARestartedDaemonStopsWhatItCannotFollow) {
  std::string id;
  {
    Daemon daemon(dir_, 4, "cpu");
    StartDaemon(&daemon);
    std::ofstream(launch_dir_ + "/start_ranks") << "1";  // never ends by itself
    CommandResult result;
    const nlohmann::json job = daemon.ClientJson(
        {"submit", "--world-size", "2", "--sizes", "4K", "--iters", "5"}, &result);
    ASSERT_EQ(result.exit_code, 0) << result.err;
    id = job["job_id"];
    ASSERT_EQ(daemon.WaitForState(id, {"RUNNING"}), "RUNNING");
    ASSERT_TRUE(WaitForFile(launch_dir_ + "/" + id + "/pids"));
    daemon.Kill();  // a crash: the cluster's workers run on
  }
  Daemon restarted(dir_, 4, "cpu");
  StartDaemon(&restarted);
  const nlohmann::json job = restarted.ClientJson({"status", id});
  EXPECT_EQ(job["state"], "FAILED") << job.dump();
  EXPECT_NE(job.value("error", "").find("coordinator restarted"), std::string::npos);
  EXPECT_TRUE(WaitForFile(launch_dir_ + "/" + id + ".stopped")) << Calls();
  EXPECT_NE(Calls().find("stop local:" + id), std::string::npos) << Calls();
  EXPECT_EQ(restarted.Stop(), 0);
}

TEST(CommandLauncherFlagsTest, TheDaemonRefusesAnIncompleteConfiguration) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--launcher", "command"},
        std::vector<std::string>{"--launch-command", "/bin/true"}}) {
    Daemon daemon(MakeTempDir("command-flags"), 4, "cpu");
    daemon.set_extra_args(args);
    std::string error;
    EXPECT_FALSE(daemon.Start(&error));
    EXPECT_NE(error.find("--launch-command"), std::string::npos) << error;
  }
}

}  // namespace
}  // namespace symmbench::testing
