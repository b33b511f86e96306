// DatabaseLock: one daemon per job database. Two daemons on one database would each take the
// other's jobs for orphans of a crash (failing the running one, running the queued ones again).
#pragma once

#include <string>

#include "absl/status/statusor.h"

namespace symmbench {

// An exclusive flock(2) on "<db_path>.lock", held for the object's life (released when the
// process exits, also on a crash, so a stale file never blocks a restart). The file holds the
// holder's pid for the next daemon's message.
class DatabaseLock {
 public:
  // FAILED_PRECONDITION naming the database, the lock file and the holder's pid when another
  // process holds the lock; INTERNAL naming the file when it cannot be opened or locked.
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
