// JobDb over SQLite: one connection in WAL mode guarded by a mutex; every statement is
// prepared with bound parameters and every return code becomes an absl::Status.
#include "server/storage/job_db.h"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <system_error>
#include <utility>

#include "absl/strings/str_cat.h"
#include "common/quote.h"
#include "server/storage/sqlite_store.h"

namespace symmbench {
namespace {

// How long a statement waits for a lock held by another connection (e.g. a reader tool).
constexpr int kBusyTimeoutMs = 5000;

// rows.job_id references jobs(job_id) (UNIQUE, so a valid parent key); deleting a job would
// delete its rows. The counters table keeps NextJobNumber monotonic across restarts.
constexpr char kSchema[] = R"sql(
CREATE TABLE IF NOT EXISTS jobs(
  number INTEGER PRIMARY KEY AUTOINCREMENT,
  job_id TEXT NOT NULL UNIQUE,
  state INTEGER NOT NULL,
  record BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS jobs_by_state ON jobs(state, number);
CREATE TABLE IF NOT EXISTS rows(
  job_id TEXT NOT NULL REFERENCES jobs(job_id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  row BLOB NOT NULL,
  PRIMARY KEY(job_id, seq));
CREATE TABLE IF NOT EXISTS counters(
  name TEXT PRIMARY KEY,
  value INTEGER NOT NULL);
)sql";

absl::Status SqliteError(sqlite3* db, const std::string& what) {
  return SqliteStoreError("job_db", db, what);
}

// One prepared statement, finalized on destruction.
class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) : db_(db) {
    rc_ = sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr);
  }
  ~Stmt() { sqlite3_finalize(stmt_); }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;

  // The preparation's status; `what` names the operation.
  absl::Status Prepared(const std::string& what) const {
    return rc_ == SQLITE_OK ? absl::OkStatus() : SqliteError(db_, absl::StrCat("prepare ", what));
  }
  absl::Status BindText(int i, const std::string& text) {
    return Check(
        sqlite3_bind_text(stmt_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT),
        "bind");
  }
  // A zero-length blob is bound as such (never as NULL): data() is never null.
  absl::Status BindBlob(int i, const std::string& blob) {
    return Check(
        sqlite3_bind_blob(stmt_, i, blob.data(), static_cast<int>(blob.size()), SQLITE_TRANSIENT),
        "bind");
  }
  absl::Status BindInt(int i, int64_t v) { return Check(sqlite3_bind_int64(stmt_, i, v), "bind"); }
  // SQLITE_ROW or SQLITE_DONE; anything else is returned for the caller to map.
  int Step() { return sqlite3_step(stmt_); }
  absl::Status Reset() {
    sqlite3_clear_bindings(stmt_);
    return Check(sqlite3_reset(stmt_), "reset");
  }

  int64_t Int(int col) const { return sqlite3_column_int64(stmt_, col); }
  std::string Blob(int col) const {
    const void* data = sqlite3_column_blob(stmt_, col);
    const int n = sqlite3_column_bytes(stmt_, col);
    return data == nullptr ? std::string() : std::string(static_cast<const char*>(data), n);
  }
  std::string Text(int col) const {
    const unsigned char* data = sqlite3_column_text(stmt_, col);
    const int n = sqlite3_column_bytes(stmt_, col);
    return data == nullptr ? std::string() : std::string(reinterpret_cast<const char*>(data), n);
  }

 private:
  absl::Status Check(int rc, const char* what) const {
    return rc == SQLITE_OK ? absl::OkStatus() : SqliteError(db_, what);
  }
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
  int rc_ = SQLITE_OK;
};

absl::Status Exec(sqlite3* db, const char* sql, const std::string& what) {
  char* err = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    sqlite3_free(err);  // the same text as sqlite3_errmsg
    return SqliteError(db, what);
  }
  return absl::OkStatus();
}

// BEGIN IMMEDIATE ... COMMIT; rolls back unless Commit() succeeded.
class Transaction {
 public:
  explicit Transaction(sqlite3* db) : db_(db) {}
  ~Transaction() {
    if (begun_ && !committed_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  absl::Status Begin() {
    absl::Status status = Exec(db_, "BEGIN IMMEDIATE", "begin transaction");
    begun_ = status.ok();
    return status;
  }
  absl::Status Commit() {
    absl::Status status = Exec(db_, "COMMIT", "commit");
    committed_ = status.ok();
    return status;
  }

 private:
  sqlite3* db_;
  bool begun_ = false;
  bool committed_ = false;
};

std::string SerializeWithoutRows(const v1::Job& job) {
  v1::Job copy = job;
  copy.clear_rows();
  return copy.SerializeAsString();
}

absl::StatusOr<v1::Job> ParseJob(const std::string& blob, const std::string& job_id) {
  v1::Job job;
  if (!job.ParseFromString(blob)) {
    return absl::DataLossError(absl::StrCat("job_db: stored record of job ", job_id,
                                            " does not parse as symmbench.v1.Job"));
  }
  return job;
}

int64_t NowUnixMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Appends the rows of `job` from the rows table, in insertion order.
absl::Status LoadRows(sqlite3* db, v1::Job* job) {
  Stmt stmt(db, "SELECT row FROM rows WHERE job_id = ?1 ORDER BY seq");
  if (absl::Status s = stmt.Prepared("load rows"); !s.ok()) return s;
  if (absl::Status s = stmt.BindText(1, job->job_id()); !s.ok()) return s;
  int rc;
  while ((rc = stmt.Step()) == SQLITE_ROW) {
    if (!job->add_rows()->ParseFromString(stmt.Blob(0))) {
      return absl::DataLossError(
          absl::StrCat("job_db: a stored row of job ", job->job_id(), " does not parse"));
    }
  }
  if (rc != SQLITE_DONE) return SqliteError(db, absl::StrCat("load rows of ", job->job_id()));
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::unique_ptr<JobDb>> JobDb::Open(const std::string& path, int64_t max_bytes) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (!parent.empty() && path != ":memory:") {
    std::error_code ec;
    std::filesystem::create_directories(parent, ec);
    if (ec) {
      return absl::InternalError(absl::StrCat("job_db: create directory ", parent.string(), " for ",
                                              path, ": ", ec.message()));
    }
  }
  sqlite3* raw = nullptr;
  const int rc =
      sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  // From here the JobDb owns the handle (sqlite3_open_v2 allocates one even on failure).
  std::unique_ptr<JobDb> db(new JobDb(raw, raw));
  if (raw == nullptr) {
    return absl::InternalError(absl::StrCat("job_db: open ", path, ": out of memory"));
  }
  if (rc != SQLITE_OK) return SqliteError(raw, absl::StrCat("open ", path));
  sqlite3_extended_result_codes(raw, 1);
  if (sqlite3_busy_timeout(raw, kBusyTimeoutMs) != SQLITE_OK) {
    return SqliteError(raw, "set busy timeout");
  }

  // WAL: readers never block the writer and a crash loses at most the last transactions, never
  // the file. synchronous=NORMAL is crash-safe in WAL mode (fsync at checkpoints only).
  {
    Stmt wal(raw, "PRAGMA journal_mode=WAL");
    if (absl::Status s = wal.Prepared("journal_mode=WAL"); !s.ok()) return s;
    if (wal.Step() != SQLITE_ROW) return SqliteError(raw, "set journal_mode=WAL");
    const std::string mode = wal.Text(0);
    if (mode != "wal" && !(path == ":memory:" && mode == "memory")) {
      return absl::InternalError(
          absl::StrCat("job_db: ", path, " could not enter WAL mode (journal_mode is ", mode, ")"));
    }
  }
  if (absl::Status s = Exec(raw, "PRAGMA synchronous=NORMAL", "set synchronous=NORMAL"); !s.ok()) {
    return s;
  }
  if (absl::Status s = Exec(raw, "PRAGMA foreign_keys=ON", "enable foreign keys"); !s.ok()) {
    return s;
  }
  if (absl::Status s = Exec(raw, kSchema, absl::StrCat("create schema in ", path)); !s.ok()) {
    return s;
  }
  if (max_bytes > 0) {
    Stmt page_size(raw, "PRAGMA page_size");
    if (absl::Status s = page_size.Prepared("page_size"); !s.ok()) return s;
    if (page_size.Step() != SQLITE_ROW) return SqliteError(raw, "read page_size");
    const int64_t pages = std::max<int64_t>(1, max_bytes / std::max<int64_t>(1, page_size.Int(0)));
    // SQLite keeps the cap at least the current size; a smaller cap only stops growth.
    const std::string cap = absl::StrCat("PRAGMA max_page_count=", pages);
    if (absl::Status s = Exec(raw, cap.c_str(), "set max_page_count"); !s.ok()) return s;
  }
  // A read-only file, directory or mount opens (SQLite falls back to reading) and would fail
  // every job; refuse it now.
  if (sqlite3_db_readonly(raw, "main") == 1) {
    return absl::FailedPreconditionError(
        absl::StrCat("the job database ", path,
                     " is read-only (its file, directory or filesystem cannot be written)"));
  }
  if (absl::Status s = db->ProbeWrite(); !s.ok()) return s;
  if (path != ":memory:") {
    sqlite3* reader = nullptr;
    const int reader_rc = sqlite3_open_v2(path.c_str(), &reader, SQLITE_OPEN_READONLY, nullptr);
    if (reader_rc != SQLITE_OK) {
      absl::Status s = SqliteError(reader, absl::StrCat("open ", path, " for reading"));
      sqlite3_close_v2(reader);
      return s;
    }
    db->reader_ = reader;
    sqlite3_extended_result_codes(reader, 1);
    if (sqlite3_busy_timeout(reader, kBusyTimeoutMs) != SQLITE_OK) {
      return SqliteError(reader, "set busy timeout of the reader");
    }
  }
  return db;
}

JobDb::JobDb(sqlite3* db, sqlite3* reader) : db_(db), reader_(reader) {}

JobDb::~JobDb() {
  if (reader_ != db_) sqlite3_close_v2(reader_);
  sqlite3_close_v2(db_);
}

absl::Status JobDb::InsertJob(const v1::Job& job) {
  if (job.job_id().empty()) return absl::InvalidArgumentError("job_id: must not be empty");
  std::lock_guard<std::mutex> lock(mu_);
  Stmt stmt(db_, "INSERT INTO jobs(job_id, state, record) VALUES(?1, ?2, ?3)");
  if (absl::Status s = stmt.Prepared("insert job"); !s.ok()) return s;
  if (absl::Status s = stmt.BindText(1, job.job_id()); !s.ok()) return s;
  if (absl::Status s = stmt.BindInt(2, job.state()); !s.ok()) return s;
  if (absl::Status s = stmt.BindBlob(3, SerializeWithoutRows(job)); !s.ok()) return s;
  const int rc = stmt.Step();
  if (rc == SQLITE_CONSTRAINT_UNIQUE || rc == SQLITE_CONSTRAINT_PRIMARYKEY) {
    return absl::AlreadyExistsError(absl::StrCat("job_id: job ", job.job_id(), " already exists"));
  }
  if (rc != SQLITE_DONE) return SqliteError(db_, absl::StrCat("insert job ", job.job_id()));
  return absl::OkStatus();
}

absl::Status JobDb::UpdateJob(const v1::Job& job) {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt stmt(db_, "UPDATE jobs SET state = ?2, record = ?3 WHERE job_id = ?1");
  if (absl::Status s = stmt.Prepared("update job"); !s.ok()) return s;
  if (absl::Status s = stmt.BindText(1, job.job_id()); !s.ok()) return s;
  if (absl::Status s = stmt.BindInt(2, job.state()); !s.ok()) return s;
  if (absl::Status s = stmt.BindBlob(3, SerializeWithoutRows(job)); !s.ok()) return s;
  if (stmt.Step() != SQLITE_DONE) {
    return SqliteError(db_, absl::StrCat("update job ", job.job_id()));
  }
  if (sqlite3_changes(db_) == 0) {
    return absl::NotFoundError(absl::StrCat("job ", ShortName(job.job_id()), " not found"));
  }
  return absl::OkStatus();
}

absl::Status JobDb::AppendRow(const std::string& job_id, const v1::ResultRow& row) {
  std::lock_guard<std::mutex> lock(mu_);
  // seq = one past the job's last row; the foreign key rejects an unknown job.
  Stmt stmt(db_,
            "INSERT INTO rows(job_id, seq, row) "
            "SELECT ?1, COALESCE(MAX(seq) + 1, 0), ?2 FROM rows WHERE job_id = ?1");
  if (absl::Status s = stmt.Prepared("append row"); !s.ok()) return s;
  if (absl::Status s = stmt.BindText(1, job_id); !s.ok()) return s;
  if (absl::Status s = stmt.BindBlob(2, row.SerializeAsString()); !s.ok()) return s;
  const int rc = stmt.Step();
  if (rc == SQLITE_CONSTRAINT_FOREIGNKEY) {
    return absl::NotFoundError(absl::StrCat("job ", ShortName(job_id), " not found"));
  }
  if (rc != SQLITE_DONE) return SqliteError(db_, absl::StrCat("append row to job ", job_id));
  return absl::OkStatus();
}

absl::StatusOr<v1::Job> JobDb::GetJob(const std::string& job_id) const {
  std::lock_guard<std::mutex> lock(read_mu());
  Stmt stmt(reader_, "SELECT record FROM jobs WHERE job_id = ?1");
  if (absl::Status s = stmt.Prepared("get job"); !s.ok()) return s;
  if (absl::Status s = stmt.BindText(1, job_id); !s.ok()) return s;
  const int rc = stmt.Step();
  if (rc == SQLITE_DONE) {
    return absl::NotFoundError(absl::StrCat("job ", ShortName(job_id), " not found"));
  }
  if (rc != SQLITE_ROW) return SqliteError(reader_, absl::StrCat("get job ", job_id));
  absl::StatusOr<v1::Job> job = ParseJob(stmt.Blob(0), job_id);
  if (!job.ok()) return job.status();
  job->set_job_id(job_id);
  if (absl::Status s = LoadRows(reader_, &*job); !s.ok()) return s;
  return job;
}

absl::StatusOr<std::vector<v1::Job>> JobDb::ListJobs(int limit, v1::JobState state_filter,
                                                     bool include_rows, int64_t before) const {
  // The API's "0 means 100" is the service's business; here a limit must be given.
  if (limit < 1) {
    return absl::InvalidArgumentError(absl::StrCat("limit: must be >= 1 (got ", limit, ")"));
  }
  std::lock_guard<std::mutex> lock(read_mu());
  // ?1 = 0 (JOB_STATE_UNSPECIFIED) matches every state.
  Stmt stmt(reader_,
            "SELECT job_id, record FROM jobs WHERE (?1 = 0 OR state = ?1) "
            "AND (?3 = 0 OR number < ?3) ORDER BY number DESC LIMIT ?2");
  if (absl::Status s = stmt.Prepared("list jobs"); !s.ok()) return s;
  if (absl::Status s = stmt.BindInt(1, state_filter); !s.ok()) return s;
  if (absl::Status s = stmt.BindInt(2, limit); !s.ok()) return s;
  if (absl::Status s = stmt.BindInt(3, before); !s.ok()) return s;
  std::vector<v1::Job> jobs;
  int rc;
  while ((rc = stmt.Step()) == SQLITE_ROW) {
    const std::string job_id = stmt.Text(0);
    absl::StatusOr<v1::Job> job = ParseJob(stmt.Blob(1), job_id);
    if (!job.ok()) return job.status();
    job->set_job_id(job_id);
    if (include_rows) {
      if (absl::Status s = LoadRows(reader_, &*job); !s.ok()) return s;
    }
    jobs.push_back(*std::move(job));
  }
  if (rc != SQLITE_DONE) return SqliteError(reader_, "list jobs");
  return jobs;
}

namespace {
// Records of every job in `state`, oldest first. The caller holds the lock.
absl::StatusOr<std::vector<v1::Job>> SelectByState(sqlite3* db, v1::JobState state) {
  Stmt select(db, "SELECT job_id, record FROM jobs WHERE state = ?1 ORDER BY number");
  if (absl::Status s = select.Prepared("select jobs by state"); !s.ok()) return s;
  if (absl::Status s = select.BindInt(1, state); !s.ok()) return s;
  std::vector<v1::Job> jobs;
  int rc;
  while ((rc = select.Step()) == SQLITE_ROW) {
    const std::string job_id = select.Text(0);
    absl::StatusOr<v1::Job> job = ParseJob(select.Blob(1), job_id);
    if (!job.ok()) return job.status();
    job->set_job_id(job_id);
    jobs.push_back(*std::move(job));
  }
  if (rc != SQLITE_DONE) {
    return SqliteError(db, absl::StrCat("select ", v1::JobState_Name(state), " jobs"));
  }
  return jobs;
}
}  // namespace

absl::StatusOr<std::vector<v1::Job>> JobDb::FailRunning(const std::string& reason) {
  std::lock_guard<std::mutex> lock(mu_);
  Transaction txn(db_);
  if (absl::Status s = txn.Begin(); !s.ok()) return s;
  absl::StatusOr<std::vector<v1::Job>> running = SelectByState(db_, v1::RUNNING);
  if (!running.ok()) return running.status();

  const int64_t now = NowUnixMs();
  Stmt update(db_, "UPDATE jobs SET state = ?2, record = ?3 WHERE job_id = ?1");
  if (absl::Status s = update.Prepared("fail running jobs"); !s.ok()) return s;
  for (v1::Job& job : *running) {
    job.set_state(v1::FAILED);
    job.set_error(reason);
    job.set_end_time_unix_ms(now);
    if (absl::Status s = update.BindText(1, job.job_id()); !s.ok()) return s;
    if (absl::Status s = update.BindInt(2, v1::FAILED); !s.ok()) return s;
    if (absl::Status s = update.BindBlob(3, SerializeWithoutRows(job)); !s.ok()) return s;
    if (update.Step() != SQLITE_DONE) {
      return SqliteError(db_, absl::StrCat("fail running job ", job.job_id()));
    }
    if (absl::Status s = update.Reset(); !s.ok()) return s;
  }
  if (absl::Status s = txn.Commit(); !s.ok()) return s;
  return running;
}

absl::StatusOr<std::vector<v1::Job>> JobDb::ListQueued() const {
  std::lock_guard<std::mutex> lock(read_mu());
  return SelectByState(reader_, v1::QUEUED);
}

absl::StatusOr<int64_t> JobDb::NextJobNumber() {
  std::lock_guard<std::mutex> lock(mu_);
  Transaction txn(db_);
  if (absl::Status s = txn.Begin(); !s.ok()) return s;
  // Above every number handed out before and every row number of the jobs table, so that ids
  // built from it never collide even with jobs inserted under other names.
  Stmt select(db_,
              "SELECT MAX(COALESCE((SELECT value FROM counters WHERE name = 'job_number'), 0), "
              "COALESCE((SELECT MAX(number) FROM jobs), 0)) + 1");
  if (absl::Status s = select.Prepared("next job number"); !s.ok()) return s;
  if (select.Step() != SQLITE_ROW) return SqliteError(db_, "read job number counter");
  const int64_t next = select.Int(0);
  if (absl::Status s = select.Reset(); !s.ok()) return s;
  Stmt store(db_, "INSERT OR REPLACE INTO counters(name, value) VALUES('job_number', ?1)");
  if (absl::Status s = store.Prepared("store job number"); !s.ok()) return s;
  if (absl::Status s = store.BindInt(1, next); !s.ok()) return s;
  if (store.Step() != SQLITE_DONE) return SqliteError(db_, "store job number counter");
  if (absl::Status s = txn.Commit(); !s.ok()) return s;
  return next;
}

absl::Status JobDb::ProbeWrite() {
  std::lock_guard<std::mutex> lock(mu_);
  Stmt stmt(db_, "INSERT OR REPLACE INTO counters(name, value) VALUES('last_write_probe', ?1)");
  if (absl::Status s = stmt.Prepared("probe write"); !s.ok()) return s;
  if (absl::Status s = stmt.BindInt(1, NowUnixMs()); !s.ok()) return s;
  if (stmt.Step() != SQLITE_DONE) return SqliteError(db_, "write probe");
  return absl::OkStatus();
}

}  // namespace symmbench
