// Ranks on two hosts: two network namespaces joined by veth pairs to a bridge (tests/netns/
// hosts.sh), each rank's worker started in one of them with its own host name
// (tests/netns/worker_on_host.sh as the daemon's --worker). The coordinator listens on the
// bridge address with TLS and a token, so every Store and report call crosses the network.
// The ranks rendezvous across the hosts and learn which of them share one: a job on one host
// runs, and a symmetric-memory job spread over both is refused naming the hosts.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <fstream>
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

}  // namespace
}  // namespace symmbench::testing
