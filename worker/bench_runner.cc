// The benchmark loop: verify, warm up, time batches (eager, and graph replays in graph mode) of
// the kernel and of every reference, reduce over ranks, report.
#include "worker/bench_runner.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <sstream>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"
#include "spec/job_op.h"
#include "worker/bench_row.h"
#include "worker/dispatch_collective.h"
#include "worker/fault_injection_collective.h"
#include "worker/race_check.h"
#include "worker/timing.h"

namespace symmbench {
namespace {

constexpr uint64_t kSeedBase = 0x5EED5EEDull;
// After the first pass, partial rows are sent at most this often: enough for a progress line,
// few enough that short jobs add little to the coordinator's load.
constexpr std::chrono::milliseconds kPartialRowInterval{500};

// `value` with the 9 significant digits that tell any two floats apart (6, absl::StrCat's,
// print 1.00000012 and 1 alike as "1").
std::string Exactly(float value) { return absl::StrFormat("%.9g", value); }

absl::StatusOr<CheckResult> Verify(Backend* backend, Collective* collective) {
  if (absl::Status s = collective->PoisonOutputs(); !s.ok()) return s;
  if (absl::Status s = collective->Run(); !s.ok()) return s;
  if (absl::Status s = collective->RunReference(); !s.ok()) return s;
  if (absl::Status s = backend->Synchronize(); !s.ok()) return s;
  return collective->Check();
}

// The random-input pass of a kernel that keeps the rank-order contract: `count` elements and,
// when each of its `shards` shards (1, or world_size for a reduce-scatter) is even, one element
// less per shard (odd shards: tails), each with RandomInputValue inputs, one operation, and the
// output against the host's rank-order sum. Leaves the collective prepared with random inputs:
// the caller prepares it again.
absl::StatusOr<CheckResult> VerifyRankOrder(Backend* backend, Collective* op, int64_t count,
                                            int shards, DType dtype, uint64_t seed) {
  CheckResult total;
  std::vector<int64_t> counts = {count};
  const int64_t shard = count / shards;
  if (shard % 2 == 0 && shard > 1) counts.push_back((shard - 1) * shards);
  for (int64_t n : counts) {
    if (absl::Status s = op->PrepareRandom(n, dtype, seed); !s.ok()) return s;
    if (absl::Status s = op->Run(); !s.ok()) return s;
    if (absl::Status s = backend->Synchronize(); !s.ok()) return s;
    absl::StatusOr<CheckResult> c = op->CheckRankOrderSum();
    if (!c.ok()) return c.status();
    Accumulate(*c, &total);
  }
  return total;
}

// Verification of the kernel's timing loops, batch by batch: before each timed batch (graph
// mode: replay), outside its timer, both outputs are poisoned and the reference runs; after it
// the output the batch's last operation left is compared with the reference, deferred on CUDA
// (Backend::DeferChecks: found on the device, read after the loop) and at once on the CPU
// backend; after the loop the outcomes are added to `total`. With SweepSpec.per_iteration every
// timed operation is its own batch, so every one is checked. Graph replays of iters / 10
// operations are checked at the last replay only (when replays still ran back to back, work
// between two of them cost each a few microseconds: the push one-shot's graph time rose 3-7%
// at 2-256 KiB on 1 x H100 with a check after every replay); with SweepSpec.graph_launches
// every sample is checked. Null: check off.
struct LoopCheck {
  Backend* backend;
  Collective* op;
  CheckResult* total;

  absl::Status Arm() const {
    if (absl::Status s = op->PoisonOutputs(); !s.ok()) return s;
    return op->RunReference();
  }
  absl::Status AfterBatch() const {
    const bool deferred = backend->DeferChecks(true);
    if (!deferred) {
      if (absl::Status s = backend->Synchronize(); !s.ok()) return s;
    }
    absl::StatusOr<CheckResult> c = op->Check();
    if (deferred) backend->DeferChecks(false);
    if (!c.ok()) return c.status();
    Accumulate(*c, total);
    return absl::OkStatus();
  }
  absl::Status Finish() const {  // the backend is synchronized (the timing loop returned)
    absl::StatusOr<CheckResult> c = backend->TakeDeferredChecks();
    if (!c.ok()) return c.status();
    c->operation = -1;  // its number is a batch's, not a race check's operation
    Accumulate(*c, total);
    return absl::OkStatus();
  }
};

// Times `op` in one eager loop and, in graph mode unless `graph` is false, as graph replays;
// `check` (if set) verifies them as LoopCheck says.
absl::StatusOr<OpTimes> TimeOp(Backend* backend, const LoopPlan& plan,
                               const std::function<absl::Status()>& op, bool graph,
                               const LoopCheck* check = nullptr) {
  OpTimes times;
  LoopHooks hooks;
  if (check != nullptr) {
    hooks.before_batch = [check] { return check->Arm(); };
    hooks.after_batch = [check] { return check->AfterBatch(); };
  }
  absl::StatusOr<TimingStats> eager =
      WarmUpAndTime(backend, plan.warmup_iters, plan.iters, op, hooks, plan.max_batches);
  if (!eager.ok()) return eager.status();
  if (check != nullptr) {
    if (absl::Status s = check->Finish(); !s.ok()) return s;
  }
  times.eager = *eager;
  if (graph && plan.graph) {
    hooks.last_batch_only = plan.graph_launches == 0;
    absl::StatusOr<TimingStats> replays =
        WarmUpAndTimeGraph(backend, plan.warmup_iters, plan.iters, op, hooks, plan.graph_launches);
    if (!replays.ok()) return replays.status();
    if (check != nullptr) {
      if (absl::Status s = check->Finish(); !s.ok()) return s;
    }
    times.graph_us = replays->median_us;
  }
  return times;
}
// Adds one timing loop's figures to `times`: its samples and median; its graph replays' median
// when the loop had them (the first pass).
void AddLoop(const OpTimes& loop, bool first, OpTimes* times) {
  TimingStats& eager = times->eager;
  eager.samples_us.insert(eager.samples_us.end(), loop.eager.samples_us.begin(),
                          loop.eager.samples_us.end());
  eager.repeat_medians_us.push_back(loop.eager.median_us);
  if (first) times->graph_us = loop.graph_us;
}

// One size's inputs and what a pass does with them.
struct LoopArgs {
  int64_t count = 0;
  DType dtype = DType::kBf16;
  uint64_t seed = 0;
  int shards = 1;      // VerifyRankOrder's
  bool first = false;  // the first pass: checks right after Prepare, graph replays
  bool check = true;
};

// One timing loop of `op` at a size: Prepare with exact inputs; in the first pass the
// random-input check (a kernel that keeps the rank-order contract), the exact check and the race
// check (worker/race_check.h; skipped for a collective without one), into `checked`; then
// `between` (may be null); then one timing loop of `run` (graph replays in the first pass),
// every timed batch verified. The loop's samples and median are added to `times`.
absl::Status MeasureLoop(Backend* backend, const LoopPlan& plan, Collective* op, const LoopArgs& a,
                         const std::function<absl::Status()>& run,
                         const std::function<absl::Status()>& between, OpTimes* times,
                         CheckResult* checked) {
  if (absl::Status s = op->Prepare(a.count, a.dtype, a.seed); !s.ok()) return s;
  if (a.first && a.check && op->sums_in_rank_order()) {
    absl::StatusOr<CheckResult> random =
        VerifyRankOrder(backend, op, a.count, a.shards, a.dtype, a.seed);
    if (!random.ok()) return random.status();
    Accumulate(*random, checked);
    if (absl::Status s = op->Prepare(a.count, a.dtype, a.seed); !s.ok()) return s;
  }
  if (a.first && a.check) {
    absl::StatusOr<CheckResult> verified = Verify(backend, op);
    if (!verified.ok()) return verified.status();
    Accumulate(*verified, checked);
    absl::StatusOr<CheckResult> raced = RaceCheck(backend, op, a.seed);
    if (raced.ok()) {
      Accumulate(*raced, checked);
    } else if (!absl::IsUnimplemented(raced.status())) {
      return raced.status();
    }
  }
  if (between != nullptr) {
    if (absl::Status s = between(); !s.ok()) return s;
  }
  const LoopCheck loop_check{backend, op, checked};
  absl::StatusOr<OpTimes> loop =
      TimeOp(backend, plan, run, /*graph=*/a.first, a.check ? &loop_check : nullptr);
  if (!loop.ok()) return loop.status();
  AddLoop(*loop, a.first, times);
  return absl::OkStatus();
}

// In place, at one size: fresh inputs, checked once on them in the first pass (RunReference
// out of place, then the kernel in place, its input against the reference) and then by the race
// check in place (operations back to back, each on inputs refilled just before it), then one
// loop of the kernel in place and one of its reference in place (graph replays in the first
// pass), added to `result`; a reference that only checks results (the CPU backend's plain sum)
// is not timed in place, since no ratio is taken against it. The loops are not checked: their
// later operations sum sums. Nothing when the collective has no in-place form at this size (a
// dispatcher's choice).
absl::Status MeasureInPlace(Backend* backend, const LoopPlan& plan, Collective* op,
                            const LoopArgs& a, RankResult* result) {
  if (absl::Status s = op->Prepare(a.count, a.dtype, a.seed); !s.ok()) return s;
  if (!op->supports_in_place()) return absl::OkStatus();
  result->has_in_place = true;
  if (a.first && a.check) {
    if (absl::Status s = op->RunReference(); !s.ok()) return s;
    if (absl::Status s = op->RunInPlace(); !s.ok()) return s;
    if (absl::Status s = backend->Synchronize(); !s.ok()) return s;
    absl::StatusOr<CheckResult> checked = op->CheckInPlace();
    if (!checked.ok()) return checked.status();
    Accumulate(*checked, &result->in_place_check);
    absl::StatusOr<CheckResult> raced = RaceCheck(backend, op, a.seed, /*in_place=*/true);
    if (raced.ok()) {
      Accumulate(*raced, &result->in_place_check);
    } else if (!absl::IsUnimplemented(raced.status())) {
      return raced.status();
    }
  }
  std::vector<std::pair<OpTimes*, std::function<absl::Status()>>> loops = {
      {&result->in_place, [op] { return op->RunInPlace(); }}};
  if (op->reference_competes()) {
    loops.emplace_back(&result->in_place_reference, [op] { return op->RunReferenceInPlace(); });
  }
  for (const auto& [times, run] : loops) {
    absl::StatusOr<OpTimes> loop = TimeOp(backend, plan, run, /*graph=*/a.first);
    if (!loop.ok()) return loop.status();
    AddLoop(*loop, a.first, times);
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status RunBenchmark(const RunPlan& plan, Backend* backend, Rendezvous* rendezvous,
                          const RowSink& sink, JobAllReduce* job_all_reduce) {
  const int rank = rendezvous->rank();  // in the job (the backend's may be its team's)
  // Each size in each of the job's dtypes (one, or SweepSpec.all_dtypes'): the cases, dtype
  // after dtype, sizes ascending within each.
  const std::vector<DType>& dtypes = plan.dtypes;
  const InjectedDelay& delay = plan.delay;
  absl::StatusOr<std::unique_ptr<Collective>> collective =
      CreateCollectiveFor(plan, plan.kernel, backend);
  if (!collective.ok()) return collective.status();
  *collective = InjectFaults(*std::move(collective), plan.fault, rank);
  // A/B jobs: the other implementation, created after the kernel on every rank.
  const std::string& compare_kernel = plan.compare_kernel;
  std::unique_ptr<Collective> compare;
  if (!compare_kernel.empty()) {
    absl::StatusOr<std::unique_ptr<Collective>> created =
        CreateCollectiveFor(plan, compare_kernel, backend);
    if (!created.ok()) {
      return absl::Status(
          created.status().code(),
          absl::StrCat("sweep.compare_kernel ", compare_kernel, ": ", created.status().message()));
    }
    compare = *std::move(created);
  }
  const std::vector<int64_t>& sizes = plan.sizes_bytes;
  Collective& op = **collective;
  // Shards per size: world_size for an op whose size splits into one per rank, else 1.
  const std::optional<OpDescriptor> job_op = plan.Op();
  const int shards = job_op.has_value() && IsShardedOp(*job_op) ? backend->world_size() : 1;
  const bool check = plan.check;
  std::vector<std::string> reference_names = {op.reference_name()};
  std::vector<std::function<absl::Status()>> references = {[&] { return op.RunReference(); }};
  const std::vector<std::string> extras = op.extra_reference_names();
  for (size_t i = 0; i < extras.size(); ++i) {
    reference_names.push_back(extras[i]);
    references.push_back([&op, i] { return op.RunExtraReference(i); });
  }
  const size_t team_references = references.size();
  // In-place figures where the op has an in-place form and the job does not opt out; per size,
  // since a dispatcher's choice decides (Collective::supports_in_place after Prepare).
  const bool in_place = job_op.has_value() && TimesInPlace(*job_op, plan.placement);
  const std::string reference_config = backend->reference_config();
  Collective* across = job_all_reduce != nullptr ? job_all_reduce->collective.get() : nullptr;
  if (across != nullptr) {
    reference_names.push_back(job_all_reduce->name);
    references.push_back([across] { return across->Run(); });
  }

  // Pass after pass, each size gets one timing loop of the kernel, so that the loops of a size
  // are spread over the whole job: a machine that drifts during the job shows in the spread of
  // the loop medians rather than as a shift between sizes (docs/gate.md). Every loop of the
  // kernel is checked, and every reference gets a loop right after it; the first pass also
  // checks right after Prepare and times the graph replays; the last one reports the rows
  // (docs/measurement.md).
  const int passes = plan.loop.passes;
  std::vector<RankResult> mine(sizes.size() * dtypes.size());
  std::chrono::steady_clock::time_point last_partial;
  for (int pass = 0; pass < passes; ++pass) {
    const bool first = pass == 0;
    for (size_t index = 0; index < mine.size(); ++index) {
      const int64_t size_bytes = sizes[index % sizes.size()];
      const DType dtype = dtypes[index / sizes.size()];
      const int64_t count = size_bytes / DTypeSize(dtype);
      const std::string where =
          absl::StrCat(plan.kernel, " ", DTypeName(dtype), " ", size_bytes, " B");
      auto annotate = [&](const absl::Status& s) {
        return absl::Status(s.code(), absl::StrCat(where, " (rank ", rank, "): ", s.message()));
      };
      RankResult& result = mine[index];
      LoopArgs loop_args;
      loop_args.count = count;
      loop_args.dtype = dtype;
      loop_args.seed = kSeedBase + index;
      loop_args.shards = shards;
      loop_args.first = first;
      loop_args.check = check;
      // The kernel under test: verified, then one timing loop with the injected delay (if any)
      // inside its timed region, then a loop of every reference.
      const auto measure_kernel = [&]() -> absl::Status {
        // The all-reduce over every rank is timed in every pass, so it is prepared for this size
        // in every pass, and checked in the first.
        const auto prepare_across = [&]() -> absl::Status {
          if (absl::Status s = across->Prepare(count, dtype, kSeedBase + index); !s.ok()) return s;
          if (!first) return absl::OkStatus();
          absl::StatusOr<CheckResult> checked = Verify(backend, across);
          if (!checked.ok()) return checked.status();
          if (checked->wrong == 0) return absl::OkStatus();
          return absl::DataLossError(absl::StrCat(
              job_all_reduce->name, " (the all-reduce over every rank) is wrong: ", checked->wrong,
              " elements, first at index ", checked->first_bad_index, ": got ",
              Exactly(checked->got), " want ", Exactly(checked->want)));
        };
        if (absl::Status s = MeasureLoop(
                backend, plan.loop, &op, loop_args,
                delay.Wrap(backend, size_bytes, [&] { return op.Run(); }),
                across != nullptr ? std::function<absl::Status()>(prepare_across) : nullptr,
                &result.ours, &result.check);
            !s.ok()) {
          return annotate(s);
        }
        // The A/A control (v1::AAControl), where the reference competes: the primary reference
        // timed once more in the kernel's place, right after it and with its verification work
        // around every batch (whose outcome is dropped: the kernel's output, not the
        // reference's, is what it compares).
        if (op.reference_competes()) {
          result.has_control = true;
          CheckResult dropped;
          const LoopCheck control_check{backend, &op, &dropped};
          absl::StatusOr<OpTimes> control = TimeOp(
              backend, plan.loop, references[0], /*graph=*/first, check ? &control_check : nullptr);
          if (!control.ok()) return annotate(control.status());
          AddLoop(*control, first, &result.control);
        }
        // Every reference gets a loop in every pass, right after the kernel's, so that a machine
        // drifting during the job moves both sides alike; graph replays in the first pass, as
        // the kernel's.
        if (first) result.references.resize(references.size());
        for (size_t b = 0; b < references.size(); ++b) {
          absl::StatusOr<OpTimes> times =
              TimeOp(backend, plan.loop, references[b], /*graph=*/first);
          if (!times.ok()) return annotate(times.status());
          AddLoop(*times, first, &result.references[b]);
        }
        return absl::OkStatus();
      };
      // A/B: the compare kernel, verified and timed as the kernel (no delay, no references).
      const auto measure_compare = [&]() -> absl::Status {
        result.has_compare = true;
        absl::Status s = MeasureLoop(
            backend, plan.loop, compare.get(), loop_args, [&] { return compare->Run(); }, nullptr,
            &result.compare, &result.compare_check);
        if (s.ok()) return s;
        return annotate(absl::Status(
            s.code(), absl::StrCat("sweep.compare_kernel ", compare_kernel, ": ", s.message())));
      };
      // The compare kernel goes first in odd passes, so that neither side always runs on a
      // machine the other has just warmed (or heated).
      const bool compare_first = compare != nullptr && pass % 2 == 1;
      if (compare_first) {
        if (absl::Status s = measure_compare(); !s.ok()) return s;
      }
      if (absl::Status s = measure_kernel(); !s.ok()) return s;
      if (compare != nullptr && !compare_first) {
        if (absl::Status s = measure_compare(); !s.ok()) return s;
      }
      if (in_place) {
        if (absl::Status s = MeasureInPlace(backend, plan.loop, &op, loop_args, &result); !s.ok()) {
          return annotate(s);
        }
      }

      const auto row_of = [&](const std::vector<RankResult>& results) {
        RowContext context;
        context.plan = &plan;
        context.size_bytes = size_bytes;
        context.dtype = dtype;
        context.reference_names = reference_names;
        context.team_references = team_references;
        context.team_size = backend->world_size();
        context.world_size = rendezvous->world_size();
        context.checked = check;
        context.reference_kind = op.reference_competes() ? v1::library : v1::check_only;
        v1::ResultRow row = BuildRow(context, results);
        row.set_algorithm(op.algorithm());
        row.set_reference_config(reference_config);
        if (across != nullptr) row.set_team_size(backend->world_size());
        if (delay.AppliesTo(size_bytes)) row.set_injected_delay_us(delay.delay_us);
        return row;
      };
      if (pass + 1 < passes) {
        // A partial row, so that a long job shows each size as it is first measured: rank 0's
        // figures so far (no exchange between the ranks until the final row), every size of
        // the first pass, then at most one every kPartialRowInterval.
        const auto now = std::chrono::steady_clock::now();
        if (rank == 0 && (first || now - last_partial >= kPartialRowInterval)) {
          v1::ResultRow row = row_of({SoFar(result)});
          row.set_partial(true);
          row.clear_rank_times();  // rank 0's alone
          if (row.has_in_place()) row.mutable_in_place()->clear_rank_times();
          if (absl::Status s = sink(row); !s.ok()) return annotate(s);
          last_partial = now;
        }
        continue;
      }

      // Last pass: the figures over every loop, gathered and reported.
      absl::StatusOr<std::vector<RankResult>> gathered =
          GatherRankResults(rendezvous, absl::StrCat("result/", index), SoFar(result));
      if (!gathered.ok()) return annotate(gathered.status());
      const std::vector<RankResult>& results = *gathered;
      if (rank == 0) {
        if (absl::Status s = sink(row_of(results)); !s.ok()) return annotate(s);
      }
      int64_t wrong = 0;
      for (const RankResult& r : results) {
        wrong += r.check.wrong + r.compare_check.wrong + r.in_place_check.wrong;
      }
      if (wrong > 0) {
        // The row that says what went wrong is stored before any rank's failure ends the job.
        if (absl::Status s = rendezvous->Barrier(absl::StrCat("reported/", index)); !s.ok()) {
          return annotate(s);
        }
      }
      // The rank whose result was wrong reports the failure, so that the job names it; the
      // others stop with ABORTED, which the worker does not report (whichever rank reported
      // first used to be recorded).
      for (const auto& [what, own] :
           {std::pair<std::string, const CheckResult&>{where, results[rank].check},
            {absl::StrCat(where, ": sweep.compare_kernel ", compare_kernel),
             results[rank].compare_check},
            {absl::StrCat(where, " in place"), results[rank].in_place_check}}) {
        if (own.wrong > 0) {
          const std::string race = own.operation < 0
                                       ? ""
                                       : absl::StrCat(" (race check: operation ", own.operation,
                                                      ", inputs changed every operation)");
          return absl::DataLossError(
              absl::StrCat(what, ": verification failed: ", own.wrong, " wrong elements on rank ",
                           rank, ", first at index ", own.first_bad_index, race, ": got ",
                           Exactly(own.got), " want ", Exactly(own.want)));
        }
      }
      for (size_t r = 0; r < results.size(); ++r) {
        if (results[r].check.wrong + results[r].compare_check.wrong +
                results[r].in_place_check.wrong >
            0) {
          return absl::AbortedError(
              absl::StrCat(where, ": rank ", r, "'s result was wrong; that rank reports it"));
        }
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace symmbench
