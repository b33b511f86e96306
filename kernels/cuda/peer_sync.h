// What the CUDA collectives do with their peers outside the kernels: agree on a grid cap, wait
// until every rank's earlier operations have completed, and enqueue a signal-pad barrier kernel
// for ops whose data moves by copy engine.
#pragma once

#include <cuda_runtime_api.h>

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "kernels/cuda/cuda_context.h"
#include "kernels/cuda/device_types.h"

namespace symmbench {

// The smallest of every rank's `local` grid cap, exchanged through ctx.rendezvous under `tag`
// (`local` itself without a rendezvous). Block b of every rank pairs up in the barriers, so all
// ranks must launch the same grid. Collective. INTERNAL naming `who` when a rank can keep no
// block resident; the rendezvous' errors otherwise.
absl::StatusOr<int> AgreeOnGridCap(const CudaContext& ctx, const std::string& tag, int local,
                                   absl::string_view who);

// Before a rank overwrites an input its peers read: drains ctx.stream, then meets every rank at
// the rendezvous barrier `tag` (their streams drained too), so that no peer kernel or copy still
// reads it. The one-shot pulls' exit signals are relaxed, which the PTX memory model does not
// order after their peer loads (signal_pad.cuh); kernel completion seen by each host is what
// does. The stream wait ends: our kernels exit at their barrier timeout, NCCL's are aborted by
// the coordinator at the job's timeout; the barrier has the rendezvous timeout. Nothing to do at
// one rank or without a rendezvous. Collective.
absl::Status AwaitPeersDone(const CudaContext& ctx, const std::string& tag, absl::string_view who);

// Enqueues on `stream` one signal-pad barrier kernel among every rank (LaunchSignalPadBarrier,
// its contract in signal_pad_barrier.h), with ctx's pads, timeout and error record. The launch's
// error naming `who` and the phase. ctx.faults (test jobs): under skip_exit_barrier no exit
// barrier is enqueued and the delayed rank's entry barrier is followed by a delay kernel of
// faults.delay_ns; under skip_peer_wait the barrier kernel itself skips the entry wait and
// delays the delayed rank after the exit barrier (signal_pad::BlockBarrier).
absl::Status EnqueueSignalPadBarrier(const CudaContext& ctx, cudaStream_t stream,
                                     BarrierPhase phase, absl::string_view who);

}  // namespace symmbench
