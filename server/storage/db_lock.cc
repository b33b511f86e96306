// DatabaseLock: flock on "<db>.lock", the holder's pid inside.
#include "server/storage/db_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cstring>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"

namespace symmbench {

absl::StatusOr<DatabaseLock> DatabaseLock::Acquire(const std::string& db_path) {
  const std::string path = db_path + ".lock";
  const int fd = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    return absl::InternalError(
        absl::StrCat("cannot open the lock file ", path, ": ", std::strerror(errno)));
  }
  if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    char text[32] = {};
    const ssize_t n = pread(fd, text, sizeof(text) - 1, 0);
    close(fd);
    if (error != EWOULDBLOCK) {
      return absl::InternalError(absl::StrCat("cannot lock ", path, ": ", std::strerror(error)));
    }
    int64_t pid = 0;
    const bool known = n > 0 && absl::SimpleAtoi(absl::StripAsciiWhitespace(text), &pid);
    return absl::FailedPreconditionError(
        absl::StrCat("the job database ", db_path, " is in use by another symmbenchd (",
                     known ? absl::StrCat("pid ", pid) : "pid unknown", ", lock ", path,
                     "); stop that daemon or give this one another --db"));
  }
  // Best effort: the lock is held either way; without the pid only a second daemon's message
  // says less.
  const std::string pid = absl::StrCat(getpid(), "\n");
  [[maybe_unused]] const bool recorded =
      ftruncate(fd, 0) == 0 &&
      pwrite(fd, pid.data(), pid.size(), 0) == static_cast<ssize_t>(pid.size());
  return DatabaseLock(fd);
}

DatabaseLock::~DatabaseLock() {
  if (fd_ >= 0) close(fd_);  // releases the flock
}

}  // namespace symmbench
