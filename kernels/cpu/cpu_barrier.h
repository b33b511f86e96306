// CpuBarrier: the signal-pad barrier of symm_mem_layout.h run by host threads/processes with
// atomics on the shared uint32 slots, with a deadline on every wait.
#pragma once

#include <chrono>
#include <cstdint>

#include "absl/status/status.h"
#include "kernels/symm_mem.h"

namespace symmbench {

// NOTE [CPU signal-pad barrier: memory-ordering contract]
//
// Slot pad_r[b][p] (rank r's signal pad, block b, peer p) is written only by rank p ("put":
// CAS 0 -> 1, __ATOMIC_RELEASE on success) and cleared only by rank r ("wait": CAS 1 -> 0,
// __ATOMIC_ACQUIRE on success). Sync(b) on rank r puts into pad_p[b][r] for every peer p != r,
// then waits on pad_r[b][p] for every peer p != r.
//
// Guarantee: when Sync(b) returns OK on rank r, every memory access (loads and stores, to
// shared or private memory) that any peer p made before entering its matching Sync(b)
// happens-before everything r does after Sync(b) returns; symmetrically, r's accesses before
// its Sync(b) happen-before the peers' accesses after theirs. Concretely:
//   * entry barrier: inputs written before it (Prepare) are visible to every peer after it;
//   * exit barrier: every peer's reads of r's buffer are complete before r returns from it, so
//     r may overwrite its buffer afterwards.
// The release CAS orders the putter's earlier loads and stores before the signal; the acquire
// CAS that consumes the signal orders the waiter's later loads and stores after it. Stores
// by r to its own pad slot are never made by peers, so no slot has two writers at once.
//
// Reuse: every slot returns to 0 when its signal is consumed, so consecutive barriers need no
// epoch. A put that finds the slot still 1 (the peer has not yet consumed the previous
// barrier's signal) spins until it is 0. Calls on one rank must not overlap (one thread per
// rank drives a CpuBarrier); every rank must make the same sequence of Sync calls.
//
// Failure: a wait past the timeout returns DEADLINE_EXCEEDED naming rank, peer and block. A
// wait also stops, with ABORTED naming the aborting rank, once this rank's abort word (when
// one is given; ShmSymmetricMemory::Abort sets it in every rank's segment) is non-zero: a
// rank that fails tells its peers instead of leaving them to spin until the timeout. The
// word is polled once the short spin is over (every yield / sleep round), so an abort costs
// the waiter microseconds. After either, the pad may hold unconsumed signals, so the barrier
// refuses all later calls (FAILED_PRECONDITION); the backend that owns it must be discarded.
class CpuBarrier {
 public:
  // Spin iterations (with a pause instruction) before yielding the CPU: short waits stay
  // fast, long ones leave the core to the peers (tests run 4 ranks on 2 cores).
  static constexpr int kSpinIterations = 256;
  // sched_yield iterations after spinning, before sleeping kSleep between polls.
  static constexpr int kYieldIterations = 1024;
  static constexpr std::chrono::microseconds kSleep{20};

  // `memory` must outlive the barrier; `timeout` bounds a whole Sync (and each lone
  // PutSignal / WaitSignal). `abort_word` (may be null: no abort) is this rank's abort word:
  // 0 while healthy, r + 1 once rank r has aborted; it must outlive the barrier.
  CpuBarrier(const SymmetricMemory* memory, std::chrono::milliseconds timeout,
             const uint32_t* abort_word = nullptr);
  CpuBarrier(const CpuBarrier&) = delete;
  CpuBarrier& operator=(const CpuBarrier&) = delete;

  // Meets every other rank at block `block` (in [0, kMaxBlocks)). OK once every peer has
  // entered its Sync(block); see the contract above. INVALID_ARGUMENT for a bad block;
  // DEADLINE_EXCEEDED ("signal-pad barrier timed out after 300 ms: rank 0 waiting for rank 1
  // (block 0)") when a peer does not arrive in time; ABORTED ("... rank 0 stopped waiting for
  // rank 1 (block 0): rank 1 aborted") once the abort word is set; FAILED_PRECONDITION after
  // an earlier timeout or abort.
  absl::Status Sync(int block = 0);

  // Releases `peer`'s wait on this rank at `block` (CAS 0 -> 1 on peer's pad[block][rank]),
  // waiting for the previous signal to be consumed first. Errors as Sync.
  absl::Status PutSignal(int peer, int block);
  // Waits for `peer`'s signal at `block` and consumes it (CAS 1 -> 0 on this rank's
  // pad[block][peer]). Errors as Sync.
  absl::Status WaitSignal(int peer, int block);

  std::chrono::milliseconds timeout() const { return timeout_; }

 private:
  using Clock = std::chrono::steady_clock;

  absl::Status Put(int peer, int block, Clock::time_point deadline);
  absl::Status Wait(int peer, int block, Clock::time_point deadline);
  absl::Status CheckArgs(int peer, int block) const;
  // The DEADLINE_EXCEEDED or ABORTED status of a failed wait (marks the barrier broken).
  absl::Status WaitFailed(int peer, int block, const char* waiting_for);

  const SymmetricMemory* memory_;
  std::chrono::milliseconds timeout_;
  const uint32_t* abort_word_;
  bool broken_ = false;
};

}  // namespace symmbench
