// The GEMM + collective ops' benchmark loop.
#include "worker/gemm_runner.h"

#include <algorithm>
#include <functional>
#include <map>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "kernels/gemm_collective.h"
#include "kernels/ops/registry.h"
#include "spec/gemm_spec.h"
#include "spec/spec_validation.h"
#include "worker/fault_injection_gemm.h"
#include "worker/gemm_race_check.h"
#include "worker/gpu_telemetry.h"
#include "worker/timing.h"

namespace symmbench {
namespace {

constexpr uint64_t kSeedBase = 0xA66E770ull;
constexpr int kVariants = kGemmVariantCount;  // arrays indexed by GemmVariant
// NVML's sampling period while a variant's loop runs (GpuTelemetry).
constexpr std::chrono::milliseconds kTelemetryPeriod = std::chrono::milliseconds(5);
// Sanity bound of a decoded rank result's samples (100 repeats x kTimingBatches, with room).
constexpr size_t kMaxSamples = 10000;

// What one rank measured for one shape; exchanged through the rendezvous as text.
struct RankResult {
  TimingStats times[kVariants];
  TelemetrySummary telemetry[kVariants];  // samples 0 where none was taken
  GemmCheck check;
  GemmRowCheck race;   // the race check's, over every checked variant
  GemmRowCheck timed;  // the row checks of every timed batch's last operation

  std::string Encode() const {
    std::ostringstream out;
    out.precision(17);
    for (const TimingStats& t : times)
      out << t.median_us << ' ' << t.min_us << ' ' << t.max_us << ' ';
    out << check.gathered_wrong << ' ' << check.first_bad_index << ' ' << check.c_rel_error;
    const TileWaits& waits = check.tile_waits;
    out << ' ' << waits.tiles << ' ' << waits.waited << ' ' << waits.max_us << ' ' << waits.mean_us;
    for (const GemmRowCheck* rows : {&race, &timed}) {
      out << ' ' << rows->wrong_rows << ' ' << rows->operation << ' ' << rows->first_row << ' '
          << rows->worst_ratio;
    }
    const TimingStats& fused = times[static_cast<int>(GemmVariant::kFused)];
    out << ' ' << fused.samples_us.size();
    for (double sample : fused.samples_us) out << ' ' << sample;
    out << ' ' << fused.repeat_medians_us.size();
    for (double median : fused.repeat_medians_us) out << ' ' << median;
    for (const TelemetrySummary& t : telemetry) {
      out << ' ' << t.sm_clock_mhz << ' ' << t.sm_clock_min_mhz << ' ' << t.power_w << ' '
          << t.samples;
    }
    return out.str();
  }
  static absl::StatusOr<RankResult> Decode(const std::string& text) {
    RankResult r;
    std::istringstream in(text);
    for (TimingStats& t : r.times) in >> t.median_us >> t.min_us >> t.max_us;
    in >> r.check.gathered_wrong >> r.check.first_bad_index >> r.check.c_rel_error;
    TileWaits& waits = r.check.tile_waits;
    in >> waits.tiles >> waits.waited >> waits.max_us >> waits.mean_us;
    for (GemmRowCheck* rows : {&r.race, &r.timed}) {
      in >> rows->wrong_rows >> rows->operation >> rows->first_row >> rows->worst_ratio;
    }
    TimingStats& fused = r.times[static_cast<int>(GemmVariant::kFused)];
    size_t samples = 0, repeats = 0;
    in >> samples;
    if (in.fail() || samples > kMaxSamples) {
      return absl::InternalError(absl::StrCat("bad rank result \"", text, "\""));
    }
    fused.samples_us.resize(samples);
    for (double& sample : fused.samples_us) in >> sample;
    in >> repeats;
    if (in.fail() || repeats > kMaxSamples) {
      return absl::InternalError(absl::StrCat("bad rank result \"", text, "\""));
    }
    fused.repeat_medians_us.resize(repeats);
    for (double& median : fused.repeat_medians_us) in >> median;
    for (TelemetrySummary& t : r.telemetry) {
      in >> t.sm_clock_mhz >> t.sm_clock_min_mhz >> t.power_w >> t.samples;
    }
    if (in.fail()) return absl::InternalError(absl::StrCat("bad rank result \"", text, "\""));
    return r;
  }
};

double Median(const std::vector<RankResult>& results, GemmVariant v) {
  double worst = 0;
  for (const RankResult& r : results)
    worst = std::max(worst, r.times[static_cast<int>(v)].median_us);
  return worst;
}

// `variants`: those timed, in the order they were.
v1::ResultRow BuildRow(const GemmProblem& problem, const std::vector<RankResult>& results,
                       const GemmCollective& op, Computes computes,
                       const std::vector<GemmVariant>& variants, bool checked, int iters) {
  const int world_size = static_cast<int>(results.size());
  const bool scatters = computes == Computes::kGemmReduceScatter;
  const int element = GemmPieceElementBytes(problem.dtype, computes);
  // This rank's piece (ag_gemm: A_shard; matmul_reduce_scatter: C_shard), and the bytes each
  // rank's collective moves per op (the gathered A; the m x n partials it reduce-scatters).
  const int64_t shard_elements = GemmPieceElements(problem, world_size, computes);
  const double collective_bytes =
      static_cast<double>(problem.m) * (scatters ? problem.n : problem.k) * element;
  const double flops = 2.0 * problem.m * problem.n * problem.k / (scatters ? world_size : 1);
  v1::ResultRow row;
  v1::GemmFigures* gemm = row.mutable_gemm();
  gemm->set_m(problem.m);
  gemm->set_n(problem.n);
  gemm->set_k(problem.k);
  gemm->set_splits_per_rank(problem.splits_per_rank);
  row.set_size_bytes(shard_elements * element);
  row.set_count(shard_elements);
  row.set_dtype(ProtoDType(problem.dtype));
  row.set_redop(scatters ? "sum" : "none");
  const double t_fused = Median(results, GemmVariant::kFused);
  const double t_comm = Median(results, GemmVariant::kCollective);
  gemm->set_t_pipelined_us(Median(results, GemmVariant::kPipelined));
  gemm->set_t_tile_flags_us(Median(results, GemmVariant::kTileFlags));
  gemm->set_t_tile_gemm_us(Median(results, GemmVariant::kTileGemm));
  gemm->set_t_tile_push_us(Median(results, GemmVariant::kTilePush));
  // NVML's figures per variant timed: the slowest rank's clocks, the hungriest rank's power.
  for (GemmVariant variant : variants) {
    const int v = static_cast<int>(variant);
    v1::VariantTelemetry telemetry;
    bool any = false;
    for (const RankResult& r : results) {
      const TelemetrySummary& t = r.telemetry[v];
      if (t.samples == 0) continue;
      if (!any || t.sm_clock_mhz < telemetry.sm_clock_mhz()) {
        telemetry.set_sm_clock_mhz(t.sm_clock_mhz);
        telemetry.set_samples(t.samples);
      }
      if (!any || t.sm_clock_min_mhz < telemetry.sm_clock_min_mhz()) {
        telemetry.set_sm_clock_min_mhz(t.sm_clock_min_mhz);
      }
      telemetry.set_power_w(std::max(telemetry.power_w(), t.power_w));
      any = true;
    }
    if (!any) continue;
    telemetry.set_variant(GemmVariantName(variant, computes));
    *gemm->add_telemetry() = telemetry;
  }
  const double t_gemm = Median(results, GemmVariant::kGemm);
  const double t_seq = Median(results, GemmVariant::kSequential);
  gemm->set_t_fused_us(t_fused);
  if (scatters) {
    gemm->set_t_rs_us(t_comm);
  } else {
    gemm->set_t_ag_us(t_comm);
  }
  gemm->set_t_gemm_us(t_gemm);
  gemm->set_t_sequential_us(t_seq);
  double fused_min = 0, fused_max = 0;
  for (const RankResult& r : results) {
    fused_min = std::max(fused_min, r.times[0].min_us);
    fused_max = std::max(fused_max, r.times[0].max_us);
  }
  row.set_time_us(t_fused);
  row.set_time_min_us(fused_min);
  row.set_time_max_us(fused_max);
  // The fused variant's batches of every loop and each loop's median, max over ranks.
  const TimingStats& fused0 = results[0].times[0];
  const std::vector<int> batches = SplitIntoBatches(iters);
  for (size_t i = 0; i < fused0.samples_us.size(); ++i) {
    double worst = 0;
    for (const RankResult& r : results) {
      if (i < r.times[0].samples_us.size()) worst = std::max(worst, r.times[0].samples_us[i]);
    }
    row.add_samples_us(worst);
    row.add_sample_iters(batches[i % batches.size()]);
  }
  for (size_t i = 0; i < fused0.repeat_medians_us.size(); ++i) {
    double worst = 0;
    for (const RankResult& r : results) {
      if (i < r.times[0].repeat_medians_us.size()) {
        worst = std::max(worst, r.times[0].repeat_medians_us[i]);
      }
    }
    row.add_repeat_medians_us(worst);
  }
  // The collective's bytes per op over the time of the op; busbw with (n-1)/n, as nccl-tests'
  // all-gather and reduce-scatter.
  const double bus_factor = world_size <= 1 ? 1.0 : (world_size - 1.0) / world_size;
  if (t_fused > 0) {
    row.set_algbw_gbps(collective_bytes / (t_fused * 1e3));
    row.set_busbw_gbps(row.algbw_gbps() * bus_factor);
    gemm->set_tflops(flops / (t_fused * 1e6));
  }
  row.set_reference(absl::StrCat(op.collective_name(), "+", op.gemm_name()));
  row.set_reference_kind(v1::library);
  row.set_reference_time_us(t_seq);
  if (t_comm > 0) row.set_reference_busbw_gbps(collective_bytes / (t_comm * 1e3) * bus_factor);
  if (t_fused > 0 && t_seq > 0) row.set_speedup(t_seq / t_fused);
  if (t_fused > 0 && t_seq > 0 && t_comm > 0 && t_gemm > 0) {
    gemm->set_overlap_efficiency((t_seq - t_fused) / std::min(t_comm, t_gemm));
  }
  int64_t wrong = 0;
  double error = 0;
  GemmRowCheck race;
  for (const RankResult& r : results) {
    wrong += r.check.gathered_wrong + r.race.wrong_rows + r.timed.wrong_rows;
    error = std::max(error, r.check.c_rel_error);
    AccumulateRowChecks(r.race, &race);
  }
  row.set_wrong(wrong);
  // tile_flags' (ag_gemm) or tile_push's (matmul_reduce_scatter) flag waits: summed, the
  // longest, the mean over every tile of every rank.
  v1::TileWaits* waits = gemm->mutable_tile_waits();
  double wait_sum_us = 0;
  for (const RankResult& r : results) {
    const TileWaits& mine = r.check.tile_waits;
    waits->set_tiles(waits->tiles() + mine.tiles);
    waits->set_waited(waits->waited() + mine.waited);
    waits->set_max_us(std::max(waits->max_us(), mine.max_us));
    wait_sum_us += mine.mean_us * static_cast<double>(mine.tiles);
  }
  if (waits->tiles() > 0) waits->set_mean_us(wait_sum_us / static_cast<double>(waits->tiles()));
  gemm->set_race_wrong_rows(race.wrong_rows);
  gemm->set_race_ratio(race.worst_ratio);
  gemm->set_rel_error(error);
  gemm->set_rel_error_tolerance(op.tolerance());
  row.set_checked(checked);
  return row;
}

// DATA_LOSS naming the first check that `rank`'s result failed (the race check, a timed batch,
// the gathered A, the tolerance), or OK.
absl::Status Failure(const std::string& where, size_t rank, const RankResult& result,
                     const GemmCollective& op) {
  // Each row check with the words that say which it was: the operation, then how it was fed.
  struct Named {
    const GemmRowCheck& rows;
    const char* operation;
    const char* inputs;
  };
  for (const Named& check :
       {Named{result.race, "race check: operation ", "inputs changed every operation"},
        Named{result.timed, "timed batch ", "checked against its inputs"}}) {
    const GemmRowCheck& rows = check.rows;
    if (rows.wrong_rows == 0) continue;
    return absl::DataLossError(absl::StrCat(
        where, ": verification failed: ", rows.wrong_rows, " rows of C wrong on rank ", rank,
        ", first row ", rows.first_row, " (", check.operation, rows.operation, ", ", check.inputs,
        "; worst checksum error ", rows.worst_ratio, " x its bound)"));
  }
  const GemmCheck& c = result.check;
  if (c.gathered_wrong > 0) {
    return absl::DataLossError(
        absl::StrCat(where, ": verification failed: gathered A has ", c.gathered_wrong,
                     " elements differing from the reference all-gather on rank ", rank,
                     ", first at index ", c.first_bad_index));
  }
  if (!(c.c_rel_error <= op.tolerance())) {
    return absl::DataLossError(absl::StrCat(where, ": verification failed: C on rank ", rank,
                                            " has relative Frobenius error ", c.c_rel_error,
                                            " above the tolerance ", op.tolerance()));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status RunGemmBenchmark(const RunPlan& plan, Backend* backend, Rendezvous* rendezvous,
                              const RowSink& sink) {
  absl::StatusOr<std::unique_ptr<GemmCollective>> op = backend->CreateGemmCollective(plan.kernel);
  if (!op.ok()) return op.status();
  const std::optional<OpDescriptor> descriptor = plan.Op();
  const Computes computes =
      descriptor.has_value() ? descriptor->computes : Computes::kAllGatherGemm;
  *op = InjectGemmFaults(*std::move(op), plan.fault);
  const bool check = plan.check;
  const InjectedDelay& fault = plan.delay;
  // The GPU's clocks and power during each loop; none on the CPU backend, or without NVML.
  std::unique_ptr<GpuTelemetry> telemetry;
  if (const std::string bus_id = backend->device_identity().bus_id; !bus_id.empty()) {
    absl::StatusOr<std::unique_ptr<GpuTelemetry>> opened =
        GpuTelemetry::Open(bus_id, kTelemetryPeriod);
    if (opened.ok()) telemetry = *std::move(opened);
  }

  for (size_t index = 0; index < plan.gemm_problems.size(); ++index) {
    const GemmProblem& problem = plan.gemm_problems[index];
    const std::string where =
        absl::StrCat(plan.kernel, " ", GemmDTypeName(problem), " ", problem.m, "x", problem.n, "x",
                     problem.k, " splits ", problem.splits_per_rank);
    auto annotate = [&](const absl::Status& s) {
      return absl::Status(s.code(),
                          absl::StrCat(where, " (rank ", backend->rank(), "): ", s.message()));
    };
    if (absl::Status s = (*op)->Prepare(problem, kSeedBase + index); !s.ok()) return annotate(s);
    // The variants this backend runs for this problem: one it cannot run (GemmCollective::CanRun)
    // is left out of the row (its time 0) unless the spec named it.
    std::vector<GemmVariant> variants;
    for (GemmVariant variant : plan.gemm_variants) {
      absl::Status can = (*op)->CanRun(variant);
      if (can.ok()) {
        variants.push_back(variant);
      } else if (plan.gemm_variants_named) {
        return absl::Status(
            can.code(), absl::StrCat("gemm.variants: ", GemmVariantName(variant, computes), ": ",
                                     where, ": ", can.message()));
      }
    }
    if (telemetry != nullptr) telemetry->Clear();
    RankResult mine;
    // The check of `variant` (IsCheckedGemmVariant): every output poisoned (the gathered A and
    // the staging area included, so that a progress-flag wait satisfied early reads poison, not
    // the previous operation's data), the variant and the sequential reference, then the
    // comparison; its outcome is the worst over every check.
    const auto run_checked = [&](GemmVariant variant) -> absl::Status {
      absl::Status s = (*op)->PoisonOutputs();
      if (s.ok()) s = (*op)->Run(variant);
      if (s.ok()) s = (*op)->Run(GemmVariant::kSequential);
      return s;
    };
    const auto compare = [&]() -> absl::Status {
      absl::StatusOr<GemmCheck> checked = (*op)->Check();
      if (!checked.ok()) return checked.status();
      if (checked->gathered_wrong > 0 && mine.check.gathered_wrong == 0) {
        mine.check.first_bad_index = checked->first_bad_index;
      }
      mine.check.gathered_wrong += checked->gathered_wrong;
      mine.check.c_rel_error = std::max(mine.check.c_rel_error, checked->c_rel_error);
      if (checked->tile_waits.tiles > 0) mine.check.tile_waits = checked->tile_waits;  // the last
      return absl::OkStatus();
    };
    if (check) {
      absl::Status s = run_checked(GemmVariant::kFused);
      if (s.ok()) s = backend->Synchronize();
      if (s.ok()) s = compare();
      if (!s.ok()) return annotate(s);
      // The race check of every checked variant the job times, untimed, before the loops.
      for (GemmVariant variant : variants) {
        if (!IsCheckedGemmVariant(variant)) continue;
        absl::StatusOr<GemmRowCheck> race =
            GemmRaceCheck(backend, op->get(), variant, kSeedBase + index);
        if (!race.ok()) return annotate(race.status());
        AccumulateRowChecks(*race, &mine.race);
      }
    }
    // This rank's piece in bytes (the row's size_bytes), which an injected delay is keyed on.
    const int64_t shard_bytes = GemmPieceElements(problem, backend->world_size(), computes) *
                                GemmPieceElementBytes(problem.dtype, computes);
    // The loops, pass after pass (plan.loop.passes): in each pass the fused op's loop,
    // then every other variant's right behind it, so that the references are timed when the
    // fused op is (the GPUs' clocks move under sustained GEMM load). A checked variant
    // (IsCheckedGemmVariant) has its outputs poisoned before every timed batch and the C of the
    // batch's last operation checked by rows against Prepare's inputs after it, then one more
    // operation checked against the sequential reference right behind its last batch.
    std::vector<double> samples[kVariants];
    std::vector<double> loop_medians[kVariants];
    int timed_checks = 0;  // batch checks so far, the number CheckRows keeps
    for (int pass = 0; pass < plan.loop.passes; ++pass) {
      for (GemmVariant variant : variants) {
        // The fused op is the kernel under test: delayed when fault injection asks.
        std::function<absl::Status()> run = [&, variant] { return (*op)->Run(variant); };
        if (variant == GemmVariant::kFused) run = fault.Wrap(backend, shard_bytes, std::move(run));
        const bool checked = IsCheckedGemmVariant(variant) && check;
        LoopHooks hooks;
        if (checked) {
          hooks.before_batch = [&] { return (*op)->PoisonOutputs(); };
          hooks.after_batch = [&] { return (*op)->CheckRows(kSeedBase + index, timed_checks++); };
          hooks.after_last_batch = [&run_checked, variant] { return run_checked(variant); };
        }
        if (telemetry != nullptr) telemetry->Begin(static_cast<int>(variant));
        absl::StatusOr<TimingStats> stats =
            WarmUpAndTime(backend, plan.loop.warmup_iters, plan.loop.iters, run, hooks);
        if (telemetry != nullptr) telemetry->End();
        if (!stats.ok()) return annotate(stats.status());
        if (checked) {
          absl::Status s = compare();
          absl::StatusOr<GemmRowCheck> rows = s.ok() ? (*op)->TakeRowChecks() : s;
          if (!rows.ok()) return annotate(rows.status());
          AccumulateRowChecks(*rows, &mine.timed);
        }
        const int v = static_cast<int>(variant);
        samples[v].insert(samples[v].end(), stats->samples_us.begin(), stats->samples_us.end());
        loop_medians[v].push_back(stats->median_us);
      }
    }
    for (GemmVariant variant : variants) {
      const int v = static_cast<int>(variant);
      mine.times[v] = Summarize(samples[v]);
      mine.times[v].repeat_medians_us = loop_medians[v];
      if (telemetry != nullptr) mine.telemetry[v] = telemetry->Summarize(v);
    }
    absl::StatusOr<std::vector<RankResult>> gathered =
        GatherRankResults(rendezvous, absl::StrCat("ag_gemm_result/", index), mine);
    if (!gathered.ok()) return annotate(gathered.status());
    const std::vector<RankResult>& results = *gathered;
    if (backend->rank() == 0) {
      v1::ResultRow row =
          BuildRow(problem, results, **op, computes, variants, check, plan.loop.iters);
      if (fault.AppliesTo(shard_bytes)) row.set_injected_delay_us(fault.delay_us);
      if (absl::Status s = sink(row); !s.ok()) return annotate(s);
    }
    const auto failure = [&](size_t rank) { return Failure(where, rank, results[rank], **op); };
    bool failed = false;
    for (size_t r = 0; r < results.size(); ++r) failed = failed || !failure(r).ok();
    if (!failed) continue;
    // The row that says what went wrong is stored before any rank's failure ends the job; the
    // rank whose result was wrong reports it, so that the job names it, and the others stop with
    // ABORTED, which the worker does not report.
    if (absl::Status s = rendezvous->Barrier(absl::StrCat("ag_gemm_reported/", index)); !s.ok()) {
      return annotate(s);
    }
    const size_t rank = static_cast<size_t>(backend->rank());
    if (absl::Status own = failure(rank); !own.ok()) return own;
    return absl::AbortedError(
        absl::StrCat(where, ": another rank's result was wrong; it reports it"));
  }
  return absl::OkStatus();
}

}  // namespace symmbench
