// CheckIsJobDatabase: the tables a read-only connection finds, against the job database's.
#include "server/storage/db_identity.h"

#include <sqlite3.h>
#include <sys/stat.h>

#include <set>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace symmbench {
namespace {

// Every table a job database of any record format holds (server/storage: job_db.cc,
// dispatch_tables.cc, baseline_store.cc; sqlite_sequence comes with AUTOINCREMENT).
const std::set<std::string>& JobDatabaseTables() {
  static const auto* tables = new std::set<std::string>{
      "jobs", "rows", "counters", "dispatch_tables", "ceilings", "baselines", "sqlite_sequence"};
  return *tables;
}

constexpr int kTablesNamed = 5;

}  // namespace

absl::Status CheckIsJobDatabase(const std::string& path) {
  if (path == ":memory:") return absl::OkStatus();
  struct stat st = {};
  if (stat(path.c_str(), &st) != 0 || st.st_size == 0) return absl::OkStatus();
  sqlite3* db = nullptr;
  const int opened = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
  std::vector<std::string> tables;
  int rc = opened;
  std::string error;
  if (opened == SQLITE_OK) {
    sqlite3_stmt* stmt = nullptr;
    rc = sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
                            -1, &stmt, nullptr);
    while (rc == SQLITE_OK && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
      tables.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0)));
      rc = SQLITE_OK;
    }
    if (rc == SQLITE_DONE) rc = SQLITE_OK;
    sqlite3_finalize(stmt);
  }
  if (rc != SQLITE_OK) error = db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  sqlite3_close_v2(db);
  if (rc == SQLITE_NOTADB) {
    return absl::FailedPreconditionError(absl::StrCat(
        "--db ", path, " is not an SQLite database (", error,
        "); symmbenchd left it untouched. Give --db a new file or a symmbench job database"));
  }
  if (rc != SQLITE_OK) {
    return absl::FailedPreconditionError(absl::StrCat("--db ", path, ": cannot read its tables (",
                                                      error, "); symmbenchd left it untouched"));
  }
  std::vector<std::string> foreign;
  bool has_jobs = false;
  for (const std::string& t : tables) {
    has_jobs |= t == "jobs";
    if (JobDatabaseTables().count(t) == 0) foreign.push_back(t);
  }
  if (tables.empty() || (has_jobs && foreign.empty())) return absl::OkStatus();
  const std::vector<std::string>& named = foreign.empty() ? tables : foreign;
  const std::string list = absl::StrCat(
      absl::StrJoin(named.begin(), named.begin() + std::min<size_t>(named.size(), kTablesNamed),
                    ", "),
      named.size() > kTablesNamed ? absl::StrCat(" and ", named.size() - kTablesNamed, " more")
                                  : "");
  return absl::FailedPreconditionError(absl::StrCat(
      "--db ", path, " is another program's SQLite database (",
      foreign.empty() ? "no jobs table; tables " : "tables not of symmbench: ", list,
      "); symmbenchd left it untouched. Give --db a new file or a symmbench job database"));
}

}  // namespace symmbench
