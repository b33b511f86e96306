// A second symmbenchd on the same database, or on the same port, must refuse to start at once
// (real processes): two live daemons would split the clients between them and each take the
// other's jobs for orphans, failing the running one and running the queued ones again.
#include <gtest/gtest.h>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

// symmbenchd on `listen` with database `db`, its logs under `dir`: waits at most 20 s (a daemon
// that keeps running is killed then: exit code 137).
CommandResult RunSecondDaemon(const std::string& listen, const std::string& db,
                              const std::string& dir) {
  return RunCommand({RunfilePath("server/symmbenchd"), "--listen", listen, "--metrics-listen", "",
                     "--db", db, "--log-dir", dir + "/logs", "--backend", "cpu", "--cpu-slots", "2",
                     "--worker", RunfilePath("worker/symmbench-worker")},
                    std::chrono::seconds(20));
}

TEST(SecondDaemonTest, TheSameDatabaseIsRefusedNamingTheHolder) {
  const std::string dir = MakeTempDir("first");
  Daemon first(dir, 2);
  std::string error;
  ASSERT_TRUE(first.Start(&error)) << error;
  const CommandResult second =
      RunSecondDaemon("127.0.0.1:0", dir + "/jobs.db", MakeTempDir("second"));
  EXPECT_NE(second.exit_code, 137) << "the second daemon kept running";
  EXPECT_NE(second.exit_code, 0);
  const std::string said = second.out + second.err;
  EXPECT_NE(said.find("in use by another symmbenchd (pid " + std::to_string(first.pid()) + ","),
            std::string::npos)
      << said;
  EXPECT_NE(said.find(dir + "/jobs.db"), std::string::npos) << said;
  // The first one serves on, and once it is gone the database is free again.
  EXPECT_EQ(first.Client({"list"}).exit_code, 0);
  EXPECT_EQ(first.Stop(), 0);
  Daemon again(dir, 2);
  ASSERT_TRUE(again.Start(&error)) << error;
  EXPECT_EQ(again.Client({"list"}).exit_code, 0);
}

TEST(SecondDaemonTest, TheSamePortIsRefused) {
  Daemon first(MakeTempDir("port_first"), 2);
  std::string error;
  ASSERT_TRUE(first.Start(&error)) << error;
  const std::string dir = MakeTempDir("port_second");
  const CommandResult second = RunSecondDaemon(first.address(), dir + "/jobs.db", dir);
  EXPECT_NE(second.exit_code, 137) << "the second daemon kept running";
  EXPECT_NE(second.exit_code, 0);
  EXPECT_NE((second.out + second.err).find("could not listen on " + first.address()),
            std::string::npos)
      << second.out << second.err;
  EXPECT_EQ(first.Client({"list"}).exit_code, 0);
}

}  // namespace
}  // namespace symmbench::testing
