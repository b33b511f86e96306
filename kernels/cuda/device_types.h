// Plain types shared by the CUDA kernels (nvcc) and the host code (gcc): the element-type code
// the launchers take and the device-side error record. No absl, no CUDA headers.
#pragma once

#include <cstdint>

namespace symmbench {

// Element type as the .cu launchers see it (kernels/dtype.h pulls absl, which nvcc must not
// compile). Converted from DType in one place: ToDeviceDType in cuda_dtype.h.
// kFp8E4m3 is the GEMM ops' input type only: the collectives' kernels never see it (the spec
// validation refuses it for them) and their launchers return nullptr / an error for it.
enum class DeviceDType : int32_t { kBf16 = 0, kFp16 = 1, kFp32 = 2, kFp8E4m3 = 3 };

inline constexpr int DeviceDTypeSize(DeviceDType dtype) {
  return dtype == DeviceDType::kFp32 ? 4 : dtype == DeviceDType::kFp8E4m3 ? 1 : 2;
}

// What a device wait that timed out was for: a signal-pad barrier's entry or exit, or a GEMM's
// wait on a progress flag (the peer field is then the flag's index).
enum class BarrierPhase : int32_t { kEntry = 0, kExit = 1, kProgressFlag = 2 };

// Bugs a test job makes the kernels have (KernelFaults, kernels/backend.h); all off in a real
// job, and at most one on in a test job.
//   skip_exit_barrier: no rank enters its exit barrier, and after its entry barrier the delayed
//     rank spins `delay_ns` on %globaltimer (signal_pad::InjectedDelay), so that a peer rewrites
//     its input while the delayed rank still reads it. Every kernel with an exit barrier.
//   skip_peer_wait: every entry barrier only signals (the exit barrier consumes that arrival
//     first), and the delayed rank spins `delay_ns` after its exit barrier, so that its peers
//     read its input before it has rewritten it; the push one-shot reads its receive slots
//     once, without polling, and the delayed rank pushes `delay_ns` late.
//   reuse_slot_early: the push one-shot never restores a used receive slot to the sentinel, so
//     a slot that comes round again looks arrived with the data of three operations before;
//     the delayed rank pushes `delay_ns` late, so its peers take that data.
struct DeviceFaults {
  int32_t skip_exit_barrier = 0;  // 0 or 1
  int32_t skip_peer_wait = 0;     // 0 or 1
  int32_t reuse_slot_early = 0;   // 0 or 1
  int32_t delayed_rank = -1;      // -1: none
  uint64_t delay_ns = 0;
};

// Written by the first device thread whose signal-pad wait times out, or by a peer that gives up
// (CudaBackend::Abort, through the record's IPC mapping, kernels/cuda/peer_error_records.h);
// read by the host after the stream has drained
// (CudaBackend::Synchronize). Zeroed once at backend creation and never cleared: after either
// failure the signal pads are in an unknown state, so every later Synchronize keeps reporting
// it (recreate the backend). `claimed` is the CAS target that elects the single writer; `flag`
// is set after the fields (a fence between, or a second copy after the first), so a reader that
// sees flag == 1 sees the fields. Device waits poll `flag`: any failure stops them all.
struct DeviceErrorRecord {
  uint32_t claimed;  // 0 -> 1 by the writer (atomicCAS)
  uint32_t flag;     // 1 once rank..op below are valid
  int32_t rank;      // the rank whose kernel timed out (this process's rank)
  int32_t peer;      // the rank it was waiting for
  int32_t block;     // blockIdx.x of the timed-out block (its barrier slot)
  int32_t phase;     // BarrierPhase
  // p + 1 when rank p gave up (Abort wrote the record; rank, block, phase are -1), 0 for a
  // timeout.
  int32_t aborted_by;
  int32_t reserved;
};
static_assert(sizeof(DeviceErrorRecord) == 32, "DeviceErrorRecord layout is shared host/device");

}  // namespace symmbench
