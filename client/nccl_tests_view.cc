// nccl-tests' table and JSON document of a job (the layout of nccl-tests 2.19's src/util.cu).
#include "client/nccl_tests_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "client/format.h"
#include "kernels/ops/registry.h"

namespace symmbench::client {
namespace {

using OrderedJson = nlohmann::ordered_json;

// nccl-tests' root column: the broadcast's root (rank 0 here), -1 for ops without one.
int Root(const v1::Job& job) {
  const OpDescriptor* op = FindOp(job.spec().kernel());
  return op != nullptr && op->computes == Computes::kBroadcast ? 0 : -1;
}

// The sweep's smallest and largest size (minBytes, maxBytes), of its list when it has one.
std::pair<int64_t, int64_t> SweepBounds(const v1::SweepSpec& sweep) {
  if (sweep.sizes_bytes_size() == 0) return {sweep.min_bytes(), sweep.max_bytes()};
  const auto [min, max] =
      std::minmax_element(sweep.sizes_bytes().begin(), sweep.sizes_bytes().end());
  return {*min, *max};
}

// A figure in at most `width` characters as nccl-tests prints it: 2 decimals, then fewer, then
// an exponent.
std::string Fit(double value, int width) {
  char buffer[32];
  for (const char* format : {"%*.2f", "%*.1f", "%*.0f"}) {
    if (std::snprintf(buffer, sizeof(buffer), format, width, value) <= width) return buffer;
  }
  std::snprintf(buffer, sizeof(buffer), width >= 7 ? "%*.1e" : "%*.0e", width, value);
  return buffer;
}

// The samples of a half with the first `skip` of each of `loops` loops left out.
std::vector<double> Summarized(const google::protobuf::RepeatedField<double>& samples, int loops,
                               int skip) {
  std::vector<double> kept;
  const int per_loop = loops > 0 ? samples.size() / loops : samples.size();
  for (int i = 0; i < samples.size(); ++i) {
    if (per_loop == 0 || i % per_loop >= skip) kept.push_back(samples[i]);
  }
  return kept;
}

// One half's per-iteration figures in a per-iteration job, from its samples (max over ranks per
// iteration) and each rank's.
struct PerIteration {
  bool present = false;
  int skipped = 0;
  NcclTestsIterStats stats;
  std::vector<double> times_us;
  std::vector<std::vector<double>> per_rank_us;
};
PerIteration PerIterationOf(const v1::Job& job, const v1::ResultRow& row, bool in_place) {
  PerIteration p;
  const auto& samples = in_place ? row.in_place().samples_us() : row.samples_us();
  const auto& ranks = in_place ? row.in_place().rank_times() : row.rank_times();
  if (!job.spec().sweep().per_iteration() || samples.empty()) return p;
  p.present = true;
  const int loops = std::max(1, row.repeat_medians_us_size());
  const int skip = job.spec().sweep().skip_first();
  p.skipped = skip * loops;
  p.stats = NcclTestsStatsOf(Summarized(samples, loops, skip));
  p.times_us.assign(samples.begin(), samples.end());
  for (const v1::RankTime& t : ranks) {
    if (!t.samples_us().empty())
      p.per_rank_us.emplace_back(t.samples_us().begin(), t.samples_us().end());
  }
  return p;
}

// The per-iteration columns of a half not measured, or of a line without them.
constexpr char kNoPerIteration[] = "      N/A      N/A      N/A      N/A";

// One half of a result line: time, algbw, busbw, #wrong, and the per-iteration columns.
std::string LineHalf(double time_us, double algbw, double busbw, int64_t wrong, bool checked,
                     bool per_iteration, const PerIteration& p) {
  std::string out =
      absl::StrCat("  ", Fit(time_us, 7), "  ", Fit(algbw, 6), "  ", Fit(busbw, 6), "  ",
                   checked ? absl::StrFormat("%6g", static_cast<double>(wrong)) : "   N/A");
  if (per_iteration) {
    if (p.present) {
      absl::StrAppend(&out, "  ", Fit(p.stats.min_us, 7), "  ", Fit(p.stats.max_us, 7), "  ",
                      Fit(p.stats.p99_us, 7), "  ", Fit(p.stats.cv_pct, 7));
    } else {
      absl::StrAppend(&out, kNoPerIteration);
    }
  }
  return out;
}

// One half of a result in the JSON document: time in us, GB/s, and nwrong (a number, as
// nccl-tests writes it; null when unchecked).
OrderedJson JsonHalf(double time_us, double algbw_gbps, double busbw_gbps, int64_t wrong,
                     bool checked) {
  OrderedJson half;
  half["time"] = time_us;
  half["alg_bw"] = algbw_gbps;
  half["bus_bw"] = busbw_gbps;
  if (checked) {
    half["nwrong"] = static_cast<double>(wrong);
  } else {
    half["nwrong"] = nullptr;
  }
  return half;
}

// A per-iteration block of the JSON document (nccl-tests' writePerIterReport).
OrderedJson JsonPerIteration(const PerIteration& p) {
  OrderedJson block;
  block["skipped_iterations"] = p.skipped;
  block["min_us"] = p.stats.min_us;
  block["max_us"] = p.stats.max_us;
  block["avg_us"] = p.stats.avg_us;
  block["p50_us"] = p.stats.p50_us;
  block["p95_us"] = p.stats.p95_us;
  block["p99_us"] = p.stats.p99_us;
  block["stdev_us"] = p.stats.stdev_us;
  block["cv_pct"] = p.stats.cv_pct;
  block["times_us"] = p.times_us;
  if (p.per_rank_us.size() > 1) block["per_process_max_times_us"] = p.per_rank_us;
  return block;
}

}  // namespace

std::string NcclTestsTypeName(v1::DType dtype) {
  switch (dtype) {
    case v1::bf16:
      return "bfloat16";
    case v1::fp16:
      return "half";
    case v1::fp32:
      return "float";
    case v1::fp8_e4m3:
      return "f8e4m3";
    default:
      return v1::DType_Name(dtype);
  }
}

int NcclVersionCode(const std::string& version) {
  const std::vector<std::string> parts = absl::StrSplit(version, '.');
  int major = 0, minor = 0, patch = 0;
  if (parts.size() != 3 || !absl::SimpleAtoi(parts[0], &major) ||
      !absl::SimpleAtoi(parts[1], &minor) || !absl::SimpleAtoi(parts[2], &patch)) {
    return 0;
  }
  return major * 10000 + minor * 100 + patch;
}

NcclTestsIterStats NcclTestsStatsOf(std::vector<double> samples_us) {
  NcclTestsIterStats s;
  const int n = static_cast<int>(samples_us.size());
  if (n == 0) return s;
  std::sort(samples_us.begin(), samples_us.end());
  const auto at_percentile = [&](int p) {
    return samples_us[std::min(n - 1, (n * p + 99) / 100 - 1)];
  };
  s.min_us = samples_us.front();
  s.max_us = samples_us.back();
  s.p50_us = samples_us[n / 2];
  s.p95_us = at_percentile(95);
  s.p99_us = at_percentile(99);
  double sum = 0;
  for (double t : samples_us) sum += t;
  s.avg_us = sum / n;
  double var = 0;
  for (double t : samples_us) var += (t - s.avg_us) * (t - s.avg_us);
  s.stdev_us = std::sqrt(var / n);
  s.cv_pct = s.avg_us > 0 ? s.stdev_us / s.avg_us * 100.0 : 0.0;
  return s;
}

std::string NcclTestsHeader(const v1::Job& job, const RowView& view) {
  const v1::JobSpec& spec = job.spec();
  const v1::SweepSpec& sweep = spec.sweep();
  const auto [min_bytes, max_bytes] = SweepBounds(sweep);
  const int nccl = NcclVersionCode(job.machine().nccl_version());
  std::string out = absl::StrCat("# symmbench job ", job.job_id(), " in nccl-tests' layout",
                                 nccl > 0 ? absl::StrCat(" nccl-library=", nccl) : "",
                                 "\n# Collective test starting: ", spec.kernel(), "\n");
  absl::StrAppend(
      &out, "# nThread 1 nGpus 1 minBytes ", min_bytes, " maxBytes ", max_bytes, " step: ",
      sweep.sizes_bytes_size() > 0 ? "0(sizes)" : absl::StrCat(sweep.step_factor(), "(factor)"),
      " warmup iters: ", spec.warmup_iters(), " iters: ", spec.iters(),
      " agg iters: 1 validation: ", spec.check() ? 1 : 0, " graph: ", sweep.graph() ? 1 : 0,
      " unalign: ", sweep.misalign_bytes(), "\n");
  if (sweep.per_iteration()) {
    absl::StrAppend(
        &out, "# Per-Iteration Report: CUDA event timing; i_* uses max over process rows",
        sweep.skip_first() > 0 ? absl::StrCat("; summary skips first ", sweep.skip_first(),
                                              " iterations of each of ", spec.repeats(), " loops")
                               : "",
        " \n");
  }
  absl::StrAppend(&out, "# time: ", Describe(view), " over ", spec.repeats(), " timing loops",
                  view.IsNcclTestsDefault() ? " (nccl-tests' default, -a 1)" : "",
                  "\n#\n# Using devices\n");
  for (const v1::RankIdentity& rank : job.ranks()) {
    if (rank.pid() == 0) continue;  // not reported (yet)
    absl::StrAppend(&out, DeviceLine(rank), "\n");
  }
  absl::StrAppend(&out, "#\n");
  // The two column-header lines: the row's leading columns, then the same names for each half.
  const char* lead = "# %10s  %12s  %8s  %6s  %6s";
  std::string names = absl::StrFormat("  %7s  %6s  %6s  %6s", "time", "algbw", "busbw", "#wrong");
  std::string units = absl::StrFormat("  %7s  %6s  %6s  %6s", "(us)", "(GB/s)", "(GB/s)", "");
  if (sweep.per_iteration()) {
    absl::StrAppend(&names,
                    absl::StrFormat("  %7s  %7s  %7s  %7s", "i_min", "i_max", "i_p99", "i_cv%"));
    absl::StrAppend(&units, absl::StrFormat("  %7s  %7s  %7s  %7s", "(us)", "(us)", "(us)", "(%)"));
  }
  absl::StrAppend(
      &out, absl::StrFormat(lead, "", "", "", "", ""),
      sweep.per_iteration()
          ? "              out-of-place (+ per-iteration)                                "
            "in-place (+ per-iteration)\n"
          : "           out-of-place                       in-place          \n");
  absl::StrAppend(&out, absl::StrFormat(lead, "size", "count", "type", "redop", "root"), names,
                  names, "\n");
  absl::StrAppend(&out, absl::StrFormat(lead, "(B)", "(elements)", "", "", ""), units, units, "\n");
  return out;
}

std::string NcclTestsLine(const v1::Job& job, const v1::ResultRow& stored, const RowView& view) {
  const v1::ResultRow row = Restate(stored, view);
  const bool per_iteration = job.spec().sweep().per_iteration();
  std::string out = absl::StrFormat("%12d  %12d  %8s  %6s  %6d", row.size_bytes(), row.count(),
                                    NcclTestsTypeName(row.dtype()), row.redop(), Root(job));
  absl::StrAppend(&out, LineHalf(row.time_us(), row.algbw_gbps(), row.busbw_gbps(), row.wrong(),
                                 row.checked(), per_iteration, PerIterationOf(job, stored, false)));
  if (row.has_in_place() && row.in_place().time_us() > 0) {
    const v1::InPlaceFigures& f = row.in_place();
    absl::StrAppend(&out,
                    LineHalf(f.time_us(), f.algbw_gbps(), f.busbw_gbps(), f.wrong(), row.checked(),
                             per_iteration, PerIterationOf(job, stored, true)));
  } else {
    absl::StrAppend(&out, "      N/A     N/A     N/A     N/A",
                    per_iteration ? kNoPerIteration : "");
  }
  return out + "\n";
}

std::string NcclTestsFooter(const v1::Job& job, const ReportOptions& options) {
  const int64_t wrong = WrongElements(job);
  const double average = AverageBusBw(job, options.nccl_tests_view);
  std::string verdict;
  if (options.min_busbw_gbps > 0) {
    verdict = average < options.min_busbw_gbps ? "FAILED" : "OK";
  }
  return absl::StrCat(absl::StrFormat("# %-20s : %d %s\n", "Out of bounds values", wrong,
                                      wrong == 0 ? "OK" : "FAILED"),
                      absl::StrFormat("# %-20s : %g %s\n", "Avg bus bandwidth", average, verdict),
                      "#\n# Collective test concluded: ", job.spec().kernel(), "\n");
}

OrderedJson NcclTestsJson(const v1::Job& job, const ReportOptions& options) {
  const v1::JobSpec& spec = job.spec();
  const v1::SweepSpec& sweep = spec.sweep();
  const RowView& view = options.nccl_tests_view;
  const char* kTime = "%Y-%m-%d %H:%M:%S";
  OrderedJson doc;
  doc["version"] = kNcclTestsJsonVersion;
  doc["start_time"] = job.start_time_unix_ms() > 0 ? UtcTime(job.start_time_unix_ms(), kTime) : "";
  doc["args"] = options.args;
  OrderedJson env = OrderedJson::array();
  if (job.ranks_size() > 0) {
    for (const std::string& entry : job.ranks(0).env()) env.push_back(entry);
  }
  doc["env"] = env;
  doc["nccl_version"] = NcclVersionCode(job.machine().nccl_version());

  OrderedJson config;
  config["nthreads"] = 1;
  config["ngpus"] = 1;  // one device per process, as nccl-tests with -g 1 under MPI
  const auto [min_bytes, max_bytes] = SweepBounds(sweep);
  config["minimum_bytes"] = min_bytes;
  config["maximum_bytes"] = max_bytes;
  config["step_factor"] = sweep.sizes_bytes_size() > 0 ? 0 : sweep.step_factor();
  config["warmup_iters"] = spec.warmup_iters();
  config["iterations"] = spec.iters();
  config["aggregated_iterations"] = 1;
  config["validation"] = spec.check() ? 1 : 0;
  // nccl-tests writes -G's launch count here; ours without graph_launches replays its own way.
  config["graph"] = sweep.graph_launches() > 0 ? sweep.graph_launches() : (sweep.graph() ? 1 : 0);
  if (sweep.graph()) config["graph_timing"] = GraphTiming(sweep);  // ours
  config["blocking_collectives"] = "false";
  config["per_iter_timing"] = sweep.per_iteration() ? "true" : "false";
  config["per_iter_skip"] = sweep.skip_first();
  config["parallel_init"] = "false";
  config["repeats"] = spec.repeats();                 // ours: timing loops, each of `iterations`
  config["misalign_bytes"] = sweep.misalign_bytes();  // ours: nccl-tests has no such key
  OrderedJson devices = OrderedJson::array();
  for (const v1::RankIdentity& rank : job.ranks()) {
    OrderedJson d;
    d["rank"] = rank.rank();
    d["group"] = 0;
    d["pid"] = rank.pid();
    d["hostname"] = rank.host();
    d["device"] = rank.device();
    d["device_hex"] = rank.bus_id();
    d["device_info"] = rank.device_name();
    d["memory_used_bytes"] = rank.memory_used_bytes();
    devices.push_back(d);
  }
  config["devices"] = devices;
  doc["config"] = config;

  OrderedJson results = OrderedJson::array();
  for (const v1::ResultRow* original : SweptRows(job)) {
    const v1::ResultRow row = Restate(*original, view);
    OrderedJson r;
    r["size"] = row.size_bytes();
    r["count"] = row.count();
    r["type"] = NcclTestsTypeName(row.dtype());
    r["redop"] = row.redop();
    r["root"] = absl::StrFormat("%6d", Root(job));
    r["out_of_place"] =
        JsonHalf(row.time_us(), row.algbw_gbps(), row.busbw_gbps(), row.wrong(), row.checked());
    if (const PerIteration p = PerIterationOf(job, *original, false); p.present) {
      r["out_of_place_per_iter"] = JsonPerIteration(p);
    }
    if (row.has_in_place() && row.in_place().time_us() > 0) {
      const v1::InPlaceFigures& f = row.in_place();
      r["in_place"] =
          JsonHalf(f.time_us(), f.algbw_gbps(), f.busbw_gbps(), f.wrong(), row.checked());
      if (const PerIteration p = PerIterationOf(job, *original, true); p.present) {
        r["in_place_per_iter"] = JsonPerIteration(p);
      }
    } else {
      r["in_place"] = nullptr;
    }
    r["actual_iterations"] = spec.iters();
    r["experiment_name"] = spec.kernel();
    OrderedJson ours;
    ours["kernel"] = spec.kernel();
    ours["time_statistic"] = Describe(view);
    ours["reference"] = row.reference();
    ours["reference_time"] = row.reference_time_us();
    ours["speedup"] = row.speedup();
    ours["graph_time"] = row.graph_time_us();
    ours["iteration_stats"] = ProtoToJson(row.iteration_stats());
    if (original->has_in_place()) {
      v1::InPlaceFigures in_place = original->in_place();
      in_place.clear_samples_us();  // in in_place_per_iter
      for (v1::RankTime& t : *in_place.mutable_rank_times()) t.clear_samples_us();
      ours["in_place"] = ProtoToJson(in_place);
    }
    OrderedJson ranks = OrderedJson::array();
    for (v1::RankTime t : row.rank_times()) {
      t.clear_samples_us();  // in out_of_place_per_iter
      ranks.push_back(ProtoToJson(t));
    }
    ours["rank_times"] = ranks;
    r["symmbench"] = ours;
    results.push_back(r);
  }
  doc["results"] = results;
  const int64_t wrong = WrongElements(job);
  doc["out_of_bounds"] = {{"count", wrong}, {"okay", wrong == 0 ? "true" : "false"}};
  const double average = AverageBusBw(job, view);
  OrderedJson bandwidth;
  bandwidth["bandwidth"] = average;
  if (options.min_busbw_gbps > 0) {
    bandwidth["okay"] = average < options.min_busbw_gbps ? "false" : "true";
  } else {
    bandwidth["okay"] = "unchecked";
  }
  doc["average_bus_bandwidth"] = bandwidth;
  OrderedJson errors = OrderedJson::array();
  if (!job.error().empty()) errors.push_back(job.error());
  doc["errors"] = errors;
  OrderedJson ours;
  ours["job_id"] = job.job_id();
  ours["state"] = JobStateName(job.state());
  ours["backend"] = v1::Backend_Name(job.backend());
  ours["gpu_model"] = job.machine().gpu_model();
  ours["time_statistic"] = Describe(view);
  ours["times"] = "UTC";
  doc["symmbench"] = ours;
  doc["end_time"] = job.end_time_unix_ms() > 0 ? UtcTime(job.end_time_unix_ms(), kTime) : "";
  return doc;
}

}  // namespace symmbench::client
