// Tests for JobDb on a real SQLite file: round trips, row order, listing, errors, history
// across a reopen, FailRunning / ListQueued, the job number counter, and reads that never wait
// for a write.
#include "server/storage/job_db.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <stdlib.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

namespace symmbench {
namespace {

// A fresh directory per test, removed afterwards.
class JobDbTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string tmpl = ::testing::TempDir() + "/job_db_test.XXXXXX";
    ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
    dir_ = tmpl;
    // A nested path checks that Open() creates parent directories.
    path_ = dir_ + "/state/nested/jobs.db";
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::unique_ptr<JobDb> OpenDb() {
    absl::StatusOr<std::unique_ptr<JobDb>> db = JobDb::Open(path_);
    EXPECT_TRUE(db.ok()) << db.status();
    return db.ok() ? *std::move(db) : nullptr;
  }

  static v1::Job MakeJob(const std::string& id, v1::JobState state) {
    v1::Job job;
    job.set_job_id(id);
    job.set_state(state);
    job.mutable_spec()->set_kernel("one_shot_all_reduce");
    job.mutable_spec()->set_world_size(2);
    job.mutable_spec()->set_dtype(v1::bf16);
    (*job.mutable_spec()->mutable_labels())["git"] = "abc123";
    job.set_backend(v1::cuda);
    job.add_devices(0);
    job.add_devices(1);
    job.set_submit_time_unix_ms(1700000000000);
    job.set_failed_rank(-1);
    return job;
  }

  static v1::ResultRow MakeRow(int64_t size) {
    v1::ResultRow row;
    row.set_size_bytes(size);
    row.set_count(size / 2);
    row.set_dtype(v1::bf16);
    row.set_time_us(1.5 * static_cast<double>(size));
    row.set_checked(true);
    return row;
  }

  std::string dir_;
  std::string path_;
};

TEST_F(JobDbTest, OpenCreatesParentDirectoriesAndUsesWal) {
  std::unique_ptr<JobDb> db = OpenDb();
  ASSERT_NE(db, nullptr);
  EXPECT_TRUE(std::filesystem::exists(path_));
  ASSERT_TRUE(db->InsertJob(MakeJob("job-1", v1::QUEUED)).ok());
  EXPECT_TRUE(std::filesystem::exists(path_ + "-wal"));  // WAL mode keeps a -wal file open
}

TEST_F(JobDbTest, InsertGetUpdateRoundTrip) {
  std::unique_ptr<JobDb> db = OpenDb();
  ASSERT_NE(db, nullptr);
  v1::Job job = MakeJob("job-1", v1::QUEUED);
  *job.add_rows() = MakeRow(1024);  // rows of the record are ignored by InsertJob
  ASSERT_TRUE(db->InsertJob(job).ok());

  absl::StatusOr<v1::Job> got = db->GetJob("job-1");
  ASSERT_TRUE(got.ok()) << got.status();
  v1::Job expected = job;
  expected.clear_rows();
  EXPECT_EQ(got->SerializeAsString(), expected.SerializeAsString());
  EXPECT_EQ(got->spec().labels().at("git"), "abc123");

  job.set_state(v1::RUNNING);
  job.set_start_time_unix_ms(1700000001000);
  ASSERT_TRUE(db->UpdateJob(job).ok());
  got = db->GetJob("job-1");
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(got->state(), v1::RUNNING);
  EXPECT_EQ(got->start_time_unix_ms(), 1700000001000);
  EXPECT_EQ(got->rows_size(), 0);
}

TEST_F(JobDbTest, RowsComeBackInInsertionOrder) {
  std::unique_ptr<JobDb> db = OpenDb();
  ASSERT_NE(db, nullptr);
  ASSERT_TRUE(db->InsertJob(MakeJob("a", v1::RUNNING)).ok());
  ASSERT_TRUE(db->InsertJob(MakeJob("b", v1::RUNNING)).ok());
  // Interleave two jobs' rows; sizes deliberately not ascending to test insertion order.
  const std::vector<int64_t> sizes = {4096, 1024, 65536, 2048, 8};
  for (int64_t size : sizes) {
    ASSERT_TRUE(db->AppendRow("a", MakeRow(size)).ok());
    ASSERT_TRUE(db->AppendRow("b", MakeRow(size * 3)).ok());
  }
  absl::StatusOr<v1::Job> a = db->GetJob("a");
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_EQ(a->rows_size(), static_cast<int>(sizes.size()));
  for (size_t i = 0; i < sizes.size(); ++i) {
    EXPECT_EQ(a->rows(i).size_bytes(), sizes[i]);
    EXPECT_DOUBLE_EQ(a->rows(i).time_us(), 1.5 * static_cast<double>(sizes[i]));
  }
  absl::StatusOr<v1::Job> b = db->GetJob("b");
  ASSERT_TRUE(b.ok());
  ASSERT_EQ(b->rows_size(), static_cast<int>(sizes.size()));
  EXPECT_EQ(b->rows(0).size_bytes(), 4096 * 3);
  // UpdateJob keeps the rows table untouched.
  ASSERT_TRUE(db->UpdateJob(MakeJob("a", v1::SUCCEEDED)).ok());
  EXPECT_EQ(db->GetJob("a")->rows_size(), static_cast<int>(sizes.size()));
}

TEST_F(JobDbTest, ListsNewestFirstWithLimitAndStateFilter) {
  std::unique_ptr<JobDb> db = OpenDb();
  ASSERT_NE(db, nullptr);
  ASSERT_TRUE(db->InsertJob(MakeJob("j1", v1::SUCCEEDED)).ok());
  ASSERT_TRUE(db->InsertJob(MakeJob("j2", v1::FAILED)).ok());
  ASSERT_TRUE(db->InsertJob(MakeJob("j3", v1::SUCCEEDED)).ok());
  ASSERT_TRUE(db->InsertJob(MakeJob("j4", v1::QUEUED)).ok());
  ASSERT_TRUE(db->AppendRow("j3", MakeRow(64)).ok());
  ASSERT_TRUE(db->AppendRow("j3", MakeRow(128)).ok());

  auto ids = [](const std::vector<v1::Job>& jobs) {
    std::vector<std::string> out;
    for (const v1::Job& job : jobs) out.push_back(job.job_id());
    return out;
  };
  auto all = db->ListJobs(10, v1::JOB_STATE_UNSPECIFIED, false);
  ASSERT_TRUE(all.ok()) << all.status();
  EXPECT_EQ(ids(*all), (std::vector<std::string>{"j4", "j3", "j2", "j1"}));
  EXPECT_EQ((*all)[1].rows_size(), 0);  // without rows

  auto limited = db->ListJobs(2, v1::JOB_STATE_UNSPECIFIED, false);
  ASSERT_TRUE(limited.ok());
  EXPECT_EQ(ids(*limited), (std::vector<std::string>{"j4", "j3"}));

  auto succeeded = db->ListJobs(10, v1::SUCCEEDED, true);
  ASSERT_TRUE(succeeded.ok());
  EXPECT_EQ(ids(*succeeded), (std::vector<std::string>{"j3", "j1"}));
  ASSERT_EQ((*succeeded)[0].rows_size(), 2);  // with rows
  EXPECT_EQ((*succeeded)[0].rows(0).size_bytes(), 64);
  EXPECT_EQ((*succeeded)[0].rows(1).size_bytes(), 128);
  EXPECT_EQ((*succeeded)[1].rows_size(), 0);

  auto one_succeeded = db->ListJobs(1, v1::SUCCEEDED, false);
  ASSERT_TRUE(one_succeeded.ok());
  EXPECT_EQ(ids(*one_succeeded), (std::vector<std::string>{"j3"}));

  auto cancelled = db->ListJobs(10, v1::CANCELLED, false);
  ASSERT_TRUE(cancelled.ok());
  EXPECT_TRUE(cancelled->empty());

  auto bad = db->ListJobs(0, v1::JOB_STATE_UNSPECIFIED, false);
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(bad.status().message().find("limit"), std::string::npos);
}

TEST_F(JobDbTest, DuplicateInsertIsAlreadyExists) {
  std::unique_ptr<JobDb> db = OpenDb();
  ASSERT_NE(db, nullptr);
  ASSERT_TRUE(db->InsertJob(MakeJob("dup", v1::QUEUED)).ok());
  absl::Status status = db->InsertJob(MakeJob("dup", v1::RUNNING));
  EXPECT_EQ(status.code(), absl::StatusCode::kAlreadyExists) << status;
  EXPECT_NE(status.message().find("dup"), std::string::npos);
  EXPECT_EQ(db->GetJob("dup")->state(), v1::QUEUED);  // the first record stays
  EXPECT_EQ(db->InsertJob(MakeJob("", v1::QUEUED)).code(), absl::StatusCode::kInvalidArgument);
}

TEST_F(JobDbTest, UnknownJobIsNotFound) {
  std::unique_ptr<JobDb> db = OpenDb();
  ASSERT_NE(db, nullptr);
  auto got = db->GetJob("ghost");
  EXPECT_EQ(got.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(got.status().message().find("ghost"), std::string::npos);
  EXPECT_EQ(db->UpdateJob(MakeJob("ghost", v1::FAILED)).code(), absl::StatusCode::kNotFound);
  absl::Status append = db->AppendRow("ghost", MakeRow(8));
  EXPECT_EQ(append.code(), absl::StatusCode::kNotFound) << append;
  EXPECT_NE(append.message().find("ghost"), std::string::npos);
}

TEST_F(JobDbTest, HistorySurvivesReopen) {
  {
    std::unique_ptr<JobDb> db = OpenDb();
    ASSERT_NE(db, nullptr);
    ASSERT_TRUE(db->InsertJob(MakeJob("old-1", v1::SUCCEEDED)).ok());
    ASSERT_TRUE(db->AppendRow("old-1", MakeRow(256)).ok());
    ASSERT_TRUE(db->InsertJob(MakeJob("old-2", v1::FAILED)).ok());
  }
  std::unique_ptr<JobDb> db = OpenDb();
  ASSERT_NE(db, nullptr);
  auto got = db->GetJob("old-1");
  ASSERT_TRUE(got.ok()) << got.status();
  EXPECT_EQ(got->state(), v1::SUCCEEDED);
  ASSERT_EQ(got->rows_size(), 1);
  EXPECT_EQ(got->rows(0).size_bytes(), 256);
  // New jobs and rows continue after the old ones.
  ASSERT_TRUE(db->InsertJob(MakeJob("new-1", v1::QUEUED)).ok());
  ASSERT_TRUE(db->AppendRow("old-1", MakeRow(512)).ok());
  EXPECT_EQ(db->GetJob("old-1")->rows(1).size_bytes(), 512);
  auto all = db->ListJobs(10, v1::JOB_STATE_UNSPECIFIED, false);
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), 3u);
  EXPECT_EQ((*all)[0].job_id(), "new-1");
  EXPECT_EQ((*all)[2].job_id(), "old-1");
}

TEST_F(JobDbTest, FailRunningFailsOnlyRunningJobsAndListQueuedKeepsOrder) {
  std::unique_ptr<JobDb> db = OpenDb();
  ASSERT_NE(db, nullptr);
  ASSERT_TRUE(db->InsertJob(MakeJob("queued-1", v1::QUEUED)).ok());
  ASSERT_TRUE(db->InsertJob(MakeJob("running", v1::RUNNING)).ok());
  ASSERT_TRUE(db->AppendRow("running", MakeRow(32)).ok());
  ASSERT_TRUE(db->InsertJob(MakeJob("done", v1::SUCCEEDED)).ok());
  ASSERT_TRUE(db->InsertJob(MakeJob("queued-2", v1::QUEUED)).ok());
  ASSERT_TRUE(db->InsertJob(MakeJob("cancelled", v1::CANCELLED)).ok());

  const int64_t before = std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::system_clock::now().time_since_epoch())
                             .count();
  auto failed = db->FailRunning("daemon restarted");
  ASSERT_TRUE(failed.ok()) << failed.status();
  ASSERT_EQ(failed->size(), 1u);
  EXPECT_EQ((*failed)[0].job_id(), "running");
  auto job = db->GetJob("running");
  ASSERT_TRUE(job.ok());
  EXPECT_EQ(job->state(), v1::FAILED);
  EXPECT_EQ(job->error(), "daemon restarted");
  EXPECT_GE(job->end_time_unix_ms(), before);
  EXPECT_EQ(job->spec().kernel(), "one_shot_all_reduce");  // rest of the record kept
  EXPECT_EQ(job->rows_size(), 1);
  EXPECT_EQ(db->GetJob("done")->state(), v1::SUCCEEDED);
  EXPECT_EQ(db->GetJob("done")->error(), "");
  EXPECT_EQ(db->GetJob("cancelled")->state(), v1::CANCELLED);
  // Queued jobs stay queued, listed in submission order.
  auto queued = db->ListQueued();
  ASSERT_TRUE(queued.ok()) << queued.status();
  ASSERT_EQ(queued->size(), 2u);
  EXPECT_EQ((*queued)[0].job_id(), "queued-1");
  EXPECT_EQ((*queued)[1].job_id(), "queued-2");
  EXPECT_EQ((*queued)[0].state(), v1::QUEUED);
  // The state column follows the record: the filter sees it as FAILED now.
  EXPECT_EQ(db->ListJobs(10, v1::FAILED, false)->size(), 1u);
  EXPECT_TRUE(db->ListJobs(10, v1::RUNNING, false)->empty());
  EXPECT_TRUE(db->FailRunning("again")->empty());
}

TEST_F(JobDbTest, NextJobNumberIncreasesAcrossReopen) {
  int64_t last = 0;
  {
    std::unique_ptr<JobDb> db = OpenDb();
    ASSERT_NE(db, nullptr);
    for (int i = 0; i < 3; ++i) {
      absl::StatusOr<int64_t> n = db->NextJobNumber();
      ASSERT_TRUE(n.ok()) << n.status();
      EXPECT_GT(*n, last);
      last = *n;
    }
  }
  {
    // No job was inserted: only the stored counter can keep the number increasing.
    std::unique_ptr<JobDb> db = OpenDb();
    ASSERT_NE(db, nullptr);
    absl::StatusOr<int64_t> n = db->NextJobNumber();
    ASSERT_TRUE(n.ok()) << n.status();
    EXPECT_GT(*n, last);
    last = *n;
    for (int i = 0; i < 2 * last; ++i) {
      ASSERT_TRUE(db->InsertJob(MakeJob("j" + std::to_string(i), v1::SUCCEEDED)).ok());
    }
  }
  std::unique_ptr<JobDb> db = OpenDb();
  ASSERT_NE(db, nullptr);
  absl::StatusOr<int64_t> n = db->NextJobNumber();
  ASSERT_TRUE(n.ok()) << n.status();
  // Above the counter and above every job row number (2 * last jobs were inserted).
  EXPECT_GT(*n, 2 * last);
  EXPECT_GT(*db->NextJobNumber(), *n);
}

// GetJob and ListJobs go through their own connection and lock, so they never wait for a write:
// here another process's connection holds the database's write lock, so an InsertJob waits in
// SQLite's busy handler (up to 5 s) while holding the writer's lock, and the reads made meanwhile
// must come back before the insert does. Whether the insert was already waiting when the reads
// ran is up to the scheduler (the reads start 200 ms after it), so a slow host can only make this
// test miss a regression, never fail a correct build: the insert cannot finish before the lock is
// released, which happens after the reads.
TEST_F(JobDbTest, ReadsDoNotWaitForAWriteInProgress) {
  std::unique_ptr<JobDb> db = OpenDb();
  ASSERT_NE(db, nullptr);
  ASSERT_TRUE(db->InsertJob(MakeJob("j-000001", v1::SUCCEEDED)).ok());
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(path_.c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK)
      << sqlite3_errmsg(other);
  std::atomic<bool> insert_returned{false};
  absl::Status inserted;
  std::thread writer([&] {
    inserted = db->InsertJob(MakeJob("j-000002", v1::QUEUED));
    insert_returned = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  absl::StatusOr<v1::Job> read = db->GetJob("j-000001");
  absl::StatusOr<std::vector<v1::Job>> listed = db->ListJobs(10, v1::JOB_STATE_UNSPECIFIED, true);
  const bool returned_before_reads = insert_returned;
  EXPECT_EQ(sqlite3_exec(other, "COMMIT", nullptr, nullptr, nullptr), SQLITE_OK);
  writer.join();
  sqlite3_close(other);
  EXPECT_FALSE(returned_before_reads) << "a read waited for the write: " << inserted;
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->state(), v1::SUCCEEDED);
  ASSERT_TRUE(listed.ok()) << listed.status();
  EXPECT_EQ(listed->size(), 1u);
  EXPECT_TRUE(inserted.ok()) << inserted;  // once the lock was released
  EXPECT_TRUE(db->GetJob("j-000002").ok());
}

}  // namespace
}  // namespace symmbench
