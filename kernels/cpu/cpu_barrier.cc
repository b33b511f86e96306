// The CPU signal-pad barrier: release/acquire CAS on shared uint32 slots, spin then yield
// then sleep, with a deadline on every wait (contract in cpu_barrier.h).
#include "kernels/cpu/cpu_barrier.h"

#include <sched.h>

#include <thread>

#include "absl/strings/str_cat.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {
namespace {

// The slots are shared between processes: the atomics must not fall back to a lock.
static_assert(__atomic_always_lock_free(sizeof(uint32_t), 0),
              "signal-pad slots need lock-free 32-bit atomics");

inline void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield" ::: "memory");
#endif
}

bool Aborted(const uint32_t* abort_word) {
  return abort_word != nullptr && __atomic_load_n(abort_word, __ATOMIC_ACQUIRE) != 0;
}

// Spins until CAS(slot, expected -> desired) succeeds with memory order kSuccessOrder on
// success (relaxed on failure: a failed attempt publishes and observes nothing). Reads first
// and attempts the CAS only when it can succeed, so waiting ranks do not bounce the cache line.
// False once `deadline` has passed or `abort_word` (may be null) is set.
template <int kSuccessOrder>
bool SpinCas(uint32_t* slot, uint32_t expected, uint32_t desired,
             std::chrono::steady_clock::time_point deadline, const uint32_t* abort_word) {
  for (int64_t iter = 0;; ++iter) {
    if (__atomic_load_n(slot, __ATOMIC_RELAXED) == expected) {
      uint32_t e = expected;
      if (__atomic_compare_exchange_n(slot, &e, desired, /*weak=*/false, kSuccessOrder,
                                      __ATOMIC_RELAXED)) {
        return true;
      }
    }
    if (iter < CpuBarrier::kSpinIterations) {
      CpuRelax();
      continue;
    }
    if (std::chrono::steady_clock::now() >= deadline || Aborted(abort_word)) return false;
    if (iter < CpuBarrier::kSpinIterations + CpuBarrier::kYieldIterations) {
      sched_yield();
    } else {
      std::this_thread::sleep_for(CpuBarrier::kSleep);
    }
  }
}

}  // namespace

CpuBarrier::CpuBarrier(const SymmetricMemory* memory, std::chrono::milliseconds timeout,
                       const uint32_t* abort_word)
    : memory_(memory), timeout_(timeout), abort_word_(abort_word) {}

absl::Status CpuBarrier::WaitFailed(int peer, int block, const char* waiting_for) {
  broken_ = true;
  if (Aborted(abort_word_)) {
    const uint32_t by = __atomic_load_n(abort_word_, __ATOMIC_ACQUIRE) - 1;
    return absl::AbortedError(absl::StrCat("signal-pad barrier: rank ", memory_->rank(),
                                           " stopped waiting for rank ", peer, waiting_for,
                                           " (block ", block, "): rank ", by, " aborted"));
  }
  return absl::DeadlineExceededError(absl::StrCat("signal-pad barrier timed out after ",
                                                  timeout_.count(), " ms: rank ", memory_->rank(),
                                                  " waiting for rank ", peer, waiting_for,
                                                  " (block ", block, ")"));
}

absl::Status CpuBarrier::CheckArgs(int peer, int block) const {
  if (broken_) {
    return absl::FailedPreconditionError(absl::StrCat(
        "signal-pad barrier: rank ", memory_->rank(),
        " cannot synchronise after an earlier timeout or abort (the signal pad may hold stale "
        "signals; recreate the backend)"));
  }
  if (block < 0 || block >= kMaxBlocks) {
    return absl::InvalidArgumentError(absl::StrCat(
        "signal-pad barrier: block must be in [0, ", kMaxBlocks, ") (got ", block, ")"));
  }
  if (peer < 0 || peer >= memory_->world_size()) {
    return absl::InvalidArgumentError(absl::StrCat("signal-pad barrier: peer must be in [0, ",
                                                   memory_->world_size(), ") (got ", peer,
                                                   ")"));
  }
  return absl::OkStatus();
}

absl::Status CpuBarrier::Put(int peer, int block, Clock::time_point deadline) {
  uint32_t* slot = memory_->signal_pad(peer) + block * kMaxWorldSize + memory_->rank();
  if (SpinCas<__ATOMIC_RELEASE>(slot, 0, 1, deadline, abort_word_)) return absl::OkStatus();
  return WaitFailed(peer, block, " to consume its previous signal");
}

absl::Status CpuBarrier::Wait(int peer, int block, Clock::time_point deadline) {
  uint32_t* slot = memory_->signal_pad(memory_->rank()) + block * kMaxWorldSize + peer;
  if (SpinCas<__ATOMIC_ACQUIRE>(slot, 1, 0, deadline, abort_word_)) return absl::OkStatus();
  return WaitFailed(peer, block, "");
}

absl::Status CpuBarrier::PutSignal(int peer, int block) {
  if (absl::Status s = CheckArgs(peer, block); !s.ok()) return s;
  return Put(peer, block, Clock::now() + timeout_);
}

absl::Status CpuBarrier::WaitSignal(int peer, int block) {
  if (absl::Status s = CheckArgs(peer, block); !s.ok()) return s;
  return Wait(peer, block, Clock::now() + timeout_);
}

absl::Status CpuBarrier::Sync(int block) {
  if (absl::Status s = CheckArgs(/*peer=*/0, block); !s.ok()) return s;
  const int rank = memory_->rank();
  const int world_size = memory_->world_size();
  const Clock::time_point deadline = Clock::now() + timeout_;
  // Puts first (all arrivals announced), then waits; peers in rotated order from rank + 1 so
  // the ranks do not all hit rank 0's pad at once.
  for (int i = 1; i < world_size; ++i) {
    if (absl::Status s = Put((rank + i) % world_size, block, deadline); !s.ok()) return s;
  }
  for (int peer = 0; peer < world_size; ++peer) {
    if (peer == rank) continue;
    if (absl::Status s = Wait(peer, block, deadline); !s.ok()) return s;
  }
  return absl::OkStatus();
}

}  // namespace symmbench
