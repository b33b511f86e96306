// deploy/systemd/symmbenchd.service: `systemd-analyze verify` finds nothing to say (with
// ExecStart pointed at the built daemon), `systemd-analyze security --offline` rates its
// exposure at most 4.0, and the unit keeps the settings the README promises. Skipped without
// systemd-analyze (Debian package systemd).
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

constexpr char kAnalyze[] = "/usr/bin/systemd-analyze";
constexpr char kInstalledDaemon[] = "/opt/symmbench/bin/symmbenchd";

TEST(SystemdUnitTest, UnitHasTheHardeningAndTheSecretsOffTheCommandLine) {
  const std::string unit = ReadFile(RunfilePath("deploy/systemd/symmbenchd.service"));
  ASSERT_FALSE(unit.empty());
  for (const char* line :
       {"User=symmbench", "StateDirectory=symmbench", "--db /var/lib/symmbench/jobs.db",
        "LoadCredential=token:", "--token-file %d/token", "--tls-cert %d/tls.crt",
        "--tls-key %d/tls.key", "NoNewPrivileges=yes", "ProtectSystem=strict", "ProtectHome=yes",
        "PrivateTmp=yes", "DevicePolicy=closed", "DeviceAllow=/dev/nvidiactl rw",
        "DeviceAllow=/dev/nvidia-uvm rw", "DeviceAllow=char-nvidia-frontend rw",
        "RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX", "CapabilityBoundingSet=\n"}) {
    EXPECT_NE(unit.find(line), std::string::npos) << line;
  }
  // PrivateDevices=yes would hide the GPUs; it must stay off.
  EXPECT_EQ(unit.find("\nPrivateDevices=yes"), std::string::npos);
  const std::string sysusers = ReadFile(RunfilePath("deploy/systemd/symmbench.sysusers.conf"));
  EXPECT_NE(sysusers.find("u symmbench -"), std::string::npos) << sysusers;
}

TEST(SystemdUnitTest, SystemdAnalyzeVerifyAndSecurity) {
  if (access(kAnalyze, X_OK) != 0) GTEST_SKIP() << "systemd-analyze not installed";
  std::string unit = ReadFile(RunfilePath("deploy/systemd/symmbenchd.service"));
  const size_t at = unit.find(kInstalledDaemon);
  ASSERT_NE(at, std::string::npos);
  // verify checks that ExecStart's binary exists: point it at the one just built.
  char self[4096];
  ASSERT_NE(realpath(RunfilePath("server/symmbenchd").c_str(), self), nullptr);
  unit.replace(at, std::string(kInstalledDaemon).size(), self);
  const std::string path = MakeTempDir("systemd") + "/symmbenchd.service";
  std::ofstream(path) << unit;

  CommandResult verify = RunCommand({kAnalyze, "verify", path});
  EXPECT_EQ(verify.exit_code, 0) << verify.out << verify.err;
  EXPECT_EQ(verify.out + verify.err, "") << "systemd-analyze verify has remarks";

  CommandResult security =
      RunCommand({kAnalyze, "security", "--offline=true", "--threshold=40", path});
  EXPECT_EQ(security.exit_code, 0) << security.out << security.err;
  EXPECT_NE(security.out.find("Overall exposure level for symmbenchd.service"), std::string::npos)
      << security.out << security.err;
}

}  // namespace
}  // namespace symmbench::testing
