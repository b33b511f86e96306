// The nccl-tests views of a job: header, restated rows, footer, per-rank and sample tables, JSON.
#include "client/run_report.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "client/format.h"
#include "kernels/ops/registry.h"

namespace symmbench::client {
namespace {

using OrderedJson = nlohmann::ordered_json;

// One half of a result in nccl-tests' JSON (out_of_place or in_place): time in us, GB/s, and
// nwrong (a number, as nccl-tests writes it; null when unchecked).
OrderedJson NcclTestsHalf(double time_us, double algbw_gbps, double busbw_gbps, int64_t wrong,
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

// The final rows of a size-swept op (no GEMM or calibrate rows, no partial rows).
std::vector<const v1::ResultRow*> SweptRows(const v1::Job& job) {
  std::vector<const v1::ResultRow*> rows;
  for (const v1::ResultRow& row : job.rows()) {
    if (!row.partial() && !row.has_gemm() && !row.has_ceilings()) rows.push_back(&row);
  }
  return rows;
}

double StatOf(const v1::RankTime& t, const std::string& stat) {
  if (stat == "mean") return t.mean_us();
  if (stat == "min") return t.min_us();
  return t.time_us();
}

std::string MemoryText(int64_t bytes) {
  if (bytes >= (int64_t{1} << 30)) return absl::StrFormat("%.2f GiB", bytes / 1073741824.0);
  return absl::StrFormat("%.1f MiB", bytes / 1048576.0);
}

// How graph mode timed its replays (SweepSpec.graph_launches), for the header.
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

}  // namespace

bool HasRunReport(const v1::Job& job) {
  return !IsFamily(job.spec().kernel(), OpFamily::kGemmCollective) &&
         !IsFamily(job.spec().kernel(), OpFamily::kCalibration);
}

absl::Status ResolveReportOptions(bool min_busbw_given, ReportOptions* options) {
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
  double value = 0;
  if (view.ranks == "0") {
    value = StatOf(row.rank_times(0), view.stat);
  } else {
    double sum = 0;
    for (int r = 0; r < row.rank_times_size(); ++r) {
      const double t = StatOf(row.rank_times(r), view.stat);
      sum += t;
      if (r == 0 || (view.ranks == "max" && t > value) || (view.ranks == "min" && t < value)) {
        value = t;
      }
    }
    if (view.ranks == "avg") value = sum / row.rank_times_size();
  }
  if (value <= 0) return row;
  v1::ResultRow restated = row;
  const double bus_factor = row.algbw_gbps() > 0 ? row.busbw_gbps() / row.algbw_gbps() : 1.0;
  restated.set_time_us(value);
  restated.set_algbw_gbps(static_cast<double>(row.size_bytes()) / (value * 1e3));
  restated.set_busbw_gbps(restated.algbw_gbps() * bus_factor);
  if (row.speedup() > 0) restated.set_speedup(row.reference_time_us() / value);
  return restated;
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
      view.IsDefault() ? " (nccl-tests: each rank's mean, max over ranks: --stat mean)" : "",
      "; samples are ", sweep.per_iteration() ? "single iterations" : "timed batches of iterations",
      "\n");
  if (sweep.graph()) absl::StrAppend(&out, "# graph timing: ", GraphTiming(sweep), "\n");
  absl::StrAppend(&out, "#\n# Using devices\n");
  for (const v1::RankIdentity& rank : job.ranks()) {
    if (rank.pid() == 0) continue;  // not reported (yet)
    absl::StrAppend(&out,
                    absl::StrFormat("#  Rank %2d Pid %6d on %10s device %2d [%s] %s  memory %s\n",
                                    rank.rank(), rank.pid(), rank.host(), rank.device(),
                                    rank.bus_id().empty() ? "-" : rank.bus_id(), rank.device_name(),
                                    MemoryText(rank.memory_used_bytes())));
  }
  return out + "#\n";
}

double AverageBusBw(const v1::Job& job, const RowView& view) {
  const std::vector<const v1::ResultRow*> rows = SweptRows(job);
  if (rows.empty()) return 0;
  double sum = 0;
  for (const v1::ResultRow* row : rows) sum += Restate(*row, view).busbw_gbps();
  return sum / static_cast<double>(rows.size());
}

bool BelowMinimum(const v1::Job& job, const ReportOptions& options) {
  return options.min_busbw_gbps > 0 && job.state() == v1::SUCCEEDED &&
         AverageBusBw(job, options.view) < options.min_busbw_gbps;
}

std::string RunFooter(const v1::Job& job, const ReportOptions& options) {
  int64_t wrong = 0;
  for (const v1::ResultRow& row : job.rows()) {
    wrong += row.partial() ? 0 : row.wrong() + row.in_place().wrong();
  }
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
      {"#", "size", "rank", "median_us", "mean_us", "min_us", "straggler"}};
  for (const v1::ResultRow* row : SweptRows(job)) {
    for (const v1::RankTime& t : row->rank_times()) {
      rows.push_back({"", absl::StrCat(row->size_bytes()), absl::StrCat(t.rank()),
                      absl::StrFormat("%.2f", t.time_us()), absl::StrFormat("%.2f", t.mean_us()),
                      absl::StrFormat("%.2f", t.min_us()), t.straggler() ? "*" : ""});
    }
  }
  if (rows.size() == 1) return "";
  return "# per-rank eager times per operation; * = median above 1.25x the other ranks' median\n" +
         AlignedTable(rows, {false, true, true, true, true, true, false});
}

std::string IterationStatsTable(const v1::Job& job) {
  std::vector<std::vector<std::string>> rows = {{"#", "size", "samples", "skipped", "min_us",
                                                 "p50_us", "p95_us", "p99_us", "max_us", "mean_us",
                                                 "cv"}};
  bool per_iteration = false;
  for (const v1::ResultRow* row : SweptRows(job)) {
    if (!row->has_iteration_stats()) continue;
    const v1::IterationStats& s = row->iteration_stats();
    per_iteration = s.per_iteration();
    rows.push_back({"", absl::StrCat(row->size_bytes()), absl::StrCat(s.samples()),
                    absl::StrCat(s.skipped()), absl::StrFormat("%.2f", s.min_us()),
                    absl::StrFormat("%.2f", s.p50_us()), absl::StrFormat("%.2f", s.p95_us()),
                    absl::StrFormat("%.2f", s.p99_us()), absl::StrFormat("%.2f", s.max_us()),
                    absl::StrFormat("%.2f", s.mean_us()), absl::StrFormat("%.3f", s.cv())});
  }
  if (rows.size() == 1) return "";
  return absl::StrCat(
      "# sample statistics per operation (", per_iteration ? "single iterations" : "timed batches",
      ", max over ranks per sample)\n", AlignedTable(rows, std::vector<bool>(11, true)));
}

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

OrderedJson NcclTestsJson(const v1::Job& job, const ReportOptions& options) {
  const v1::JobSpec& spec = job.spec();
  const v1::SweepSpec& sweep = spec.sweep();
  const char* kTime = "%Y-%m-%d %H:%M:%S";
  OrderedJson doc;
  doc["version"] = 1;
  doc["start_time"] = job.start_time_unix_ms() > 0 ? UtcTime(job.start_time_unix_ms(), kTime) : "";
  doc["args"] = options.args;
  OrderedJson env = OrderedJson::array();
  if (job.ranks_size() > 0) {
    for (const std::string& entry : job.ranks(0).env()) env.push_back(entry);
  }
  doc["env"] = env;
  doc["nccl_version"] = NcclVersionCode(job.machine().nccl_version());

  std::vector<const v1::ResultRow*> rows = SweptRows(job);
  OrderedJson config;
  config["nthreads"] = 1;
  config["ngpus"] = 1;  // one device per process, as nccl-tests with -g 1 under MPI
  int64_t min_bytes = sweep.min_bytes();
  int64_t max_bytes = sweep.max_bytes();
  if (sweep.sizes_bytes_size() > 0) {
    min_bytes = *std::min_element(sweep.sizes_bytes().begin(), sweep.sizes_bytes().end());
    max_bytes = *std::max_element(sweep.sizes_bytes().begin(), sweep.sizes_bytes().end());
  }
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
  config["parallel_init"] = "false";
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
  int64_t wrong = 0;
  for (const v1::ResultRow* original : rows) {
    const v1::ResultRow row = Restate(*original, options.view);
    wrong += row.wrong();
    OrderedJson r;
    r["size"] = row.size_bytes();
    r["count"] = row.count();
    r["type"] = NcclTestsTypeName(row.dtype());
    r["redop"] = row.redop();
    r["root"] = "    -1";
    r["out_of_place"] = NcclTestsHalf(row.time_us(), row.algbw_gbps(), row.busbw_gbps(),
                                      row.wrong(), row.checked());
    if (original->has_in_place()) {  // median, max over ranks, whatever --stat and --ranks say
      const v1::InPlaceFigures& f = original->in_place();
      wrong += f.wrong();
      r["in_place"] =
          NcclTestsHalf(f.time_us(), f.algbw_gbps(), f.busbw_gbps(), f.wrong(), row.checked());
    } else {
      r["in_place"] = nullptr;
    }
    r["actual_iterations"] = spec.iters();
    r["experiment_name"] = spec.kernel();
    OrderedJson ours;
    ours["kernel"] = spec.kernel();
    ours["time_statistic"] = Describe(options.view);
    ours["reference"] = row.reference();
    ours["reference_time"] = row.reference_time_us();
    ours["speedup"] = row.speedup();
    ours["graph_time"] = row.graph_time_us();
    ours["iteration_stats"] = ProtoToJson(row.iteration_stats());
    if (original->has_in_place()) ours["in_place"] = ProtoToJson(original->in_place());
    OrderedJson ranks = OrderedJson::array();
    for (const v1::RankTime& t : row.rank_times()) ranks.push_back(ProtoToJson(t));
    ours["rank_times"] = ranks;
    r["symmbench"] = ours;
    results.push_back(r);
  }
  doc["results"] = results;
  doc["out_of_bounds"] = {{"count", wrong}, {"okay", wrong == 0 ? "true" : "false"}};
  const double average = AverageBusBw(job, options.view);
  OrderedJson bandwidth;
  bandwidth["bandwidth"] = average;
  if (options.min_busbw_gbps > 0) {
    bandwidth["okay"] = BelowMinimum(job, options) ? "false" : "true";
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
  ours["times"] = "UTC";
  doc["symmbench"] = ours;
  doc["end_time"] = job.end_time_unix_ms() > 0 ? UtcTime(job.end_time_unix_ms(), kTime) : "";
  return doc;
}

}  // namespace symmbench::client
