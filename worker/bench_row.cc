// The row rank 0 builds from every rank's result (RankResult's text form: rank_result.cc).
#include "worker/bench_row.h"

#include <algorithm>

#include "kernels/ops/registry.h"
#include "spec/spec_validation.h"
#include "worker/row_stats.h"

namespace symmbench {
namespace {

// The max over ranks of one operation's figures (index 0: ours; i > 0: reference i - 1).
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

// Element i of every rank's vector (`of(result)`), max over ranks, for i in [0, n); 0 where no
// rank has one.
template <typename Of>
std::vector<double> WorstPerIndex(const std::vector<RankResult>& results, size_t n, Of of) {
  std::vector<double> worst(n, 0.0);
  for (const RankResult& r : results) {
    const std::vector<double>& values = of(r);
    for (size_t i = 0; i < n && i < values.size(); ++i) worst[i] = std::max(worst[i], values[i]);
  }
  return worst;
}

// The A/B comparison of `row` (whose repeat_medians_us are set): the compare kernel's figures,
// max over ranks, and the kernel's loop medians over its, pass by pass.
void AddComparison(const RunPlan& plan, const std::vector<RankResult>& results,
                   v1::ResultRow* row) {
  v1::Comparison* c = row->mutable_comparison();
  c->set_kernel(plan.compare_kernel);
  size_t samples = 0;
  for (const RankResult& r : results) {
    c->set_time_us(std::max(c->time_us(), r.compare.eager.median_us));
    c->set_graph_time_us(std::max(c->graph_time_us(), r.compare.graph_us));
    c->set_wrong(c->wrong() + r.compare_check.wrong);
    samples = std::max(samples, r.compare.eager.samples_us.size());
  }
  for (double sample :
       WorstPerIndex(results, samples, [](const RankResult& r) -> const std::vector<double>& {
         return r.compare.eager.samples_us;
       })) {
    c->add_samples_us(sample);
  }
  const std::vector<double> medians =
      WorstPerIndex(results, row->repeat_medians_us_size(),
                    [](const RankResult& r) -> const std::vector<double>& {
                      return r.compare.eager.repeat_medians_us;
                    });
  std::vector<double> ratios;
  for (size_t i = 0; i < medians.size(); ++i) {
    c->add_repeat_medians_us(medians[i]);
    if (medians[i] > 0) ratios.push_back(row->repeat_medians_us(static_cast<int>(i)) / medians[i]);
  }
  for (double ratio : ratios) c->add_paired_ratios(ratio);
  if (!ratios.empty()) c->set_ratio(Summarize(ratios).median_us);
}

// The A/A control of `row`: the control's figures, max over ranks, and its loop medians over
// the primary reference's, pass by pass (both max over ranks).
void AddControl(const std::string& reference_name, const std::vector<RankResult>& results,
                v1::ResultRow* row) {
  v1::AAControl* c = row->mutable_aa_control();
  c->set_reference(reference_name);
  size_t passes = 0;
  for (const RankResult& r : results) {
    c->set_time_us(std::max(c->time_us(), r.control.eager.median_us));
    c->set_graph_time_us(std::max(c->graph_time_us(), r.control.graph_us));
    passes = std::max(passes, r.control.eager.repeat_medians_us.size());
  }
  const double reference_graph_us = MaxOverRanks(results, 1).graph_us;
  const std::vector<double> control =
      WorstPerIndex(results, passes, [](const RankResult& r) -> const std::vector<double>& {
        return r.control.eager.repeat_medians_us;
      });
  const std::vector<double> none;
  const std::vector<double> reference =
      WorstPerIndex(results, passes, [&none](const RankResult& r) -> const std::vector<double>& {
        return r.references.empty() ? none : r.references[0].eager.repeat_medians_us;
      });
  std::vector<double> ratios;
  for (size_t i = 0; i < passes; ++i) {
    if (reference[i] > 0 && control[i] > 0) ratios.push_back(control[i] / reference[i]);
  }
  for (double ratio : ratios) c->add_paired_ratios(ratio);
  c->set_ratio(Summarize(ratios).median_us);
  c->set_noise(ConfidenceHalfWidth95(ratios));
  if (c->graph_time_us() > 0 && reference_graph_us > 0) {
    c->set_graph_ratio(c->graph_time_us() / reference_graph_us);
  }
}

// Each rank's RankTime from its own samples (`rank_samples[r]`), with the samples themselves
// when `per_iteration` (nccl-tests' per-process rows).
void AddRankTimes(const std::vector<std::vector<double>>& rank_samples, bool per_iteration,
                  google::protobuf::RepeatedPtrField<v1::RankTime>* out) {
  std::vector<v1::RankTime> times = RankTimes(rank_samples);
  for (size_t r = 0; r < times.size(); ++r) {
    if (per_iteration) {
      times[r].mutable_samples_us()->Add(rank_samples[r].begin(), rank_samples[r].end());
    }
    *out->Add() = std::move(times[r]);
  }
}

// GB/s = bytes / (us * 1e3); 0 when there is no time.
double Bandwidth(int64_t bytes, double us) { return us > 0 ? bytes / (us * 1e3) : 0; }

// The in-place figures of a row: the kernel's and the reference's, max over ranks; wrong
// summed; each rank's own figures; every sample (max over ranks) when `per_iteration`.
// `speedup`: whether the reference competes (not a check-only one).
void AddInPlace(const std::vector<RankResult>& results, int64_t size_bytes, double bus_factor,
                bool speedup, bool per_iteration, v1::InPlaceFigures* figures) {
  OpTimes ours;
  OpTimes reference;
  for (const RankResult& r : results) {
    ours.eager.median_us = std::max(ours.eager.median_us, r.in_place.eager.median_us);
    ours.graph_us = std::max(ours.graph_us, r.in_place.graph_us);
    reference.eager.median_us =
        std::max(reference.eager.median_us, r.in_place_reference.eager.median_us);
    reference.graph_us = std::max(reference.graph_us, r.in_place_reference.graph_us);
    figures->set_wrong(figures->wrong() + r.in_place_check.wrong);
  }
  figures->set_time_us(ours.eager.median_us);
  figures->set_algbw_gbps(Bandwidth(size_bytes, ours.eager.median_us));
  figures->set_busbw_gbps(figures->algbw_gbps() * bus_factor);
  figures->set_graph_time_us(ours.graph_us);
  figures->set_reference_time_us(reference.eager.median_us);
  figures->set_reference_busbw_gbps(Bandwidth(size_bytes, reference.eager.median_us) * bus_factor);
  figures->set_reference_graph_time_us(reference.graph_us);
  if (speedup && ours.eager.median_us > 0) {
    figures->set_speedup(reference.eager.median_us / ours.eager.median_us);
  }
  std::vector<std::vector<double>> rank_samples;
  size_t samples = 0;
  for (const RankResult& r : results) {
    rank_samples.push_back(r.in_place.eager.samples_us);
    samples = std::max(samples, r.in_place.eager.samples_us.size());
  }
  AddRankTimes(rank_samples, per_iteration, figures->mutable_rank_times());
  if (per_iteration) {
    for (double sample :
         WorstPerIndex(results, samples, [](const RankResult& r) -> const std::vector<double>& {
           return r.in_place.eager.samples_us;
         })) {
      figures->add_samples_us(sample);
    }
  }
}

}  // namespace

v1::ResultRow BuildRow(const RowContext& context, const std::vector<RankResult>& results) {
  const RunPlan& plan = *context.plan;
  const int64_t size_bytes = context.size_bytes;
  const bool check_only = context.reference_kind == v1::check_only;
  const std::optional<OpDescriptor> info = plan.Op();
  const double bus_factor = info.has_value() ? info->bus_factor(context.team_size) : 1.0;
  const double job_bus_factor = info.has_value() ? info->bus_factor(context.world_size) : 1.0;
  v1::ResultRow row;
  row.set_size_bytes(size_bytes);
  row.set_count(size_bytes / DTypeSize(context.dtype));
  row.set_dtype(ProtoDType(context.dtype));
  row.set_redop(info.has_value() ? info->redop : "sum");
  const OpTimes ours = MaxOverRanks(results, 0);
  row.set_time_us(ours.eager.median_us);
  row.set_time_min_us(ours.eager.min_us);
  row.set_time_max_us(ours.eager.max_us);
  row.set_algbw_gbps(Bandwidth(size_bytes, ours.eager.median_us));
  row.set_busbw_gbps(row.algbw_gbps() * bus_factor);
  row.set_graph_time_us(ours.graph_us);
  // Every timed batch of every loop, max over ranks, with its size (metrics observe each timed
  // iteration; gates compare the distributions), and each loop's median.
  const std::vector<int> batches = SplitIntoBatches(plan.loop.iters, plan.loop.max_batches);
  const size_t repeats = results.empty() ? 0 : results[0].ours.eager.repeat_medians_us.size();
  const std::vector<double> samples = WorstPerIndex(
      results, repeats * batches.size(),
      [](const RankResult& r) -> const std::vector<double>& { return r.ours.eager.samples_us; });
  for (size_t i = 0; i < samples.size(); ++i) {
    row.add_samples_us(samples[i]);
    row.add_sample_iters(batches[i % batches.size()]);
  }
  for (double median :
       WorstPerIndex(results, repeats, [](const RankResult& r) -> const std::vector<double>& {
         return r.ours.eager.repeat_medians_us;
       })) {
    row.add_repeat_medians_us(median);
  }
  std::vector<std::vector<double>> rank_samples;
  for (const RankResult& r : results) rank_samples.push_back(r.ours.eager.samples_us);
  AddRankTimes(rank_samples, plan.loop.per_iteration, row.mutable_rank_times());
  *row.mutable_iteration_stats() = IterationStatsOf(samples, static_cast<int>(batches.size()),
                                                    plan.loop.skip_first, plan.loop.per_iteration);
  if (!results.empty() && results[0].has_compare) AddComparison(plan, results, &row);
  if (!results.empty() && results[0].has_control && !context.reference_names.empty()) {
    AddControl(context.reference_names[0], results, &row);
  }
  if (!results.empty() && results[0].has_in_place) {
    AddInPlace(results, size_bytes, bus_factor, !check_only, plan.loop.per_iteration,
               row.mutable_in_place());
  }
  int64_t wrong = 0;
  for (const RankResult& r : results) wrong += r.check.wrong;
  row.set_wrong(wrong);
  row.set_checked(context.checked);

  // Every reference, each figure against its own kind: eager time for reference_* and speedup,
  // graph replays for reference_graph_time_us and graph_speedup, each from the fastest reference
  // in that mode (they may differ). Per-reference busbw is eager, as the row's.
  int best = -1;
  int best_graph = -1;
  for (size_t b = 0; b < context.reference_names.size(); ++b) {
    const OpTimes t = MaxOverRanks(results, b + 1);
    v1::ReferenceResult* entry = row.add_references();
    entry->set_name(context.reference_names[b]);
    entry->set_time_us(t.eager.median_us);
    entry->set_graph_time_us(t.graph_us);
    const std::vector<double> none;
    for (double median : WorstPerIndex(
             results, repeats, [b, &none](const RankResult& r) -> const std::vector<double>& {
               return b < r.references.size() ? r.references[b].eager.repeat_medians_us : none;
             })) {
      entry->add_repeat_medians_us(median);
    }
    const bool in_team = b < context.team_references;
    entry->set_busbw_gbps(Bandwidth(size_bytes, t.eager.median_us) *
                          (in_team ? bus_factor : job_bus_factor));
    if (!in_team) continue;
    if (best < 0 || t.eager.median_us < row.references(best).time_us()) best = static_cast<int>(b);
    if (t.graph_us > 0 &&
        (best_graph < 0 || t.graph_us < row.references(best_graph).graph_time_us())) {
      best_graph = static_cast<int>(b);
    }
  }
  if (best >= 0) {
    row.set_reference_kind(context.reference_kind);
    const v1::ReferenceResult& chosen = row.references(best);
    row.set_reference(chosen.name());
    row.set_reference_time_us(chosen.time_us());
    row.set_reference_busbw_gbps(chosen.busbw_gbps());
    if (!check_only && row.time_us() > 0) row.set_speedup(chosen.time_us() / row.time_us());
  }
  if (best_graph >= 0) {
    const v1::ReferenceResult& chosen = row.references(best_graph);
    row.set_graph_reference(chosen.name());
    row.set_reference_graph_time_us(chosen.graph_time_us());
    if (!check_only && row.graph_time_us() > 0) {
      row.set_graph_speedup(chosen.graph_time_us() / row.graph_time_us());
    }
  }
  return row;
}

}  // namespace symmbench
