// DatabaseLock: one daemon per job database. Two daemons on one database would each take the
// other's jobs for orphans of a crash (failing the running one, running the queued ones again).
#pragma once

#include <string>

#include "absl/status/statusor.h"

namespace symmbench {

// An exclusive flock(2) on the database file itself, held for the object's life (released when
// the process exits, also on a crash, so a stale lock never blocks a restart). The lock belongs
// to the file (its inode), not to the name it was opened by: a symlink, a hard link, a relative
// path or a bind mount of a locked database is refused too. flock and SQLite's own fcntl(2)
// byte-range locks are separate on local filesystems, so SQLite is not disturbed (on NFS, where
// flock is emulated with fcntl, keep the database on a local disk, as SQLite itself advises).
// A missing file is created empty (SQLite makes it a database).
//
// Destroy it only after every SQLite connection to the file in this process is closed: closing
// any descriptor of a file drops the process's fcntl locks on it.
class DatabaseLock {
 public:
  // FAILED_PRECONDITION naming the database and the holder's pid (from /proc/locks; "pid
  // unknown" where that is not readable) when another process holds the lock; INTERNAL naming
  // the file when it cannot be opened or locked.
  static absl::StatusOr<DatabaseLock> Acquire(const std::string& db_path);

  DatabaseLock(DatabaseLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  DatabaseLock& operator=(DatabaseLock&&) = delete;
  DatabaseLock(const DatabaseLock&) = delete;
  ~DatabaseLock();

 private:
  explicit DatabaseLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace symmbench
