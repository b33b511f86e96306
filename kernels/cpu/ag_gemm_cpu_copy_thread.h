// AgGemmCopyThread: the CPU ag_gemm's "copy engine", one persistent worker thread that runs one
// posted task at a time (the fused op's all-gather) beside the calling thread's GEMMs.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

#include "absl/status/status.h"

namespace symmbench {

// Ordering contract: everything the caller did before Start happens-before the task runs, and
// everything the task did happens-before Join returns (both hand-offs go through mutex_).
// While the task runs it may publish finer-grained progress through its own atomics.
//
// Start and Join are called from one thread (the rank's driver); the destructor joins the
// worker, so a task's captures must outlive the AgGemmCopyThread or its Join.
class AgGemmCopyThread {
 public:
  AgGemmCopyThread() = default;
  ~AgGemmCopyThread();
  AgGemmCopyThread(const AgGemmCopyThread&) = delete;
  AgGemmCopyThread& operator=(const AgGemmCopyThread&) = delete;

  // Hands `task` to the worker thread, starting the thread on first use. FAILED_PRECONDITION
  // when the previous task has not been joined; RESOURCE_EXHAUSTED when the thread cannot be
  // created (the task is then not run).
  absl::Status Start(std::function<void()> task);
  // Blocks until the task of the last Start has returned; returns at once when none is pending.
  // Tasks are bounded work (memcpy), so this waits without a deadline.
  void Join();

 private:
  void Loop();

  std::mutex mutex_;
  std::condition_variable cv_;
  std::function<void()> task_;  // guarded by mutex_; the pending or running task
  bool busy_ = false;           // guarded by mutex_; a task was started and not yet finished
  bool stop_ = false;           // guarded by mutex_; set by the destructor
  std::thread thread_;          // started by the first Start
};

}  // namespace symmbench
