// How a job is reported as nccl-tests reports a run: header, restated rows, footer, per-rank and
// sample tables (nccl-tests' own table and JSON document: nccl_tests_view.cc).
#include "client/run_report.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "client/format.h"
#include "kernels/ops/registry.h"

namespace symmbench::client {
namespace {

double StatOf(const v1::RankTime& t, const std::string& stat) {
  if (stat == "mean") return t.mean_us();
  if (stat == "min") return t.min_us();
  return t.time_us();
}

std::string MemoryText(int64_t bytes) {
  if (bytes >= (int64_t{1} << 30)) return absl::StrFormat("%.2f GiB", bytes / 1073741824.0);
  return absl::StrFormat("%.1f MiB", bytes / 1048576.0);
}

// One figure of `ranks` (each rank's `view.stat`, reduced over the ranks as `view.ranks`
// says); 0 without ranks.
double ReduceRanks(const google::protobuf::RepeatedPtrField<v1::RankTime>& ranks,
                   const RowView& view) {
  if (ranks.empty()) return 0;
  if (view.ranks == "0") return StatOf(ranks[0], view.stat);
  double value = 0, sum = 0;
  for (int r = 0; r < ranks.size(); ++r) {
    const double t = StatOf(ranks[r], view.stat);
    sum += t;
    if (r == 0 || (view.ranks == "max" && t > value) || (view.ranks == "min" && t < value)) {
      value = t;
    }
  }
  return view.ranks == "avg" ? sum / ranks.size() : value;
}

// `half` (a ResultRow or its InPlaceFigures) at `time_us` per operation: its algbw from the
// size, its busbw by the op's bus factor (busbw / algbw as stored), its speedup against its
// reference's time.
template <typename Half>
void RestateHalf(int64_t size_bytes, double time_us, Half* half) {
  const double bus_factor = half->algbw_gbps() > 0 ? half->busbw_gbps() / half->algbw_gbps() : 1.0;
  half->set_time_us(time_us);
  half->set_algbw_gbps(static_cast<double>(size_bytes) / (time_us * 1e3));
  half->set_busbw_gbps(half->algbw_gbps() * bus_factor);
  if (half->speedup() > 0) half->set_speedup(half->reference_time_us() / time_us);
}

}  // namespace

std::vector<const v1::ResultRow*> SweptRows(const v1::Job& job) {
  std::vector<const v1::ResultRow*> rows;
  for (const v1::ResultRow& row : job.rows()) {
    if (!row.partial() && !row.has_gemm() && !row.has_ceilings()) rows.push_back(&row);
  }
  return rows;
}

std::string GraphTiming(const v1::SweepSpec& sweep) {
  if (sweep.graph_launches() > 0) {
    return absl::StrCat("one graph of all iters operations, ", sweep.graph_launches(),
                        " launches per sample (nccl-tests -G ", sweep.graph_launches(), ")");
  }
  return "graphs of iters / 10 operations, one sample per replay";
}

std::string Describe(const RowView& view) {
  const std::string ranks = view.ranks == "0"     ? "rank 0's"
                            : view.ranks == "avg" ? "average over ranks"
                                                  : absl::StrCat(view.ranks, " over ranks");
  return absl::StrCat(view.stat, " of each rank's samples, ", ranks);
}

bool HasRunReport(const v1::Job& job) {
  return !IsFamily(job.spec().kernel(), OpFamily::kGemmCollective) &&
         !IsFamily(job.spec().kernel(), OpFamily::kCalibration);
}

absl::Status ResolveReportOptions(bool min_busbw_given, ReportOptions* options) {
  if (options->format != "table" && options->format != "nccl-tests") {
    return absl::InvalidArgumentError(
        absl::StrCat("--format: want table or nccl-tests (got \"", options->format, "\")"));
  }
  // What the flags leave unsaid is each view's own default: ours (median, max) for our table,
  // nccl-tests' (-a 1: each rank's mean, averaged) for what nccl-tests' tools read.
  if (!options->stat_flag.empty()) options->view.stat = options->stat_flag;
  if (!options->ranks_flag.empty()) options->view.ranks = options->ranks_flag;
  options->nccl_tests_view.stat = options->stat_flag.empty() ? "mean" : options->stat_flag;
  options->nccl_tests_view.ranks = options->ranks_flag.empty() ? "avg" : options->ranks_flag;
  if (options->format == "nccl-tests") options->view = options->nccl_tests_view;
  const std::string& stat = options->view.stat;
  if (stat != "median" && stat != "mean" && stat != "min") {
    return absl::InvalidArgumentError(
        absl::StrCat("--stat: want median, mean or min (got \"", stat, "\")"));
  }
  const std::string& ranks = options->view.ranks;
  if (ranks != "max" && ranks != "min" && ranks != "avg" && ranks != "0") {
    return absl::InvalidArgumentError(
        absl::StrCat("--ranks: want max, min, avg or 0 (got \"", ranks, "\")"));
  }
  if (!min_busbw_given) {
    if (const char* env = std::getenv("NCCL_TESTS_MIN_BW"); env != nullptr && *env != '\0') {
      if (!absl::SimpleAtod(env, &options->min_busbw_gbps)) {
        return absl::InvalidArgumentError(
            absl::StrCat("NCCL_TESTS_MIN_BW: want GB/s as a number (got \"", env, "\")"));
      }
    }
  }
  if (!(options->min_busbw_gbps >= 0)) {
    return absl::InvalidArgumentError(
        absl::StrCat(min_busbw_given ? "--min-busbw" : "NCCL_TESTS_MIN_BW",
                     ": want GB/s >= 0 (got ", options->min_busbw_gbps, ")"));
  }
  if (std::error_code ec; !options->nccl_tests_json.empty() && !options->overwrite &&
                          std::filesystem::exists(options->nccl_tests_json, ec)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--nccl-tests-json: ", options->nccl_tests_json,
                     " exists; give --overwrite to replace it, or another file"));
  }
  return absl::OkStatus();
}

v1::ResultRow Restate(const v1::ResultRow& row, const RowView& view) {
  if (view.IsDefault() || row.rank_times_size() == 0) return row;
  const double value = ReduceRanks(row.rank_times(), view);
  if (value <= 0) return row;
  v1::ResultRow restated = row;
  RestateHalf(row.size_bytes(), value, &restated);
  if (row.has_in_place()) {
    v1::InPlaceFigures* in_place = restated.mutable_in_place();
    if (const double t = ReduceRanks(in_place->rank_times(), view); t > 0) {
      RestateHalf(row.size_bytes(), t, in_place);
    }
  }
  return restated;
}

std::string DeviceLine(const v1::RankIdentity& rank) {
  return absl::StrFormat("#  Rank %2d Group %2d Pid %6d on %10s device %2d [%s] %s", rank.rank(), 0,
                         rank.pid(), rank.host(), rank.device(),
                         rank.bus_id().empty() ? "-" : rank.bus_id(), rank.device_name());
}

int64_t WrongElements(const v1::Job& job) {
  int64_t wrong = 0;
  for (const v1::ResultRow* row : SweptRows(job)) wrong += row->wrong() + row->in_place().wrong();
  return wrong;
}

std::string RunHeader(const v1::Job& job, const RowView& view) {
  const v1::JobSpec& spec = job.spec();
  const v1::SweepSpec& sweep = spec.sweep();
  std::string sizes;
  if (sweep.sizes_bytes_size() > 0) {
    sizes = absl::StrCat("sizes ", absl::StrJoin(sweep.sizes_bytes(), ","));
  } else {
    sizes = absl::StrCat("minBytes ", sweep.min_bytes(), " maxBytes ", sweep.max_bytes(),
                         " step: ", sweep.step_factor(), "(factor)");
  }
  std::string out = absl::StrCat(
      "# ", sizes, " warmup iters: ", spec.warmup_iters(), " iters: ", spec.iters(),
      " repeats: ", spec.repeats(), " validation: ", spec.check() ? 1 : 0,
      " graph: ", sweep.graph() ? 1 : 0, " per-iteration: ", sweep.per_iteration() ? 1 : 0,
      sweep.misalign_bytes() != 0 ? absl::StrCat(" misalign: ", sweep.misalign_bytes()) : "", "\n");
  absl::StrAppend(
      &out, "# time: ", Describe(view),
      view.IsNcclTestsDefault() ? " (nccl-tests' default, its -a 1)"
                                : " (nccl-tests' default, its -a 1, is each rank's mean "
                                  "averaged over ranks: --stat mean --ranks avg)",
      "; samples are ", sweep.per_iteration() ? "single iterations" : "timed batches of iterations",
      "\n");
  if (sweep.graph()) absl::StrAppend(&out, "# graph timing: ", GraphTiming(sweep), "\n");
  absl::StrAppend(&out, "#\n# Using devices\n");
  for (const v1::RankIdentity& rank : job.ranks()) {
    if (rank.pid() == 0) continue;  // not reported (yet)
    absl::StrAppend(&out, DeviceLine(rank), "  memory ", MemoryText(rank.memory_used_bytes()),
                    "\n");
  }
  return out + "#\n";
}

double AverageBusBw(const v1::Job& job, const RowView& view) {
  // As nccl-tests: the mean over every figure reported, out of place and in place.
  double sum = 0;
  int figures = 0;
  for (const v1::ResultRow* row : SweptRows(job)) {
    const v1::ResultRow restated = Restate(*row, view);
    sum += restated.busbw_gbps();
    ++figures;
    if (restated.has_in_place() && restated.in_place().time_us() > 0) {
      sum += restated.in_place().busbw_gbps();
      ++figures;
    }
  }
  return figures == 0 ? 0 : sum / figures;
}

bool BelowMinimum(const v1::Job& job, const ReportOptions& options) {
  return options.min_busbw_gbps > 0 && job.state() == v1::SUCCEEDED &&
         AverageBusBw(job, options.view) < options.min_busbw_gbps;
}

std::string RunFooter(const v1::Job& job, const ReportOptions& options) {
  const int64_t wrong = WrongElements(job);
  std::string out = absl::StrFormat("# %-20s : %d %s\n", "Out of bounds values", wrong,
                                    wrong == 0 ? "OK" : "FAILED");
  const double average = AverageBusBw(job, options.view);
  std::string verdict;
  if (options.min_busbw_gbps > 0) {
    verdict = BelowMinimum(job, options)
                  ? absl::StrFormat(" FAILED (below --min-busbw %g)", options.min_busbw_gbps)
                  : " OK";
  }
  absl::StrAppend(&out, absl::StrFormat("# %-20s : %g%s\n", "Avg bus bandwidth", average, verdict));
  return out;
}

std::string PerRankTable(const v1::Job& job) {
  std::vector<std::vector<std::string>> rows = {
      {"#", "size", "dtype", "rank", "median_us", "mean_us", "min_us", "straggler"}};
  for (const v1::ResultRow* row : SweptRows(job)) {
    for (const v1::RankTime& t : row->rank_times()) {
      rows.push_back({"", absl::StrCat(row->size_bytes()), v1::DType_Name(row->dtype()),
                      absl::StrCat(t.rank()), absl::StrFormat("%.2f", t.time_us()),
                      absl::StrFormat("%.2f", t.mean_us()), absl::StrFormat("%.2f", t.min_us()),
                      t.straggler() ? "*" : ""});
    }
  }
  if (rows.size() == 1) return "";
  return "# per-rank eager times per operation; * = median above 1.25x the other ranks' median\n" +
         AlignedTable(rows, {false, true, false, true, true, true, true, false});
}

std::string IterationStatsTable(const v1::Job& job) {
  std::vector<std::vector<std::string>> rows = {{"#", "size", "dtype", "samples", "skipped",
                                                 "min_us", "p50_us", "p95_us", "p99_us", "max_us",
                                                 "mean_us", "cv"}};
  bool per_iteration = false;
  for (const v1::ResultRow* row : SweptRows(job)) {
    if (!row->has_iteration_stats()) continue;
    const v1::IterationStats& s = row->iteration_stats();
    per_iteration = s.per_iteration();
    rows.push_back({"", absl::StrCat(row->size_bytes()), v1::DType_Name(row->dtype()),
                    absl::StrCat(s.samples()), absl::StrCat(s.skipped()),
                    absl::StrFormat("%.2f", s.min_us()), absl::StrFormat("%.2f", s.p50_us()),
                    absl::StrFormat("%.2f", s.p95_us()), absl::StrFormat("%.2f", s.p99_us()),
                    absl::StrFormat("%.2f", s.max_us()), absl::StrFormat("%.2f", s.mean_us()),
                    absl::StrFormat("%.3f", s.cv())});
  }
  if (rows.size() == 1) return "";
  std::vector<bool> right(12, true);
  right[2] = false;
  return absl::StrCat("# sample statistics per operation (",
                      per_iteration ? "single iterations" : "timed batches",
                      ", max over ranks per sample)\n", AlignedTable(rows, right));
}

}  // namespace symmbench::client
