// Scheduler: a FIFO queue of jobs and exclusive assignment of devices. Strict FIFO: the head
// job waits until world_size devices are free and later jobs do not overtake it; jobs whose
// devices are disjoint run at the same time. Not thread-safe (the JobManager holds its lock).
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "absl/status/status.h"

namespace symmbench {

struct Placement {
  std::string job_id;
  std::vector<int> devices;  // world_size device indices, ascending; rank r runs on devices[r]
};

class Scheduler {
 public:
  explicit Scheduler(int num_devices);

  // Appends a job to the queue. INVALID_ARGUMENT naming world_size when it is < 1;
  // RESOURCE_EXHAUSTED naming world_size when it exceeds the device count;
  // ALREADY_EXISTS for a job id already queued or running.
  absl::Status Enqueue(const std::string& job_id, int world_size);
  // Removes a queued job; false if it is not queued.
  bool RemoveQueued(const std::string& job_id);
  // Pops jobs from the head of the queue while enough devices are free, giving each the
  // lowest-numbered free devices, and marks those devices busy.
  std::vector<Placement> TakeRunnable();
  // Frees the devices of a running job; false if the job holds none.
  bool Release(const std::string& job_id);
  // Undoes TakeRunnable for a job that could not start: frees its devices and puts it back at
  // the head of the queue. Give back several placements last first, to keep their order.
  void Requeue(const Placement& placement);

  int num_devices() const { return static_cast<int>(holder_.size()); }
  int free_devices() const;
  int queue_depth() const { return static_cast<int>(queue_.size()); }
  // Job holding `device`, or "" when free.
  const std::string& holder(int device) const { return holder_.at(device); }

 private:
  struct Queued {
    std::string job_id;
    int world_size;
  };
  std::deque<Queued> queue_;
  std::vector<std::string> holder_;  // per device: job id or ""
};

}  // namespace symmbench
