// Scheduler: strict FIFO over a queue of (job id, world size); devices are handed out
// lowest-numbered first and held until Release().
#include "server/scheduler.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "common/quote.h"

namespace symmbench {

Scheduler::Scheduler(int num_devices) : holder_(std::max(num_devices, 0)) {}

absl::Status Scheduler::Enqueue(const std::string& job_id, int world_size) {
  // An empty id would be indistinguishable from a free device in holder_.
  if (job_id.empty()) return absl::InvalidArgumentError("job_id: must not be empty");
  if (world_size < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("world_size: must be >= 1 (got ", world_size, ")"));
  }
  if (world_size > num_devices()) {
    return absl::ResourceExhaustedError(absl::StrCat("world_size: ", world_size, " exceeds the ",
                                                     num_devices(), " devices of this scheduler"));
  }
  const bool queued = std::any_of(queue_.begin(), queue_.end(),
                                  [&](const Queued& q) { return q.job_id == job_id; });
  if (queued) {
    return absl::AlreadyExistsError(absl::StrCat("job ", ShortName(job_id), " is already queued"));
  }
  if (std::find(holder_.begin(), holder_.end(), job_id) != holder_.end()) {
    return absl::AlreadyExistsError(absl::StrCat("job ", ShortName(job_id), " is already running"));
  }
  queue_.push_back({job_id, world_size});
  return absl::OkStatus();
}

bool Scheduler::RemoveQueued(const std::string& job_id) {
  auto it = std::find_if(queue_.begin(), queue_.end(),
                         [&](const Queued& q) { return q.job_id == job_id; });
  if (it == queue_.end()) return false;
  queue_.erase(it);
  return true;
}

std::vector<Placement> Scheduler::TakeRunnable() {
  std::vector<Placement> placements;
  // Only the head may start: a job behind it never overtakes it, even if it would fit.
  while (!queue_.empty() && queue_.front().world_size <= free_devices()) {
    Placement placement;
    placement.job_id = queue_.front().job_id;
    for (int d = 0; d < num_devices() &&
                    static_cast<int>(placement.devices.size()) < queue_.front().world_size;
         ++d) {
      if (holder_[d].empty()) {
        holder_[d] = placement.job_id;
        placement.devices.push_back(d);
      }
    }
    queue_.pop_front();
    placements.push_back(std::move(placement));
  }
  return placements;
}

bool Scheduler::Release(const std::string& job_id) {
  if (job_id.empty()) return false;
  bool released = false;
  for (std::string& holder : holder_) {
    if (holder == job_id) {
      holder.clear();
      released = true;
    }
  }
  return released;
}

void Scheduler::Requeue(const Placement& placement) {
  Release(placement.job_id);
  queue_.push_front({placement.job_id, static_cast<int>(placement.devices.size())});
}

int Scheduler::free_devices() const {
  return static_cast<int>(std::count(holder_.begin(), holder_.end(), std::string()));
}

}  // namespace symmbench
