// JobDb: job records and their result rows in SQLite (WAL mode), so history survives a
// restart. Each job is stored as its serialized symmbench.v1.Job (without rows) plus indexed
// columns; rows are stored one per line of a rows table. Thread-safe: writes go through one
// connection under a mutex; reads (GetJob, ListJobs, ListQueued) through a second, read-only
// connection under its own mutex, so a reader never waits for a write or a WAL checkpoint.
// Every write is committed before its call returns, so a read that follows sees it.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "proto/symmbench.pb.h"

struct sqlite3;

namespace symmbench {

class JobDb {
 public:
  // Opens or creates the database at `path` (parent directories are created) and makes one
  // write, so that a database that cannot be written is refused here rather than at the first
  // job: FAILED_PRECONDITION "... is read-only" (a read-only file, directory or mount),
  // RESOURCE_EXHAUSTED "... is full", other codes as SqliteStoreError maps them. `max_bytes` > 0
  // caps the database file (SQLite's max_page_count; past it writes fail as on a full disk).
  static absl::StatusOr<std::unique_ptr<JobDb>> Open(const std::string& path,
                                                     int64_t max_bytes = 0);
  ~JobDb();

  // Inserts a new job (rows ignored). ALREADY_EXISTS for a duplicate job_id.
  absl::Status InsertJob(const v1::Job& job);
  // Replaces the stored record of an existing job (rows ignored). NOT_FOUND when absent.
  absl::Status UpdateJob(const v1::Job& job);
  // Appends a result row; rows come back in insertion order. NOT_FOUND for an unknown job.
  absl::Status AppendRow(const std::string& job_id, const v1::ResultRow& row);
  // The job with its rows. NOT_FOUND naming the job id when absent.
  absl::StatusOr<v1::Job> GetJob(const std::string& job_id) const;
  // Newest first (by submission order), at most `limit` jobs, optionally only one state, and
  // only those submitted before job number `before` (job "j-000042" is number 42; 0: all).
  absl::StatusOr<std::vector<v1::Job>> ListJobs(int limit, v1::JobState state_filter,
                                                bool include_rows, int64_t before = 0) const;
  // Marks every RUNNING job FAILED with `reason`, in one transaction (used at start-up after a
  // crash or restart: their workers are gone). Returns the changed records (without rows),
  // oldest first.
  absl::StatusOr<std::vector<v1::Job>> FailRunning(const std::string& reason);
  // Every QUEUED job (without rows), oldest first (submission order): what a restarted
  // daemon queues again.
  absl::StatusOr<std::vector<v1::Job>> ListQueued() const;
  // A number greater than every job number issued so far (survives restarts), for job ids.
  absl::StatusOr<int64_t> NextJobNumber();
  // Writes and commits one small record (the time of the call): whether a write can succeed
  // now, e.g. once space has been freed after writes failed on a full disk.
  absl::Status ProbeWrite();

 private:
  JobDb(sqlite3* db, sqlite3* reader);
  // The reader's lock: its own, or mu_ when reads share the writer's connection (":memory:").
  std::mutex& read_mu() const { return reader_ == db_ ? mu_ : read_mu_; }

  mutable std::mutex mu_;
  sqlite3* db_;
  mutable std::mutex read_mu_;
  sqlite3* reader_ = nullptr;  // == db_ for ":memory:" (a second connection would be empty)
};

}  // namespace symmbench
