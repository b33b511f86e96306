// JobWatch: a closable event queue with a timed wait.
#include "server/job_watch.h"

#include <utility>

namespace symmbench {

JobWatch::Next JobWatch::Wait(v1::JobEvent* event, std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mu_);
  ready_.wait_for(lock, timeout, [&] { return !events_.empty() || closed_; });
  if (!events_.empty()) {
    *event = std::move(events_.front());
    events_.pop_front();
    return Next::kEvent;
  }
  return closed_ ? Next::kEnd : Next::kTimeout;
}

void JobWatch::Push(v1::JobEvent event, bool last) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_) return;
    events_.push_back(std::move(event));
    closed_ = last;
  }
  ready_.notify_all();
}

}  // namespace symmbench
