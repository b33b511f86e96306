// The bearer token on a real daemon (CPU backend, loopback): calls that change state need it,
// reads are public or not as --read-only-calls says, a wrong token is refused, a token file
// other users can read is refused by the daemon and the client, and a non-loopback --listen
// needs TLS and a token.
#include <gtest/gtest.h>
#include <stdlib.h>

#include "tests/security_util.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

const std::vector<std::string> kSmallJob = {
    "submit", "--world-size", "2", "--sizes", "2K", "--iters", "2", "--warmup", "1"};

std::vector<std::string> With(std::vector<std::string> head, const std::vector<std::string>& tail) {
  head.insert(head.end(), tail.begin(), tail.end());
  return head;
}

class AuthTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTempDir("auth");
    token_ = WriteTokenFile(dir_, "token", "s3cret-token-0123456789abcdef", 0600);
    wrong_ = WriteTokenFile(dir_, "wrong", "not-the-token-0123456789abcdef", 0600);
  }
  std::string dir_, token_, wrong_;
};

TEST_F(AuthTest, PublicReadsTokenForChanges) {
  Daemon daemon(dir_, 2);
  daemon.set_extra_args({"--token-file", token_});
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;

  CommandResult refused = daemon.Client(kSmallJob);
  EXPECT_EQ(refused.exit_code, 2) << refused.out << refused.err;
  EXPECT_NE(refused.err.find("UNAUTHENTICATED"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("SubmitJob"), std::string::npos) << refused.err;
  EXPECT_EQ(daemon.Client({"list"}).exit_code, 0);  // nothing was queued by the refused call
  EXPECT_EQ(daemon.ClientJson({"list"})["jobs"].size(), 0u);

  // With the token the job runs: its workers use the Store with their job's secret.
  CommandResult result;
  nlohmann::json job =
      daemon.ClientJson(With({"--token-file", token_}, With(kSmallJob, {"--wait"})), &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(job["state"], "SUCCEEDED") << job.dump();
  EXPECT_EQ(job["rows"][0]["wrong"], 0);
  const std::string id = job["job_id"];

  // Reads need no token (public mode).
  EXPECT_EQ(daemon.ClientJson({"status", id})["state"], "SUCCEEDED");
  EXPECT_EQ(daemon.Client({"devices"}).exit_code, 0);

  // A wrong token is refused even for a call that would need none.
  CommandResult wrong = daemon.Client(With({"--token-file", wrong_}, kSmallJob));
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_NE(wrong.err.find("UNAUTHENTICATED"), std::string::npos) << wrong.err;
  EXPECT_NE(wrong.err.find("wrong"), std::string::npos) << wrong.err;
  CommandResult cancel = daemon.Client({"cancel", id});
  EXPECT_NE(cancel.err.find("UNAUTHENTICATED"), std::string::npos) << cancel.err;

  // The client also finds the token file through SYMMBENCH_TOKEN_FILE.
  setenv("SYMMBENCH_TOKEN_FILE", token_.c_str(), 1);
  CommandResult from_env = daemon.Client(With(kSmallJob, {"--wait"}));
  unsetenv("SYMMBENCH_TOKEN_FILE");
  EXPECT_EQ(from_env.exit_code, 0) << from_env.out << from_env.err;
}

TEST_F(AuthTest, TokenModeCoversReads) {
  Daemon daemon(dir_, 2);
  daemon.set_extra_args({"--token-file", token_, "--read-only-calls", "token"});
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  for (const std::vector<std::string>& read :
       std::vector<std::vector<std::string>>{{"list"}, {"devices"}, {"status", "j-000001"}}) {
    CommandResult refused = daemon.Client(read);
    EXPECT_EQ(refused.exit_code, 2) << read[0];
    EXPECT_NE(refused.err.find("UNAUTHENTICATED"), std::string::npos) << refused.err;
  }
  CommandResult result;
  nlohmann::json job =
      daemon.ClientJson(With({"--token-file", token_}, With(kSmallJob, {"--wait"})), &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  CommandResult status = daemon.Client({"--token-file", token_, "status", job["job_id"]});
  EXPECT_EQ(status.exit_code, 0) << status.err;
}

TEST_F(AuthTest, TokenFileOthersCanReadIsRefused) {
  const std::string open_file = WriteTokenFile(dir_, "open", "s3cret-token-0123456789abcdef", 0644);
  CommandResult daemon =
      RunCommand({RunfilePath("server/symmbenchd"), "--listen", "127.0.0.1:0", "--metrics-listen",
                  "", "--db", dir_ + "/jobs.db", "--log-dir", dir_ + "/logs", "--backend", "cpu",
                  "--token-file", open_file});
  EXPECT_EQ(daemon.exit_code, 2);
  const std::string said = daemon.out + daemon.err;
  EXPECT_NE(said.find("--token-file " + open_file), std::string::npos) << said;
  EXPECT_NE(said.find("mode 0644"), std::string::npos) << said;

  CommandResult client = RunCommand({RunfilePath("client/symmbench"), "--coordinator",
                                     "127.0.0.1:1", "--token-file", open_file, "list"});
  EXPECT_EQ(client.exit_code, 2);
  EXPECT_NE(client.err.find("mode 0644"), std::string::npos) << client.err;
}

TEST_F(AuthTest, NonLoopbackListenNeedsTlsAndToken) {
  CommandResult refused = RunCommand(
      {RunfilePath("server/symmbenchd"), "--listen", "0.0.0.0:0", "--metrics-listen", "", "--db",
       dir_ + "/jobs.db", "--log-dir", dir_ + "/logs", "--backend", "cpu", "--token-file", token_});
  EXPECT_NE(refused.exit_code, 0);
  const std::string said = refused.out + refused.err;
  EXPECT_NE(said.find("--listen 0.0.0.0:0 is not a loopback address"), std::string::npos) << said;
  EXPECT_NE(said.find("--tls-cert"), std::string::npos) << said;
  EXPECT_NE(said.find("--tls-key"), std::string::npos) << said;

  CommandResult bare =
      RunCommand({RunfilePath("server/symmbenchd"), "--listen", "[::]:0", "--metrics-listen", "",
                  "--db", dir_ + "/jobs.db", "--log-dir", dir_ + "/logs", "--backend", "cpu"});
  EXPECT_NE(bare.exit_code, 0);
  EXPECT_NE((bare.out + bare.err).find("--token-file"), std::string::npos) << bare.out;

  if (!HaveOpenssl()) GTEST_SKIP() << "openssl CLI not installed: the TLS half is not run";
  TestPki pki;
  std::string error;
  ASSERT_TRUE(MakeTestPki(dir_, &pki, &error)) << error;
  Daemon daemon(dir_, 2);
  daemon.set_listen("0.0.0.0:0");
  daemon.set_extra_args(
      {"--tls-cert", pki.server_cert, "--tls-key", pki.server_key, "--token-file", token_});
  daemon.set_client_args({"--tls-ca", pki.server_cert, "--token-file", token_});
  ASSERT_TRUE(daemon.Start(&error)) << error;
  CommandResult devices = daemon.Client({"devices"});
  EXPECT_EQ(devices.exit_code, 0) << devices.err;
}

}  // namespace
}  // namespace symmbench::testing
