// A signal-pad barrier as a kernel of its own, for ops whose data moves by copy engine
// (cudaMemcpyAsync between symmetric buffers) and so have no kernel to put the barrier in.
// Host launcher API (no absl); the kernel is in the .cu.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "kernels/cuda/device_types.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {

struct BarrierArgs {
  // signal_pads[p]: rank p's signal pad (kSignalPadBytes, zeroed at creation) as mapped here.
  // Entries >= world_size are unused.
  uint32_t* signal_pads[kMaxWorldSize] = {};
  int32_t rank = 0;
  int32_t world_size = 1;  // 1..kMaxWorldSize
  BarrierPhase phase = BarrierPhase::kEntry;
  uint64_t barrier_timeout_ns = 0;
  DeviceErrorRecord* error = nullptr;  // device memory; written on a timeout
  // Non-null: before it meets the peers, the kernel waits until the host has written a value at
  // or past `gate_value` here (pinned host memory, as mapped on the device; compared modulo
  // 2^32), within barrier_timeout_ns (a timeout is recorded as the entry barrier's, waiting
  // for this rank itself).
  const uint32_t* gate = nullptr;
  uint32_t gate_value = 0;
  DeviceFaults faults;  // none outside test jobs (signal_pad::BlockBarrier's)
};

// Enqueues on `stream` one signal-pad barrier among every rank (one block, row 0 of the pads:
// kernels/cuda/signal_pad.cuh states the memory-ordering contract). It completes on this rank
// once every rank has reached its matching barrier, so a copy enqueued after an entry barrier
// reads peers' inputs that are ready, and work after an exit barrier may overwrite this rank's
// buffers: every peer's earlier copies out of them have completed (stream order puts each
// peer's copies before its barrier kernel starts). Every rank must enqueue the same sequence of
// barriers. With args.gate the kernel first waits for the host (BatchStart, batch_start.h).
// Errors: cudaErrorInvalidValue for bad arguments; otherwise the launch's
// cudaGetLastError. A timeout is reported through args.error, not here.
cudaError_t LaunchSignalPadBarrier(const BarrierArgs& args, cudaStream_t stream);

}  // namespace symmbench
