// The benchmark loop: verify, warm up, time batches (eager, and graph replays in graph mode) of
// the kernel and of every baseline, reduce over ranks, report.
#include "worker/bench_runner.h"

#include <algorithm>
#include <chrono>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "kernels/catalog.h"
#include "kernels/dtype.h"
#include "worker/dispatch_all_reduce.h"
#include "worker/fault_injection_collective.h"
#include "worker/timing.h"

namespace symmbench {
namespace {

constexpr uint64_t kSeedBase = 0x5EED5EEDull;
// After the first pass, partial rows are sent at most this often: enough for a progress line,
// few enough that short jobs add little to the coordinator's load.
constexpr std::chrono::milliseconds kPartialRowInterval{500};
// Sanity bounds of a decoded rank result (JobSpec.repeats <= 100, kTimingBatches per loop).
constexpr size_t kMaxRepeatsEncoded = 1000;

// Eager and graph medians of one operation (ours or a baseline) on one rank.
struct OpTimes {
  TimingStats eager;
  double graph_us = 0;  // 0: graph mode off
};

// What one rank measured for one size; exchanged through the rendezvous as text.
struct RankResult {
  OpTimes ours;
  std::vector<OpTimes> baselines;  // the reference first, then the extra baselines
  CheckResult check;

  std::string Encode() const {
    std::ostringstream out;
    out.precision(17);
    out << check.wrong << ' ' << check.first_bad_index << ' ' << check.got << ' ' << check.want
        << ' ' << baselines.size();
    for (const OpTimes* t : All()) {
      out << ' ' << t->eager.median_us << ' ' << t->eager.min_us << ' ' << t->eager.max_us << ' '
          << t->graph_us;
    }
    out << ' ' << ours.eager.samples_us.size();
    for (double sample : ours.eager.samples_us) out << ' ' << sample;
    out << ' ' << ours.eager.repeat_medians_us.size();
    for (double median : ours.eager.repeat_medians_us) out << ' ' << median;
    return out.str();
  }
  static absl::StatusOr<RankResult> Decode(const std::string& text) {
    RankResult r;
    std::istringstream in(text);
    size_t baselines = 0;
    in >> r.check.wrong >> r.check.first_bad_index >> r.check.got >> r.check.want >> baselines;
    if (in.fail() || baselines > 16) {
      return absl::InternalError(absl::StrCat("bad rank result \"", text, "\""));
    }
    r.baselines.resize(baselines);
    for (OpTimes* t : r.All()) {
      in >> t->eager.median_us >> t->eager.min_us >> t->eager.max_us >> t->graph_us;
    }
    size_t samples = 0;
    in >> samples;
    if (in.fail() || samples > kMaxRepeatsEncoded * kTimingBatches) {
      return absl::InternalError(absl::StrCat("bad rank result \"", text, "\""));
    }
    r.ours.eager.samples_us.resize(samples);
    for (double& sample : r.ours.eager.samples_us) in >> sample;
    size_t repeats = 0;
    in >> repeats;
    if (in.fail() || repeats > kMaxRepeatsEncoded) {
      return absl::InternalError(absl::StrCat("bad rank result \"", text, "\""));
    }
    r.ours.eager.repeat_medians_us.resize(repeats);
    for (double& median : r.ours.eager.repeat_medians_us) in >> median;
    if (in.fail()) return absl::InternalError(absl::StrCat("bad rank result \"", text, "\""));
    return r;
  }
  std::vector<const OpTimes*> All() const {
    std::vector<const OpTimes*> all = {&ours};
    for (const OpTimes& b : baselines) all.push_back(&b);
    return all;
  }
  std::vector<OpTimes*> All() {
    std::vector<OpTimes*> all = {&ours};
    for (OpTimes& b : baselines) all.push_back(&b);
    return all;
  }
};

absl::StatusOr<CheckResult> Verify(Backend* backend, Collective* collective) {
  if (absl::Status s = collective->PoisonOutputs(); !s.ok()) return s;
  if (absl::Status s = collective->Run(); !s.ok()) return s;
  if (absl::Status s = collective->RunBaseline(); !s.ok()) return s;
  if (absl::Status s = backend->Synchronize(); !s.ok()) return s;
  return collective->Check();
}

// Times `op` in one eager loop and, in graph mode unless `graph` is false, as graph replays.
absl::StatusOr<OpTimes> TimeOp(Backend* backend, const v1::JobSpec& spec,
                               const std::function<absl::Status()>& op, bool graph = true) {
  OpTimes times;
  absl::StatusOr<TimingStats> eager = WarmUpAndTime(backend, spec.warmup_iters(), spec.iters(), op);
  if (!eager.ok()) return eager.status();
  times.eager = *eager;
  if (graph && spec.graph()) {
    absl::StatusOr<TimingStats> replays =
        WarmUpAndTimeGraph(backend, spec.warmup_iters(), spec.iters(), op);
    if (!replays.ok()) return replays.status();
    times.graph_us = replays->median_us;
  }
  return times;
}

// The max over ranks of one operation's figures (index 0: ours; i > 0: baseline i - 1).
OpTimes MaxOverRanks(const std::vector<RankResult>& results, size_t index) {
  OpTimes worst;
  for (const RankResult& r : results) {
    const OpTimes& t = *r.All()[index];
    worst.eager.median_us = std::max(worst.eager.median_us, t.eager.median_us);
    worst.eager.min_us = std::max(worst.eager.min_us, t.eager.min_us);
    worst.eager.max_us = std::max(worst.eager.max_us, t.eager.max_us);
    worst.graph_us = std::max(worst.graph_us, t.graph_us);
  }
  return worst;
}

// This rank's result with the kernel's figures over the timing loops run so far (the samples
// kept, so that later loops add to them).
RankResult SoFar(const RankResult& result) {
  RankResult so_far = result;
  TimingStats& eager = so_far.ours.eager;
  std::vector<double> medians = std::move(eager.repeat_medians_us);
  eager = Summarize(std::move(eager.samples_us));
  eager.repeat_medians_us = std::move(medians);
  return so_far;
}

// GB/s = bytes / (us * 1e3); 0 when there is no time.
double Bandwidth(int64_t bytes, double us) { return us > 0 ? bytes / (us * 1e3) : 0; }

// Builds rank 0's row from every rank's result: times are the max over ranks, wrong the sum.
// The first `team_baselines` baselines ran within the kernel's team (`team_size` ranks: the
// whole job without per-host teams) and compete for the best; the rest ran over every rank.
// A baseline that only `references` results (the CPU backend's plain sum) gives no speedup.
// `results` may be rank 0's alone (a partial row); `world_size` is the job's.
v1::ResultRow BuildRow(const v1::JobSpec& spec, int64_t size_bytes, DType dtype,
                       const std::vector<RankResult>& results,
                       const std::vector<std::string>& baseline_names, size_t team_baselines,
                       int team_size, int world_size, bool checked, bool references) {
  const KernelInfo* info = FindKernel(spec.kernel());
  const double bus_factor = info != nullptr ? info->bus_factor(team_size) : 1.0;
  const double job_bus_factor = info != nullptr ? info->bus_factor(world_size) : 1.0;
  v1::ResultRow row;
  row.set_size_bytes(size_bytes);
  row.set_count(size_bytes / DTypeSize(dtype));
  row.set_dtype(DTypeName(dtype));
  row.set_redop("sum");
  const OpTimes ours = MaxOverRanks(results, 0);
  row.set_time_us(ours.eager.median_us);
  row.set_time_min_us(ours.eager.min_us);
  row.set_time_max_us(ours.eager.max_us);
  row.set_algbw_gbps(Bandwidth(size_bytes, ours.eager.median_us));
  row.set_busbw_gbps(row.algbw_gbps() * bus_factor);
  row.set_graph_time_us(ours.graph_us);
  // Every timed batch of every loop, max over ranks, with its size (metrics observe each timed
  // iteration; gates compare the distributions), and each loop's median.
  const std::vector<int> batches = SplitIntoBatches(spec.iters());
  const size_t repeats = results.empty() ? 0 : results[0].ours.eager.repeat_medians_us.size();
  for (size_t i = 0; i < repeats * batches.size(); ++i) {
    double worst = 0;
    for (const RankResult& r : results) {
      if (i < r.ours.eager.samples_us.size()) worst = std::max(worst, r.ours.eager.samples_us[i]);
    }
    row.add_samples_us(worst);
    row.add_sample_iters(batches[i % batches.size()]);
  }
  for (size_t i = 0; i < repeats; ++i) {
    double worst = 0;
    for (const RankResult& r : results) {
      if (i < r.ours.eager.repeat_medians_us.size()) {
        worst = std::max(worst, r.ours.eager.repeat_medians_us[i]);
      }
    }
    row.add_repeat_medians_us(worst);
  }
  int64_t wrong = 0;
  for (const RankResult& r : results) wrong += r.check.wrong;
  row.set_wrong(wrong);
  row.set_checked(checked);

  // Every baseline; the best one (graph time in graph mode, else eager) fills baseline_*.
  int best = -1;
  double best_time = 0;
  for (size_t b = 0; b < baseline_names.size(); ++b) {
    const OpTimes t = MaxOverRanks(results, b + 1);
    v1::BaselineResult* entry = row.add_baselines();
    entry->set_name(baseline_names[b]);
    entry->set_time_us(t.eager.median_us);
    entry->set_graph_time_us(t.graph_us);
    const double compared = spec.graph() ? t.graph_us : t.eager.median_us;
    const bool in_team = b < team_baselines;
    entry->set_busbw_gbps(Bandwidth(size_bytes, compared) *
                          (in_team ? bus_factor : job_bus_factor));
    if (!in_team) continue;
    if (best < 0 || compared < best_time) {
      best = static_cast<int>(b);
      best_time = compared;
    }
  }
  if (best >= 0) {
    const v1::BaselineResult& chosen = row.baselines(best);
    row.set_baseline(chosen.name());
    row.set_baseline_time_us(chosen.time_us());
    row.set_baseline_busbw_gbps(Bandwidth(size_bytes, chosen.time_us()) * bus_factor);
    row.set_baseline_graph_time_us(chosen.graph_time_us());
    row.set_reference_only(references);
    if (!references && row.time_us() > 0) row.set_speedup(chosen.time_us() / row.time_us());
    if (!references && row.graph_time_us() > 0) {
      row.set_graph_speedup(chosen.graph_time_us() / row.graph_time_us());
    }
  }
  return row;
}

}  // namespace

absl::Status RunBenchmark(const v1::JobSpec& spec, const std::vector<int64_t>& sizes,
                          Backend* backend, Rendezvous* rendezvous, const RowSink& sink,
                          const InjectedDelay& delay, JobAllReduce* job_all_reduce) {
  const int rank = rendezvous->rank();  // in the job (the backend's may be its team's)
  absl::StatusOr<DType> dtype = ParseDType(spec.dtype());
  if (!dtype.ok()) return dtype.status();
  absl::StatusOr<std::unique_ptr<Collective>> collective = CreateCollectiveFor(spec, backend);
  if (!collective.ok()) return collective.status();
  absl::StatusOr<FaultInjection> fault = ParseFaultInjection(spec);
  if (!fault.ok()) return fault.status();
  *collective = InjectFaults(*std::move(collective), *fault, rank);
  Collective& op = **collective;
  const bool check = !spec.has_check() || spec.check();
  std::vector<std::string> baseline_names = {op.baseline_name()};
  std::vector<std::function<absl::Status()>> baselines = {[&] { return op.RunBaseline(); }};
  const std::vector<std::string> extras = op.extra_baseline_names();
  for (size_t i = 0; i < extras.size(); ++i) {
    baseline_names.push_back(extras[i]);
    baselines.push_back([&op, i] { return op.RunExtraBaseline(i); });
  }
  const size_t team_baselines = baselines.size();
  Collective* across = job_all_reduce != nullptr ? job_all_reduce->collective.get() : nullptr;
  if (across != nullptr) {
    baseline_names.push_back(job_all_reduce->name);
    baselines.push_back([across] { return across->Run(); });
  }

  // Pass after pass, each size gets one timing loop of the kernel, so that the loops of a size
  // are spread over the whole job: a machine that drifts during the job shows in the spread of
  // the loop medians rather than as a shift between sizes (docs/gate.md). The first pass also
  // verifies, times the graph replays and the baselines; the last one reports the rows.
  const int passes = std::max(1, spec.repeats());
  std::vector<RankResult> mine(sizes.size());
  std::chrono::steady_clock::time_point last_partial;
  for (int pass = 0; pass < passes; ++pass) {
    const bool first = pass == 0;
    for (size_t index = 0; index < sizes.size(); ++index) {
      const int64_t size_bytes = sizes[index];
      const int64_t count = size_bytes / DTypeSize(*dtype);
      const std::string where =
          absl::StrCat(spec.kernel(), " ", DTypeName(*dtype), " ", size_bytes, " B");
      auto annotate = [&](const absl::Status& s) {
        return absl::Status(s.code(), absl::StrCat(where, " (rank ", rank, "): ", s.message()));
      };
      if (absl::Status s = op.Prepare(count, *dtype, kSeedBase + index); !s.ok()) {
        return annotate(s);
      }
      RankResult& result = mine[index];
      if (first && check) {
        absl::StatusOr<CheckResult> checked = Verify(backend, &op);
        if (!checked.ok()) return annotate(checked.status());
        result.check = *checked;
      }
      if (first && across != nullptr) {
        if (absl::Status s = across->Prepare(count, *dtype, kSeedBase + index); !s.ok()) {
          return annotate(s);
        }
        absl::StatusOr<CheckResult> checked = Verify(backend, across);
        if (!checked.ok()) return annotate(checked.status());
        if (checked->wrong > 0) {
          return annotate(absl::DataLossError(absl::StrCat(
              job_all_reduce->name, " (the all-reduce over every rank) is wrong: ", checked->wrong,
              " elements, first at index ", checked->first_bad_index, ": got ", checked->got,
              " want ", checked->want)));
        }
      }
      // The kernel under test, with the injected delay (if any) inside its timed region.
      const std::function<absl::Status()> ours =
          delay.Wrap(backend, size_bytes, [&] { return op.Run(); });
      absl::StatusOr<OpTimes> loop = TimeOp(backend, spec, ours, /*graph=*/first);
      if (!loop.ok()) return annotate(loop.status());
      TimingStats& eager = result.ours.eager;
      eager.samples_us.insert(eager.samples_us.end(), loop->eager.samples_us.begin(),
                              loop->eager.samples_us.end());
      eager.repeat_medians_us.push_back(loop->eager.median_us);
      if (first) {
        result.ours.graph_us = loop->graph_us;
        for (const auto& baseline : baselines) {
          absl::StatusOr<OpTimes> times = TimeOp(backend, spec, baseline);
          if (!times.ok()) return annotate(times.status());
          result.baselines.push_back(*times);
        }
      }

      const auto row_of = [&](const std::vector<RankResult>& results) {
        v1::ResultRow row = BuildRow(spec, size_bytes, *dtype, results, baseline_names,
                                     team_baselines, backend->world_size(),
                                     rendezvous->world_size(), check, !op.baseline_competes());
        row.set_algorithm(op.algorithm());
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
      for (const RankResult& r : results) wrong += r.check.wrong;
      if (wrong > 0) {
        // The row that says what went wrong is stored before any rank's failure ends the job.
        if (absl::Status s = rendezvous->Barrier(absl::StrCat("reported/", index)); !s.ok()) {
          return annotate(s);
        }
      }
      for (size_t r = 0; r < results.size(); ++r) {
        const CheckResult& c = results[r].check;
        if (c.wrong > 0) {
          return absl::DataLossError(absl::StrCat(
              where, ": verification failed: ", c.wrong, " wrong elements on rank ", r,
              ", first at index ", c.first_bad_index, ": got ", c.got, " want ", c.want));
        }
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace symmbench
