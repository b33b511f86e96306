// The decision of `symmbench gate`, without gRPC: which cases of a candidate job are slower than
// a baseline's (noise-aware: the median beyond a threshold AND the difference real at alpha by a
// rank test or a bootstrap interval; drift-aware: the same comparison relative to the in-run
// reference), improved, missing, wrong, or not yet decided, and whether two runs may be compared
// at all. The rule is in docs/gate.md.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "proto/symmbench.pb.h"

namespace symmbench::client {

struct GateOptions {
  double max_slowdown = 0.05;  // a regression is slower by more than this fraction
  double alpha = 0.01;         // significance level of the whole gate (every look together)
  int resamples = 2000;        // bootstrap replicates
  // How many times a case may be looked at (the first run and each run measured again): every
  // look tests at alpha / looks (Bonferroni), so stopping at whichever look decides keeps the
  // chance of a false regression at most alpha.
  int looks = 1;
  double look_alpha() const { return alpha / (looks > 0 ? looks : 1); }
};

enum class Verdict {
  kUnchanged,     // a slowdown beyond the threshold is ruled out
  kDrift,         // slower, and so is the in-run reference: the machine, not the change; passes
  kInconclusive,  // neither a regression nor its absence is shown (noise, or the machine moved)
  kImproved,      // faster by more than the threshold, significantly: passes, reported
  kRegressed,     // slower by more than the threshold, significantly: fails
  kMissing,       // in the baseline, not in the candidate: fails
  kWrong,         // the candidate's verification found wrong elements: fails
  kNew,           // in the candidate only: passes, reported
};

// "unchanged", "drift", "inconclusive", "improved", "regressed", "missing", "wrong", "new".
const char* VerdictName(Verdict verdict);
bool IsFailure(Verdict verdict);

// What one comparison's figures (a ratio, its interval and p-value) say about a slowdown beyond
// the threshold t = max_slowdown, at the look's alpha.
enum class Finding {
  kSlower,     // ratio > 1 + t, and interval_low > 1 + t or (p < alpha and interval_low > 1)
  kFaster,     // ratio < 1 / (1 + t), symmetrically
  kRuledOut,   // neither, and interval_high < 1 + t: no slowdown beyond the threshold
  kUndecided,  // the interval is too wide to tell
};
Finding Classify(const GateOptions& options, double ratio, double interval_low,
                 double interval_high, double p_value);

// The smallest slowdown (a fraction: 0.07 = 7%) that a comparison with these figures would have
// called a regression: max(t, ratio / interval_low - 1). Scaling the candidate's samples by f
// scales the ratio and its bootstrap interval by f, so data f times slower would have had its
// interval's low end at f * interval_low / ratio, above 1 from f = ratio / interval_low on.
// 0 when there is no interval.
double DetectableSlowdown(const GateOptions& options, double ratio, double interval_low);

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
  // The drift-normalised comparison (a ratio of ratios), set when both rows carry the same
  // in-run reference's loop medians: each of the kernel's batches divided by the median of the
  // reference's loop of the same pass, candidate against baseline.
  std::string reference;  // "nccl_all_reduce", "reference_sum", ...; "" when none
  double drift = 0;       // the reference's own median, candidate / baseline: the machine
  double drift_low = 0;   // its bootstrap interval (loops resampled)
  double drift_high = 0;
  double relative_ratio = 0;  // the kernel relative to its reference, candidate / baseline
  double relative_low = 0;    // its bootstrap interval (loops resampled)
  double relative_high = 0;
  double relative_p = 1;  // the rank test of the normalised batches
  double detectable = 0;  // DetectableSlowdown of the raw comparison (A/B: of the pairs)
  int runs = 1;           // candidate jobs that measured this case (gate --run measures again)
  // The baseline's kept build (Baseline.kept_build) whose A/B pairs with the candidate decided
  // this case (client/gate_kept_build.h); "" when the saved times did.
  std::string against_build;
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
  int inconclusive = 0, drift = 0;
  bool candidate_failed = false;  // the candidate job did not SUCCEED (its error is kept)
  bool ab = false;  // an A/B job's own pairs (client/gate_ab.h): baseline and candidate are it
  // The baseline's kept build that the candidate was timed against, whose pairs decided the
  // cases (client/gate_kept_build.h); "" otherwise.
  std::string against_build;
  // The jobs that measured undecided cases again, in order (the candidate is the first run).
  std::vector<std::string> more_runs;

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

// The verdict of a case whose figures are set (ratio, interval, p_value, wrong, and the
// relative ones when `reference` is set), from R = Classify(raw figures) and, with a reference,
// N = Classify(relative figures) and whether the machine slowed down (the drift interval wholly
// above 1 + t); the table in docs/gate.md:
//   wrong elements -> wrong;
//   R slower:    N ruled out or faster -> drift; N slower -> regressed, unless the machine
//                slowed down and relative_low is not above drift_high (inconclusive);
//                N undecided -> inconclusive;
//   R faster:    N faster -> improved; N slower -> inconclusive; else unchanged;
//   R ruled out: N slower -> inconclusive; else unchanged;
//   R undecided: N ruled out or faster -> drift (ratio beyond the threshold) or unchanged;
//                else inconclusive.
// Without a reference: slower -> regressed, faster -> improved, ruled out -> unchanged,
// undecided -> inconclusive. Sets verdict, detail and detectable.
void Decide(const GateOptions& options, CaseResult* c);

// Compares one case (both rows present), setting every figure (raw, and relative to the primary
// in-run reference when both rows carry its loop medians) and the verdict (Decide).
CaseResult CompareCase(const std::string& name, const v1::ResultRow& baseline,
                       const v1::ResultRow& candidate, const GateOptions& options);

// The whole comparison. Does not check comparability (CheckComparable's business).
GateReport Compare(const std::string& baseline_name, const v1::Job& baseline,
                   const v1::Job& candidate, const GateOptions& options);

// Sets the report's counts (regressed, missing, wrong, improved, new, inconclusive, drift) from
// its cases.
void CountVerdicts(GateReport* report);

}  // namespace symmbench::client
