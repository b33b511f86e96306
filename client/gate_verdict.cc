// The gate's verdicts: what one comparison's figures say (Classify), the slowdown they could
// have detected, and the verdict of a case from its raw and relative findings (Decide).
#include <algorithm>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "client/gate.h"

namespace symmbench::client {
namespace {

std::string Percent(double fraction) { return absl::StrFormat("%.1f%%", fraction * 100); }

// "12.0% slower" or "3.1% faster" for a ratio.
std::string Change(double ratio) {
  return ratio >= 1 ? absl::StrCat(Percent(ratio - 1), " slower")
                    : absl::StrCat(Percent(1 - ratio), " faster");
}

std::string IntervalText(const CaseResult& c, double alpha) {
  return absl::StrFormat("%.4g%% interval %.3f..%.3f", (1 - alpha) * 100, c.interval_low,
                         c.interval_high);
}

// What an undecided case's noise allows: " (up to 73.3% slower not ruled out; it would have
// caught 25.0% or more)".
std::string NoiseText(const CaseResult& c) {
  return absl::StrCat(" (up to ", Percent(c.interval_high - 1),
                      " slower not ruled out; it would have caught ", Percent(c.detectable),
                      " or more)");
}

}  // namespace

Finding Classify(const GateOptions& options, double ratio, double interval_low,
                 double interval_high, double p_value) {
  const double slower = 1 + options.max_slowdown;
  const double faster = 1 / slower;
  const double alpha = options.look_alpha();
  // Real at alpha: an interval wholly beyond the threshold, or the test with an interval that at
  // least excludes "no change". A rank test alone sees batches, which are correlated within a
  // loop: a burst of noise through one or two loops of five makes it certain (seen in CI: p =
  // 0.006 for a 1.17x ratio whose interval was 0.95-1.64), while the interval, resampled by
  // whole loops, says the loops disagree.
  if (ratio > slower && (interval_low > slower || (p_value < alpha && interval_low > 1))) {
    return Finding::kSlower;
  }
  if (ratio > 0 && ratio < faster && interval_high > 0 &&
      (interval_high < faster || (p_value < alpha && interval_high < 1))) {
    return Finding::kFaster;
  }
  if (interval_high > 0 && interval_high < slower) return Finding::kRuledOut;
  return Finding::kUndecided;
}

double DetectableSlowdown(const GateOptions& options, double ratio, double interval_low) {
  if (ratio <= 0 || interval_low <= 0) return 0;
  return std::max(options.max_slowdown, ratio / interval_low - 1);
}

void Decide(const GateOptions& options, CaseResult* c) {
  const double alpha = options.look_alpha();
  c->detectable = DetectableSlowdown(options, c->ratio, c->interval_low);
  if (c->wrong > 0) {
    c->verdict = Verdict::kWrong;
    c->detail = absl::StrCat("verification failed: ", c->wrong, " wrong elements");
    return;
  }
  if (c->baseline_us <= 0 || c->candidate_us <= 0 || c->ratio <= 0) {
    c->verdict = Verdict::kUnchanged;
    c->detail = "no timings to compare";
    return;
  }
  const double slower = 1 + options.max_slowdown;
  const Finding raw = Classify(options, c->ratio, c->interval_low, c->interval_high, c->p_value);
  std::string figures =
      absl::StrFormat("%s (p=%.2g, %s)", Change(c->ratio), c->p_value, IntervalText(*c, alpha));
  const bool has_reference = !c->reference.empty() && c->relative_ratio > 0;
  if (!has_reference) {
    switch (raw) {
      case Finding::kSlower:
        c->verdict = Verdict::kRegressed;
        c->detail = figures;
        return;
      case Finding::kFaster:
        c->verdict = Verdict::kImproved;
        c->detail = figures;
        return;
      case Finding::kRuledOut:
        c->verdict = Verdict::kUnchanged;
        c->detail = absl::StrCat(figures, ": more than ", Percent(options.max_slowdown),
                                 " slower is ruled out");
        return;
      case Finding::kUndecided:
        c->verdict = Verdict::kInconclusive;
        c->detail = absl::StrCat(figures, ": the interval is too wide to rule out more than ",
                                 Percent(options.max_slowdown), " slower at alpha ",
                                 absl::StrFormat("%.3g", alpha), NoiseText(*c));
        return;
    }
  }
  const Finding relative =
      Classify(options, c->relative_ratio, c->relative_low, c->relative_high, c->relative_p);
  const bool machine_slower = c->drift_low > slower;
  const bool relative_clear = relative == Finding::kRuledOut || relative == Finding::kFaster;
  absl::StrAppend(&figures, "; relative to ", c->reference, " ", Change(c->relative_ratio),
                  absl::StrFormat(" (%.3f..%.3f)", c->relative_low, c->relative_high), "; ",
                  c->reference, " itself ", Change(c->drift),
                  absl::StrFormat(" (%.3f..%.3f)", c->drift_low, c->drift_high));
  auto inconclusive = [&](const std::string& why) {
    c->verdict = Verdict::kInconclusive;
    c->detail = absl::StrCat(figures, ": ", why, NoiseText(*c));
  };
  switch (raw) {
    case Finding::kSlower:
      if (relative_clear) {
        c->verdict = Verdict::kDrift;
        c->detail = absl::StrCat(figures, ": the reference slowed down with it: the machine");
      } else if (relative != Finding::kSlower) {
        inconclusive("slower, but not shown relative to the reference");
      } else if (machine_slower && !(c->relative_low > c->drift_high)) {
        // The machine slowed down by D, and a machine's slowdown need not hit kernel and
        // reference alike (an oversubscribed CPU host: a spinning kernel 6x, its reference 3x):
        // only a slowdown relative to the reference beyond D itself is the change's.
        inconclusive("the reference slowed down beyond the threshold too: the machine changed");
      } else {
        c->verdict = Verdict::kRegressed;
        c->detail = figures;
      }
      return;
    case Finding::kFaster:
      if (relative == Finding::kFaster) {
        c->verdict = Verdict::kImproved;
        c->detail = figures;
      } else if (relative == Finding::kSlower) {
        inconclusive("faster, but slower relative to the reference: the machine changed");
      } else {
        c->verdict = Verdict::kUnchanged;
        c->detail = absl::StrCat(figures, ": faster, but not relative to the reference");
      }
      return;
    case Finding::kRuledOut:
      if (relative == Finding::kSlower) {
        inconclusive("slower relative to the reference, which sped up");
      } else {
        c->verdict = Verdict::kUnchanged;
        c->detail = absl::StrCat(figures, ": more than ", Percent(options.max_slowdown),
                                 " slower is ruled out");
      }
      return;
    case Finding::kUndecided:
      if (relative_clear) {
        c->verdict = c->ratio > slower ? Verdict::kDrift : Verdict::kUnchanged;
        c->detail = absl::StrCat(figures, ": relative to the reference more than ",
                                 Percent(options.max_slowdown), " slower is ruled out");
      } else {
        inconclusive("too noisy to tell");
      }
      return;
  }
}

}  // namespace symmbench::client
