// DatabaseLock: flock on the database file itself; the holder's pid from /proc/locks.
#include "server/storage/db_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace symmbench {
namespace {

// The pid holding a FLOCK on the file with device `dev` and inode `ino`, from the text of
// /proc/locks (`locks`); 0 when no such line.
int64_t FlockHolder(const std::string& locks, uint64_t dev, uint64_t ino) {
  // "1: FLOCK  ADVISORY  WRITE 4242 00:2e:1234567 0 EOF"; a waiter's line has "->" after
  // the number. The device is MAJOR:MINOR in hex (fs/locks.c).
  const std::string want = absl::StrCat(absl::Hex(major(dev), absl::kZeroPad2), ":",
                                        absl::Hex(minor(dev), absl::kZeroPad2), ":", ino);
  for (absl::string_view line : absl::StrSplit(locks, '\n')) {
    std::vector<absl::string_view> f = absl::StrSplit(line, ' ', absl::SkipEmpty());
    if (f.size() < 6 || f[1] != "FLOCK" || f[5] != want) continue;
    int64_t pid = 0;
    if (absl::SimpleAtoi(f[4], &pid)) return pid;
  }
  return 0;
}

}  // namespace

absl::StatusOr<DatabaseLock> DatabaseLock::Acquire(const std::string& db_path) {
  if (db_path == ":memory:") return DatabaseLock(-1);  // no file, nothing to share
  const std::filesystem::path parent = std::filesystem::path(db_path).parent_path();
  if (std::error_code ec;
      !parent.empty() && !std::filesystem::create_directories(parent, ec) && ec) {
    return absl::InternalError(absl::StrCat("cannot create the directory ", parent.string(),
                                            " of the job database: ", ec.message()));
  }
  int fd = open(db_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  // A read-only file or filesystem still locks (flock needs no write access); the job
  // database then refuses it, naming why.
  if (fd < 0 && (errno == EROFS || errno == EACCES))
    fd = open(db_path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return absl::InternalError(absl::StrCat("cannot open the job database ", db_path,
                                            " to lock it: ", std::strerror(errno)));
  }
  if (flock(fd, LOCK_EX | LOCK_NB) == 0) return DatabaseLock(fd);
  const int error = errno;
  struct stat st = {};
  const bool stated = fstat(fd, &st) == 0;
  close(fd);  // nothing of SQLite's is open in this process yet
  if (error != EWOULDBLOCK) {
    return absl::InternalError(
        absl::StrCat("cannot lock the job database ", db_path, ": ", std::strerror(error)));
  }
  std::ostringstream locks;
  if (std::ifstream in("/proc/locks"); in) locks << in.rdbuf();
  const int64_t pid = stated ? FlockHolder(locks.str(), st.st_dev, st.st_ino) : 0;
  return absl::FailedPreconditionError(
      absl::StrCat("the job database ", db_path, " is in use by another symmbenchd (",
                   pid > 0 ? absl::StrCat("pid ", pid) : "pid unknown",
                   ", which holds a lock on the file, by this name or another); stop that "
                   "daemon or give this one another --db"));
}

DatabaseLock::~DatabaseLock() {
  if (fd_ >= 0) close(fd_);  // releases the flock
}

}  // namespace symmbench
