// Device primitives of the signal-pad barrier (after PyTorch c10d CUDASymmetricMemory's
// put_signal / wait_signal / sync_remote_blocks), with a %globaltimer timeout on every wait.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/cuda/device_types.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {
namespace signal_pad {

// NOTE [signal-pad barrier: memory-ordering contract]
// Layout (kernels/symm_mem_layout.h): pad[b][p] on rank r, a uint32_t at
// r's pad + b * kMaxWorldSize + p, counts rank p's block b's arrivals not yet consumed by rank
// r's block b. BlockBarrier pairs block b of every rank; thread t < world_size handles peer t:
//   put  : red.sys.add(peer t's pad[b][rank], +1)  (fire and forget; release in the exit
//          barrier, relaxed in the entry barrier: see PutSignal)
//   wait : spin ld.acquire.sys(own pad[b][t]) until != 0, then red.relaxed.sys.add(-1)
// Guarantees, once BlockBarrier returns true in block b of rank r:
//   (1) Exit barrier: everything rank p's block b did before the barrier is visible to every
//       thread of rank r's block b: p's release increment is cumulative (it covers, through the
//       __syncthreads that BlockBarrier issues first in the exit phase, every thread of p's
//       block), r's acquire load observes it (directly, or through r's own later decrement, an
//       RMW that continues its release sequence), and the closing __syncthreads_or extends it
//       from thread t to the block.
//       => entry barrier (relaxed put): peers' inputs were written by kernels/copies that
//          completed on their streams before this kernel started, so they are in the owner's
//          memory; r's acquire orders its peer reads after the signal, so none reads early.
//       => exit barrier: peers have finished all their reads of r's buffer, so once the kernel
//          has completed, r may overwrite its input (next Prepare) without racing a reader.
//   (2) No arrival is lost or counted twice: arrivals are counted, not flagged, and only the
//       owner decrements. A peer can run at most one barrier ahead (it cannot pass its own
//       wait without our put), so a slot holds 0, 1 or 2 and is 0 whenever both sides are idle.
// Why a counter rather than PyTorch's CAS 0->1 / CAS 1->0: a put that is a CAS must wait an
// NVLink round trip for its result (and retry while the peer has not consumed our previous
// arrival); a reduction returns nothing, so each barrier costs one one-way latency. Measured
// on 2 x H200: 7.0 us instead of 8.0 us per 16 KiB all-reduce (docs/symmetric_memory.md).
// Scope: only block b's threads are ordered with block b of the peers; other blocks are not.
// Timeouts: a wait that has not succeeded `timeout_ns` after the barrier began records the
// failure in the DeviceErrorRecord and the whole block returns false (the kernel exits
// instead of hanging). Waits also give up once another block has recorded an error, so a
// stream of queued kernels drains quickly after the first timeout. After a timeout the pads
// hold stale arrivals: the symmetric memory must be recreated (the error record is sticky).
// Peer abort (as the CPU backend's abort word, kernels/cpu/cpu_barrier.h): every rank's error
// record is IPC-mapped by every peer (kernels/cuda/peer_error_records.h). A rank that fails on
// the host (a CUDA error, an injected fault) writes "rank p gave up" into every rank's record
// (CudaBackend::Abort: the fields, then the flag, by copy engine), and the
// waits that poll the flag every kErrorPollInterval polls stop as for another block's timeout:
// within microseconds, with no load added to the wait loop. The flag is read at .gpu scope
// while the copy comes over NVLink: the copy engine writes the owner's memory, where the
// relaxed load reads it (measured: the peers stop as soon as the abort is written).

// Check the (sticky) error record every this many empty polls: often enough that queued kernels
// drain in microseconds after a failure, rare enough to keep the healthy spin to one load.
constexpr uint32_t kErrorPollInterval = 32;

enum class SignalResult { kOk, kTimedOut, kAborted };

__device__ __forceinline__ uint64_t GlobalTimerNs() {
  uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ __forceinline__ bool ErrorRecorded(const DeviceErrorRecord* record) {
  uint32_t flag;
  asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(flag) : "l"(&record->flag) : "memory");
  return flag != 0;
}

// Elects one writer for the whole grid (and later kernels): fields first, then the flag.
__device__ __forceinline__ void RecordTimeout(DeviceErrorRecord* record, int rank, int peer,
                                              BarrierPhase phase) {
  if (atomicCAS(&record->claimed, 0u, 1u) != 0u) return;
  record->rank = rank;
  record->peer = peer;
  record->block = static_cast<int32_t>(blockIdx.x);
  record->phase = static_cast<int32_t>(phase);
  __threadfence();
  atomicExch(&record->flag, 1u);
}

// put_signal: one fire-and-forget increment of `slot` (a peer's pad), system scope. A reduction
// returns nothing, so the thread does not wait an NVLink round trip for it. `release` orders
// this block's earlier memory accesses before the signal (a MEMBAR.SYS); the entry barrier
// does without it, as PyTorch's one-shot does (memory_order_relaxed): nothing this kernel did
// before the entry barrier needs publishing, and the input was written by work that completed
// on the stream before the kernel started, so it already sits in the owner's memory, which is
// where peers read it. The waiter's acquire still orders its peer reads after the signal.
__device__ __forceinline__ void PutSignal(uint32_t* slot, bool release) {
  if (release) {
    asm volatile("red.release.sys.global.add.u32 [%0], %1;" : : "l"(slot), "r"(1u) : "memory");
  } else {
    asm volatile("red.relaxed.sys.global.add.u32 [%0], %1;" : : "l"(slot), "r"(1u) : "memory");
  }
}

// wait_signal: spin until `slot` (our own pad) holds an arrival (acquire, system scope), then
// consume it with a decrement. Only this rank's block decrements its own slot, so "seen
// non-zero, then decremented" cannot race with another consumer.
__device__ __forceinline__ SignalResult WaitSignal(uint32_t* slot, uint64_t deadline_ns,
                                                   const DeviceErrorRecord* record) {
  for (uint32_t attempt = 1;; ++attempt) {
    uint32_t arrivals;
    asm volatile("ld.acquire.sys.global.u32 %0, [%1];" : "=r"(arrivals) : "l"(slot) : "memory");
    if (arrivals != 0u) {
      asm volatile("red.relaxed.sys.global.add.u32 [%0], %1;"
                   :
                   : "l"(slot), "r"(0xFFFFFFFFu)
                   : "memory");
      return SignalResult::kOk;
    }
    if (GlobalTimerNs() > deadline_ns) return SignalResult::kTimedOut;
    if (attempt % kErrorPollInterval == 0 && ErrorRecorded(record)) return SignalResult::kAborted;
  }
}

// Spins `ns` nanoseconds on %globaltimer (injected faults only).
__device__ __forceinline__ void SpinNs(uint64_t ns) {
  const uint64_t until = GlobalTimerNs() + ns;
  while (GlobalTimerNs() < until) {
  }
}

// DeviceFaults (test jobs only): under skip_exit_barrier the delayed rank's block spins
// faults.delay_ns here, right after its entry barrier, so that peers have finished the operation
// (and rewritten their inputs) before it reads them. One uniform branch in a real job.
__device__ __forceinline__ void InjectedDelay(const DeviceFaults& faults, int rank) {
  if (faults.skip_exit_barrier != 0 && faults.delayed_rank == rank) SpinNs(faults.delay_ns);
}

// Barrier between block blockIdx.x of every rank (see the contract above). Every thread of the
// block must call it with the same arguments. `signal_pads[p]` is rank p's pad as mapped in
// this process (indexed with a run-time p: a kernel-parameter array is fine). Returns true in
// every thread on success, false in every thread if this block timed out or an error had
// already been recorded; the caller must then return without touching peer memory.
// `release`: whether the put carries a release fence (MEMBAR.SYS). An exit barrier after which
// peers read what this block wrote to their memory (the two-shot's pushes) needs it, and so
// does one after which peers overwrite what this block read (the one-shot in place). A
// pull-only kernel's exit barrier out of place (the one-shot) goes without: it only tells peers
// that this block's loads of their buffers are done. The PTX memory model does not order a relaxed
// put after the block's earlier weak loads (a load reading the peer's later write, load buffering,
// is an allowed outcome in the model, though not on the hardware: each load has returned its value
// before the leading __syncthreads). So nothing relies on it: back-to-back one-shots never write
// an input, and before an input is overwritten (Prepare) every rank's stream has drained and the
// hosts have met at a barrier (CudaSweptCollective::AwaitPeersDone), which orders the fill
// after every peer kernel's completion. The entry barrier never needs it (see PutSignal).
// `faults` (test jobs only): under skip_peer_wait the entry barrier only signals, the exit
// barrier consumes the entry's arrival before its own, and the delayed rank's block then spins
// faults.delay_ns, so that its peers' next operation reads its input before it is rewritten.
__device__ __forceinline__ bool BlockBarrier(uint32_t* const* signal_pads, int rank, int world_size,
                                             DeviceErrorRecord* record, uint64_t timeout_ns,
                                             BarrierPhase phase, bool release,
                                             const DeviceFaults& faults) {
  if (phase == BarrierPhase::kExit) __syncthreads();  // all reads done before the release
  const bool skip_wait = faults.skip_peer_wait != 0;
  bool failed = false;
  if (static_cast<int>(threadIdx.x) < world_size) {
    const int peer = static_cast<int>(threadIdx.x);
    const size_t row = static_cast<size_t>(blockIdx.x) * kMaxWorldSize;
    const uint64_t deadline_ns = GlobalTimerNs() + timeout_ns;
    PutSignal(signal_pads[peer] + row + rank, release);
    if (!skip_wait || phase == BarrierPhase::kExit) {
      uint32_t* own = signal_pads[rank] + row + peer;
      SignalResult result = WaitSignal(own, deadline_ns, record);
      if (skip_wait && result == SignalResult::kOk) result = WaitSignal(own, deadline_ns, record);
      if (result == SignalResult::kTimedOut) RecordTimeout(record, rank, peer, phase);
      failed = result != SignalResult::kOk;
    }
  }
  const bool ok = __syncthreads_or(failed) == 0;
  if (ok && skip_wait && phase == BarrierPhase::kExit && faults.delayed_rank == rank) {
    SpinNs(faults.delay_ns);
  }
  return ok;
}

// The default ordering: release in the exit barrier, relaxed in the entry barrier.
__device__ __forceinline__ bool BlockBarrier(uint32_t* const* signal_pads, int rank, int world_size,
                                             DeviceErrorRecord* record, uint64_t timeout_ns,
                                             BarrierPhase phase, const DeviceFaults& faults) {
  return BlockBarrier(signal_pads, rank, world_size, record, timeout_ns, phase,
                      /*release=*/phase == BarrierPhase::kExit, faults);
}

}  // namespace signal_pad
}  // namespace symmbench
