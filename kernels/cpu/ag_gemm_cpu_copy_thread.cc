// AgGemmCopyThread: a worker thread started once and fed one task at a time under a mutex and
// a condition variable (it sleeps between runs instead of spinning on the shared cores).
#include "kernels/cpu/ag_gemm_cpu_copy_thread.h"

#include <system_error>
#include <utility>

#include "absl/strings/str_cat.h"

namespace symmbench {

AgGemmCopyThread::~AgGemmCopyThread() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

absl::Status AgGemmCopyThread::Start(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (busy_) {
      return absl::FailedPreconditionError(
          "ag_gemm (cpu) copy thread: Start while the previous task is not joined");
    }
    if (!thread_.joinable()) {
      try {
        thread_ = std::thread(&AgGemmCopyThread::Loop, this);
      } catch (const std::system_error& e) {
        return absl::ResourceExhaustedError(
            absl::StrCat("ag_gemm (cpu) copy thread: cannot create the thread: ", e.what()));
      }
    }
    task_ = std::move(task);
    busy_ = true;
  }
  cv_.notify_all();
  return absl::OkStatus();
}

void AgGemmCopyThread::Join() {
  std::unique_lock<std::mutex> lock(mutex_);
  cv_.wait(lock, [this] { return !busy_; });
}

void AgGemmCopyThread::Loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (true) {
    cv_.wait(lock, [this] { return stop_ || (busy_ && task_); });
    if (stop_) return;  // the destructor runs only after every Start has been joined
    std::function<void()> task = std::move(task_);
    task_ = nullptr;
    lock.unlock();
    task();
    lock.lock();
    busy_ = false;
    cv_.notify_all();
  }
}

}  // namespace symmbench
