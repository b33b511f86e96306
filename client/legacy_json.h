// Job records as JSON from before record format 3 (`symmbench ... --json`, `baseline export`):
// the in-run reference was called the baseline in rows, a row's GEMM figures were at its top
// level, and inject_fault was a string. Files
// users keep (exported baselines for `symmbench gate`, records for `symmbench plot`) are read
// through UpgradeJobJson, so they keep working.
#pragma once

#include "absl/status/status.h"
#include "nlohmann/json.hpp"

namespace symmbench::client {

// Moves, in every row of `job` (a JSON object as --json prints a job), the GEMM figures (m, n,
// k, splits_per_rank, t_*_us, tflops, overlap_efficiency, rel_error*) under "gemm"; renames
// baseline ->
// reference, baseline_time_us -> reference_time_us, baseline_busbw_gbps ->
// reference_busbw_gbps, baseline_graph_time_us -> reference_graph_time_us, graph_baseline ->
// graph_reference and baselines -> references (a key already under its new name wins), and turns
// a string spec.inject_fault ("rank_error:1") into its message. INVALID_ARGUMENT naming
// spec.inject_fault for a string that is no fault.
absl::Status UpgradeJobJson(nlohmann::json* job);

}  // namespace symmbench::client
