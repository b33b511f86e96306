// A second symmbenchd on the same database (by any name), or on the same port, and a daemon on
// another program's database must refuse to start at once (real processes): two live daemons would
// split the clients between them and each take the other's jobs for orphans, failing the running
// one and running the queued ones again.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

// symmbenchd's command line on `listen` with database `db`, its logs under `dir`.
std::vector<std::string> DaemonArgv(const std::string& listen, const std::string& db,
                                    const std::string& dir) {
  return {RunfilePath("server/symmbenchd"),
          "--listen",
          listen,
          "--metrics-listen",
          "",
          "--db",
          db,
          "--log-dir",
          dir + "/logs",
          "--backend",
          "cpu",
          "--cpu-slots",
          "2",
          "--worker",
          RunfilePath("worker/symmbench-worker")};
}

// Runs `argv` for at most 20 s (a daemon that keeps running is killed then: exit code 137).
CommandResult RunSecondDaemon(const std::vector<std::string>& argv) {
  return RunCommand(argv, std::chrono::seconds(20));
}

CommandResult RunSecondDaemon(const std::string& listen, const std::string& db,
                              const std::string& dir) {
  return RunSecondDaemon(DaemonArgv(listen, db, dir));
}

// The second daemon exited at once, refused, naming the first one's pid; what it said.
std::string ExpectRefusedNamingHolder(const CommandResult& second, const Daemon& first) {
  EXPECT_NE(second.exit_code, 137) << "the second daemon kept running";
  EXPECT_NE(second.exit_code, 0);
  const std::string said = second.out + second.err;
  EXPECT_NE(said.find("in use by another symmbenchd (pid " + std::to_string(first.pid()) + ","),
            std::string::npos)
      << said;
  return said;
}

// ExpectRefusedNamingHolder, and the first serves on and still has its job.
void ExpectRefused(const CommandResult& second, const Daemon& first, const std::string& job_id) {
  ExpectRefusedNamingHolder(second, first);
  EXPECT_EQ(first.Client({"list"}).exit_code, 0);
  EXPECT_NE(first.Client({"status", job_id}).out.find(job_id), std::string::npos);
}

TEST(SecondDaemonTest, TheSameDatabaseIsRefusedNamingTheHolder) {
  const std::string dir = MakeTempDir("first");
  Daemon first(dir, 2);
  std::string error;
  ASSERT_TRUE(first.Start(&error)) << error;
  const std::string said = ExpectRefusedNamingHolder(
      RunSecondDaemon("127.0.0.1:0", dir + "/jobs.db", MakeTempDir("second")), first);
  EXPECT_NE(said.find(dir + "/jobs.db"), std::string::npos) << said;
  // The first one serves on, and once it is gone the database is free again.
  EXPECT_EQ(first.Client({"list"}).exit_code, 0);
  EXPECT_EQ(first.Stop(), 0);
  Daemon again(dir, 2);
  ASSERT_TRUE(again.Start(&error)) << error;
  EXPECT_EQ(again.Client({"list"}).exit_code, 0);
}

// The lock belongs to the file, not to its name: before, a daemon started on a symlink or a
// hard link of a live database was not refused and ran the first one's queued jobs again.
class OtherNameTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTempDir("other_name");
    first_ = std::make_unique<Daemon>(dir_, 2);
    std::string error;
    ASSERT_TRUE(first_->Start(&error)) << error;
    // A job on record, so that a second daemon that got in would have something to take.
    CommandResult result;
    const nlohmann::json job = first_->ClientJson(
        {"submit", "--world-size", "2", "--sizes", "4K", "--iters", "2", "--wait"}, &result);
    ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
    job_id_ = job.value("job_id", "");
    ASSERT_FALSE(job_id_.empty()) << job.dump();
  }
  std::string db() const { return dir_ + "/jobs.db"; }

  std::string dir_;
  std::unique_ptr<Daemon> first_;
  std::string job_id_;
};

TEST_F(OtherNameTest, ASymlinkIsRefused) {
  const std::string link = MakeTempDir("symlink") + "/link.db";
  ASSERT_EQ(symlink(db().c_str(), link.c_str()), 0);
  ExpectRefused(RunSecondDaemon("127.0.0.1:0", link, MakeTempDir("symlink_logs")), *first_,
                job_id_);
}

TEST_F(OtherNameTest, AHardLinkIsRefused) {
  const std::string link = dir_ + "/hard.db";  // a hard link stays on the same filesystem
  ASSERT_EQ(::link(db().c_str(), link.c_str()), 0);
  ExpectRefused(RunSecondDaemon("127.0.0.1:0", link, MakeTempDir("hard_logs")), *first_, job_id_);
}

TEST_F(OtherNameTest, ARelativePathIsRefused) {
  const std::string relative =
      std::filesystem::relative(db(), std::filesystem::current_path()).string();
  ASSERT_FALSE(relative.empty());
  ASSERT_NE(relative[0], '/');
  ExpectRefused(RunSecondDaemon("127.0.0.1:0", relative, MakeTempDir("relative_logs")), *first_,
                job_id_);
}

TEST_F(OtherNameTest, ABindMountIsRefused) {
  // A private mount namespace (unshare(1)) where the database's directory is mounted again
  // under another path; skipped where this host allows no mount namespace.
  const std::string mount_point = MakeTempDir("bind");
  const std::string probe = "mount --bind " + dir_ + " " + mount_point;
  if (RunCommand({"unshare", "--mount", "sh", "-c", probe}, std::chrono::seconds(20)).exit_code !=
      0) {
    GTEST_SKIP() << "no mount namespace here (unshare --mount failed)";
  }
  std::string command = "mount --bind " + dir_ + " " + mount_point + " && exec";
  for (const std::string& arg :
       DaemonArgv("127.0.0.1:0", mount_point + "/jobs.db", MakeTempDir("bind_logs"))) {
    command += " '" + arg + "'";
  }
  ExpectRefused(RunSecondDaemon({"unshare", "--mount", "sh", "-c", command}), *first_, job_id_);
}

// Pointed at another program's SQLite file, the daemon refuses it before writing anything:
// before, it switched the file to WAL and added its tables first.
TEST(SecondDaemonTest, AnotherProgramsDatabaseIsRefusedUntouched) {
  const std::string dir = MakeTempDir("foreign");
  const std::string db = dir + "/app.db";
  ASSERT_EQ(RunCommand({"python3", "-c",
                        "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
                        "c.execute('CREATE TABLE users(id INTEGER PRIMARY KEY, name TEXT)'); "
                        "c.execute(\"INSERT INTO users(name) VALUES ('ada')\"); c.commit()",
                        db},
                       std::chrono::seconds(20))
                .exit_code,
            0);
  const std::string before = ReadFile(db);
  const CommandResult daemon = RunSecondDaemon("127.0.0.1:0", db, dir);
  EXPECT_EQ(daemon.exit_code, 1) << daemon.out << daemon.err;
  EXPECT_NE((daemon.out + daemon.err)
                .find("--db " + db +
                      " is another program's SQLite database (tables not of symmbench: users); "
                      "symmbenchd left it untouched"),
            std::string::npos)
      << daemon.out << daemon.err;
  EXPECT_EQ(ReadFile(db), before);
  EXPECT_FALSE(std::filesystem::exists(db + "-wal"));
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
