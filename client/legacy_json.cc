// Older job JSON read as today's (see legacy_json.h).
#include "client/legacy_json.h"

#include <string>
#include <utility>

#include "proto/symmbench.pb.h"
#include "spec/fault_injection.h"

namespace symmbench::client {
namespace {

// A row's GEMM figures, at its top level before record format 3, now under "gemm".
constexpr const char* kGemmKeys[] = {"m",
                                     "n",
                                     "k",
                                     "splits_per_rank",
                                     "t_ag_us",
                                     "t_gemm_us",
                                     "t_sequential_us",
                                     "t_fused_us",
                                     "tflops",
                                     "overlap_efficiency",
                                     "rel_error",
                                     "rel_error_tolerance"};

constexpr std::pair<const char*, const char*> kRowRenames[] = {
    {"baseline", "reference"},
    {"baseline_time_us", "reference_time_us"},
    {"baseline_busbw_gbps", "reference_busbw_gbps"},
    {"baseline_graph_time_us", "reference_graph_time_us"},
    {"graph_baseline", "graph_reference"},
    {"baselines", "references"},
};

}  // namespace

absl::Status UpgradeJobJson(nlohmann::json* job) {
  if (!job->is_object()) return absl::OkStatus();
  if (auto rows = job->find("rows"); rows != job->end() && rows->is_array()) {
    for (nlohmann::json& row : *rows) {
      if (!row.is_object()) continue;
      for (const auto& [old_key, new_key] : kRowRenames) {
        auto it = row.find(old_key);
        if (it == row.end()) continue;
        if (!row.contains(new_key)) row[new_key] = std::move(*it);
        row.erase(old_key);
      }
      // GEMM rows (m > 0) get their figures under "gemm"; other rows drop the zeros.
      const auto m = row.find("m");
      if (m != row.end() && !row.contains("gemm")) {
        const bool gemm_row = m->is_number() && m->get<double>() > 0;
        nlohmann::json gemm = nlohmann::json::object();
        for (const char* key : kGemmKeys) {
          if (auto it = row.find(key); it != row.end()) {
            gemm[key] = std::move(*it);
            row.erase(key);
          }
        }
        if (gemm_row) row["gemm"] = std::move(gemm);
      }
    }
  }
  if (auto spec = job->find("spec"); spec != job->end() && spec->is_object()) {
    if (auto fault = spec->find("inject_fault"); fault != spec->end() && fault->is_string()) {
      absl::StatusOr<v1::Fault> parsed =
          ParseFaultText(fault->get<std::string>(), "spec.inject_fault");
      if (!parsed.ok()) return parsed.status();
      if (parsed->kind() == v1::Fault::none) {
        spec->erase("inject_fault");
      } else {
        *fault = {{"kind", v1::Fault::Kind_Name(parsed->kind())}, {"rank", parsed->rank()}};
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace symmbench::client
