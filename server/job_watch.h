// JobWatch: one WatchJob subscriber's queue of a job's events, filled by the JobManager and
// drained by the streaming RPC.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>

#include "proto/symmbench.pb.h"

namespace symmbench {

// One subscriber's queue of a job's events (JobManager::Watch).
class JobWatch {
 public:
  enum class Next { kEvent, kTimeout, kEnd };
  // Pops the next event, waiting at most `timeout`. kEnd once the final event was taken.
  Next Wait(v1::JobEvent* event, std::chrono::milliseconds timeout);

 private:
  friend class JobManager;
  // Appends an event; `last` closes the queue after it. Ignored once closed.
  void Push(v1::JobEvent event, bool last);
  std::mutex mu_;
  std::condition_variable ready_;
  std::deque<v1::JobEvent> events_;
  bool closed_ = false;
};

}  // namespace symmbench
