// What the coordinator's small SQLite-backed stores share (dispatch tables and ceilings,
// baselines): opening a database file with its schema, scoped statements, and error statuses.
// The job database (job_db) has its own, WAL-tuned open.
#pragma once

#include <sqlite3.h>

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace symmbench {

// A prepared statement finalized on scope exit.
struct SqliteStatement {
  sqlite3_stmt* stmt = nullptr;
  ~SqliteStatement() { sqlite3_finalize(stmt); }
};

// The status of `db`'s last failed call, "<store>: <what>: <sqlite3_errmsg(db)>", with a code
// a caller can act on: RESOURCE_EXHAUSTED "the database <file> is full" (SQLITE_FULL: the disk,
// or the database's size cap), FAILED_PRECONDITION "... is read-only" (SQLITE_READONLY),
// UNAVAILABLE "could not read or write ..." (SQLITE_IOERR, SQLITE_CANTOPEN), DATA_LOSS
// (SQLITE_CORRUPT, SQLITE_NOTADB), INTERNAL otherwise.
absl::Status SqliteStoreError(const char* store, sqlite3* db, const std::string& what);

// Opens (or creates) `path` with a 5 s busy timeout and runs `schema` (CREATE TABLE IF NOT
// EXISTS ...). The caller owns the handle (sqlite3_close). INTERNAL naming `store` and the step
// ("open <path>", "create table") on failure; nothing is left open then.
absl::StatusOr<sqlite3*> OpenSqliteStore(const char* store, const std::string& path,
                                         const char* schema);

}  // namespace symmbench
