// Older job JSON read as today's (see legacy_json.h).
#include "client/legacy_json.h"

#include <iterator>
#include <string>
#include <utility>

#include "kernels/ops/registry.h"
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

// A spec's keys that were flat before record format 4, by the JobSpec.family member they are in.
// Proto names and their lowerCamel forms, which spec files may use too.
constexpr const char* kSweepKeys[] = {
    "min_bytes",   "minBytes",   "max_bytes", "maxBytes", "step_factor",    "stepFactor",
    "sizes_bytes", "sizesBytes", "graph",     "dispatch", "per_host_teams", "perHostTeams"};
constexpr const char* kGemmSpecKeys[] = {"shapes", "splits_per_rank", "splitsPerRank", "variants"};

// Moves `keys` of `spec` under spec[member] when `keep`, drops them otherwise.
void NestKeys(nlohmann::json* spec, const char* member, bool keep, const char* const* keys,
              size_t count) {
  for (size_t i = 0; i < count; ++i) {
    auto it = spec->find(keys[i]);
    if (it == spec->end()) continue;
    if (keep) {
      nlohmann::json& nested = (*spec)[member];
      if (nested.is_null()) nested = nlohmann::json::object();
      if (nested.is_object() && !nested.contains(keys[i])) nested[keys[i]] = std::move(*it);
    }
    spec->erase(keys[i]);
  }
}

}  // namespace

absl::Status UpgradeSpecJson(nlohmann::json* spec, const std::string& prefix,
                             std::string_view kernel) {
  if (!spec->is_object()) return absl::OkStatus();
  if (auto fault = spec->find("inject_fault"); fault != spec->end() && fault->is_string()) {
    absl::StatusOr<v1::Fault> parsed =
        ParseFaultText(fault->get<std::string>(), prefix + "inject_fault");
    if (!parsed.ok()) return parsed.status();
    if (parsed->kind() == v1::Fault::none) {
      spec->erase("inject_fault");
    } else {
      *fault = {{"kind", v1::Fault::Kind_Name(parsed->kind())}, {"rank", parsed->rank()}};
    }
  }
  std::string name(kernel);
  if (const auto it = spec->find("kernel"); name.empty() && it != spec->end() && it->is_string()) {
    name = it->get<std::string>();
  }
  // An unknown kernel (refused later, naming it) keeps whichever keys it has.
  const bool known = FindOp(name) != nullptr;
  const bool gemm = IsFamily(name, OpFamily::kGemmCollective);
  // graph and per_host_teams were refused for a GEMM op, not ignored: set, they still are.
  const auto set = [spec](const char* key) {
    const auto it = spec->find(key);
    return it != spec->end() && it->is_boolean() && it->get<bool>();
  };
  const bool refused = gemm && (set("graph") || set("per_host_teams") || set("perHostTeams"));
  NestKeys(spec, "sweep", !known || !gemm || refused, kSweepKeys, std::size(kSweepKeys));
  NestKeys(spec, "gemm", !known || gemm, kGemmSpecKeys, std::size(kGemmSpecKeys));
  return absl::OkStatus();
}

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
      // reference_only (a bool) is reference_kind since record format 4.
      if (auto only = row.find("reference_only"); only != row.end()) {
        const bool check_only = only->is_boolean() && only->get<bool>();
        row.erase(only);
        if (!row.contains("reference_kind") && check_only) row["reference_kind"] = "check_only";
      }
      if (const auto ref = row.find("reference"); !row.contains("reference_kind") &&
                                                  ref != row.end() && ref->is_string() &&
                                                  !ref->get<std::string>().empty()) {
        row["reference_kind"] = "library";
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
  if (auto spec = job->find("spec"); spec != job->end()) {
    if (absl::Status s = UpgradeSpecJson(&*spec, "spec."); !s.ok()) return s;
  }
  return absl::OkStatus();
}

}  // namespace symmbench::client
