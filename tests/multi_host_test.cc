// Ranks on two hosts: two network namespaces joined by veth pairs to a bridge (tests/netns/
// hosts.sh), each rank's worker started in one of them with its own host name
// (tests/netns/worker_on_host.sh as the daemon's --worker). The coordinator listens on the
// bridge address with TLS and a token, so every Store and report call crosses the network.
// The ranks rendezvous across the hosts and learn which of them share one: a job on one host
// runs, a symmetric-memory job spread over both is refused naming the hosts, and the same job
// with per-host teams runs the kernel within each host and the all-reduce over every rank
// across them.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "tests/security_util.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

class MultiHostTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const int tag = static_cast<int>(getpid() % 200);
    name_ = "sbm" + std::to_string(tag);
    const std::string subnet = "10.78." + std::to_string(tag + 20);
    CommandResult up =
        RunCommand({"/bin/bash", RunfilePath("tests/netns/hosts.sh"), "up", name_, subnet});
    ASSERT_EQ(up.exit_code, 0) << "making the two hosts (needs root and iproute2): " << up.out
                               << up.err;
    bridge_ = subnet + ".1";
    dir_ = MakeTempDir("multi-host");
    std::string error;
    ASSERT_TRUE(MakeTestPki(dir_, &pki_, &error, "IP:" + bridge_)) << error;
    token_ = WriteTokenFile(dir_, "token", "multi-host-test-token", 0600);
    setenv("SYMMBENCH_TEST_NETNS", name_.c_str(), 1);
    setenv("SYMMBENCH_TEST_RANKS_PER_HOST", "2", 1);
    setenv("SYMMBENCH_TEST_WORKER", RunfilePath("worker/symmbench-worker").c_str(), 1);
  }
  void TearDown() override {
    RunCommand({"/bin/bash", RunfilePath("tests/netns/hosts.sh"), "down", name_});
  }

  // Runs `kernel` at world size 4 (two ranks per host) with per-host teams; returns the job.
  nlohmann::json RunTeams(Daemon* daemon, const std::string& kernel, CommandResult* result) {
    return daemon->ClientJson({"submit", "--kernel", kernel, "--world-size", "4", "--sizes",
                               "4K,64K", "--iters", "5", "--per-host-teams", "--wait"},
                              result);
  }

  void StartDaemon(Daemon* daemon) {
    daemon->set_listen(bridge_ + ":0");
    daemon->set_worker(RunfilePath("tests/netns/worker_on_host.sh"));
    daemon->set_extra_args(
        {"--tls-cert", pki_.server_cert, "--tls-key", pki_.server_key, "--token-file", token_});
    daemon->set_client_args({"--tls-ca", pki_.server_cert, "--token-file", token_});
    std::string error;
    ASSERT_TRUE(daemon->Start(&error)) << error;
    ASSERT_EQ(daemon->address().rfind(bridge_ + ":", 0), 0u) << daemon->address();
  }

  std::string name_, bridge_, dir_, token_;
  TestPki pki_;
};

TEST_F(MultiHostTest, RanksRendezvousAcrossHostsAndLearnWhichShareOne) {
  Daemon daemon(dir_, 4, "cpu");
  StartDaemon(&daemon);

  // World size 2: ranks 0 and 1 on host1, rendezvous over TLS from their namespace.
  CommandResult result;
  nlohmann::json one_host = daemon.ClientJson(
      {"submit", "--world-size", "2", "--sizes", "4K,64K", "--iters", "5", "--wait"}, &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(one_host["state"], "SUCCEEDED") << one_host.dump();
  for (const nlohmann::json& row : one_host["rows"]) EXPECT_EQ(row["wrong"], 0) << row.dump();
  EXPECT_EQ(one_host["hosts"], nlohmann::json({"host1", "host1"})) << one_host.dump();
  const std::string id = one_host["job_id"];
  const std::string rank1 = ReadFile(dir_ + "/logs/" + id + ".rank1.log");
  EXPECT_NE(rank1.find("local rank 1 of 2 on host host1 (host1: ranks 0,1)"), std::string::npos)
      << rank1;

  // World size 4: ranks 2 and 3 start on host2. They all meet in the Store (the host names
  // are exchanged there) and then refuse to map each other's memory.
  nlohmann::json two_hosts = daemon.ClientJson(
      {"submit", "--world-size", "4", "--sizes", "4K", "--iters", "5", "--wait"}, &result);
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_EQ(two_hosts["state"], "FAILED") << two_hosts.dump();
  EXPECT_EQ(two_hosts["hosts"], nlohmann::json({"host1", "host1", "host2", "host2"}));
  const std::string error = two_hosts.value("error", "");
  EXPECT_NE(error.find("the ranks are on 2 hosts (host1: ranks 0,1; host2: ranks 2,3): kernel "
                       "one_shot_all_reduce runs on symmetric memory"),
            std::string::npos)
      << error;
  EXPECT_EQ(daemon.Stop(), 0);
}

TEST_F(MultiHostTest, PerHostTeamsRunTheKernelPerHostAndTheBaselineAcrossHosts) {
  Daemon daemon(dir_, 4, "cpu");
  StartDaemon(&daemon);
  for (const std::string kernel : {"one_shot_all_reduce", "two_shot_all_reduce", "all_reduce"}) {
    CommandResult result;
    const nlohmann::json job = RunTeams(&daemon, kernel, &result);
    ASSERT_EQ(result.exit_code, 0) << kernel << ": " << result.out << result.err;
    EXPECT_EQ(job["state"], "SUCCEEDED") << job.dump();
    EXPECT_EQ(job["hosts"], nlohmann::json({"host1", "host1", "host2", "host2"}));
    EXPECT_EQ(job["spec"]["sweep"]["per_host_teams"], true) << job.dump();
    ASSERT_EQ(job["rows"].size(), 2u) << job.dump();
    for (const nlohmann::json& row : job["rows"]) {
      EXPECT_EQ(row["wrong"], 0) << row.dump();
      EXPECT_EQ(row["checked"], true) << row.dump();
      EXPECT_EQ(row["team_size"], 2) << row.dump();
      // The kernel's busbw uses the team of 2 (factor 2(n-1)/n = 1), not the world of 4.
      EXPECT_DOUBLE_EQ(row["busbw_gbps"].get<double>(), row["algbw_gbps"].get<double>());
      // Its reference ran within the team and is the row's baseline; the all-reduce over all
      // four ranks, verified against the exact sum before it was timed, is listed beside it.
      EXPECT_EQ(row["reference"], "reference_sum") << row.dump();
      std::map<std::string, nlohmann::json> baselines;
      for (const nlohmann::json& b : row["references"]) baselines[b["name"]] = b;
      ASSERT_EQ(baselines.count("store_all_reduce"), 1u) << row.dump();
      const nlohmann::json& across = baselines["store_all_reduce"];
      EXPECT_GT(across["time_us"].get<double>(), 0) << row.dump();
      const double algbw =
          row["size_bytes"].get<double>() / (across["time_us"].get<double>() * 1e3);
      EXPECT_NEAR(across["busbw_gbps"].get<double>(), algbw * 1.5, algbw * 1e-9) << row.dump();
    }
    const std::string id = job["job_id"];
    const std::string rank2 = ReadFile(dir_ + "/logs/" + id + ".rank2.log");
    EXPECT_NE(rank2.find("team 1 (rank 0 of 2), store_all_reduce over all ranks"),
              std::string::npos)
        << rank2;
    if (kernel == "all_reduce") {
      // The coordinator chose the table for 4 ranks (it cannot know the hosts without nodes);
      // the teams of 2 use the table for 2.
      EXPECT_NE(rank2.find("dispatch table for 4 ranks, teams of 2: using the built-in table"),
                std::string::npos)
          << rank2;
    }
  }
  EXPECT_EQ(daemon.Stop(), 0);
}

TEST_F(MultiHostTest, PerHostTeamsOfUnequalSizeAreRefusedNamingTheHosts) {
  setenv("SYMMBENCH_TEST_RANKS_PER_HOST", "3", 1);  // host1: ranks 0,1,2; host2: rank 3
  Daemon daemon(dir_, 4, "cpu");
  StartDaemon(&daemon);
  CommandResult result;
  const nlohmann::json job = RunTeams(&daemon, "one_shot_all_reduce", &result);
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_EQ(job["state"], "FAILED") << job.dump();
  EXPECT_NE(job.value("error", "")
                .find("per_host_teams: the hosts hold different numbers of "
                      "ranks (host1: ranks 0,1,2; host2: rank 3)"),
            std::string::npos)
      << job.dump();
  EXPECT_EQ(daemon.Stop(), 0);
}

}  // namespace
}  // namespace symmbench::testing
