// Table views of jobs, result rows and devices for the symmbench CLI (JSON: format_json.cc).
// One ResultRow feeds both the nccl-tests style table and the JSON object.
#include "client/format.h"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "client/sizes.h"
#include "kernels/ops/registry.h"
#include "spec/dispatch.h"

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
constexpr int kAbRatioWidth = 10;  // "ab_ratio" and a space
// The in-place columns (nccl-tests' in-place half of a line), after every other one.
constexpr int kInPlaceTimeWidth = 12;   // "ip_graph_us" and a space
constexpr int kInPlaceBwWidth = 10;     // "ip_busbw" and two spaces
constexpr int kInPlaceWrongWidth = 11;  // "ip_#wrong" and two spaces
constexpr int kInPlaceSpeedupWidth = 12;
// The A/A control's columns (ResultRow.aa_control), last.
constexpr int kAaWidth = 10;  // "aa_g_ratio"... and a space

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
  return v1::Backend_Name(job.backend() != v1::auto_ ? job.backend() : job.spec().backend());
}

// "2026-11-22 10:00:01" (UTC) for milliseconds since the epoch; "-" for 0.
std::string FormatUnixMs(int64_t unix_ms) {
  if (unix_ms <= 0) return "-";
  return UtcTime(unix_ms, "%Y-%m-%d %H:%M:%S");
}

// "139.8 GiB" / "512.0 MiB"; "-" for 0.
std::string FormatMemory(int64_t bytes) {
  if (bytes <= 0) return "-";
  constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
  if (bytes >= int64_t{1} << 30) return absl::StrFormat("%.1f GiB", bytes / kGiB);
  return absl::StrFormat("%.1f MiB", bytes / (1024.0 * 1024.0));
}

// "node1 x2, node2 x2": each host once, in rank order, with its number of ranks.
std::string HostSummary(const v1::Job& job) {
  std::vector<std::pair<std::string, int>> counts;
  for (const std::string& host : job.hosts()) {
    auto it = std::find_if(counts.begin(), counts.end(),
                           [&](const std::pair<std::string, int>& c) { return c.first == host; });
    if (it == counts.end()) {
      counts.emplace_back(host, 1);
    } else {
      ++it->second;
    }
  }
  std::vector<std::string> parts;
  for (const auto& [host, n] : counts) parts.push_back(absl::StrCat(host, " x", n));
  return absl::StrJoin(parts, ", ");
}

}  // namespace

std::string AlignedTable(const std::vector<std::vector<std::string>>& rows,
                         const std::vector<bool>& right) {
  std::vector<size_t> widths;
  for (const auto& row : rows) {
    if (widths.size() < row.size()) widths.resize(row.size(), 0);
    for (size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (size_t i = 0; i < row.size(); ++i) {
      const std::string pad(widths[i] - row[i].size(), ' ');
      if (i < right.size() && right[i]) {
        absl::StrAppend(&line, pad, row[i], "  ");
      } else {
        absl::StrAppend(&line, row[i], pad, "  ");
      }
    }
    absl::StrAppend(&out, StripTrailing(std::move(line)), "\n");
  }
  return out;
}

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

std::string JobDTypeText(const v1::Job& job) {
  if (job.plan().dtypes_size() == 0) return v1::DType_Name(job.spec().dtype());
  std::vector<std::string> names;
  for (int dtype : job.plan().dtypes())
    names.push_back(v1::DType_Name(static_cast<v1::DType>(dtype)));
  return absl::StrJoin(names, ",");
}

std::string DescribeSizes(const v1::JobSpec& spec) {
  if (IsFamily(spec.kernel(), OpFamily::kGemmCollective)) {
    return absl::StrJoin(spec.gemm().shapes(), ",",
                         [](std::string* out, const v1::GemmShape& shape) {
                           absl::StrAppend(out, shape.m(), "x", shape.n(), "x", shape.k());
                         });
  }
  const v1::SweepSpec& sweep = spec.sweep();
  if (!sweep.sizes_bytes().empty()) {
    return absl::StrJoin(sweep.sizes_bytes(), ",",
                         [](std::string* out, int64_t size) { out->append(FormatSize(size)); });
  }
  if (sweep.min_bytes() == sweep.max_bytes()) return FormatSize(sweep.min_bytes());
  return absl::StrCat(FormatSize(sweep.min_bytes()), "..", FormatSize(sweep.max_bytes()), " x",
                      sweep.step_factor());
}

// Columns of the GEMM + collective ops: one row per shape; t_ag or t_rs is the collective alone.
constexpr int kDimWidth = 7;
constexpr int kGemmTypeWidth = 10;  // "fp8_e4m3" and a space
constexpr int kAgTimeWidth = 11;
constexpr int kRatioWidth = 9;

namespace {

// A variant's time column after t_fused: its name and its figure.
struct GemmVariantColumn {
  const char* name;
  double (v1::GemmFigures::*time_us)() const;
};

bool GemmOpScatters(const std::string& kernel) {
  const OpDescriptor* op = FindOp(kernel);
  return op != nullptr && op->computes == Computes::kGemmReduceScatter;
}

// The columns of the variants each op offers beyond the four common ones: ag_gemm's pipelined,
// tile_flags and tile_gemm; matmul_reduce_scatter's tile_push and tile_gemm.
std::vector<GemmVariantColumn> GemmVariantColumns(const std::string& kernel) {
  if (GemmOpScatters(kernel)) {
    return {{"t_tpush", &v1::GemmFigures::t_tile_push_us},
            {"t_tgemm", &v1::GemmFigures::t_tile_gemm_us}};
  }
  return {{"t_pipe", &v1::GemmFigures::t_pipelined_us},
          {"t_tile", &v1::GemmFigures::t_tile_flags_us},
          {"t_tgemm", &v1::GemmFigures::t_tile_gemm_us}};
}

}  // namespace

std::string GemmHeader(const std::string& kernel) {
  const char* t_collective = GemmOpScatters(kernel) ? "t_rs" : "t_ag";
  std::string names =
      absl::StrFormat("#%*s%*s%*s%*s%*s%*s%*s%*s%*s", kDimWidth - 1, "M", kDimWidth, "N", kDimWidth,
                      "K", 7, "splits", kGemmTypeWidth, "type", kAgTimeWidth, t_collective,
                      kAgTimeWidth, "t_gemm", kAgTimeWidth, "t_seq", kAgTimeWidth, "t_fused");
  std::string units =
      absl::StrFormat("#%*s%*s%*s%*s%*s%*s%*s%*s%*s", kDimWidth - 1, "", kDimWidth, "", kDimWidth,
                      "", 7, "", kGemmTypeWidth, "", kAgTimeWidth, "(us)", kAgTimeWidth, "(us)",
                      kAgTimeWidth, "(us)", kAgTimeWidth, "(us)");
  for (const GemmVariantColumn& column : GemmVariantColumns(kernel)) {
    absl::StrAppend(&names, absl::StrFormat("%*s", kAgTimeWidth, column.name));
    absl::StrAppend(&units, absl::StrFormat("%*s", kAgTimeWidth, "(us)"));
  }
  absl::StrAppend(
      &names, absl::StrFormat("%*s%*s%*s%*s%*s\n", kRatioWidth, "TFLOP/s", kRatioWidth, "speedup",
                              kRatioWidth, "overlap", 11, "c_rel_err", kWrongWidth, "#wrong"));
  absl::StrAppend(&units, absl::StrFormat("%*s%*s%*s%*s%*s\n", kRatioWidth, "", kRatioWidth, "",
                                          kRatioWidth, "", 11, "", kWrongWidth, ""));
  return names + units;
}

namespace {

// The overlap efficiency is shown where the shorter phase (the collective or the GEMM alone) is
// at least this share of the longer: below it, the time there is to hide is within the noise of
// the longer phase, and the ratio is noise over a small number (-20 or 148 on CPU shapes).
constexpr double kMinOverlapPhaseShare = 0.1;
// ... and where it is within this of 0: at most the shorter phase can be hidden (1.0), and a
// fused op slower than the sequential one by more than 1.5 times the shorter phase is paying for
// something other than overlap (the speedup column shows it: a loaded CPU host's -16.7).
constexpr double kMaxOverlapMagnitude = 1.5;

// TFLOP/s with two decimals, three significant digits below 1 (the CPU backend's 0.05).
std::string GemmTflops(double tflops) {
  if (tflops >= 1 || tflops == 0) return absl::StrFormat("%.2f", tflops);
  return absl::StrFormat("%.3g", tflops);
}

// The overlap efficiency, or "-" where it measures nothing (kMinOverlapPhaseShare,
// kMaxOverlapMagnitude).
std::string GemmOverlap(const v1::GemmFigures& gemm) {
  const double t_collective = gemm.t_ag_us() + gemm.t_rs_us();
  const double shorter = std::min(t_collective, gemm.t_gemm_us());
  const double longer = std::max(t_collective, gemm.t_gemm_us());
  const double overlap = gemm.overlap_efficiency();
  if (!(shorter > 0) || shorter < kMinOverlapPhaseShare * longer ||
      std::abs(overlap) > kMaxOverlapMagnitude) {
    return "-";
  }
  return absl::StrFormat("%.2f", overlap);
}

}  // namespace

std::string GemmRow(const v1::ResultRow& row, const std::string& kernel) {
  const v1::GemmFigures& gemm = row.gemm();
  const std::string wrong = row.checked() ? absl::StrCat(row.wrong()) : kNotAvailable;
  const std::string error =
      row.checked() ? absl::StrFormat("%.2e", gemm.rel_error()) : std::string(kNotAvailable);
  std::string line = absl::StrFormat(
      "%*d%*d%*d%*d%*s%*.1f%*.1f%*.1f%*.1f", kDimWidth, gemm.m(), kDimWidth, gemm.n(), kDimWidth,
      gemm.k(), 7, gemm.splits_per_rank(), kGemmTypeWidth, v1::DType_Name(row.dtype()),
      kAgTimeWidth, gemm.t_ag_us() + gemm.t_rs_us(), kAgTimeWidth, gemm.t_gemm_us(), kAgTimeWidth,
      gemm.t_sequential_us(), kAgTimeWidth, gemm.t_fused_us());
  for (const GemmVariantColumn& column : GemmVariantColumns(kernel)) {
    absl::StrAppend(&line, absl::StrFormat("%*.1f", kAgTimeWidth, (gemm.*column.time_us)()));
  }
  absl::StrAppend(
      &line, absl::StrFormat("%*s%*.2f%*s%*s%*s\n", kRatioWidth, GemmTflops(gemm.tflops()),
                             kRatioWidth, row.speedup(), kRatioWidth, GemmOverlap(gemm), 11, error,
                             kWrongWidth, wrong));
  return line;
}

namespace {

// Whether `first_row` or a row of `job` has the message `has` tests (a table's optional
// columns: in-place figures, the A/A control).
bool AnyRowHas(const v1::Job& job, const v1::ResultRow* first_row,
               bool (v1::ResultRow::*has)() const) {
  if (first_row != nullptr && (first_row->*has)()) return true;
  return std::any_of(job.rows().begin(), job.rows().end(),
                     [has](const v1::ResultRow& row) { return (row.*has)(); });
}

}  // namespace

std::string TableHeader(const v1::Job& job, const v1::ResultRow* first_row) {
  std::string out =
      absl::StrCat("# job ", job.job_id(), "  ", job.spec().kernel(), "  world_size ",
                   job.spec().world_size(), "  ", JobDTypeText(job),
                   job.spec().gemm().fp8_scaling() != v1::FP8_SCALING_UNSPECIFIED
                       ? absl::StrCat(" ", v1::Fp8Scaling_Name(job.spec().gemm().fp8_scaling()))
                       : "",
                   "  backend ", BackendOf(job), "  devices ", DeviceList(job));
  if (first_row != nullptr && !first_row->reference().empty()) {
    absl::StrAppend(
        &out, "  reference ", first_row->reference(),
        first_row->reference_kind() == v1::check_only ? " (checks results; no speedup)" : "");
  }
  if (!job.launch_id().empty()) absl::StrAppend(&out, "  launched ", job.launch_id());
  if (job.hosts_size() > 0) absl::StrAppend(&out, "  hosts ", HostSummary(job));
  if (job.spec().sweep().per_host_teams()) absl::StrAppend(&out, "  per-host teams");
  if (!job.spec().sweep().compare_kernel().empty()) {
    absl::StrAppend(&out, "  A/B vs ", job.spec().sweep().compare_kernel());
  }
  absl::StrAppend(&out, "  state ", JobStateName(job.state()), "\n");
  if (IsFamily(job.spec().kernel(), OpFamily::kGemmCollective))
    return out + GemmHeader(job.spec().kernel());
  std::string names = HeaderLine({"size", "count", "type", "redop", "time_us", "algbw", "busbw",
                                  "#wrong", "ref_us", "ref_busbw", "speedup"});
  std::string units = HeaderLine(
      {"(B)", "(elements)", "", "", "(us)", "(GB/s)", "(GB/s)", "", "(us)", "(GB/s)", ""});
  if (job.spec().sweep().graph()) {  // graph-replay columns (nccl-tests -G) after the eager ones
    names.pop_back();
    units.pop_back();
    names += absl::StrFormat("%*s%*s%*s\n", kTimeWidth, "graph_us", kTimeWidth, "base_graph",
                             kGraphSpeedupWidth, "g_speedup");
    // HeaderLine dropped the units line's trailing blanks (the empty speedup unit).
    units += absl::StrFormat("%*s%*s\n", kSpeedupWidth + kTimeWidth, "(us)", kTimeWidth, "(us)");
  }
  if (!job.spec().sweep().compare_kernel().empty()) {
    // A/B: the compare kernel's time and the median of the paired loop ratios (ours / its).
    names.pop_back();
    units.pop_back();
    names += absl::StrFormat("%*s%*s\n", kTimeWidth, "cmp_us", kAbRatioWidth, "ab_ratio");
    units += absl::StrFormat(
        "%*s\n", (job.spec().sweep().graph() ? kGraphSpeedupWidth : kSpeedupWidth) + kTimeWidth,
        "(us)");
  }
  if (AnyRowHas(job, first_row, &v1::ResultRow::has_in_place)) {
    // The units line lost its trailing blanks (HeaderLine): pad it back to the names' width.
    names.pop_back();
    units.pop_back();
    units.resize(std::max(units.size(), names.size()), ' ');
    names += absl::StrFormat("%*s%*s%*s%*s%*s", kInPlaceTimeWidth, "ip_time_us", kInPlaceBwWidth,
                             "ip_busbw", kInPlaceWrongWidth, "ip_#wrong", kInPlaceTimeWidth,
                             "ip_ref_us", kInPlaceSpeedupWidth, "ip_speedup");
    units += absl::StrFormat("%*s%*s%*s%*s", kInPlaceTimeWidth, "(us)", kInPlaceBwWidth, "(GB/s)",
                             kInPlaceWrongWidth, "", kInPlaceTimeWidth, "(us)");
    if (job.spec().sweep().graph()) {
      names += absl::StrFormat("%*s", kInPlaceTimeWidth, "ip_graph_us");
      units += absl::StrFormat("%*s%*s", kInPlaceSpeedupWidth, "", kInPlaceTimeWidth, "(us)");
    }
    names += "\n";
    units += "\n";
  }
  if (AnyRowHas(job, first_row, &v1::ResultRow::has_aa_control)) {
    // NCCL timed twice (the reference in the kernel's place over its own): 1.00 within aa_noise.
    names.pop_back();  // no units: the units line stays as it is
    names += absl::StrFormat("%*s%*s", kAaWidth + 1, "aa_ratio", kAaWidth, "aa_noise");
    if (job.spec().sweep().graph()) names += absl::StrFormat("%*s", kAaWidth + 1, "aa_g_ratio");
    names += "\n";
  }
  return out + names + units;
}

std::string TableRow(const v1::ResultRow& row, const std::string& kernel) {
  if (row.has_gemm()) return GemmRow(row, kernel);
  if (row.has_ceilings()) return CeilingsText(row.ceilings());
  const std::string wrong = row.checked() ? absl::StrCat(row.wrong()) : kNotAvailable;
  const bool has_reference = !row.reference().empty() || row.reference_time_us() > 0;
  const auto base = [&](double value, int width) {
    return has_reference ? absl::StrFormat("%*.2f", width, value)
                         : absl::StrFormat("%*s", width, kNotAvailable);
  };
  std::string line = absl::StrFormat(
      "%*d%*d%*s%*s%*.2f%*.2f%*.2f%*s%s%s%s", kSizeWidth, row.size_bytes(), kCountWidth,
      row.count(), kTypeWidth, v1::DType_Name(row.dtype()), kRedopWidth, row.redop(), kTimeWidth,
      row.time_us(), kBwWidth, row.algbw_gbps(), kBwWidth, row.busbw_gbps(), kWrongWidth, wrong,
      base(row.reference_time_us(), kBaseTimeWidth), base(row.reference_busbw_gbps(), kBaseBwWidth),
      row.reference_kind() == v1::check_only ? absl::StrFormat("%*s", kSpeedupWidth, "-")
                                             : base(row.speedup(), kSpeedupWidth));
  if (row.graph_time_us() > 0) {
    absl::StrAppend(&line,
                    absl::StrFormat("%*.2f%*.2f", kTimeWidth, row.graph_time_us(), kTimeWidth,
                                    row.reference_graph_time_us()),
                    row.reference_kind() == v1::check_only
                        ? absl::StrFormat("%*s", kGraphSpeedupWidth, "-")
                        : absl::StrFormat("%*.2f", kGraphSpeedupWidth, row.graph_speedup()));
  }
  if (row.has_comparison()) {
    absl::StrAppend(&line, absl::StrFormat("%*.2f%*.3f", kTimeWidth, row.comparison().time_us(),
                                           kAbRatioWidth, row.comparison().ratio()));
  }
  if (row.has_in_place()) {
    const v1::InPlaceFigures& f = row.in_place();
    absl::StrAppend(&line,
                    absl::StrFormat("%*.2f%*.2f%*s%*.2f", kInPlaceTimeWidth, f.time_us(),
                                    kInPlaceBwWidth, f.busbw_gbps(), kInPlaceWrongWidth,
                                    row.checked() ? absl::StrCat(f.wrong()) : kNotAvailable,
                                    kInPlaceTimeWidth, f.reference_time_us()),
                    row.reference_kind() == v1::check_only
                        ? absl::StrFormat("%*s", kInPlaceSpeedupWidth, "-")
                        : absl::StrFormat("%*.2f", kInPlaceSpeedupWidth, f.speedup()));
    if (f.graph_time_us() > 0) {
      absl::StrAppend(&line, absl::StrFormat("%*.2f", kInPlaceTimeWidth, f.graph_time_us()));
    }
  }
  if (row.has_aa_control()) {
    const v1::AAControl& c = row.aa_control();
    absl::StrAppend(&line,
                    absl::StrFormat("%*.3f%*.3f", kAaWidth + 1, c.ratio(), kAaWidth, c.noise()));
    if (c.graph_ratio() > 0) {
      absl::StrAppend(&line, absl::StrFormat("%*.3f", kAaWidth + 1, c.graph_ratio()));
    }
  }
  return line + "\n";
}

std::string TableError(const v1::Job& job) {
  std::string out;
  for (const std::string& warning : job.warnings())
    absl::StrAppend(&out, "# warning: ", warning, "\n");
  if (job.error().empty()) return out;
  absl::StrAppend(&out, "# error: ", job.error());
  if (job.failed_rank() >= 0 && job.state() == v1::FAILED) {
    absl::StrAppend(&out, " (rank ", job.failed_rank(), ")");
  }
  return out + "\n";
}

std::string JobTable(const v1::Job& job) {
  std::string out = TableHeader(job, job.rows().empty() ? nullptr : &job.rows(0));
  for (const v1::ResultRow& row : job.rows()) out += TableRow(row, job.spec().kernel());
  out += TableError(job);
  return out;
}

std::string JobListTable(const v1::ListJobsResponse& response) {
  std::vector<std::vector<std::string>> rows = {
      {"JOB", "STATE", "KERNEL", "WORLD", "DTYPE", "SIZES", "SUBMITTED (UTC)", "ERROR"}};
  for (const v1::Job& job : response.jobs()) {
    rows.push_back({job.job_id(), JobStateName(job.state()), job.spec().kernel(),
                    absl::StrCat(job.spec().world_size()), JobDTypeText(job),
                    DescribeSizes(job.spec()), FormatUnixMs(job.submit_time_unix_ms()),
                    job.error()});
  }
  return AlignedTable(rows);
}

std::string DeviceTable(const v1::ListDevicesResponse& response) {
  std::vector<std::vector<std::string>> rows = {{"INDEX", "KIND", "NAME", "MEMORY", "JOB"}};
  for (const v1::Device& device : response.devices()) {
    rows.push_back({absl::StrCat(device.index()), v1::Backend_Name(device.kind()), device.name(),
                    FormatMemory(device.memory_bytes()),
                    device.job_id().empty() ? "-" : device.job_id()});
  }
  std::string out =
      absl::StrCat(AlignedTable(rows), "backend: ", v1::Backend_Name(response.backend()), "\n",
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
  if (response.plugins_size() > 0) absl::StrAppend(&out, PluginTable(response));
  return out;
}

std::string PluginTable(const v1::ListDevicesResponse& response) {
  std::vector<std::vector<std::string>> rows = {
      {"PLUGIN OP", "COMPUTES", "DTYPES", "ABI", "VERSION", "LIBRARY"}};
  std::vector<std::string> errors;
  for (const v1::Plugin& plugin : response.plugins()) {
    if (!plugin.error().empty()) {
      errors.push_back(absl::StrCat("  ", plugin.name(), ": ", plugin.error(), "\n"));
      continue;
    }
    for (const v1::PluginOp& op : plugin.ops()) {
      std::vector<std::string> dtypes;
      for (int dtype : op.dtypes()) dtypes.push_back(v1::DType_Name(static_cast<v1::DType>(dtype)));
      // A changed library's last description, until its new one is ready.
      rows.push_back(
          {op.kernel(), v1::PluginComputes_Name(op.computes()), absl::StrJoin(dtypes, ","),
           absl::StrCat(op.abi_version()), op.plugin_version().empty() ? "-" : op.plugin_version(),
           plugin.stale() ? op.path() + " (changed: being described again)" : op.path()});
    }
  }
  std::vector<std::string> versions;
  for (uint32_t v : response.plugin_abi_versions()) versions.push_back(absl::StrCat(v));
  std::string out = absl::StrCat("plugins (ABI ", absl::StrJoin(versions, ", "), "):\n");
  if (rows.size() > 1) absl::StrAppend(&out, AlignedTable(rows));
  if (!errors.empty()) absl::StrAppend(&out, "unusable:\n", absl::StrJoin(errors, ""));
  return out;
}

std::string DispatchTableText(const v1::DispatchTable& table) {
  std::string out = absl::StrCat("# ", DispatchTableOp(table), " dispatch table (",
                                 table.gpu_model(), ", world_size ", table.world_size(), ", ",
                                 v1::DType_Name(table.dtype()), "; ", table.source(), "):\n");
  for (const v1::DispatchEntry& e : table.entries()) {
    absl::StrAppend(&out, "#   ",
                    e.max_bytes() > 0 ? absl::StrCat("up to ", FormatSize(e.max_bytes()))
                                      : std::string("above that"),
                    ": ", e.algorithm(), "\n");
  }
  return out;
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

std::string UtcTime(int64_t unix_ms, const char* format) {
  const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buffer[64];
  std::strftime(buffer, sizeof(buffer), format, &tm);
  return buffer;
}

}  // namespace symmbench::client
