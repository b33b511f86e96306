// How a finished job is reported the way nccl-tests users read a run: the run's header (its
// parameters and one line per rank), the time statistic and the reduction over ranks (nccl-tests
// reports each rank's mean over iterations, -a reduces the ranks), the footer (out-of-bounds
// values, average bus bandwidth against a minimum), per-rank times with stragglers and per-row
// sample statistics. nccl-tests' own table and JSON document: client/nccl_tests_view.h.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "proto/symmbench.pb.h"

namespace symmbench::client {

// What the row's time, algbw and busbw columns show (--stat, --ranks).
struct RowView {
  std::string stat = "median";  // median | mean | min: of each rank's samples
  std::string ranks = "max";    // max | min | avg | 0: over the ranks (nccl-tests -a)
  bool IsDefault() const { return stat == "median" && ranks == "max"; }
  // nccl-tests' own figure, its -a 1: each rank's mean, averaged over ranks.
  bool IsNcclTestsDefault() const { return stat == "mean" && ranks == "avg"; }
};

// The report flags of submit --wait, watch and status.
struct ReportOptions {
  std::string format = "table";  // --format: table (ours) | nccl-tests (nccl-tests' own table)
  std::string stat_flag;         // --stat as given ("" when not given)
  std::string ranks_flag;        // --ranks as given ("" when not given)
  // Set by ResolveReportOptions from the flags. What the table shows: the flags over ours
  // (median, max) in --format table, over nccl-tests' (mean, avg) in --format nccl-tests.
  RowView view;
  // What nccl-tests' table and JSON document show: the flags over nccl-tests' default (its -a 1:
  // each rank's mean, averaged over ranks).
  RowView nccl_tests_view = {"mean", "avg"};
  bool per_rank = false;         // --per-rank: each rank's times, stragglers marked
  bool iteration_stats = false;  // --iteration-stats: min/p50/p95/p99/max/mean/cv per row
  // --min-busbw GBPS (else $NCCL_TESTS_MIN_BW): a SUCCEEDED job whose average bus bandwidth is
  // below it exits 1. 0: not checked.
  double min_busbw_gbps = 0;
  std::string nccl_tests_json;    // --nccl-tests-json FILE: write nccl-tests' JSON document
  bool overwrite = false;         // --overwrite: replace an existing --nccl-tests-json file
  std::vector<std::string> args;  // the command line, for the JSON document's "args"
};

// Whether the job is reported this way: a size-swept op (no GEMM op, no calibrate).
bool HasRunReport(const v1::Job& job);

// The final rows of a size-swept op (no GEMM or calibrate rows, no partial rows).
std::vector<const v1::ResultRow*> SweptRows(const v1::Job& job);

// How graph mode timed its replays (SweepSpec.graph_launches), for the headers.
std::string GraphTiming(const v1::SweepSpec& sweep);

// What `view` shows, in words: "mean of each rank's samples, average over ranks".
std::string Describe(const RowView& view);

// Fills `view` and `nccl_tests_view` from the flags. INVALID_ARGUMENT naming --format, --stat,
// --ranks or --min-busbw for a value outside their sets, and
// --nccl-tests-json for a file that exists already (unless --overwrite: checked before the job
// runs, so no result is lost to a typo); fills min_busbw_gbps from $NCCL_TESTS_MIN_BW when the
// flag was not given (`min_busbw_given`).
absl::Status ResolveReportOptions(bool min_busbw_given, ReportOptions* options);

// `row` with time_us, algbw_gbps and busbw_gbps (and speedup against the reference's eager
// median) restated from its rank_times as `view` asks, its in-place figures from theirs. A row
// without rank_times (a partial row, a record from before them, a GEMM row) comes back unchanged.
v1::ResultRow Restate(const v1::ResultRow& row, const RowView& view);

// One rank's line as nccl-tests writes it under "# Using devices" (no newline):
// "#  Rank  0 Group  0 Pid   4242 on       host device  0 [0000:04:00.0] NVIDIA H100 80GB HBM3",
// every field its device-line parser reads.
std::string DeviceLine(const v1::RankIdentity& rank);

// The wrong elements of the job's final rows, out of place and in place.
int64_t WrongElements(const v1::Job& job);

// The run's parameters and its ranks, nccl-tests style ("#" lines): sizes, step, warm-up,
// iterations, repeats, validation, graph, per-iteration timing, what the time column is, then
// "#  Rank  0 Group  0 Pid 4242 on host device  0 [0000:04:00.0] NVIDIA H100 80GB HBM3" per
// rank (the fields nccl-tests' device-line parser reads) with its memory in use (ranks not
// reported yet are left out).
std::string RunHeader(const v1::Job& job, const RowView& view);

// Average busbw over the job's final swept rows as `view` shows them, in-place figures
// included (as nccl-tests averages every figure it reports); 0 without rows.
double AverageBusBw(const v1::Job& job, const RowView& view);

// The footer: "# Out of bounds values : N OK|FAILED" and "# Avg bus bandwidth    : X" with
// "OK"/"FAILED (below --min-busbw Y)" when a minimum is set.
std::string RunFooter(const v1::Job& job, const ReportOptions& options);

// Whether the job's average busbw is below a set minimum.
bool BelowMinimum(const v1::Job& job, const ReportOptions& options);

// Each final row's per-rank times (median, mean, min), "*" on a straggler (RankTime). "" when no
// row has them.
std::string PerRankTable(const v1::Job& job);

// Each final row's IterationStats. "" when no row has them.
std::string IterationStatsTable(const v1::Job& job);

}  // namespace symmbench::client
