// Deciding a gate's cases from the candidate's pairs with the baseline's kept build.
#include "client/gate_kept_build.h"

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace symmbench::client {

std::optional<v1::JobSpec> AgainstKeptBuild(const v1::JobSpec& spec, const v1::Baseline& baseline) {
  if (!baseline.has_kept_build() || baseline.kept_build().kernel().empty() ||
      spec.kernel() != baseline.job().spec().kernel() || !spec.has_sweep() ||
      !spec.sweep().compare_kernel().empty()) {
    return std::nullopt;
  }
  v1::JobSpec against = spec;
  against.mutable_sweep()->set_compare_kernel(baseline.kept_build().kernel());
  return against;
}

bool TimedAgainstKeptBuild(const v1::Job& candidate, const v1::Baseline& baseline) {
  return baseline.has_kept_build() && !baseline.kept_build().kernel().empty() &&
         candidate.spec().sweep().compare_kernel() == baseline.kept_build().kernel();
}

void DecideFromKeptBuild(const GateReport& pairs, const v1::Baseline& baseline,
                         GateReport* report) {
  for (CaseResult& c : report->cases) {
    if (c.verdict == Verdict::kMissing || c.verdict == Verdict::kNew) continue;
    for (const CaseResult& ab : pairs.cases) {
      if (ab.name != c.name || ab.verdict == Verdict::kMissing) continue;
      const std::string saved =
          absl::StrFormat("against the saved times of %s: %s, %.3f (%.3f..%.3f)", baseline.name(),
                          VerdictName(c.verdict), c.ratio, c.interval_low, c.interval_high);
      CaseResult decided = ab;
      decided.kernel = c.kernel;
      decided.dtype = c.dtype;
      decided.size = c.size;
      decided.runs = c.runs;
      decided.against_build = baseline.kept_build().kernel();
      decided.detail = absl::StrCat("A/B against the baseline's build ", decided.against_build,
                                    ": ", ab.detail, " (", saved, ")");
      c = std::move(decided);
      break;
    }
  }
  report->against_build = baseline.kept_build().kernel();
  CountVerdicts(report);
}

}  // namespace symmbench::client
