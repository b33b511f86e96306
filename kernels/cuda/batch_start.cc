// BatchStart (batch_start.h).
#include "kernels/cuda/batch_start.h"

#include <cuda_runtime.h>

#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/signal_pad_barrier.h"

namespace symmbench {

absl::StatusOr<BatchStart> BatchStart::Create() {
  BatchStart start;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(HostAllocMapped(sizeof(uint32_t), &start.flag_),
                                 "cudaHostAlloc(batch start flag)");
  __atomic_store_n(start.flag_.get(), 0u, __ATOMIC_RELEASE);
  void* on_device = nullptr;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaHostGetDevicePointer(&on_device, start.flag_.get(), 0),
                                 "cudaHostGetDevicePointer(batch start flag)");
  start.flag_on_device_ = static_cast<uint32_t*>(on_device);
  return start;
}

absl::Status BatchStart::Hold(const CudaContext& ctx) {
  if (held_) return absl::FailedPreconditionError("batch start: held twice without a release");
  BarrierArgs args;
  for (int p = 0; p < ctx.world_size; ++p) args.signal_pads[p] = ctx.symm->signal_pad(p);
  args.rank = ctx.rank;
  args.world_size = ctx.world_size;
  args.phase = BarrierPhase::kEntry;
  args.barrier_timeout_ns = ctx.barrier_timeout_ns;
  args.error = ctx.error;
  args.gate = flag_on_device_;
  args.gate_value = next_value_ + 1;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(LaunchSignalPadBarrier(args, ctx.stream),
                                 "batch start: barrier kernel");
  ++next_value_;
  held_ = true;
  return absl::OkStatus();
}

absl::Status BatchStart::Release() {
  if (!held_) return absl::OkStatus();
  held_ = false;
  // The timer's start and the first launch were enqueued before this store; the kernel sees it
  // over PCIe within microseconds.
  __atomic_store_n(flag_.get(), next_value_, __ATOMIC_RELEASE);
  return absl::OkStatus();
}

}  // namespace symmbench
