// The report of `symmbench run` (see main_job_report.h).
#include "client/main_job_report.h"

#include <algorithm>
#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "client/sizes.h"

namespace symmbench::client {
namespace {

constexpr char kNone[] = "-";

std::string Us(double us) { return us > 0 ? absl::StrFormat("%.2f", us) : kNone; }

// A kernel or algorithm as a column shows it: the family suffix dropped where something is left
// ("one_shot_all_reduce" -> "one_shot"; "all_reduce" stays).
std::string Short(const std::string& name) {
  constexpr absl::string_view kSuffix = "_all_reduce";
  absl::string_view view = name;
  return absl::ConsumeSuffix(&view, kSuffix) && !view.empty() ? std::string(view) : name;
}

// The sweep table: one line per size of the first sweep job (the dispatched one: PlanMainJob
// puts it first), one time column per sweep job; the lead job's algorithm, reference (its best
// reference: NCCL's fastest variant on CUDA, the plain sum on the CPU backend), busbw and ratio.
std::string SweepTable(const std::vector<MainJobPart>& parts, const std::vector<v1::Job>& jobs) {
  std::vector<const v1::Job*> sweep;
  for (size_t i = 0; i < jobs.size(); ++i) {
    if (parts[i].role != MainJobRole::kGemm) sweep.push_back(&jobs[i]);
  }
  if (sweep.empty()) return "";
  const v1::Job& lead = *sweep[0];
  const bool check_only =
      std::any_of(lead.rows().begin(), lead.rows().end(),
                  [](const v1::ResultRow& row) { return row.reference_kind() == v1::check_only; });

  std::vector<std::string> header = {"size"};
  for (const v1::Job* job : sweep) header.push_back(Short(job->spec().kernel()));
  header.insert(header.begin() + 2, "algorithm");
  for (const char* column : {"reference", "ref_us", "busbw", "vs_ref", "#wrong"}) {
    header.push_back(column);
  }
  std::vector<std::vector<std::string>> table = {header};
  for (const v1::ResultRow& lead_row : lead.rows()) {
    std::vector<std::string> line = {FormatSize(lead_row.size_bytes())};
    int64_t wrong = 0;
    bool checked = true;
    for (const v1::Job* job : sweep) {
      const v1::ResultRow* row = nullptr;
      for (const v1::ResultRow& r : job->rows()) {
        if (r.size_bytes() == lead_row.size_bytes()) row = &r;
      }
      line.push_back(row != nullptr ? Us(row->time_us()) : kNone);
      if (row != nullptr) wrong += row->wrong();
      checked = checked && row != nullptr && row->checked();
    }
    line.insert(line.begin() + 2,
                lead_row.algorithm().empty() ? kNone : Short(lead_row.algorithm()));
    line.push_back(lead_row.reference().empty() ? kNone : lead_row.reference());
    line.push_back(Us(lead_row.reference_time_us()));
    line.push_back(absl::StrFormat("%.2f", lead_row.busbw_gbps()));
    line.push_back(lead_row.speedup() > 0 ? absl::StrFormat("%.2fx", lead_row.speedup()) : kNone);
    line.push_back(checked ? absl::StrCat(wrong) : "N/A");
    table.push_back(std::move(line));
  }
  std::vector<bool> right(header.size(), true);
  right[2] = false;                  // algorithm
  right[header.size() - 5] = false;  // reference
  const std::string lead_name = Short(lead.spec().kernel());
  std::string out = absl::StrCat(
      "#\n# all-reduce, ", v1::DType_Name(lead.spec().dtype()), " sum: us per op, median over ",
      lead.spec().repeats(), " timing loops of ", lead.spec().iters(),
      " iterations, max over ranks\n# ", lead_name,
      ": the product's dispatched kernel; its algorithm, reference, busbw (GB/s) and vs_ref are "
      "from its own job\n",
      check_only ? "# reference: the CPU backend's plain sum, which checks results; no speed ratio "
                   "against it\n"
                 : absl::StrCat("# reference: the fastest NCCL variant timed in the same job (",
                                lead.rows().empty() || lead.rows(0).reference_config().empty()
                                    ? "configuration not recorded"
                                    : lead.rows(0).reference_config(),
                                "); vs_ref = its time / ", lead_name, "'s\n"),
      "# #wrong: elements wrong over every kernel of the line\n");
  if (lead.spec().world_size() == 1) {
    absl::StrAppend(&out,
                    "# world size 1: no peer to exchange with, so busbw (algbw x 2(n-1)/n, as "
                    "nccl-tests) is 0 and each time is the kernel's floor on one device\n");
  }
  return out + AlignedTable(table, right);
}

std::string GemmTable(const std::vector<MainJobPart>& parts, const std::vector<v1::Job>& jobs) {
  std::string out;
  for (size_t i = 0; i < jobs.size(); ++i) {
    if (parts[i].role != MainJobRole::kGemm) continue;
    absl::StrAppend(&out, "#\n# ", jobs[i].spec().kernel(), ", ",
                    v1::DType_Name(jobs[i].spec().dtype()),
                    ": A_shard [M/world_size, K] gathered along M, times B [K, N]; us per op; "
                    "speedup = t_seq / t_fused\n",
                    GemmHeader(jobs[i].spec().kernel()));
    for (const v1::ResultRow& row : jobs[i].rows()) out += TableRow(row, jobs[i].spec().kernel());
  }
  return out;
}

}  // namespace

MainJobSummary SummarizeMainJob(const std::vector<MainJobPart>& parts,
                                const std::vector<v1::Job>& jobs) {
  MainJobSummary s;
  s.jobs_not_ok = static_cast<int>(parts.size() - jobs.size());
  for (const v1::Job& job : jobs) {
    if (job.state() != v1::SUCCEEDED) ++s.jobs_not_ok;
    for (const v1::ResultRow& row : job.rows()) {
      ++s.rows;
      if (!row.checked()) ++s.unchecked;
      s.wrong += row.wrong();
    }
  }
  s.ok = s.jobs_not_ok == 0 && s.unchecked == 0 && s.wrong == 0 && s.rows > 0;
  return s;
}

std::string MainJobTitle(const v1::ListDevicesResponse& devices,
                         const std::vector<MainJobPart>& parts) {
  const int world_size = parts.empty() ? 0 : parts[0].spec.world_size();
  const std::string model = devices.devices().empty() ? "" : devices.devices(0).name();
  return absl::StrCat(v1::Backend_Name(devices.backend()), " backend, world size ", world_size,
                      " of ", devices.devices_size(), " devices (", model, "), ",
                      parts.empty() ? "" : v1::DType_Name(parts[0].spec.dtype()));
}

std::string MainJobReport(const v1::ListDevicesResponse& devices,
                          const std::vector<MainJobPart>& parts, const std::vector<v1::Job>& jobs,
                          const MainJobSummary& summary) {
  std::string out = absl::StrCat("# symmbench main job: ", MainJobTitle(devices, parts), "\n");
  absl::StrAppend(&out, SweepTable(parts, jobs), GemmTable(parts, jobs), "#\n");
  for (const v1::Job& job : jobs) {
    absl::StrAppend(&out, "# ", job.job_id(), " ", job.spec().kernel(), " ",
                    JobStateName(job.state()), job.error().empty() ? "" : ": " + job.error(),
                    "  (symmbench status ", job.job_id(), ")\n");
  }
  absl::StrAppend(&out, "# verified: ", summary.rows - summary.unchecked, " of ", summary.rows,
                  " rows checked against the reference, ", summary.wrong, " wrong elements; ",
                  summary.ok ? "PASS" : "FAIL", "\n");
  return out;
}

Json MainJobToJson(const v1::ListDevicesResponse& devices, const std::vector<MainJobPart>& parts,
                   const std::vector<v1::Job>& jobs, const MainJobSummary& summary) {
  Json list = Json::array();
  for (const v1::Job& job : jobs) list.push_back(JobToJson(job));
  return {
      {"backend", v1::Backend_Name(devices.backend())},
      {"world_size", parts.empty() ? 0 : parts[0].spec.world_size()},
      {"ok", summary.ok},
      {"rows", summary.rows},
      {"unchecked", summary.unchecked},
      {"wrong", summary.wrong},
      {"jobs", list},
  };
}

}  // namespace symmbench::client
