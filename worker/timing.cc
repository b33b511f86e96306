// Warm-up, batched timing and summary statistics.
#include "worker/timing.h"

#include <algorithm>
#include <memory>

namespace symmbench {
namespace {

// Calls `hook` unless it is empty.
absl::Status Call(const std::function<absl::Status()>& hook) {
  return hook ? hook() : absl::OkStatus();
}

// Start of `timer`, `launches` calls of `launch`, Stop; the batch's start, held by the backend,
// released once the first launch is enqueued.
absl::Status Timed(Backend* backend, Timer* timer, int launches,
                   const std::function<absl::Status()>& launch) {
  if (absl::Status s = timer->Start(); !s.ok()) return s;
  for (int i = 0; i < launches; ++i) {
    if (absl::Status s = launch(); !s.ok()) return s;
    if (i == 0) {
      if (absl::Status s = backend->ReleaseBatchStart(); !s.ok()) return s;
    }
  }
  return timer->Stop();
}

// One timed batch: `launches` calls of `launch` (operations, or graph replays) between a new
// timer's Start and Stop (the timer appended to `timers`), on a drained stream, the batch's
// start held until the first is enqueued (every loop's batches start alike:
// Backend::HoldBatchStart), with the before_batch and after_batch hooks around it unless the hooks
// are for the last batch only and this is not it.
absl::Status TimedBatch(Backend* backend, const LoopHooks& hooks, bool last, int launches,
                        const std::function<absl::Status()>& launch,
                        std::vector<std::unique_ptr<Timer>>* timers) {
  const bool hooked = !hooks.last_batch_only || last;
  if (hooked) {
    if (absl::Status s = Call(hooks.before_batch); !s.ok()) return s;
  }
  // Every batch starts on a drained stream, whatever came before it (a verifying caller's
  // hooks, the previous batch): work still queued would let the host enqueue the batch's
  // operations ahead of the device and hide their host cost (NCCL's eager calls at 256 KiB ran
  // up to 32% faster behind the kernel's hooks than behind nothing, on 2 x H200).
  if (absl::Status s = backend->Synchronize(); !s.ok()) return s;
  timers->push_back(backend->NewTimer());
  if (absl::Status s = backend->HoldBatchStart(); !s.ok()) return s;
  const absl::Status timed = Timed(backend, timers->back().get(), launches, launch);
  const absl::Status released = backend->ReleaseBatchStart();  // if the first launch failed
  if (!timed.ok()) return timed;
  if (!released.ok()) return released;
  return hooked ? Call(hooks.after_batch) : absl::OkStatus();
}

// Times `iters` operations of `op` in batches; returns per-op samples in microseconds.
absl::StatusOr<std::vector<double>> TimeBatches(Backend* backend, int iters,
                                                const std::function<absl::Status()>& op,
                                                const LoopHooks& hooks, int max_batches) {
  std::vector<int> batches = SplitIntoBatches(iters, max_batches);
  std::vector<std::unique_ptr<Timer>> timers;
  for (size_t b = 0; b < batches.size(); ++b) {
    if (absl::Status s =
            TimedBatch(backend, hooks, b + 1 == batches.size(), batches[b], op, &timers);
        !s.ok()) {
      return s;
    }
  }
  if (absl::Status s = Call(hooks.after_last_batch); !s.ok()) return s;
  if (absl::Status s = backend->Synchronize(); !s.ok()) return s;
  std::vector<double> samples;
  for (size_t b = 0; b < batches.size(); ++b) {
    absl::StatusOr<double> elapsed = timers[b]->ElapsedUs();
    if (!elapsed.ok()) return elapsed.status();
    samples.push_back(*elapsed / batches[b]);
  }
  return samples;
}

}  // namespace

absl::StatusOr<TimingStats> WarmUpAndTime(Backend* backend, int warmup_iters, int iters,
                                          const std::function<absl::Status()>& op,
                                          const LoopHooks& hooks, int max_batches) {
  for (int i = 0; i < warmup_iters; ++i) {
    if (absl::Status s = op(); !s.ok()) return s;
  }
  if (absl::Status s = backend->Synchronize(); !s.ok()) return s;
  absl::StatusOr<std::vector<double>> samples = TimeBatches(backend, iters, op, hooks, max_batches);
  if (!samples.ok()) return samples.status();
  return Summarize(*std::move(samples));
}

absl::StatusOr<TimingStats> WarmUpAndTimeRepeats(Backend* backend, int warmup_iters, int iters,
                                                 int repeats,
                                                 const std::function<absl::Status()>& op,
                                                 const LoopHooks& hooks,
                                                 const std::function<absl::Status()>& after_round) {
  std::vector<double> all;
  std::vector<double> medians;
  for (int r = 0; r < std::max(1, repeats); ++r) {
    absl::StatusOr<TimingStats> round = WarmUpAndTime(backend, warmup_iters, iters, op, hooks);
    if (!round.ok()) return round.status();
    if (absl::Status s = Call(after_round); !s.ok()) return s;
    all.insert(all.end(), round->samples_us.begin(), round->samples_us.end());
    medians.push_back(round->median_us);
  }
  TimingStats stats = Summarize(std::move(all));
  stats.repeat_medians_us = std::move(medians);
  return stats;
}

absl::StatusOr<TimingStats> WarmUpAndTimeGraph(Backend* backend, int warmup_iters, int iters,
                                               const std::function<absl::Status()>& op,
                                               const LoopHooks& hooks, int launches_per_sample) {
  const bool whole_loop = launches_per_sample > 0;
  const int per_graph = whole_loop ? std::max(1, iters) : std::max(1, iters / kTimingBatches);
  const int samples = whole_loop ? 1 : std::max(1, iters / per_graph);
  const int launches = whole_loop ? launches_per_sample : 1;  // per sample
  absl::StatusOr<std::unique_ptr<Graph>> graph = backend->CaptureGraph(op, per_graph);
  if (!graph.ok()) return graph.status();
  const int warmup_launches = std::max(1, (warmup_iters + per_graph - 1) / per_graph);
  for (int i = 0; i < warmup_launches; ++i) {
    if (absl::Status s = (*graph)->Launch(); !s.ok()) return s;
  }
  if (absl::Status s = backend->Synchronize(); !s.ok()) return s;
  std::vector<std::unique_ptr<Timer>> timers;
  const auto replay = [&graph]() { return (*graph)->Launch(); };
  for (int i = 0; i < samples; ++i) {
    if (absl::Status s = TimedBatch(backend, hooks, i + 1 == samples, launches, replay, &timers);
        !s.ok()) {
      return s;
    }
  }
  if (absl::Status s = Call(hooks.after_last_batch); !s.ok()) return s;
  if (absl::Status s = backend->Synchronize(); !s.ok()) return s;
  std::vector<double> per_op;
  for (const std::unique_ptr<Timer>& timer : timers) {
    absl::StatusOr<double> elapsed = timer->ElapsedUs();
    if (!elapsed.ok()) return elapsed.status();
    per_op.push_back(*elapsed / (static_cast<double>(per_graph) * launches));
  }
  return Summarize(std::move(per_op));
}

TimingStats Summarize(std::vector<double> per_op_us) {
  TimingStats stats;
  stats.samples_us = per_op_us;
  if (per_op_us.empty()) return stats;
  std::sort(per_op_us.begin(), per_op_us.end());
  const size_t n = per_op_us.size();
  stats.median_us = n % 2 == 1 ? per_op_us[n / 2] : (per_op_us[n / 2 - 1] + per_op_us[n / 2]) / 2;
  stats.min_us = per_op_us.front();
  stats.max_us = per_op_us.back();
  return stats;
}

std::vector<int> SplitIntoBatches(int iters, int max_batches) {
  const int batches = std::max(1, std::min(iters, max_batches));
  std::vector<int> sizes(batches, iters / batches);
  for (int i = 0; i < iters % batches; ++i) ++sizes[i];
  return sizes;
}

}  // namespace symmbench
