// AgreeOnGridCap, AwaitPeersDone and EnqueueSignalPadBarrier (peer_sync.h).
#include "kernels/cuda/peer_sync.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/delay_kernel.h"
#include "kernels/cuda/signal_pad_barrier.h"

namespace symmbench {

absl::StatusOr<int> AgreeOnGridCap(const CudaContext& ctx, const std::string& tag, int local,
                                   absl::string_view who) {
  if (ctx.rendezvous == nullptr) return local;
  absl::StatusOr<std::vector<std::string>> all =
      ctx.rendezvous->AllGather(tag, absl::StrCat(local));
  if (!all.ok()) return all.status();
  int agreed = local;
  for (const std::string& cap : *all) agreed = std::min(agreed, std::atoi(cap.c_str()));
  if (agreed < 1) {
    return absl::InternalError(absl::StrCat(who, ": a rank can keep no block resident"));
  }
  return agreed;
}

absl::Status AwaitPeersDone(const CudaContext& ctx, const std::string& tag, absl::string_view who) {
  if (ctx.rendezvous == nullptr || ctx.world_size == 1) return absl::OkStatus();
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamSynchronize(ctx.stream),
                                 absl::StrCat(who, ": cudaStreamSynchronize(before Prepare)"));
  return ctx.rendezvous->Barrier(tag);
}

absl::Status EnqueueSignalPadBarrier(const CudaContext& ctx, cudaStream_t stream,
                                     BarrierPhase phase, absl::string_view who) {
  if (phase == BarrierPhase::kExit && ctx.faults.skip_exit_barrier != 0) return absl::OkStatus();
  BarrierArgs args;
  for (int p = 0; p < ctx.world_size; ++p) args.signal_pads[p] = ctx.symm->signal_pad(p);
  args.rank = ctx.rank;
  args.world_size = ctx.world_size;
  args.phase = phase;
  args.barrier_timeout_ns = ctx.barrier_timeout_ns;
  args.error = ctx.error;
  args.faults = ctx.faults;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchSignalPadBarrier(args, stream),
      absl::StrCat(who, ": ", phase == BarrierPhase::kEntry ? "entry" : "exit", " barrier"));
  if (phase == BarrierPhase::kEntry && ctx.faults.skip_exit_barrier != 0 &&
      ctx.faults.delayed_rank == ctx.rank) {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(LaunchDelayKernel(ctx.faults.delay_ns, stream),
                                   absl::StrCat(who, ": injected delay"));
  }
  return absl::OkStatus();
}

}  // namespace symmbench
