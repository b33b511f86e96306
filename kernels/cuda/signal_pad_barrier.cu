// The signal-pad barrier kernel: one block of one warp, thread p < world_size handling peer p.
#include <cuda_runtime.h>

#include "kernels/cuda/device_types.h"
#include "kernels/cuda/signal_pad.cuh"
#include "kernels/cuda/signal_pad_barrier.h"

namespace symmbench {
namespace {

constexpr int kBarrierThreads = 32;  // >= kMaxWorldSize
static_assert(kBarrierThreads >= kMaxWorldSize, "one thread per peer");

__global__ void __launch_bounds__(kBarrierThreads)
    SignalPadBarrierKernel(const __grid_constant__ BarrierArgs args) {
  if (args.gate != nullptr) {
    __shared__ int opened;
    if (threadIdx.x == 0) {
      // The host's store comes over PCIe; a peer's abort (the error record) also ends the wait.
      const uint64_t deadline_ns = signal_pad::GlobalTimerNs() + args.barrier_timeout_ns;
      bool aborted = false;
      bool open = false;
      do {
        uint32_t value;
        asm volatile("ld.relaxed.sys.global.u32 %0, [%1];"
                     : "=r"(value)
                     : "l"(args.gate)
                     : "memory");
        open = static_cast<int32_t>(value - args.gate_value) >= 0;
        aborted = !open && signal_pad::ErrorRecorded(args.error);
      } while (!open && !aborted && signal_pad::GlobalTimerNs() <= deadline_ns);
      if (!open && !aborted) {
        signal_pad::RecordTimeout(args.error, args.rank, args.rank, BarrierPhase::kEntry);
      }
      opened = open;
    }
    __syncthreads();
    if (!opened) return;  // the peers time out in their barrier, as for any missing rank
  }
  // Release in both phases: whatever this rank's stream wrote before the barrier (copies into
  // peers' buffers included) is visible to peers after theirs.
  signal_pad::BlockBarrier(args.signal_pads, args.rank, args.world_size, args.error,
                           args.barrier_timeout_ns, args.phase, /*release=*/true, args.faults);
}

}  // namespace

cudaError_t LaunchSignalPadBarrier(const BarrierArgs& args, cudaStream_t stream) {
  if (args.world_size < 1 || args.world_size > kMaxWorldSize || args.rank < 0 ||
      args.rank >= args.world_size || args.error == nullptr) {
    return cudaErrorInvalidValue;
  }
  for (int p = 0; p < args.world_size; ++p) {
    if (args.signal_pads[p] == nullptr) return cudaErrorInvalidValue;
  }
  SignalPadBarrierKernel<<<1, kBarrierThreads, 0, stream>>>(args);
  return cudaGetLastError();
}

}  // namespace symmbench
