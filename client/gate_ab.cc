// The A/B gate: paired ratios per case, decided with the baseline gate's rule.
#include "client/gate_ab.h"

#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "client/gate_stats.h"

namespace symmbench::client {

absl::Status CheckAbJob(const v1::Job& job) {
  if (job.spec().sweep().compare_kernel().empty()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "--ab: job ", job.job_id(), " is not an A/B job (its spec has no sweep.compare_kernel)"));
  }
  for (const v1::ResultRow& row : job.rows()) {
    if (row.has_comparison()) return absl::OkStatus();
  }
  return absl::FailedPreconditionError(
      absl::StrCat("--ab: job ", job.job_id(), " has no A/B rows (", v1::JobState_Name(job.state()),
                   job.error().empty() ? "" : absl::StrCat(": ", job.error()), ")"));
}

CaseResult CompareAbCase(const std::string& name, const v1::ResultRow& row,
                         const GateOptions& options) {
  const v1::Comparison& ab = row.comparison();
  CaseResult c;
  c.name = name;
  c.wrong = row.wrong() + ab.wrong();
  c.injected_delay_us = row.injected_delay_us();
  c.candidate_us = Median(Flatten(SampleGroupsOf(row)));
  c.baseline_us = ab.samples_us_size() > 0
                      ? Median(std::vector<double>(ab.samples_us().begin(), ab.samples_us().end()))
                      : ab.time_us();
  const std::vector<double> ratios(ab.paired_ratios().begin(), ab.paired_ratios().end());
  c.ratio = Median(ratios);
  const Interval interval =
      BootstrapMedianInterval(ratios, 1 - options.alpha, options.resamples, StableHash(name));
  c.interval_low = interval.low;
  c.interval_high = interval.high;
  const int n = static_cast<int>(ratios.size());
  const int slower =
      static_cast<int>(std::count_if(ratios.begin(), ratios.end(), [](double r) { return r > 1; }));
  const int faster =
      static_cast<int>(std::count_if(ratios.begin(), ratios.end(), [](double r) { return r < 1; }));
  c.p_value = SignTestPValue(n, c.ratio >= 1 ? slower : faster);
  c.test = absl::StrCat("sign test on ", n, " paired loops (", slower, " slower, ", faster,
                        " faster), exact; minimum p ", SignTestPValue(n, n));
  Decide(options, &c);
  return c;
}

GateReport CompareAb(const v1::Job& job, const GateOptions& options) {
  GateReport report;
  report.ab = true;
  report.baseline_name = job.spec().sweep().compare_kernel();
  report.baseline = job;
  report.candidate = job;
  report.options = options;
  report.candidate_failed = job.state() != v1::SUCCEEDED;
  for (const v1::ResultRow& row : job.rows()) {
    const std::string name = CaseName(job.spec().kernel(), row);
    CaseResult c;
    if (row.has_comparison()) {
      c = CompareAbCase(name, row, options);
    } else {
      c.name = name;
      c.verdict = Verdict::kMissing;
      c.detail = "no comparison in this row";
    }
    c.kernel = job.spec().kernel();
    c.dtype = v1::DType_Name(row.dtype());
    c.size = name.substr(name.find('/', c.kernel.size() + 1) + 1);
    report.cases.push_back(std::move(c));
  }
  CountVerdicts(&report);
  return report;
}

}  // namespace symmbench::client
