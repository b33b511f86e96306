// The Slurm launcher against a real Slurm (Debian's slurm-wlm: slurmctld and two slurmd nodes on
// loopback, CPU-only, started here by tests/slurm/cluster.sh and stopped after): CPU-backend jobs
// at world size 4 run as Slurm jobs and verify; a job over both nodes runs as per-host teams;
// cancel reaches Slurm; a step that fails in Slurm fails the job with Slurm's reason; a
// restarted daemon scancels what it can no longer follow; and nothing is left in Slurm's queue
// afterwards.
#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>

#include <fstream>
#include <string>
#include <thread>
#include <tuple>
#include <utility>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

class SlurmTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    cluster_dir_ = new std::string(MakeTempDir("slurm-cluster"));
    CommandResult up = RunCommand(
        {"/bin/bash", RunfilePath("tests/slurm/cluster.sh"), "start", *cluster_dir_, "2"},
        std::chrono::seconds(60));
    ASSERT_EQ(up.exit_code, 0) << "starting slurmctld/slurmd failed (install slurm-wlm: "
                                  "deploy/install-deps.sh)\n"
                               << up.out << up.err;
    setenv("SLURM_CONF", (*cluster_dir_ + "/slurm.conf").c_str(), 1);
  }
  static void TearDownTestSuite() {
    RunCommand({"/bin/bash", RunfilePath("tests/slurm/cluster.sh"), "stop", *cluster_dir_},
               std::chrono::seconds(60));
    delete cluster_dir_;
  }

  // Slurm's view of every job still pending or running ("" when none).
  static std::string LiveSlurmJobs() {
    return RunCommand({"/usr/bin/squeue", "--noheader",
                       "--states=PENDING,RUNNING,COMPLETING,CONFIGURING", "--format=%i %T %j"})
        .out;
  }
  // Slurm's state of job `slurm_id` ("COMPLETED", "CANCELLED"...).
  static std::string SlurmState(const std::string& slurm_id) {
    std::string out = RunCommand({"/usr/bin/squeue", "--noheader", "--states=all",
                                  "--jobs=" + slurm_id, "--format=%T"})
                          .out;
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    return out;
  }
  static std::string SlurmId(const nlohmann::json& job) {
    const std::string launch = job.value("launch_id", "");
    return launch.rfind("slurm:", 0) == 0 ? launch.substr(6) : "";
  }

  // The daemon's log and every Slurm job log under `dir`, for a failure message.
  static std::string Logs(const std::string& dir) {
    return RunCommand({"/bin/sh", "-c",
                       "tail -n 30 '" + dir + "/symmbenchd.log' '" + dir + "'/logs/*.slurm-*.log " +
                           "2>&1; /usr/bin/squeue --states=all 2>&1; tail -n 20 '" + *cluster_dir_ +
                           "'/log/*.log"})
        .out;
  }

  void StartDaemon(Daemon* daemon) {
    daemon->set_extra_args({"--launcher", "slurm", "--slurm-ranks", "8", "--slurm-poll-ms", "200",
                            "--allow-fault-injection"});
    std::string error;
    ASSERT_TRUE(daemon->Start(&error)) << error;
  }

  // Submits a job that runs until it is stopped and waits until Slurm runs its step; returns
  // {job id, Slurm job id}.
  static std::pair<std::string, std::string> StartEndlessJob(const Daemon& daemon) {
    CommandResult result;
    nlohmann::json job = daemon.ClientJson(
        {"submit", "--world-size", "4", "--sizes", "64K", "--iters", "1000000", "--warmup", "0"},
        &result);
    EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
    const std::string id = job.value("job_id", "");
    EXPECT_EQ(daemon.WaitForState(id, {"RUNNING"}), "RUNNING");
    const std::string slurm_id = SlurmId(daemon.ClientJson({"status", id}));
    EXPECT_FALSE(slurm_id.empty());
    for (int i = 0; i < 100 && SlurmState(slurm_id) != "RUNNING"; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return {id, slurm_id};
  }

  // Polls Slurm's state of `slurm_id` until it is `want` (10 s at most); returns the last one.
  static std::string WaitForSlurmState(const std::string& slurm_id, const std::string& want) {
    std::string state;
    for (int i = 0; i < 100; ++i) {
      state = SlurmState(slurm_id);
      if (state == want) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return state;
  }

  static std::string* cluster_dir_;
};
std::string* SlurmTest::cluster_dir_ = nullptr;

TEST_F(SlurmTest, WorldSizeFourJobsRunAsSlurmJobsAndVerify) {
  const std::string dir = MakeTempDir("slurm-run");
  Daemon daemon(dir, 4, "cpu");
  StartDaemon(&daemon);
  for (const char* kernel : {"one_shot_all_reduce", "two_shot_all_reduce", "all_reduce"}) {
    CommandResult result;
    nlohmann::json job =
        daemon.ClientJson({"submit", "--kernel", kernel, "--world-size", "4", "--sizes", "4K,64K",
                           "--iters", "5", "--repeats", "1", "--wait"},
                          &result);
    ASSERT_EQ(result.exit_code, 0) << kernel << "\n" << result.out << result.err << Logs(dir);
    EXPECT_EQ(job["state"], "SUCCEEDED") << job.dump();
    ASSERT_EQ(job["rows"].size(), 2u) << job.dump();
    for (const nlohmann::json& row : job["rows"]) {
      EXPECT_TRUE(row.value("checked", false)) << row.dump();
      EXPECT_EQ(row.value("wrong", -1), 0) << row.dump();
    }
    const std::string slurm_id = SlurmId(job);
    ASSERT_FALSE(slurm_id.empty()) << job.dump();
    EXPECT_EQ(job["hosts"].size(), 4u) << job.dump();  // every rank's host, from rank 0
    EXPECT_EQ(SlurmState(slurm_id), "COMPLETED");
  }
  EXPECT_EQ(LiveSlurmJobs(), "");
}

TEST_F(SlurmTest, CancelEndsTheSlurmJob) {
  Daemon daemon(MakeTempDir("slurm-cancel"), 4, "cpu");
  StartDaemon(&daemon);
  const auto [id, slurm_id] = StartEndlessJob(daemon);
  ASSERT_FALSE(slurm_id.empty());
  CommandResult cancel = daemon.Client({"cancel", id});
  EXPECT_EQ(cancel.exit_code, 0) << cancel.out << cancel.err;
  EXPECT_EQ(daemon.WaitForState(id, {"CANCELLED", "FAILED", "SUCCEEDED"}), "CANCELLED");
  EXPECT_EQ(WaitForSlurmState(slurm_id, "CANCELLED"), "CANCELLED");
  EXPECT_EQ(LiveSlurmJobs(), "");
}

TEST_F(SlurmTest, AStepThatFailsInSlurmFailsTheJobWithSlurmsReason) {
  Daemon daemon(MakeTempDir("slurm-fail"), 4, "cpu");
  StartDaemon(&daemon);
  const auto [id, slurm_id] = StartEndlessJob(daemon);
  ASSERT_FALSE(slurm_id.empty());
  // Slurm, not symmbench, ends the step (an administrator, a node failure, a time limit).
  EXPECT_EQ(RunCommand({"/usr/bin/scancel", slurm_id}).exit_code, 0);
  EXPECT_EQ(daemon.WaitForState(id, {"CANCELLED", "FAILED", "SUCCEEDED"}), "FAILED");
  nlohmann::json failed = daemon.ClientJson({"status", id});
  const std::string error = failed.value("error", "");
  EXPECT_NE(error.find("Slurm job " + slurm_id + " CANCELLED"), std::string::npos) << error;
  EXPECT_EQ(LiveSlurmJobs(), "");
}

TEST_F(SlurmTest, AFailingRankFailsTheJobNamingTheRank) {
  Daemon daemon(MakeTempDir("slurm-rank"), 4, "cpu");
  StartDaemon(&daemon);
  CommandResult result;
  nlohmann::json spec = {{"kernel", "one_shot_all_reduce"},
                         {"world_size", 4},
                         {"sizes_bytes", {4096}},
                         {"iters", 5},
                         {"inject_fault", "rank_error:2"}};
  const std::string spec_path = MakeTempDir("slurm-rank-spec") + "/spec.json";
  std::ofstream(spec_path) << spec.dump();
  nlohmann::json job = daemon.ClientJson({"submit", "--spec", spec_path, "--wait"}, &result);
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_EQ(job["state"], "FAILED") << job.dump();
  EXPECT_EQ(job.value("failed_rank", -1), 2) << job.dump();
  EXPECT_NE(job.value("error", "").find("rank 2"), std::string::npos) << job.dump();
  for (int i = 0; i < 100 && !LiveSlurmJobs().empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(LiveSlurmJobs(), "");
}

TEST_F(SlurmTest, ARestartedDaemonCancelsWhatItCannotFollow) {
  const std::string dir = MakeTempDir("slurm-restart");
  std::string slurm_id;
  std::string id;
  {
    Daemon daemon(dir, 4, "cpu");
    StartDaemon(&daemon);
    std::tie(id, slurm_id) = StartEndlessJob(daemon);
    ASSERT_FALSE(slurm_id.empty());
    daemon.Kill();  // a crash: the Slurm job runs on
  }
  EXPECT_NE(LiveSlurmJobs(), "");
  Daemon restarted(dir, 4, "cpu");
  StartDaemon(&restarted);
  nlohmann::json job = restarted.ClientJson({"status", id});
  EXPECT_EQ(job["state"], "FAILED") << job.dump();
  EXPECT_NE(job.value("error", "").find("coordinator restarted"), std::string::npos);
  EXPECT_EQ(WaitForSlurmState(slurm_id, "CANCELLED"), "CANCELLED");
  EXPECT_EQ(LiveSlurmJobs(), "");
}

TEST_F(SlurmTest, PerHostTeamsRunOverTwoSlurmNodes) {
  const std::string dir = MakeTempDir("slurm-teams");
  Daemon daemon(dir, 4, "cpu");
  StartDaemon(&daemon);
  CommandResult result;
  const nlohmann::json job = daemon.ClientJson(
      {"submit", "--kernel", "all_reduce", "--world-size", "4", "--nodes", "2", "--per-host-teams",
       "--sizes", "4K,64K", "--iters", "5", "--repeats", "1", "--wait"},
      &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err << Logs(dir);
  EXPECT_EQ(job["state"], "SUCCEEDED") << job.dump();
  // Slurm put two tasks on each node (--ntasks-per-node=2); each rank's host is its node.
  EXPECT_EQ(job["hosts"], nlohmann::json({"node1", "node1", "node2", "node2"})) << job.dump();
  // The coordinator chose all_reduce's table for the teams' size (world_size / nodes).
  EXPECT_EQ(job["spec"]["sweep"]["dispatch"]["world_size"], 2) << job.dump();
  ASSERT_EQ(job["rows"].size(), 2u) << job.dump();
  for (const nlohmann::json& row : job["rows"]) {
    EXPECT_EQ(row.value("wrong", -1), 0) << row.dump();
    EXPECT_EQ(row.value("team_size", 0), 2) << row.dump();
    bool across = false;
    for (const nlohmann::json& b : row["references"]) {
      across = across || (b["name"] == "store_all_reduce" && b["time_us"].get<double>() > 0);
    }
    EXPECT_TRUE(across) << "no store_all_reduce over both nodes: " << row.dump();
  }
  EXPECT_EQ(SlurmState(SlurmId(job)), "COMPLETED");
  const std::string script =
      ReadFile(dir + "/logs/" + job["job_id"].get<std::string>() + ".sbatch");
  EXPECT_NE(script.find("'--host-from-env' 'SLURMD_NODENAME'"), std::string::npos) << script;
  EXPECT_EQ(LiveSlurmJobs(), "");
}

TEST_F(SlurmTest, SymmetricKernelAcrossHostsIsRefusedNamingNodes) {
  Daemon daemon(MakeTempDir("slurm-nodes"), 4, "cpu");
  StartDaemon(&daemon);
  const std::string spec_path = MakeTempDir("slurm-nodes-spec") + "/spec.json";
  std::ofstream(spec_path) << nlohmann::json{
      {"kernel", "one_shot_all_reduce"},
      {"world_size", 4},
      {"sizes_bytes", {4096}},
      {"nodes", 2}}.dump();
  CommandResult result = daemon.Client({"submit", "--spec", spec_path});
  EXPECT_EQ(result.exit_code, 2) << result.out << result.err;
  EXPECT_NE(result.err.find("nodes: kernel one_shot_all_reduce runs on symmetric memory"),
            std::string::npos)
      << result.err;
}

}  // namespace
}  // namespace symmbench::testing
