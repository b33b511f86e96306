// Table and JSON views of jobs, result rows and devices for the symmbench CLI.
// One ResultRow feeds both the nccl-tests style table and the JSON object.
#include "client/format.h"

#include <algorithm>
#include <ctime>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "client/sizes.h"

namespace symmbench::client {
namespace {

// Column widths of the result table (nccl-tests layout); the header's leading '#' takes the
// first character of the first column.
constexpr int kSizeWidth = 12;
constexpr int kCountWidth = 12;
constexpr int kTypeWidth = 7;
constexpr int kRedopWidth = 7;
constexpr int kTimeWidth = 11;
constexpr int kBwWidth = 8;
constexpr int kWrongWidth = 8;
constexpr int kBaseTimeWidth = 10;
constexpr int kBaseBwWidth = 12;
constexpr int kSpeedupWidth = 9;
constexpr int kGraphSpeedupWidth = 10;

constexpr char kNotAvailable[] = "N/A";

std::string StripTrailing(std::string line) {
  line.erase(line.find_last_not_of(' ') + 1);
  return line;
}

// One header line of the result table; `c` holds the 11 column texts.
std::string HeaderLine(const std::vector<std::string>& c) {
  return StripTrailing(absl::StrFormat(
             "#%*s%*s%*s%*s%*s%*s%*s%*s%*s%*s%*s", kSizeWidth - 1, c[0], kCountWidth, c[1],
             kTypeWidth, c[2], kRedopWidth, c[3], kTimeWidth, c[4], kBwWidth, c[5], kBwWidth, c[6],
             kWrongWidth, c[7], kBaseTimeWidth, c[8], kBaseBwWidth, c[9], kSpeedupWidth, c[10])) +
         "\n";
}

// "0,1" or "-" when the job has no devices yet.
std::string DeviceList(const v1::Job& job) {
  if (job.devices().empty()) return "-";
  return absl::StrJoin(job.devices(), ",");
}

// Resolved backend, else what the spec asked for.
std::string BackendOf(const v1::Job& job) {
  if (!job.backend().empty()) return job.backend();
  return job.spec().backend().empty() ? "auto" : job.spec().backend();
}

// Columns left-aligned, two spaces apart, trailing blanks removed.
std::string AlignedTable(const std::vector<std::vector<std::string>>& rows) {
  std::vector<size_t> widths;
  for (const auto& row : rows) {
    if (widths.size() < row.size()) widths.resize(row.size(), 0);
    for (size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (size_t i = 0; i < row.size(); ++i) {
      absl::StrAppend(&line, row[i], std::string(widths[i] - row[i].size() + 2, ' '));
    }
    absl::StrAppend(&out, StripTrailing(std::move(line)), "\n");
  }
  return out;
}

// "2026-11-22 10:00:01" (UTC) for milliseconds since the epoch; "-" for 0.
std::string FormatUnixMs(int64_t unix_ms) {
  if (unix_ms <= 0) return "-";
  const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof(buffer), "%Y-%m-%d %H:%M:%S", &tm);
  return buffer;
}

// "139.8 GiB" / "512.0 MiB"; "-" for 0.
std::string FormatMemory(int64_t bytes) {
  if (bytes <= 0) return "-";
  constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
  if (bytes >= int64_t{1} << 30) return absl::StrFormat("%.1f GiB", bytes / kGiB);
  return absl::StrFormat("%.1f MiB", bytes / (1024.0 * 1024.0));
}

}  // namespace

std::string JobStateName(v1::JobState state) { return v1::JobState_Name(state); }

absl::StatusOr<v1::JobState> ParseJobState(const std::string& name, const std::string& flag) {
  v1::JobState state = v1::JOB_STATE_UNSPECIFIED;
  if (!v1::JobState_Parse(absl::AsciiStrToUpper(name), &state) ||
      state == v1::JOB_STATE_UNSPECIFIED) {
    return absl::InvalidArgumentError(
        absl::StrCat(flag, ": unknown job state \"", name,
                     "\" (want QUEUED, RUNNING, SUCCEEDED, FAILED or CANCELLED)"));
  }
  return state;
}

bool IsFinal(v1::JobState state) {
  return state == v1::SUCCEEDED || state == v1::FAILED || state == v1::CANCELLED;
}

std::string DescribeSizes(const v1::JobSpec& spec) {
  if (spec.kernel() == "ag_gemm") {
    return absl::StrJoin(spec.shapes(), ",", [](std::string* out, const v1::GemmShape& shape) {
      absl::StrAppend(out, shape.m(), "x", shape.n(), "x", shape.k());
    });
  }
  if (!spec.sizes_bytes().empty()) {
    return absl::StrJoin(spec.sizes_bytes(), ",",
                         [](std::string* out, int64_t size) { out->append(FormatSize(size)); });
  }
  if (spec.min_bytes() == spec.max_bytes()) return FormatSize(spec.min_bytes());
  return absl::StrCat(FormatSize(spec.min_bytes()), "..", FormatSize(spec.max_bytes()), " x",
                      spec.step_factor());
}

// Columns of kernel ag_gemm: one row per shape.
constexpr int kDimWidth = 7;
constexpr int kAgTimeWidth = 11;
constexpr int kRatioWidth = 9;

std::string AgGemmHeader() {
  return absl::StrFormat("#%*s%*s%*s%*s%*s%*s%*s%*s%*s%*s%*s%*s%*s%*s\n", kDimWidth - 1, "M",
                         kDimWidth, "N", kDimWidth, "K", 7, "splits", kTypeWidth, "type",
                         kAgTimeWidth, "t_ag", kAgTimeWidth, "t_gemm", kAgTimeWidth, "t_seq",
                         kAgTimeWidth, "t_fused", kRatioWidth, "TFLOP/s", kRatioWidth, "speedup",
                         kRatioWidth, "overlap", 11, "c_rel_err", kWrongWidth, "#wrong") +
         absl::StrFormat("#%*s%*s%*s%*s%*s%*s%*s%*s%*s%*s%*s%*s%*s%*s\n", kDimWidth - 1, "",
                         kDimWidth, "", kDimWidth, "", 7, "", kTypeWidth, "", kAgTimeWidth, "(us)",
                         kAgTimeWidth, "(us)", kAgTimeWidth, "(us)", kAgTimeWidth, "(us)",
                         kRatioWidth, "", kRatioWidth, "", kRatioWidth, "", 11, "", kWrongWidth,
                         "");
}

std::string AgGemmRow(const v1::ResultRow& row) {
  const std::string wrong = row.checked() ? absl::StrCat(row.wrong()) : kNotAvailable;
  const std::string error =
      row.checked() ? absl::StrFormat("%.2e", row.rel_error()) : std::string(kNotAvailable);
  return absl::StrFormat("%*d%*d%*d%*d%*s%*.1f%*.1f%*.1f%*.1f%*.1f%*.2f%*.2f%*s%*s\n", kDimWidth,
                         row.m(), kDimWidth, row.n(), kDimWidth, row.k(), 7, row.splits_per_rank(),
                         kTypeWidth, row.dtype(), kAgTimeWidth, row.t_ag_us(), kAgTimeWidth,
                         row.t_gemm_us(), kAgTimeWidth, row.t_sequential_us(), kAgTimeWidth,
                         row.t_fused_us(), kRatioWidth, row.tflops(), kRatioWidth, row.speedup(),
                         kRatioWidth, row.overlap_efficiency(), 11, error, kWrongWidth, wrong);
}

std::string TableHeader(const v1::Job& job, const std::string& baseline) {
  std::string out = absl::StrCat("# job ", job.job_id(), "  ", job.spec().kernel(), "  world_size ",
                                 job.spec().world_size(), "  ", job.spec().dtype(), "  backend ",
                                 BackendOf(job), "  devices ", DeviceList(job));
  if (!baseline.empty()) absl::StrAppend(&out, "  baseline ", baseline);
  absl::StrAppend(&out, "  state ", JobStateName(job.state()), "\n");
  if (job.spec().kernel() == "ag_gemm") return out + AgGemmHeader();
  std::string names = HeaderLine({"size", "count", "type", "redop", "time_us", "algbw", "busbw",
                                  "#wrong", "base_us", "base_busbw", "speedup"});
  std::string units = HeaderLine(
      {"(B)", "(elements)", "", "", "(us)", "(GB/s)", "(GB/s)", "", "(us)", "(GB/s)", ""});
  if (job.spec().graph()) {  // graph-replay columns (nccl-tests -G) after the eager ones
    names.pop_back();
    units.pop_back();
    names += absl::StrFormat("%*s%*s%*s\n", kTimeWidth, "graph_us", kTimeWidth, "base_graph",
                             kGraphSpeedupWidth, "g_speedup");
    // HeaderLine dropped the units line's trailing blanks (the empty speedup unit).
    units += absl::StrFormat("%*s%*s\n", kSpeedupWidth + kTimeWidth, "(us)", kTimeWidth, "(us)");
  }
  return out + names + units;
}

std::string TableRow(const v1::ResultRow& row) {
  if (row.m() > 0) return AgGemmRow(row);
  if (row.has_ceilings()) return CeilingsText(row.ceilings());
  const std::string wrong = row.checked() ? absl::StrCat(row.wrong()) : kNotAvailable;
  const bool has_baseline = !row.baseline().empty() || row.baseline_time_us() > 0;
  const auto base = [&](double value, int width) {
    return has_baseline ? absl::StrFormat("%*.2f", width, value)
                        : absl::StrFormat("%*s", width, kNotAvailable);
  };
  std::string line = absl::StrFormat(
      "%*d%*d%*s%*s%*.2f%*.2f%*.2f%*s%s%s%s", kSizeWidth, row.size_bytes(), kCountWidth,
      row.count(), kTypeWidth, row.dtype(), kRedopWidth, row.redop(), kTimeWidth, row.time_us(),
      kBwWidth, row.algbw_gbps(), kBwWidth, row.busbw_gbps(), kWrongWidth, wrong,
      base(row.baseline_time_us(), kBaseTimeWidth), base(row.baseline_busbw_gbps(), kBaseBwWidth),
      base(row.speedup(), kSpeedupWidth));
  if (row.graph_time_us() > 0) {
    absl::StrAppend(&line, absl::StrFormat("%*.2f%*.2f%*.2f", kTimeWidth, row.graph_time_us(),
                                           kTimeWidth, row.baseline_graph_time_us(),
                                           kGraphSpeedupWidth, row.graph_speedup()));
  }
  return line + "\n";
}

std::string TableError(const v1::Job& job) {
  if (job.error().empty()) return "";
  std::string line = absl::StrCat("# error: ", job.error());
  if (job.failed_rank() >= 0 && job.state() == v1::FAILED) {
    absl::StrAppend(&line, " (rank ", job.failed_rank(), ")");
  }
  return line + "\n";
}

std::string JobTable(const v1::Job& job) {
  std::string out = TableHeader(job, job.rows().empty() ? "" : job.rows(0).baseline());
  for (const v1::ResultRow& row : job.rows()) out += TableRow(row);
  out += TableError(job);
  return out;
}

std::string JobListTable(const v1::ListJobsResponse& response) {
  std::vector<std::vector<std::string>> rows = {
      {"JOB", "STATE", "KERNEL", "WORLD", "DTYPE", "SIZES", "SUBMITTED (UTC)", "ERROR"}};
  for (const v1::Job& job : response.jobs()) {
    rows.push_back({job.job_id(), JobStateName(job.state()), job.spec().kernel(),
                    absl::StrCat(job.spec().world_size()), job.spec().dtype(),
                    DescribeSizes(job.spec()), FormatUnixMs(job.submit_time_unix_ms()),
                    job.error()});
  }
  return AlignedTable(rows);
}

std::string DeviceTable(const v1::ListDevicesResponse& response) {
  std::vector<std::vector<std::string>> rows = {{"INDEX", "KIND", "NAME", "MEMORY", "JOB"}};
  for (const v1::Device& device : response.devices()) {
    rows.push_back({absl::StrCat(device.index()), device.kind(), device.name(),
                    FormatMemory(device.memory_bytes()),
                    device.job_id().empty() ? "-" : device.job_id()});
  }
  std::string out = absl::StrCat(AlignedTable(rows), "backend: ", response.backend(), "\n",
                                 "kernels: ", absl::StrJoin(response.kernels(), ", "), "\n");
  const v1::MachineInfo& m = response.machine();
  std::vector<std::string> machine;
  for (const auto& [what, value] :
       std::vector<std::pair<const char*, std::string>>{{"host", m.hostname()},
                                                        {"driver", m.driver_version()},
                                                        {"CUDA driver", m.cuda_driver_version()},
                                                        {"CUDA runtime", m.cuda_runtime_version()},
                                                        {"NCCL", m.nccl_version()}}) {
    if (!value.empty()) machine.push_back(absl::StrCat(what, " ", value));
  }
  if (!machine.empty()) absl::StrAppend(&out, "machine: ", absl::StrJoin(machine, ", "), "\n");
  return out;
}

Json SpecToJson(const v1::JobSpec& spec) {
  Json labels = Json::object();
  for (const auto& [key, value] : spec.labels()) labels[key] = value;
  Json json = {
      {"kernel", spec.kernel()},
      {"world_size", spec.world_size()},
      {"dtype", spec.dtype()},
      {"min_bytes", spec.min_bytes()},
      {"max_bytes", spec.max_bytes()},
      {"step_factor", spec.step_factor()},
      {"sizes_bytes", std::vector<int64_t>(spec.sizes_bytes().begin(), spec.sizes_bytes().end())},
      {"warmup_iters", spec.warmup_iters()},
      {"iters", spec.iters()},
      {"check", spec.has_check() ? spec.check() : true},
      {"backend", spec.backend()},
      {"labels", labels},
      {"timeout_s", spec.timeout_s()},
      {"graph", spec.graph()},
      {"repeats", spec.repeats()},
  };
  if (spec.inject_delay_us() > 0) {
    json["inject_delay_us"] = spec.inject_delay_us();
    json["inject_delay_min_bytes"] = spec.inject_delay_min_bytes();
    json["inject_delay_max_bytes"] = spec.inject_delay_max_bytes();
  }
  if (spec.kernel() == "all_reduce") json["dispatch"] = DispatchTableToJson(spec.dispatch());
  if (spec.kernel() == "ag_gemm") {
    Json shapes = Json::array();
    for (const v1::GemmShape& shape : spec.shapes()) {
      shapes.push_back({{"m", shape.m()}, {"n", shape.n()}, {"k", shape.k()}});
    }
    json["shapes"] = shapes;
    json["splits_per_rank"] = spec.splits_per_rank();
    json["variants"] = std::vector<std::string>(spec.variants().begin(), spec.variants().end());
  }
  return json;
}

Json RowToJson(const v1::ResultRow& row) {
  Json json = {
      {"size_bytes", row.size_bytes()},
      {"count", row.count()},
      {"dtype", row.dtype()},
      {"redop", row.redop()},
      {"time_us", row.time_us()},
      {"time_min_us", row.time_min_us()},
      {"time_max_us", row.time_max_us()},
      {"algbw_gbps", row.algbw_gbps()},
      {"busbw_gbps", row.busbw_gbps()},
      {"wrong", row.wrong()},
      {"baseline", row.baseline()},
      {"baseline_time_us", row.baseline_time_us()},
      {"baseline_busbw_gbps", row.baseline_busbw_gbps()},
      {"speedup", row.speedup()},
      {"checked", row.checked()},
  };
  if (!row.algorithm().empty()) json["algorithm"] = row.algorithm();
  if (row.has_ceilings()) json["ceilings"] = CeilingsToJson(row.ceilings());
  if (row.busbw_fraction() > 0) json["busbw_fraction"] = row.busbw_fraction();
  if (row.floor_ratio() > 0) json["floor_ratio"] = row.floor_ratio();
  if (row.tflops_fraction() > 0) json["tflops_fraction"] = row.tflops_fraction();
  if (row.graph_time_us() > 0) {
    json["graph_time_us"] = row.graph_time_us();
    json["baseline_graph_time_us"] = row.baseline_graph_time_us();
    json["graph_speedup"] = row.graph_speedup();
  }
  if (!row.baselines().empty()) {
    Json baselines = Json::array();
    for (const v1::BaselineResult& b : row.baselines()) {
      baselines.push_back({{"name", b.name()},
                           {"time_us", b.time_us()},
                           {"graph_time_us", b.graph_time_us()},
                           {"busbw_gbps", b.busbw_gbps()}});
    }
    json["baselines"] = baselines;
  }
  if (row.repeat_medians_us_size() > 0) {
    json["repeat_medians_us"] =
        std::vector<double>(row.repeat_medians_us().begin(), row.repeat_medians_us().end());
  }
  if (row.samples_us_size() > 0) {
    json["samples_us"] = std::vector<double>(row.samples_us().begin(), row.samples_us().end());
    json["sample_iters"] =
        std::vector<int32_t>(row.sample_iters().begin(), row.sample_iters().end());
  }
  if (row.injected_delay_us() > 0) json["injected_delay_us"] = row.injected_delay_us();
  if (row.m() > 0) {
    const Json ag_gemm = {
        {"m", row.m()},
        {"n", row.n()},
        {"k", row.k()},
        {"splits_per_rank", row.splits_per_rank()},
        {"t_ag_us", row.t_ag_us()},
        {"t_gemm_us", row.t_gemm_us()},
        {"t_sequential_us", row.t_sequential_us()},
        {"t_fused_us", row.t_fused_us()},
        {"tflops", row.tflops()},
        {"overlap_efficiency", row.overlap_efficiency()},
        {"rel_error", row.rel_error()},
        {"rel_error_tolerance", row.rel_error_tolerance()},
    };
    for (const auto& [key, value] : ag_gemm.items()) json[key] = value;
  }
  return json;
}

Json JobToJson(const v1::Job& job) {
  Json rows = Json::array();
  for (const v1::ResultRow& row : job.rows()) rows.push_back(RowToJson(row));
  Json out = {
      {"job_id", job.job_id()},
      {"state", JobStateName(job.state())},
      {"backend", job.backend()},
      {"devices", std::vector<int32_t>(job.devices().begin(), job.devices().end())},
      {"spec", SpecToJson(job.spec())},
      {"rows", rows},
      {"submit_time_unix_ms", job.submit_time_unix_ms()},
      {"start_time_unix_ms", job.start_time_unix_ms()},
      {"end_time_unix_ms", job.end_time_unix_ms()},
  };
  if (job.has_machine()) out["machine"] = MachineToJson(job.machine());
  if (!job.error().empty()) {
    out["error"] = job.error();
    if (job.state() == v1::FAILED && job.failed_rank() >= 0) out["failed_rank"] = job.failed_rank();
  }
  return out;
}

Json MachineToJson(const v1::MachineInfo& machine) {
  return {{"hostname", machine.hostname()},
          {"backend", machine.backend()},
          {"gpu_model", machine.gpu_model()},
          {"device_count", machine.device_count()},
          {"driver_version", machine.driver_version()},
          {"cuda_driver_version", machine.cuda_driver_version()},
          {"cuda_runtime_version", machine.cuda_runtime_version()},
          {"nccl_version", machine.nccl_version()}};
}

Json JobListToJson(const v1::ListJobsResponse& response) {
  Json jobs = Json::array();
  for (const v1::Job& job : response.jobs()) jobs.push_back(JobToJson(job));
  return {{"jobs", jobs}};
}

Json DevicesToJson(const v1::ListDevicesResponse& response) {
  Json devices = Json::array();
  for (const v1::Device& device : response.devices()) {
    devices.push_back({{"index", device.index()},
                       {"kind", device.kind()},
                       {"name", device.name()},
                       {"memory_bytes", device.memory_bytes()},
                       {"job_id", device.job_id()}});
  }
  return {
      {"backend", response.backend()},
      {"devices", devices},
      {"kernels", std::vector<std::string>(response.kernels().begin(), response.kernels().end())},
      {"machine", MachineToJson(response.machine())}};
}

Json DispatchTableToJson(const v1::DispatchTable& table) {
  Json entries = Json::array();
  for (const v1::DispatchEntry& e : table.entries()) {
    entries.push_back({{"max_bytes", e.max_bytes()}, {"algorithm", e.algorithm()}});
  }
  return {{"gpu_model", table.gpu_model()}, {"world_size", table.world_size()},
          {"dtype", table.dtype()},         {"source", table.source()},
          {"entries", entries}};
}

std::string DispatchTableText(const v1::DispatchTable& table) {
  std::string out = absl::StrCat("# dispatch table (", table.gpu_model(), ", world_size ",
                                 table.world_size(), ", ", table.dtype(), "; ", table.source(),
                                 "):\n");
  for (const v1::DispatchEntry& e : table.entries()) {
    absl::StrAppend(&out, "#   ", e.max_bytes() > 0 ? absl::StrCat("up to ", FormatSize(e.max_bytes()))
                                                     : std::string("above that"),
                    ": ", e.algorithm(), "\n");
  }
  return out;
}

Json CeilingsToJson(const v1::Ceilings& ceilings) {
  return {{"gpu_model", ceilings.gpu_model()},
          {"world_size", ceilings.world_size()},
          {"peer_copy_gbps", ceilings.peer_copy_gbps()},
          {"latency_floor_us", ceilings.latency_floor_us()},
          {"gemm_tflops", ceilings.gemm_tflops()},
          {"source", ceilings.source()}};
}

std::string CeilingsText(const v1::Ceilings& ceilings) {
  return absl::StrFormat(
      "# ceilings (%s, world_size %d; %s):\n"
      "#   peer copy        %10.1f GB/s\n"
      "#   latency floor    %10.2f us (barrier + one peer read + barrier)\n"
      "#   GEMM (bf16)      %10.1f TFLOP/s\n",
      ceilings.gpu_model(), ceilings.world_size(), ceilings.source(), ceilings.peer_copy_gbps(),
      ceilings.latency_floor_us(), ceilings.gemm_tflops());
}

}  // namespace symmbench::client
