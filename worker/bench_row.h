// What one rank measured for one size of a size-swept kernel, its exchange between the ranks,
// and the row rank 0 builds from every rank's result (nccl-tests' per-size line).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "kernels/collective.h"
#include "kernels/dtype.h"
#include "proto/symmbench.pb.h"
#include "worker/run_plan.h"
#include "worker/timing.h"

namespace symmbench {

// Eager and graph medians of one operation (ours or a reference) on one rank.
struct OpTimes {
  TimingStats eager;
  double graph_us = 0;  // 0: graph mode off
};

// What one rank measured for one size; exchanged through the rendezvous as text.
struct RankResult {
  OpTimes ours;
  std::vector<OpTimes> references;  // the reference first, then the extra references
  CheckResult check;                // every check of the size on this rank (Accumulate)
  // A/B jobs (JobSpec.sweep.compare_kernel): the compare kernel's figures and checks.
  bool has_compare = false;
  OpTimes compare;
  CheckResult compare_check;
  // In place (SweepSpec.placement): the kernel's and its primary reference's figures, and the
  // in-place check right after Prepare.
  bool has_in_place = false;
  OpTimes in_place;
  OpTimes in_place_reference;
  CheckResult in_place_check;
  // The A/A control (AAControl): the primary reference timed a second time in the kernel's
  // place; its per-loop medians pair with references[0]'s.
  bool has_control = false;
  OpTimes control;

  // Text form: the check, every operation's median/min/max/graph, then the kernel's samples
  // and loop medians and each reference's loop medians (references' samples stay local), then
  // the compare kernel's figures, check, samples and loop medians when there is one, then the
  // in-place figures, check and samples when measured, then the A/A control's figures and loop
  // medians.
  std::string Encode() const;
  // INTERNAL naming the text when it does not parse or exceeds the sanity bounds.
  static absl::StatusOr<RankResult> Decode(const std::string& text);
  // Ours first, then the references.
  std::vector<const OpTimes*> All() const;
  std::vector<OpTimes*> All();
};

// Adds `c` to `total`: wrong elements add up; the first failure's index and values are kept.
void Accumulate(const CheckResult& c, CheckResult* total);

// `result` with the figures of the kernel and of every reference summarized over every sample
// of the loops run so far (the samples kept, so that later loops add to them).
RankResult SoFar(const RankResult& result);

// What a row is built from besides the ranks' results.
struct RowContext {
  const RunPlan* plan = nullptr;
  int64_t size_bytes = 0;
  DType dtype = DType::kBf16;
  std::vector<std::string> reference_names;  // the reference first
  // The first `team_references` references ran within the kernel's team (`team_size` ranks: the
  // whole job without per-host teams) and compete for the best; the rest ran over every rank.
  size_t team_references = 0;
  int team_size = 1;
  int world_size = 1;  // the job's
  bool checked = false;
  // What the op's references are: check_only (the CPU backend's plain sum) gives no speedup.
  v1::ReferenceKind reference_kind = v1::library;
};

// Rank 0's row from every rank's result (`results` may be rank 0's alone: a partial row):
// times are the max over ranks, wrong the sum. Eager figures (time, busbw, reference_*,
// speedup) compare eager with eager against the fastest reference by eager time; graph figures
// (reference_graph_time_us, graph_speedup, graph_reference) graph with graph against the fastest
// by graph time. GB/s = bytes / (us * 1e3).
v1::ResultRow BuildRow(const RowContext& context, const std::vector<RankResult>& results);

}  // namespace symmbench
