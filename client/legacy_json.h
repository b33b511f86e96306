// Job records and specs as JSON from before record format 4 (`symmbench ... --json`, `baseline
// export`, `submit --spec` files): the in-run reference was called the baseline in rows, a row's
// GEMM figures were at its top level, inject_fault was a string, and a spec's sweep and GEMM
// problems were flat keys of the spec. Files users keep (exported baselines for `symmbench gate`,
// records for `symmbench plot`, spec files) are read through these, so they keep working.
#pragma once

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "nlohmann/json.hpp"

namespace symmbench::client {

// Upgrades a spec object (a --spec file, or a job's "spec"): a string inject_fault
// ("rank_error:1") becomes its message; the flat keys of the op's family move under it:
// min_bytes, max_bytes, step_factor, sizes_bytes, graph, dispatch and per_host_teams under
// "sweep", shapes, splits_per_rank and variants under "gemm", by the family of `kernel` (empty:
// the spec's "kernel"); a key already under the family wins. Flat keys of the other family, which
// the op ignored, are dropped; for an unknown kernel every flat key moves. Keys may be proto
// names or their lowerCamel forms. INVALID_ARGUMENT naming `prefix` + "inject_fault" (prefix
// "spec." for a job, "--spec F " for a file) for a string that is no fault.
absl::Status UpgradeSpecJson(nlohmann::json* spec, const std::string& prefix,
                             std::string_view kernel = "");

// Moves, in every row of `job` (a JSON object as --json prints a job), the GEMM figures (m, n,
// k, splits_per_rank, t_*_us, tflops, overlap_efficiency, rel_error*) under "gemm"; renames
// baseline ->
// reference, baseline_time_us -> reference_time_us, baseline_busbw_gbps ->
// reference_busbw_gbps, baseline_graph_time_us -> reference_graph_time_us, graph_baseline ->
// graph_reference and baselines -> references (a key already under its new name wins), turns
// reference_only into reference_kind (true: "check_only"; a row with a reference otherwise:
// "library"), and upgrades job["spec"] with UpgradeSpecJson.
absl::Status UpgradeJobJson(nlohmann::json* job);

}  // namespace symmbench::client
