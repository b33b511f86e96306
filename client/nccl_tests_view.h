// What nccl-tests' own tools read, written from a job: its table (`--format nccl-tests`: the
// lines its parsers split, the device lines its sscanf reads) and its JSON document (its -J, in
// the layout of nccl-tests 2.19: format version 3, with the per-iteration blocks of its -I 1 that
// its tools/analyze_perf_json.py reads). Both show the rows as the report options'
// nccl_tests_view says (nccl-tests' default, -a 1: each rank's mean, averaged over ranks).
#pragma once

#include <string>
#include <vector>

#include "client/run_report.h"
#include "nlohmann/json.hpp"
#include "proto/symmbench.pb.h"

namespace symmbench::client {

// The version of nccl-tests' JSON document written (nccl-tests 2.19's JSON_FILE_VERSION).
inline constexpr int kNcclTestsJsonVersion = 3;

// nccl-tests' type name of a dtype: "bfloat16", "half", "float", "f8e4m3".
std::string NcclTestsTypeName(v1::DType dtype);

// "2.28.9" -> 22809 (NCCL_VERSION_CODE of 2.9 and later); 0 when it does not parse.
int NcclVersionCode(const std::string& version);

// nccl-tests' summary of per-iteration times in microseconds (its computeIterStats): min, max,
// mean, p50 = sorted[n / 2], p95 and p99 = sorted[min(n - 1, ceil(n p / 100) - 1)], the
// population standard deviation, and cv_pct = stdev / avg x 100. All zeros without samples.
struct NcclTestsIterStats {
  double min_us = 0, max_us = 0, avg_us = 0, p50_us = 0, p95_us = 0, p99_us = 0, stdev_us = 0;
  double cv_pct = 0;
};
NcclTestsIterStats NcclTestsStatsOf(std::vector<double> samples_us);

// The run's "#" lines as nccl-tests prints them before its table: parameters, per-iteration
// note, the time statistic shown (ours, a comment), one "#  Rank  0 Group  0 Pid ..." line per
// rank reported, and the two column-header lines (with the i_min, i_max, i_p99, i_cv% columns of
// each half in a per-iteration job).
std::string NcclTestsHeader(const v1::Job& job, const RowView& view);

// One result line: size, count, type, redop, root, then time, algbw, busbw, #wrong (and the
// per-iteration columns) out of place, then the same in place ("N/A" where not measured), the
// widths nccl-tests prints. `row` as stored: restated here as `view` says.
std::string NcclTestsLine(const v1::Job& job, const v1::ResultRow& row, const RowView& view);

// nccl-tests' footer: "# Out of bounds values : N OK|FAILED", "# Avg bus bandwidth    : X"
// (with OK|FAILED against a minimum), "#", "# Collective test concluded: KERNEL".
std::string NcclTestsFooter(const v1::Job& job, const ReportOptions& options);

// nccl-tests' JSON document (version, start_time, args, env, nccl_version, config with devices,
// results with out_of_place and in_place and, in a per-iteration job, out_of_place_per_iter and
// in_place_per_iter (skipped_iterations, min/max/avg/p50/p95/p99/stdev_us, cv_pct, times_us
// max over ranks per iteration, per_process_max_times_us: each rank's), out_of_bounds,
// average_bus_bandwidth, errors, end_time). What nccl-tests has no name for is under
// "symmbench" (in the document and in each result). Times are UTC.
nlohmann::ordered_json NcclTestsJson(const v1::Job& job, const ReportOptions& options);

}  // namespace symmbench::client
