// Helpers of the JobManager (job_util.h).
#include "server/job_util.h"

#include <dirent.h>
#include <sys/mman.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>

#include "absl/strings/str_cat.h"

namespace symmbench {

int64_t NowUnixMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

bool IsFinal(v1::JobState state) {
  return state == v1::SUCCEEDED || state == v1::FAILED || state == v1::CANCELLED;
}

v1::JobEvent StateEvent(const v1::Job& record) {
  v1::JobEvent event;
  event.set_state(record.state());
  event.set_error(record.error());
  return event;
}

std::string NewRunInstance() {
  std::random_device random;
  char hex[17];
  std::snprintf(hex, sizeof(hex), "%08x%08x", random(), random());
  return hex;
}

void RemoveLeftoverSegments(const std::string& job_id, const std::string& instance) {
  const std::string prefix = absl::StrCat("symmbench-", job_id, "-", instance, "-");
  DIR* dir = opendir("/dev/shm");
  if (dir == nullptr) return;
  while (dirent* entry = readdir(dir)) {
    if (std::string(entry->d_name).rfind(prefix, 0) == 0) {
      shm_unlink(absl::StrCat("/", entry->d_name).c_str());
    }
  }
  closedir(dir);
}

}  // namespace symmbench
