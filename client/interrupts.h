// Interrupts: Ctrl-C (SIGINT) and SIGTERM for the CLI. Both are blocked in every thread and
// taken by one thread, so that a command waiting on a job can say what becomes of it (it keeps
// running on the coordinator, or it is cancelled with --cancel-on-interrupt) before the process
// ends as the signal would have ended it.
#pragma once

#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace symmbench::client {

class Interrupts {
 public:
  // Blocks SIGINT and SIGTERM in this thread (and so in the threads it starts later) and starts
  // the thread that takes them. Construct it first in main, before gRPC starts its threads.
  Interrupts();
  // Stops the signal thread (and unblocks nothing: the process is ending).
  ~Interrupts();
  Interrupts(const Interrupts&) = delete;
  Interrupts& operator=(const Interrupts&) = delete;

  // While a job is waited on: a signal runs `on_signal` (on the signal thread: say what becomes
  // of the job, cancel it) before the process ends by the signal. Without one, a signal ends
  // the process at once, as by default.
  void SetOnSignal(std::function<void()> on_signal);
  void ClearOnSignal();

 private:
  void Loop();

  std::mutex mu_;
  std::function<void()> on_signal_;  // guarded by mu_
  std::thread thread_;
};

// SetOnSignal for the life of a scope; nothing when `interrupts` is null (tests).
class OnInterrupt {
 public:
  OnInterrupt(Interrupts* interrupts, std::function<void()> on_signal) : interrupts_(interrupts) {
    if (interrupts_ != nullptr) interrupts_->SetOnSignal(std::move(on_signal));
  }
  ~OnInterrupt() {
    if (interrupts_ != nullptr) interrupts_->ClearOnSignal();
  }
  OnInterrupt(const OnInterrupt&) = delete;
  OnInterrupt& operator=(const OnInterrupt&) = delete;

 private:
  Interrupts* interrupts_;
};

}  // namespace symmbench::client
