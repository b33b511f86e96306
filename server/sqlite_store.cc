// Opening and error reporting of the coordinator's small SQLite stores (sqlite_store.h).
#include "server/sqlite_store.h"

#include "absl/strings/str_cat.h"

namespace symmbench {

absl::Status SqliteStoreError(const char* store, sqlite3* db, const std::string& what) {
  return absl::InternalError(absl::StrCat(store, ": ", what, ": ", sqlite3_errmsg(db)));
}

absl::StatusOr<sqlite3*> OpenSqliteStore(const char* store, const std::string& path,
                                         const char* schema) {
  sqlite3* db = nullptr;
  if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
    absl::Status status = SqliteStoreError(store, db, absl::StrCat("open ", path));
    sqlite3_close(db);
    return status;
  }
  sqlite3_busy_timeout(db, 5000);
  if (sqlite3_exec(db, schema, nullptr, nullptr, nullptr) != SQLITE_OK) {
    absl::Status status = SqliteStoreError(store, db, "create table");
    sqlite3_close(db);
    return status;
  }
  return db;
}

}  // namespace symmbench
