// TLS on a real daemon (CPU backend, loopback): a client must verify the daemon's certificate;
// with --tls-client-ca a client needs a certificate that CA signed (the workers need none:
// they carry their job's secret); and a whole job runs over TLS with a token, its workers
// dialling TLS too.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>

#include "tests/security_util.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

const std::vector<std::string> kJob = {"submit", "--world-size", "2", "--dtype",  "fp32", "--sizes",
                                       "4,64K",  "--iters",      "3", "--warmup", "1",    "--wait"};

class TlsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!HaveOpenssl()) GTEST_SKIP() << "openssl CLI not installed (Debian package openssl)";
    dir_ = MakeTempDir("tls");
    std::string error;
    ASSERT_TRUE(MakeTestPki(dir_, &pki_, &error)) << error;
    token_ = WriteTokenFile(dir_, "token", "tls-test-token-0123456789abcdef", 0600);
  }
  std::string dir_, token_;
  TestPki pki_;
};

TEST_F(TlsTest, ClientMustVerifyTheServer) {
  Daemon daemon(dir_, 2);
  daemon.set_extra_args({"--tls-cert", pki_.server_cert, "--tls-key", pki_.server_key});
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;

  CommandResult plaintext = daemon.Client({"devices"});
  EXPECT_EQ(plaintext.exit_code, 2);
  EXPECT_NE(plaintext.err.find("UNAVAILABLE"), std::string::npos) << plaintext.err;
  // TLS, but trusting another CA: the handshake fails.
  CommandResult untrusted = daemon.Client({"--tls-ca", pki_.client_ca, "devices"});
  EXPECT_EQ(untrusted.exit_code, 2);
  EXPECT_NE(untrusted.err.find("UNAVAILABLE"), std::string::npos) << untrusted.err;
  CommandResult trusted = daemon.Client({"--tls-ca", pki_.server_cert, "devices"});
  EXPECT_EQ(trusted.exit_code, 0) << trusted.err;
  // The certificate names localhost too.
  CommandResult by_name =
      daemon.Client({"--tls-ca", pki_.server_cert, "--tls-server-name", "localhost", "devices"});
  EXPECT_EQ(by_name.exit_code, 0) << by_name.err;
}

TEST_F(TlsTest, ClientCertificateRequiredWithClientCa) {
  Daemon daemon(dir_, 2);
  daemon.set_extra_args({"--tls-cert", pki_.server_cert, "--tls-key", pki_.server_key,
                         "--tls-client-ca", pki_.client_ca});
  daemon.set_client_args({"--tls-ca", pki_.server_cert});
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;

  CommandResult no_cert = daemon.Client({"devices"});
  EXPECT_EQ(no_cert.exit_code, 2);
  EXPECT_NE(no_cert.err.find("UNAUTHENTICATED"), std::string::npos) << no_cert.err;
  EXPECT_NE(no_cert.err.find("--tls-client-ca"), std::string::npos) << no_cert.err;
  CommandResult rogue =
      daemon.Client({"--tls-cert", pki_.rogue_cert, "--tls-key", pki_.rogue_key, "devices"});
  EXPECT_EQ(rogue.exit_code, 2);
  EXPECT_NE(rogue.err.find("UNAVAILABLE"), std::string::npos) << rogue.err;

  const std::vector<std::string> cert = {"--tls-cert", pki_.client_cert, "--tls-key",
                                         pki_.client_key};
  CommandResult devices = daemon.Client({cert[0], cert[1], cert[2], cert[3], "devices"});
  EXPECT_EQ(devices.exit_code, 0) << devices.err;
  std::vector<std::string> submit = cert;
  submit.insert(submit.end(), kJob.begin(), kJob.end());
  submit.push_back("--json");
  CommandResult result = daemon.Client(submit);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  nlohmann::json job = nlohmann::json::parse(result.out);
  EXPECT_EQ(job["state"], "SUCCEEDED") << job.dump();
}

TEST_F(TlsTest, WholeJobOverTlsWithTokenOnEveryInterface) {
  Daemon daemon(dir_, 2);
  daemon.set_listen("0.0.0.0:0");
  daemon.set_extra_args({"--tls-cert", pki_.server_cert, "--tls-key", pki_.server_key,
                         "--token-file", token_, "--read-only-calls", "token"});
  daemon.set_client_args({"--tls-ca", pki_.server_cert, "--token-file", token_});
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;

  CommandResult result;
  nlohmann::json job = daemon.ClientJson(kJob, &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(job["state"], "SUCCEEDED") << job.dump();
  ASSERT_EQ(job["rows"].size(), 2u) << job.dump();
  for (const nlohmann::json& row : job["rows"]) EXPECT_EQ(row["wrong"], 0);
  // The port speaks only TLS, so the workers' Store and report calls went over TLS; the
  // daemon told them which CA to trust.
  EXPECT_EQ(daemon.Stop(), 0);
}

// A certificate the daemon's own workers cannot verify (here: they expect a name it does not
// hold) is refused at start, naming the name and the CA. Before, the daemon started and every
// job failed with "rank 0 exited with code 1", the cause only in the worker logs.
TEST_F(TlsTest, ACertificateTheWorkersCannotVerifyIsRefusedAtStart) {
  Daemon daemon(dir_, 2);
  daemon.set_extra_args({"--tls-cert", pki_.server_cert, "--tls-key", pki_.server_key,
                         "--tls-server-name", "db-only.example.test"});
  std::string error;
  ASSERT_FALSE(daemon.Start(&error));
  EXPECT_NE(error.find("--tls-cert: this daemon's workers could not verify its certificate: a "
                       "TLS handshake with 127.0.0.1:"),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("expecting the name db-only.example.test and trusting " + pki_.server_cert),
            std::string::npos)
      << error;
}

// A worker that ends with an error: the job's error carries its first error line, not only
// "rank R exited with code 1".
TEST(WorkerErrorTest, AFailedWorkersFirstErrorLineIsInTheJobsError) {
  const std::string dir = MakeTempDir("worker_error");
  const std::string worker = dir + "/worker.sh";
  std::ofstream(worker) << "#!/bin/sh\n"
                        << "echo '[2026-12-07 10:00:00.000] [symmbench-worker] [info] starting'\n"
                        << "echo '[2026-12-07 10:00:00.100] [symmbench-worker] [critical] cannot "
                           "reach the coordinator: UNAVAILABLE: handshake failed' >&2\n"
                        << "exit 1\n";
  ASSERT_EQ(chmod(worker.c_str(), 0755), 0);
  Daemon daemon(dir, 2);
  daemon.set_worker(worker);
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  CommandResult result;
  const nlohmann::json job = daemon.ClientJson(
      {"submit", "--world-size", "2", "--sizes", "4K", "--iters", "2", "--wait"}, &result);
  EXPECT_EQ(job.value("state", ""), "FAILED") << job.dump();
  EXPECT_NE(job.value("error", "")
                .find(" exited with code 1: cannot reach the coordinator: "
                      "UNAVAILABLE: handshake failed"),
            std::string::npos)
      << job.dump();
}

}  // namespace
}  // namespace symmbench::testing
