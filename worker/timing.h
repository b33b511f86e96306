// Timing of a backend operation, shared by every benchmark loop: warm-up, batches of
// back-to-back operations timed with the backend's timers (CUDA events or the host clock), each
// batch started alike in every loop (Backend::HoldBatchStart), per-op samples summarized as
// median, min and max.
#pragma once

#include <functional>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/backend.h"
#include "spec/timing_batches.h"

namespace symmbench {

struct TimingStats {
  double median_us = 0;  // median over batches of the per-op time
  double min_us = 0;
  double max_us = 0;
  std::vector<double> samples_us;  // every batch's per-op time, in batch order
  // WarmUpAndTimeRepeats: each timing loop's median (samples_us then holds every loop's
  // batches, loop after loop, and the fields above summarize all of them). Empty otherwise.
  std::vector<double> repeat_medians_us;
};

// Median (mean of the two middle values for an even count), min and max of per-op samples in
// microseconds. Empty input gives zeros.
TimingStats Summarize(std::vector<double> per_op_us);

// Splits `iters` operations into at most `max_batches` batches of near-equal size (>= 1 op):
// kTimingBatches, or `iters` to time every iteration on its own (SweepSpec.per_iteration).
std::vector<int> SplitIntoBatches(int iters, int max_batches = kTimingBatches);

// Verification hooks of a timing loop, each run outside every timer; what before_batch
// enqueues has run before the batch starts (every batch starts on a drained stream). An empty
// one is not called.
struct LoopHooks {
  // Before every timed batch (graph mode: replay): a verifying caller poisons the outputs and
  // computes the reference, so that what it checks after the batch is what the batch left.
  std::function<absl::Status()> before_batch;
  // After every timed batch, its timer stopped: a verifying caller checks the output the
  // batch's last operation left (deferred: Backend::DeferChecks).
  std::function<absl::Status()> after_batch;
  // After the last timed batch, before the loop synchronizes: a verifying caller poisons the
  // outputs and runs one more operation back to back with the timed ones, checked after the
  // loop (what a stale progress flag or signal would get wrong).
  std::function<absl::Status()> after_last_batch;
  // before_batch and after_batch run around the last timed batch only.
  bool last_batch_only = false;
};

// Runs `op` `warmup_iters` times, synchronizes, then times `iters` more in
// SplitIntoBatches(iters, max_batches) batches, with `hooks` around them; every batch starts
// on a drained stream and its timer as Backend::HoldBatchStart says (collective: every rank times
// the same batches). The backend is synchronized on return. Errors from `op`, the hooks or the
// backend are returned as they are.
absl::StatusOr<TimingStats> WarmUpAndTime(Backend* backend, int warmup_iters, int iters,
                                          const std::function<absl::Status()>& op,
                                          const LoopHooks& hooks = {},
                                          int max_batches = kTimingBatches);

// `repeats` (>= 1) independent rounds of WarmUpAndTime (each with its own warm-up and `hooks`):
// a distribution of loop medians for regression gates. `after_round` (if set) runs after each
// round, the backend synchronized (a caller's check). The summary covers every batch of every
// round; repeat_medians_us holds each round's median.
absl::StatusOr<TimingStats> WarmUpAndTimeRepeats(
    Backend* backend, int warmup_iters, int iters, int repeats,
    const std::function<absl::Status()>& op, const LoopHooks& hooks = {},
    const std::function<absl::Status()>& after_round = nullptr);

// Graph mode: captures iters / kTimingBatches operations of `op` into one
// Backend::CaptureGraph, replays it for the warm-up (at least once: the first launch uploads the
// graph), then times one replay per batch, with `hooks` around them; the samples are per
// operation. With `launches_per_sample` N > 0 (SweepSpec.graph_launches, nccl-tests' -G N) the
// graph holds all `iters` operations and one timer pair spans N launches of it: one sample. The
// backend is synchronized on return.
absl::StatusOr<TimingStats> WarmUpAndTimeGraph(Backend* backend, int warmup_iters, int iters,
                                               const std::function<absl::Status()>& op,
                                               const LoopHooks& hooks = {},
                                               int launches_per_sample = 0);

}  // namespace symmbench
