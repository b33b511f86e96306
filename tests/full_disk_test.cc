// A job database that cannot be written (a full disk, a size cap, a read-only file) must lose
// nothing and run nothing twice (real processes): a job's workers start only once its RUNNING
// record is stored, a final record that cannot be stored is kept and stored when there is room,
// SubmitJob answers RESOURCE_EXHAUSTED naming the database, reads go on, the health service
// says NOT_SERVING and a metric counts the failed writes. The full-disk cases mount a small
// tmpfs (root only; skipped, saying so, elsewhere); the cap and read-only cases run anywhere.
#include <errno.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/mount.h>
#include <unistd.h>

#include <cstring>
#include <thread>

#include "tests/rpc_test_util.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

using std::chrono::seconds;

// A tmpfs of `bytes` mounted on a fresh directory for the object's life.
class SmallFilesystem {
 public:
  SmallFilesystem(const std::string& name, int64_t bytes) : dir_(MakeTempDir(name)) {
    const std::string options = "size=" + std::to_string(bytes);
    if (mount("tmpfs", dir_.c_str(), "tmpfs", 0, options.c_str()) != 0) {
      why_not_ = std::string("mount -t tmpfs: ") + std::strerror(errno);
    }
  }
  ~SmallFilesystem() {
    if (why_not_.empty()) umount2(dir_.c_str(), MNT_DETACH);
  }
  // Empty when mounted.
  const std::string& why_not() const { return why_not_; }
  const std::string& dir() const { return dir_; }

  // Writes a file until the filesystem has no room left; returns the bytes written.
  int64_t Fill() {
    const int fd = open((dir_ + "/filler").c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    if (fd < 0) return -1;
    const std::string block(4096, 'x');
    int64_t written = 0;
    ssize_t n;
    while ((n = write(fd, block.data(), block.size())) > 0) written += n;
    close(fd);
    return written;
  }
  void Free() { unlink((dir_ + "/filler").c_str()); }

 private:
  std::string dir_;
  std::string why_not_;
};

// A one-rank CPU job that runs about `seconds_long` s (an injected delay per timed op).
v1::JobSpec SlowSpec(double seconds_long) {
  v1::JobSpec spec = SmallCpuSpec(1, {4096}, 10);
  spec.set_inject_delay_us(seconds_long * 1e6 / 10);
  return spec;
}

// Fills the disk under a running job (A) with two queued behind it (B, C) and checks what a
// user sees while it is full. Returns the three job ids.
std::vector<std::string> FillUnderRunningJob(Daemon* daemon, SmallFilesystem* fs,
                                             const std::string& db) {
  std::unique_ptr<v1::Coordinator::Stub> stub = CoordinatorStub(daemon->address());
  v1::Job a, b, c;
  EXPECT_TRUE(Submit(stub.get(), SlowSpec(3), &a).ok());
  EXPECT_TRUE(WaitRunning(stub.get(), a.job_id()));
  EXPECT_TRUE(Submit(stub.get(), SmallCpuSpec(1, {4096}), &b).ok());
  EXPECT_TRUE(Submit(stub.get(), SmallCpuSpec(1, {4096}), &c).ok());
  EXPECT_GT(fs->Fill(), 0);

  // A ends (its rows cannot be stored): its final record is shown though it is not stored.
  const v1::Job ended = WaitFinal(stub.get(), a.job_id(), std::chrono::seconds(60));
  EXPECT_TRUE(IsFinal(ended.state())) << ended.DebugString();
  if (ended.state() == v1::FAILED) {
    EXPECT_NE(ended.error().find("is full"), std::string::npos) << ended.error();
  }
  // B cannot be stored RUNNING, so it does not start: it stays QUEUED, and so does C.
  std::this_thread::sleep_for(seconds(2));
  v1::Job seen;
  EXPECT_TRUE(GetJob(stub.get(), b.job_id(), &seen).ok());
  EXPECT_EQ(seen.state(), v1::QUEUED) << seen.DebugString();
  EXPECT_EQ(JobStartsInLog(daemon->log_path()).count(b.job_id()), 0u);

  // A new job is refused naming the database; reads go on; health and metrics say so.
  v1::Job refused;
  const grpc::Status submit = Submit(stub.get(), SmallCpuSpec(1, {4096}), &refused);
  EXPECT_EQ(submit.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << submit.error_message();
  EXPECT_NE(submit.error_message().find("the database " + db + " is full"), std::string::npos)
      << submit.error_message();
  CommandResult listed = daemon->Client({"list"});
  EXPECT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_NE(listed.out.find(a.job_id()), std::string::npos) << listed.out;
  EXPECT_EQ(HealthStatus(daemon->address()), 2);  // NOT_SERVING
  const std::string metrics = ScrapeMetrics(daemon->metrics_address());
  EXPECT_EQ(MetricGauge(metrics, "symmbench_db_writable"), 0) << metrics;
  EXPECT_GE(MetricSum(metrics, "symmbench_db_write_failures_total"), 2) << metrics;
  return {a.job_id(), b.job_id(), c.job_id()};
}

// A daemon of one CPU slot whose database is on an 8 MiB tmpfs (skipped without the right to
// mount one).
class FullDiskTest : public ::testing::Test {
 protected:
  FullDiskTest() : fs_("db_fs", 8 << 20), db_(fs_.dir() + "/jobs.db"), daemon_(Dir(), 1) {}
  void SetUp() override {
    if (!fs_.why_not().empty()) GTEST_SKIP() << "needs a tmpfs mount (root): " << fs_.why_not();
    daemon_.set_db(db_);
    daemon_.set_extra_args({"--allow-fault-injection"});
    std::string error;
    ASSERT_TRUE(daemon_.Start(&error)) << error;
  }
  static std::string Dir() {
    return MakeTempDir(::testing::UnitTest::GetInstance()->current_test_info()->name());
  }

  SmallFilesystem fs_;
  const std::string db_;
  Daemon daemon_;
};

TEST_F(FullDiskTest, JobsWaitUntilThereIsRoomAndNothingRunsTwice) {
  Daemon& daemon = daemon_;
  std::string error;
  std::unique_ptr<v1::Coordinator::Stub> stub = CoordinatorStub(daemon.address());
  const std::vector<std::string> ids = FillUnderRunningJob(&daemon, &fs_, db_);
  v1::Job a_shown;
  ASSERT_TRUE(GetJob(stub.get(), ids[0], &a_shown).ok());

  // Room again: A's final record is stored, B and C run once each, new jobs are taken.
  fs_.Free();
  for (size_t i = 1; i < ids.size(); ++i) {
    EXPECT_EQ(WaitFinal(stub.get(), ids[i]).state(), v1::SUCCEEDED) << ids[i];
  }
  EXPECT_EQ(HealthStatus(daemon.address()), 1);
  v1::Job later;
  ASSERT_TRUE(Submit(stub.get(), SmallCpuSpec(1, {4096}), &later).ok());
  EXPECT_EQ(WaitFinal(stub.get(), later.job_id()).state(), v1::SUCCEEDED);

  // A crash now loses nothing: every record is on disk as it was shown.
  daemon.Kill();
  ASSERT_TRUE(daemon.Start(&error)) << error;
  stub = CoordinatorStub(daemon.address());
  v1::Job a_stored;
  ASSERT_TRUE(GetJob(stub.get(), ids[0], &a_stored).ok());
  EXPECT_EQ(a_stored.state(), a_shown.state());
  EXPECT_EQ(a_stored.error(), a_shown.error());
  for (const std::string& id : {ids[1], ids[2], later.job_id()}) {
    v1::Job job;
    ASSERT_TRUE(GetJob(stub.get(), id, &job).ok());
    EXPECT_EQ(job.state(), v1::SUCCEEDED) << id;
    EXPECT_EQ(job.rows_size(), 1) << id;
  }
  for (const auto& [id, starts] : JobStartsInLog(daemon.log_path())) {
    EXPECT_EQ(starts, 1) << id << " started " << starts << " times";
  }
}

TEST_F(FullDiskTest, ARestartWhileFullRunsNothingTwice) {
  Daemon& daemon = daemon_;
  std::string error;
  const std::vector<std::string> ids = FillUnderRunningJob(&daemon, &fs_, db_);

  // The daemon dies while A's end is not stored; it restarts once there is room.
  daemon.Kill();
  fs_.Free();
  ASSERT_TRUE(daemon.Start(&error)) << error;
  std::unique_ptr<v1::Coordinator::Stub> stub = CoordinatorStub(daemon.address());
  v1::Job a;
  ASSERT_TRUE(GetJob(stub.get(), ids[0], &a).ok());
  EXPECT_EQ(a.state(), v1::FAILED);
  EXPECT_EQ(a.error(), "coordinator restarted");
  // B and C never started: they run now, once.
  for (size_t i = 1; i < ids.size(); ++i) {
    EXPECT_EQ(WaitFinal(stub.get(), ids[i]).state(), v1::SUCCEEDED) << ids[i];
  }
  const std::map<std::string, int> starts = JobStartsInLog(daemon.log_path());
  for (const std::string& id : ids) {
    ASSERT_EQ(starts.count(id), 1u) << id;
    EXPECT_EQ(starts.at(id), 1) << id << " started " << starts.at(id) << " times";
  }
}

// --db-max-bytes caps the database file; past it the daemon behaves as on a full disk that
// stays full: jobs wait. A restart with room runs each waiting job once and never a job that
// ran. Runs without privileges.
TEST(DatabaseCapTest, PastTheCapSubmissionsAreRefusedAndARestartWithRoomRunsNothingTwice) {
  const std::string dir = MakeTempDir("db_cap");
  Daemon daemon(dir, /*cpu_slots=*/2);
  daemon.set_extra_args({"--db-max-bytes", "65536"});
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  std::unique_ptr<v1::Coordinator::Stub> stub = CoordinatorStub(daemon.address());
  std::vector<std::string> accepted;
  grpc::Status refused;
  for (int i = 0; i < 1000 && refused.ok(); ++i) {
    v1::Job job;
    refused = Submit(stub.get(), SmallCpuSpec(1, {4096, 65536}), &job);
    if (refused.ok()) accepted.push_back(job.job_id());
  }
  ASSERT_EQ(refused.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << refused.error_message();
  EXPECT_NE(refused.error_message().find("the database " + dir + "/jobs.db is full"),
            std::string::npos)
      << refused.error_message();
  EXPECT_NE(refused.error_message().find("--db-max-bytes"), std::string::npos);
  ASSERT_FALSE(accepted.empty());
  std::this_thread::sleep_for(seconds(2));
  // Reads go on, and every job is shown QUEUED, RUNNING or ended (none is lost).
  for (const std::string& id : accepted) {
    v1::Job job;
    ASSERT_TRUE(GetJob(stub.get(), id, &job).ok()) << id;
  }
  EXPECT_GT(MetricSum(ScrapeMetrics(daemon.metrics_address()), "symmbench_db_write_failures_total"),
            0);

  // A crash, then a restart without the cap: every accepted job ends, none started twice.
  daemon.Kill();
  daemon.set_extra_args({});
  ASSERT_TRUE(daemon.Start(&error)) << error;
  stub = CoordinatorStub(daemon.address());
  for (const std::string& id : accepted) {
    const v1::Job job = WaitFinal(stub.get(), id, std::chrono::seconds(120));
    ASSERT_TRUE(IsFinal(job.state())) << id;
    if (job.state() == v1::SUCCEEDED) {
      EXPECT_EQ(job.rows_size(), 2) << id;
    } else {
      EXPECT_TRUE(job.error() == "coordinator restarted" ||
                  job.error().find("is full") != std::string::npos)
          << id << ": " << job.error();
    }
  }
  v1::Job job;
  ASSERT_TRUE(Submit(stub.get(), SmallCpuSpec(1, {4096}), &job).ok());
  EXPECT_EQ(WaitFinal(stub.get(), job.job_id()).state(), v1::SUCCEEDED);
  for (const auto& [id, starts] : JobStartsInLog(daemon.log_path())) {
    EXPECT_EQ(starts, 1) << id << " started " << starts << " times";
  }
}

// A database file the daemon can read but not write (here a read-only bind mount of the file,
// as an immutable file would be; its directory stays writable) is refused at start, naming it.
TEST(DatabaseCapTest, AReadOnlyDatabaseIsRefusedAtStart) {
  const std::string dir = MakeTempDir("read_only_db");
  const std::string db = dir + "/jobs.db";
  {
    Daemon first(dir, 1);
    std::string error;
    ASSERT_TRUE(first.Start(&error)) << error;
    ASSERT_EQ(first.Stop(), 0);
  }
  if (mount(db.c_str(), db.c_str(), nullptr, MS_BIND, nullptr) != 0) {
    GTEST_SKIP() << "needs a bind mount (root): " << std::strerror(errno);
  }
  const int remounted =
      mount(nullptr, db.c_str(), nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY, nullptr);
  const int remount_errno = errno;
  if (remounted == 0) {
    const CommandResult second =
        RunCommand({RunfilePath("server/symmbenchd"), "--listen", "127.0.0.1:0", "--metrics-listen",
                    "", "--db", db, "--log-dir", dir + "/logs", "--backend", "cpu", "--cpu-slots",
                    "1", "--worker", RunfilePath("worker/symmbench-worker")},
                   seconds(20));
    EXPECT_NE(second.exit_code, 137) << "the daemon kept running on a read-only database";
    EXPECT_NE(second.exit_code, 0);
    const std::string said = second.out + second.err;
    EXPECT_NE(said.find("the job database " + db + " is read-only"), std::string::npos) << said;
  }
  umount2(db.c_str(), MNT_DETACH);
  ASSERT_EQ(remounted, 0) << std::strerror(remount_errno);
}

}  // namespace
}  // namespace symmbench::testing
