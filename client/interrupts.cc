// Interrupts: one thread in sigwait; the process ends by re-raising the signal it took.
#include "client/interrupts.h"

#include <pthread.h>
#include <signal.h>

namespace symmbench::client {
namespace {

sigset_t Signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

// SIGUSR2 wakes the thread when the object goes (it is not one of the signals it handles).
constexpr int kStop = SIGUSR2;

}  // namespace

Interrupts::Interrupts() {
  sigset_t set = Signals();
  sigaddset(&set, kStop);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  thread_ = std::thread([this] { Loop(); });
}

Interrupts::~Interrupts() {
  pthread_kill(thread_.native_handle(), kStop);
  thread_.join();
}

void Interrupts::SetOnSignal(std::function<void()> on_signal) {
  std::lock_guard<std::mutex> lock(mu_);
  on_signal_ = std::move(on_signal);
}

void Interrupts::ClearOnSignal() {
  std::lock_guard<std::mutex> lock(mu_);
  on_signal_ = nullptr;
}

void Interrupts::Loop() {
  sigset_t set = Signals();
  sigaddset(&set, kStop);
  int sig = 0;
  if (sigwait(&set, &sig) != 0 || sig == kStop) return;
  std::function<void()> on_signal;
  {
    std::lock_guard<std::mutex> lock(mu_);
    on_signal = on_signal_;
  }
  if (on_signal) on_signal();
  // End as the signal ends a process by default (exit status 128 + sig in a shell).
  signal(sig, SIG_DFL);
  sigset_t just = Signals();
  pthread_sigmask(SIG_UNBLOCK, &just, nullptr);
  raise(sig);
}

}  // namespace symmbench::client
