// Device primitives of the signal-pad barrier (PyTorch c10d CUDASymmetricMemory's put_signal /
// wait_signal / sync_remote_blocks), with a %globaltimer timeout instead of an unbounded spin.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/cuda/device_types.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {
namespace signal_pad {

// NOTE [signal-pad barrier: memory-ordering contract]
// Layout (kernels/symm_mem_layout.h): pad[b][p] on rank r, a uint32_t at
// r's pad + b * kMaxWorldSize + p, is set 0 -> 1 by rank p's block b ("p arrived") and reset
// 1 -> 0 by rank r's block b when it consumes that arrival. BlockBarrier pairs block b of every
// rank; thread t < world_size of the block handles peer t:
//   put  : CAS(peer t's pad[b][rank], 0 -> 1), atom.release.sys
//   wait : CAS(own pad[b][t],         1 -> 0), atom.acquire.sys
// Guarantees, once BlockBarrier returns true in block b of rank r:
//   (1) Everything that happened before rank p's block b entered the barrier is visible to
//       every thread of rank r's block b: p's release CAS is cumulative (it covers p's earlier
//       kernels on the same stream and, through the __syncthreads that BlockBarrier issues
//       first in the exit phase, every thread of p's block), r's acquire CAS observes it, and
//       the closing __syncthreads_or extends it from thread t to the whole block.
//       => entry barrier: peers' inputs, written by earlier kernels/copies on their streams,
//          are complete and visible before any thread reads them.
//       => exit barrier: peers have finished all their reads of r's buffer, so once the kernel
//          has completed, r may overwrite its input (next Prepare) without racing a reader.
//   (2) No arrival is lost or counted twice: a put spins while the slot is still 1 (the peer
//       has not yet consumed our previous arrival), a wait spins until the slot is 1, and every
//       slot is back to 0 after both sides pass, so barriers need no epoch counter.
// Scope: only block b's threads are ordered with block b of the peers; other blocks are not.
// Timeouts: a put or wait that has not succeeded `timeout_ns` after the barrier began records
// the failure in the DeviceErrorRecord and the whole block returns false (the kernel exits
// instead of hanging). Spins also give up once another block has recorded an error, so a
// stream of queued kernels drains quickly after the first timeout. After a timeout the pads
// hold stale arrivals: the symmetric memory must be recreated (the error record is sticky).

// Check the (sticky) error record every this many failed CAS attempts: often enough that queued
// kernels drain in microseconds after a failure, rare enough to keep the healthy spin to CASes.
constexpr uint32_t kErrorPollInterval = 32;

enum class SignalResult { kOk, kTimedOut, kAborted };

__device__ __forceinline__ uint64_t GlobalTimerNs() {
  uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ __forceinline__ uint32_t CasReleaseSys(uint32_t* addr, uint32_t expected,
                                                  uint32_t desired) {
  uint32_t old;
  asm volatile("atom.release.sys.global.cas.b32 %0, [%1], %2, %3;"
               : "=r"(old)
               : "l"(addr), "r"(expected), "r"(desired)
               : "memory");
  return old;
}

__device__ __forceinline__ uint32_t CasAcquireSys(uint32_t* addr, uint32_t expected,
                                                  uint32_t desired) {
  uint32_t old;
  asm volatile("atom.acquire.sys.global.cas.b32 %0, [%1], %2, %3;"
               : "=r"(old)
               : "l"(addr), "r"(expected), "r"(desired)
               : "memory");
  return old;
}

__device__ __forceinline__ bool ErrorRecorded(const DeviceErrorRecord* record) {
  uint32_t flag;
  asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(flag) : "l"(&record->flag) : "memory");
  return flag != 0;
}

// Elects one writer for the whole grid (and later kernels): fields first, then the flag.
__device__ __forceinline__ void RecordTimeout(DeviceErrorRecord* record, int rank, int peer,
                                              BarrierPhase phase, BarrierOp op) {
  if (atomicCAS(&record->claimed, 0u, 1u) != 0u) return;
  record->rank = rank;
  record->peer = peer;
  record->block = static_cast<int32_t>(blockIdx.x);
  record->phase = static_cast<int32_t>(phase);
  record->op = static_cast<int32_t>(op);
  __threadfence();
  atomicExch(&record->flag, 1u);
}

// put_signal: CAS 0 -> 1 on `slot` (a peer's pad), release, system scope.
__device__ __forceinline__ SignalResult PutSignal(uint32_t* slot, uint64_t deadline_ns,
                                                  const DeviceErrorRecord* record) {
  for (uint32_t attempt = 1;; ++attempt) {
    if (CasReleaseSys(slot, 0u, 1u) == 0u) return SignalResult::kOk;
    if (GlobalTimerNs() > deadline_ns) return SignalResult::kTimedOut;
    if (attempt % kErrorPollInterval == 0 && ErrorRecorded(record)) return SignalResult::kAborted;
  }
}

// wait_signal: CAS 1 -> 0 on `slot` (our own pad), acquire, system scope.
__device__ __forceinline__ SignalResult WaitSignal(uint32_t* slot, uint64_t deadline_ns,
                                                   const DeviceErrorRecord* record) {
  for (uint32_t attempt = 1;; ++attempt) {
    if (CasAcquireSys(slot, 1u, 0u) == 1u) return SignalResult::kOk;
    if (GlobalTimerNs() > deadline_ns) return SignalResult::kTimedOut;
    if (attempt % kErrorPollInterval == 0 && ErrorRecorded(record)) return SignalResult::kAborted;
  }
}

// Barrier between block blockIdx.x of every rank (see the contract above). Every thread of the
// block must call it with the same arguments. `signal_pads[p]` is rank p's pad as mapped in
// this process (indexed with a run-time p: a kernel-parameter array is fine). Returns true in
// every thread on success, false in every thread if this block timed out or an error had
// already been recorded; the caller must then return without touching peer memory.
__device__ __forceinline__ bool BlockBarrier(uint32_t* const* signal_pads, int rank,
                                             int world_size, DeviceErrorRecord* record,
                                             uint64_t timeout_ns, BarrierPhase phase) {
  if (phase == BarrierPhase::kExit) __syncthreads();  // all reads done before the release
  bool failed = false;
  if (static_cast<int>(threadIdx.x) < world_size) {
    const int peer = static_cast<int>(threadIdx.x);
    const size_t row = static_cast<size_t>(blockIdx.x) * kMaxWorldSize;
    const uint64_t deadline_ns = GlobalTimerNs() + timeout_ns;
    BarrierOp op = BarrierOp::kPut;
    SignalResult result = PutSignal(signal_pads[peer] + row + rank, deadline_ns, record);
    if (result == SignalResult::kOk) {
      op = BarrierOp::kWait;
      result = WaitSignal(signal_pads[rank] + row + peer, deadline_ns, record);
    }
    if (result == SignalResult::kTimedOut) RecordTimeout(record, rank, peer, phase, op);
    failed = result != SignalResult::kOk;
  }
  return __syncthreads_or(failed) == 0;
}

}  // namespace signal_pad
}  // namespace symmbench
