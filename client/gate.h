// The decision of `symmbench gate`, without gRPC: which cases of a candidate job are slower than
// a baseline's (noise-aware: the median beyond a threshold AND the difference real at alpha by a
// rank test or a bootstrap interval), improved, missing or wrong, and whether two runs may be
// compared at all. The rule is in docs/gate.md.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "proto/symmbench.pb.h"

namespace symmbench::client {

struct GateOptions {
  double max_slowdown = 0.05;  // a regression is slower by more than this fraction
  double alpha = 0.01;         // significance level of the rank test; interval at 1 - alpha
  int resamples = 2000;        // bootstrap replicates
};

enum class Verdict {
  kUnchanged,    // within the threshold
  kWithinNoise,  // beyond the threshold, but not significant: passes
  kImproved,     // faster by more than the threshold, significantly: passes, reported
  kRegressed,    // slower by more than the threshold, significantly: fails
  kMissing,      // in the baseline, not in the candidate: fails
  kWrong,        // the candidate's verification found wrong elements: fails
  kNew,          // in the candidate only: passes, reported
};

// "unchanged", "within noise", "improved", "regressed", "missing", "wrong", "new".
const char* VerdictName(Verdict verdict);
bool IsFailure(Verdict verdict);

struct CaseResult {
  std::string name;  // "one_shot_all_reduce/bf16/2K" (kernel/dtype/size or shape)
  std::string kernel;
  std::string dtype;
  std::string size;        // "2K", or "4096x6656x16384/s2" for ag_gemm
  double baseline_us = 0;  // median per op over every batch of every loop
  double candidate_us = 0;
  double ratio = 0;         // candidate_us / baseline_us (> 1: slower)
  double interval_low = 0;  // bootstrap interval of the ratio at 1 - alpha
  double interval_high = 0;
  double p_value = 1;            // one-sided, in the direction of the change
  std::string test;              // e.g. "U on 5 vs 5 loop medians, exact"
  int64_t wrong = 0;             // candidate's wrong elements
  double injected_delay_us = 0;  // candidate's fault injection at this case (0: none)
  Verdict verdict = Verdict::kUnchanged;
  std::string detail;  // one line: why this verdict
};

struct GateReport {
  std::string baseline_name;
  v1::Job baseline;  // the baseline's job record
  v1::Job candidate;
  GateOptions options;
  std::vector<CaseResult> cases;   // baseline order, then new cases
  std::vector<std::string> notes;  // e.g. differing driver versions (informational)
  std::string mismatch;            // why the runs differ (set when --allow-mismatch let it pass)
  int regressed = 0, missing = 0, wrong = 0, improved = 0, new_cases = 0;
  bool candidate_failed = false;  // the candidate job did not SUCCEED (its error is kept)
  bool ab = false;  // an A/B job's own pairs (client/gate_ab.h): baseline and candidate are it

  bool passed() const { return regressed + missing + wrong == 0 && !candidate_failed; }
  int failures() const { return regressed + missing + wrong; }
};

// Why `baseline` and `candidate` may not be compared: different GPU models, world sizes or
// backends. FAILED_PRECONDITION with every difference in one message; OK when comparable.
absl::Status CheckComparable(const v1::Job& baseline, const v1::Job& candidate);

// Differences that do not stop a comparison but belong in the report: driver, CUDA and NCCL
// versions, hostname, kernel and iteration settings.
std::vector<std::string> ComparisonNotes(const v1::Job& baseline, const v1::Job& candidate);

// The key of a result row: kernel/dtype/size ("one_shot_all_reduce/bf16/2K"), or
// ag_gemm/dtype/MxNxK/sS.
std::string CaseName(const std::string& kernel, const v1::ResultRow& row);

// The groups of a row's samples: samples_us split into repeat_medians_us_size() loops of equal
// length (one group when there is no such split; the row's time_us when it has no samples).
std::vector<std::vector<double>> SampleGroupsOf(const v1::ResultRow& row);

// The verdict of a case whose figures are set (ratio, interval, p_value, wrong): wrong when it
// has wrong elements; regressed when ratio > 1 + max_slowdown and ((p < alpha and interval_low
// > 1) or interval_low > 1 + max_slowdown); improved symmetrically; within noise when beyond
// the threshold but not significant; unchanged otherwise. Sets verdict and detail.
void Decide(const GateOptions& options, CaseResult* c);

// Compares one case (both rows present), setting every figure and the verdict: regressed when
// ratio > 1 + max_slowdown and ((p < alpha and interval_low > 1) or interval_low >
// 1 + max_slowdown); improved
// symmetrically (ratio < 1 / (1 + max_slowdown)); within noise when beyond the threshold but
// not significant; unchanged otherwise; wrong when the candidate's row has wrong elements.
CaseResult CompareCase(const std::string& name, const v1::ResultRow& baseline,
                       const v1::ResultRow& candidate, const GateOptions& options);

// The whole comparison. Does not check comparability (CheckComparable's business).
GateReport Compare(const std::string& baseline_name, const v1::Job& baseline,
                   const v1::Job& candidate, const GateOptions& options);

// Sets the report's counts (regressed, missing, wrong, improved, new) from its cases.
void CountVerdicts(GateReport* report);

}  // namespace symmbench::client
