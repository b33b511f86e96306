// BaselineStore over SQLite: one row per baseline (name, saved time, serialized v1::Baseline).
#include "server/storage/baseline_store.h"

#include <sqlite3.h>

#include <cmath>

#include "absl/strings/str_cat.h"
#include "common/quote.h"
#include "server/storage/sqlite_store.h"

namespace symmbench {
namespace {

constexpr char kStoreName[] = "baselines";

bool NameCharacter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
         c == '_' || c == '/' || c == '+' || c == '-';
}

absl::StatusOr<v1::Baseline> Parse(sqlite3_stmt* stmt, int column) {
  v1::Baseline baseline;
  if (!baseline.ParseFromArray(sqlite3_column_blob(stmt, column),
                               sqlite3_column_bytes(stmt, column))) {
    return absl::DataLossError("baselines: a stored baseline does not parse");
  }
  return baseline;
}

}  // namespace

absl::Status ValidateBaselineName(const std::string& name) {
  if (name.empty()) return absl::InvalidArgumentError("name: must be set");
  if (name.size() > kMaxBaselineNameLength) {
    return absl::InvalidArgumentError(absl::StrCat(
        "name: ", name.size(), " characters exceed the limit of ", kMaxBaselineNameLength));
  }
  if (name[0] == '.' || name[0] == '/') {
    return absl::InvalidArgumentError(
        absl::StrCat("name: ", Quote(name), " must not start with '.' or '/'"));
  }
  for (char c : name) {
    if (!NameCharacter(c)) {
      return absl::InvalidArgumentError(
          absl::StrCat("name: ", Quote(name), " has a character outside [A-Za-z0-9._/+-]"));
    }
  }
  return absl::OkStatus();
}

absl::Status ValidateBaseline(const v1::Baseline& baseline) {
  if (absl::Status s = ValidateBaselineName(baseline.name()); !s.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("baseline.", s.message()));
  }
  if (!baseline.has_job()) return absl::InvalidArgumentError("baseline.job: missing");
  const v1::Job& job = baseline.job();
  if (job.spec().kernel().empty()) {
    return absl::InvalidArgumentError("baseline.job.spec.kernel: must be set");
  }
  if (job.spec().world_size() < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "baseline.job.spec.world_size: must be >= 1 (got ", job.spec().world_size(), ")"));
  }
  if (job.rows().empty()) return absl::InvalidArgumentError("baseline.job.rows: empty");
  if (job.spec().world_size() > kMaxBaselineWorldSize) {
    return absl::InvalidArgumentError(absl::StrCat("baseline.job.spec.world_size: at most ",
                                                   kMaxBaselineWorldSize, " (got ",
                                                   job.spec().world_size(), ")"));
  }
  if (const size_t bytes = baseline.ByteSizeLong(); bytes > kMaxBaselineBytes) {
    return absl::InvalidArgumentError(
        absl::StrCat("baseline: ", bytes, " bytes, more than ", kMaxBaselineBytes,
                     " (3 MiB, so that GetBaseline's answer fits gRPC's default 4 MiB message)"));
  }
  if (job.rows_size() > kMaxBaselineRows) {
    return absl::InvalidArgumentError(absl::StrCat("baseline.job.rows: ", job.rows_size(),
                                                   " rows, more than ", kMaxBaselineRows));
  }
  for (int i = 0; i < job.rows_size(); ++i) {
    const v1::ResultRow& row = job.rows(i);
    const std::string where = absl::StrCat("baseline.job.rows[", i, "].");
    if (row.samples_us_size() > kMaxBaselineSamples) {
      return absl::InvalidArgumentError(absl::StrCat(where, "samples_us: ", row.samples_us_size(),
                                                     " samples, more than ", kMaxBaselineSamples));
    }
    if (row.sample_iters_size() != 0 && row.sample_iters_size() != row.samples_us_size()) {
      return absl::InvalidArgumentError(
          absl::StrCat(where, "sample_iters: ", row.sample_iters_size(), " entries for ",
                       row.samples_us_size(), " samples"));
    }
    for (int j = 0; j < row.samples_us_size(); ++j) {
      if (!std::isfinite(row.samples_us(j)) || row.samples_us(j) <= 0) {
        return absl::InvalidArgumentError(absl::StrCat(
            where, "samples_us[", j, "]: must be finite and > 0 (got ", row.samples_us(j), ")"));
      }
    }
    for (int j = 0; j < row.sample_iters_size(); ++j) {
      if (row.sample_iters(j) < 1) {
        return absl::InvalidArgumentError(absl::StrCat(
            where, "sample_iters[", j, "]: must be >= 1 (got ", row.sample_iters(j), ")"));
      }
    }
    for (double t : {row.time_us(), row.time_min_us(), row.time_max_us()}) {
      if (!std::isfinite(t) || t < 0) {
        return absl::InvalidArgumentError(
            absl::StrCat(where, "time_us: must be finite and >= 0 (got ", t, ")"));
      }
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<v1::Baseline> BaselineFromJob(const v1::Job& job, const std::string& name,
                                             int64_t now_unix_ms) {
  if (absl::Status s = ValidateBaselineName(name); !s.ok()) return s;
  if (job.state() != v1::SUCCEEDED) {
    return absl::FailedPreconditionError(absl::StrCat("job_id: job ", job.job_id(), " is ",
                                                      v1::JobState_Name(job.state()),
                                                      "; only a SUCCEEDED job can be a baseline"));
  }
  if (job.rows().empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat("job_id: job ", job.job_id(), " has no result rows"));
  }
  v1::Baseline baseline;
  baseline.set_name(name);
  *baseline.mutable_job() = job;
  // The gate compares the rows' own samples; each rank's single iterations (a per-iteration
  // job's) would only make the baseline larger.
  for (v1::ResultRow& row : *baseline.mutable_job()->mutable_rows()) {
    for (v1::RankTime& t : *row.mutable_rank_times()) t.clear_samples_us();
    if (row.has_in_place()) {
      row.mutable_in_place()->clear_samples_us();
      for (v1::RankTime& t : *row.mutable_in_place()->mutable_rank_times()) t.clear_samples_us();
    }
  }
  baseline.set_saved_unix_ms(now_unix_ms);
  baseline.set_source(absl::StrCat("saved from job ", job.job_id()));
  return baseline;
}

absl::StatusOr<std::unique_ptr<BaselineStore>> BaselineStore::Open(const std::string& path) {
  const char* schema =
      "CREATE TABLE IF NOT EXISTS baselines (name TEXT PRIMARY KEY, saved_unix_ms INTEGER NOT "
      "NULL, record BLOB NOT NULL)";
  absl::StatusOr<sqlite3*> db = OpenSqliteStore(kStoreName, path, schema);
  if (!db.ok()) return db.status();
  return std::unique_ptr<BaselineStore>(new BaselineStore(*db));
}

BaselineStore::~BaselineStore() { sqlite3_close(db_); }

absl::Status BaselineStore::Put(const v1::Baseline& baseline, bool force, bool* replaced) {
  if (absl::Status s = ValidateBaseline(baseline); !s.ok()) return s;
  std::lock_guard<std::mutex> lock(mu_);
  absl::StatusOr<v1::Baseline> existing = GetLocked(baseline.name());
  if (existing.ok() && !force) {
    return absl::AlreadyExistsError(
        absl::StrCat("name: baseline \"", baseline.name(), "\" already exists (",
                     existing->source(), "); replace it with --force, or choose another name"));
  }
  if (!existing.ok() && existing.status().code() != absl::StatusCode::kNotFound) {
    return existing.status();
  }
  SqliteStatement st;
  if (sqlite3_prepare_v2(db_, "INSERT OR REPLACE INTO baselines VALUES (?, ?, ?)", -1, &st.stmt,
                         nullptr) != SQLITE_OK) {
    return SqliteStoreError(kStoreName, db_, "prepare insert");
  }
  // Only the fields this daemon knows are stored: unknown ones have no bound.
  v1::Baseline known = baseline;
  known.DiscardUnknownFields();
  const std::string record = known.SerializeAsString();
  sqlite3_bind_text(st.stmt, 1, baseline.name().c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64(st.stmt, 2, baseline.saved_unix_ms());
  sqlite3_bind_blob(st.stmt, 3, record.data(), static_cast<int>(record.size()), SQLITE_TRANSIENT);
  if (sqlite3_step(st.stmt) != SQLITE_DONE) return SqliteStoreError(kStoreName, db_, "insert");
  if (replaced != nullptr) *replaced = existing.ok();
  return absl::OkStatus();
}

absl::StatusOr<v1::Baseline> BaselineStore::Get(const std::string& name) const {
  std::lock_guard<std::mutex> lock(mu_);
  return GetLocked(name);
}

absl::StatusOr<v1::Baseline> BaselineStore::GetLocked(const std::string& name) const {
  SqliteStatement st;
  if (sqlite3_prepare_v2(db_, "SELECT record FROM baselines WHERE name = ?", -1, &st.stmt,
                         nullptr) != SQLITE_OK) {
    return SqliteStoreError(kStoreName, db_, "prepare select");
  }
  sqlite3_bind_text(st.stmt, 1, name.c_str(), -1, SQLITE_TRANSIENT);
  const int rc = sqlite3_step(st.stmt);
  if (rc == SQLITE_DONE) {
    return absl::NotFoundError(absl::StrCat("name: no baseline ", Quote(name)));
  }
  if (rc != SQLITE_ROW) return SqliteStoreError(kStoreName, db_, "select");
  return Parse(st.stmt, 0);
}

absl::StatusOr<std::vector<v1::Baseline>> BaselineStore::List(bool include_rows,
                                                              const std::string& after,
                                                              int limit) const {
  std::lock_guard<std::mutex> lock(mu_);
  SqliteStatement st;
  if (sqlite3_prepare_v2(db_, "SELECT record FROM baselines WHERE name > ? ORDER BY name LIMIT ?",
                         -1, &st.stmt, nullptr) != SQLITE_OK) {
    return SqliteStoreError(kStoreName, db_, "prepare list");
  }
  sqlite3_bind_text(st.stmt, 1, after.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int(st.stmt, 2, limit > 0 ? limit : -1);  // SQLite: a negative LIMIT is none
  std::vector<v1::Baseline> baselines;
  int rc;
  while ((rc = sqlite3_step(st.stmt)) == SQLITE_ROW) {
    absl::StatusOr<v1::Baseline> baseline = Parse(st.stmt, 0);
    if (!baseline.ok()) return baseline.status();
    baseline->set_row_count(baseline->job().rows_size());
    if (!include_rows) baseline->mutable_job()->clear_rows();
    baselines.push_back(*std::move(baseline));
  }
  if (rc != SQLITE_DONE) return SqliteStoreError(kStoreName, db_, "list");
  return baselines;
}

}  // namespace symmbench
