// deploy/systemd/symmbenchd.service, alone and with its network drop-in
// (network.conf.example): `systemd-analyze verify` finds nothing to say (with ExecStart pointed
// at the built daemon), `systemd-analyze security --offline` rates the exposure at most 4.0,
// and both keep the settings docs/operations.md promises. Skipped without systemd-analyze (Debian
// package systemd).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

constexpr char kAnalyze[] = "/usr/bin/systemd-analyze";
constexpr char kInstalledDaemon[] = "/usr/bin/symmbenchd";

std::string Unit() { return ReadFile(RunfilePath("deploy/systemd/symmbenchd.service")); }
std::string DropIn() { return ReadFile(RunfilePath("deploy/systemd/network.conf.example")); }

// `text` with every kInstalledDaemon replaced by `daemon`.
std::string WithDaemon(std::string text, const std::string& daemon) {
  for (size_t at = text.find(kInstalledDaemon); at != std::string::npos;
       at = text.find(kInstalledDaemon, at + daemon.size())) {
    text.replace(at, std::string(kInstalledDaemon).size(), daemon);
  }
  return text;
}

TEST(SystemdUnitTest, UnitServesLoopbackWithTheHardening) {
  const std::string unit = Unit();
  ASSERT_FALSE(unit.empty());
  for (const char* line :
       {"User=symmbench", "StateDirectory=symmbench", "--db /var/lib/symmbench/jobs.db",
        "--listen 127.0.0.1:7070", "--metrics-listen 127.0.0.1:9464", "NoNewPrivileges=yes",
        "ProtectSystem=strict", "ProtectHome=yes", "PrivateTmp=yes", "DevicePolicy=closed",
        "DeviceAllow=/dev/nvidiactl rw", "DeviceAllow=/dev/nvidia-uvm rw",
        "DeviceAllow=char-nvidia-frontend rw", "RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX",
        "CapabilityBoundingSet=\n"}) {
    EXPECT_NE(unit.find(line), std::string::npos) << line;
  }
  // As shipped: loopback only, no certificate or token to provide.
  for (const char* absent : {"--listen 0.0.0.0", "LoadCredential=", "--tls-", "--token-file"}) {
    EXPECT_EQ(unit.find(absent), std::string::npos) << absent;
  }
  // PrivateDevices=yes would hide the GPUs; it must stay off.
  EXPECT_EQ(unit.find("\nPrivateDevices=yes"), std::string::npos);
  const std::string sysusers = ReadFile(RunfilePath("deploy/systemd/symmbench.sysusers.conf"));
  EXPECT_NE(sysusers.find("u symmbench -"), std::string::npos) << sysusers;
}

TEST(SystemdUnitTest, NetworkDropInServesTlsWithATokenAndTheSecretsOffTheCommandLine) {
  const std::string drop_in = DropIn();
  ASSERT_FALSE(drop_in.empty());
  for (const char* line :
       {"[Service]\n", "LoadCredential=token:/etc/symmbench/token",
        "LoadCredential=tls.crt:/etc/symmbench/tls.crt",
        "LoadCredential=tls.key:/etc/symmbench/tls.key", "\nExecStart=\n", "--listen 0.0.0.0:7070",
        "--tls-cert %d/tls.crt", "--tls-key %d/tls.key", "--token-file %d/token",
        // The unit's state and metrics address, unchanged.
        "--db /var/lib/symmbench/jobs.db", "--log-dir /var/lib/symmbench/logs",
        "--metrics-listen 127.0.0.1:9464"}) {
    EXPECT_NE(drop_in.find(line), std::string::npos) << line;
  }
  // It changes the command line and the credentials only, never the sandbox.
  for (const char* absent :
       {"\nUser=", "\nProtect", "\nPrivate", "\nDevice", "\nCapability", "\nRestrict"}) {
    EXPECT_EQ(drop_in.find(absent), std::string::npos) << absent;
  }
}

class SystemdAnalyzeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (access(kAnalyze, X_OK) != 0) GTEST_SKIP() << "systemd-analyze not installed";
    // verify checks that ExecStart's binary exists: point it at the one just built.
    char self[4096];
    ASSERT_NE(realpath(RunfilePath("server/symmbenchd").c_str(), self), nullptr);
    daemon_ = self;
  }
  // Writes the unit, and the drop-in if given, where systemd-analyze finds them (drop-ins of a
  // unit file given by path come from <path>.d/); returns the unit's path.
  std::string Write(const std::string& name, const std::string& drop_in) {
    const std::string dir = MakeTempDir(name);
    const std::string path = dir + "/symmbenchd.service";
    std::ofstream(path) << WithDaemon(Unit(), daemon_);
    if (!drop_in.empty()) {
      mkdir((path + ".d").c_str(), 0755);
      std::ofstream(path + ".d/network.conf") << drop_in;
    }
    return path;
  }
  void ExpectVerifiedAndSafe(const std::string& path) {
    CommandResult verify = RunCommand({kAnalyze, "verify", path});
    EXPECT_EQ(verify.exit_code, 0) << verify.out << verify.err;
    EXPECT_EQ(verify.out + verify.err, "") << "systemd-analyze verify has remarks";

    CommandResult security =
        RunCommand({kAnalyze, "security", "--offline=true", "--threshold=40", path});
    EXPECT_EQ(security.exit_code, 0) << security.out << security.err;
    EXPECT_NE(security.out.find("Overall exposure level for symmbenchd.service"), std::string::npos)
        << security.out << security.err;
  }
  std::string daemon_;
};

TEST_F(SystemdAnalyzeTest, UnitVerifiesAndIsSafe) { ExpectVerifiedAndSafe(Write("systemd", "")); }

TEST_F(SystemdAnalyzeTest, UnitWithTheNetworkDropInVerifiesAndIsSafe) {
  ExpectVerifiedAndSafe(Write("systemd_network", WithDaemon(DropIn(), daemon_)));
  // The drop-in is read: its ExecStart at a missing program fails verify.
  const CommandResult broken = RunCommand(
      {kAnalyze, "verify", Write("systemd_broken", WithDaemon(DropIn(), daemon_ + ".missing"))});
  EXPECT_NE(broken.exit_code, 0) << broken.out << broken.err;
  EXPECT_NE(broken.err.find(".missing"), std::string::npos) << broken.err;
}

}  // namespace
}  // namespace symmbench::testing
