// Opening and error reporting of the coordinator's small SQLite stores (sqlite_store.h).
#include "server/storage/sqlite_store.h"

#include "absl/strings/str_cat.h"

namespace symmbench {

absl::Status SqliteStoreError(const char* store, sqlite3* db, const std::string& what) {
  const std::string detail = absl::StrCat(store, ": ", what, ": ", sqlite3_errmsg(db));
  const char* name = db == nullptr ? nullptr : sqlite3_db_filename(db, "main");
  const std::string file = name == nullptr || *name == '\0' ? "(in memory)" : name;
  switch (sqlite3_extended_errcode(db) & 0xff) {
    case SQLITE_FULL:
      return absl::ResourceExhaustedError(
          absl::StrCat("the database ", file, " is full (", detail,
                       "); free space on its filesystem, or raise symmbenchd --db-max-bytes"));
    case SQLITE_READONLY:
      return absl::FailedPreconditionError(
          absl::StrCat("the database ", file, " is read-only (", detail, ")"));
    case SQLITE_IOERR:
    case SQLITE_CANTOPEN:
      return absl::UnavailableError(
          absl::StrCat("could not read or write the database ", file, " (", detail, ")"));
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return absl::DataLossError(absl::StrCat("the database ", file, " is damaged (", detail, ")"));
    default:
      return absl::InternalError(detail);
  }
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
