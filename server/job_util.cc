// Helpers of the JobManager (job_util.h).
#include "server/job_util.h"

#include <dirent.h>
#include <sys/mman.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

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

std::vector<LogField> JobLogFields(const v1::Job& record) {
  std::vector<LogField> fields = {
      {"job_id", record.job_id()},
      {"state", v1::JobState_Name(record.state())},
      {"kernel", record.spec().kernel()},
      {"world_size", absl::StrCat(record.spec().world_size()), true},
      {"backend", v1::Backend_Name(record.backend() != v1::auto_ ? record.backend()
                                                                 : record.spec().backend())},
  };
  if (record.devices_size() > 0)
    fields.push_back({"devices", absl::StrJoin(record.devices(), ",")});
  if (record.start_time_unix_ms() > 0 && record.submit_time_unix_ms() > 0) {
    fields.push_back(
        {"queue_wait_s",
         absl::StrCat((record.start_time_unix_ms() - record.submit_time_unix_ms()) / 1e3), true});
  }
  if (record.end_time_unix_ms() > 0 && record.start_time_unix_ms() > 0) {
    fields.push_back({"duration_s",
                      absl::StrCat((record.end_time_unix_ms() - record.start_time_unix_ms()) / 1e3),
                      true});
  }
  if (!record.error().empty()) fields.push_back({"error", record.error()});
  return fields;
}

}  // namespace symmbench
