// The gate's comparison: case matching, per-case statistics (raw and relative to the in-run
// reference), comparability. The verdicts are gate_verdict.cc's.
#include "client/gate.h"

#include <map>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "client/gate_stats.h"
#include "client/sizes.h"

namespace symmbench::client {
namespace {

// "GPU model" style difference lines of two values, empty when equal or either is unknown.
void Differ(const std::string& what, const std::string& a, const std::string& b,
            std::vector<std::string>* out) {
  if (!a.empty() && !b.empty() && a != b) {
    out->push_back(absl::StrCat(what, " ", a, " (baseline) vs ", b, " (candidate)"));
  }
}

}  // namespace

const char* VerdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kUnchanged:
      return "unchanged";
    case Verdict::kDrift:
      return "drift";
    case Verdict::kInconclusive:
      return "inconclusive";
    case Verdict::kImproved:
      return "improved";
    case Verdict::kRegressed:
      return "regressed";
    case Verdict::kMissing:
      return "missing";
    case Verdict::kWrong:
      return "wrong";
    case Verdict::kNew:
      return "new";
  }
  return "unknown";
}

bool IsFailure(Verdict verdict) {
  return verdict == Verdict::kRegressed || verdict == Verdict::kMissing ||
         verdict == Verdict::kWrong;
}

absl::Status CheckComparable(const v1::Job& baseline, const v1::Job& candidate) {
  std::vector<std::string> differences;
  const std::string& model_a = baseline.machine().gpu_model();
  const std::string& model_b = candidate.machine().gpu_model();
  if (!model_a.empty() && !model_b.empty() && model_a != model_b) {
    differences.push_back(
        absl::StrCat("GPU model ", model_a, " (baseline) vs ", model_b, " (candidate)"));
  }
  if (baseline.spec().world_size() != candidate.spec().world_size()) {
    differences.push_back(absl::StrCat("world size ", baseline.spec().world_size(),
                                       " (baseline) vs ", candidate.spec().world_size(),
                                       " (candidate)"));
  }
  if (baseline.backend() != v1::auto_ && candidate.backend() != v1::auto_ &&
      baseline.backend() != candidate.backend()) {
    differences.push_back(absl::StrCat("backend ", v1::Backend_Name(baseline.backend()),
                                       " (baseline) vs ", v1::Backend_Name(candidate.backend()),
                                       " (candidate)"));
  }
  if (differences.empty()) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat("the runs are not comparable: ", absl::StrJoin(differences, "; "),
                   ". Timings of different GPU models or world sizes say nothing about a change; "
                   "--allow-mismatch compares them anyway"));
}

std::vector<std::string> ComparisonNotes(const v1::Job& baseline, const v1::Job& candidate) {
  std::vector<std::string> notes;
  const v1::MachineInfo& a = baseline.machine();
  const v1::MachineInfo& b = candidate.machine();
  Differ("host", a.hostname(), b.hostname(), &notes);
  Differ("NVIDIA driver", a.driver_version(), b.driver_version(), &notes);
  Differ("CUDA driver API", a.cuda_driver_version(), b.cuda_driver_version(), &notes);
  Differ("CUDA runtime", a.cuda_runtime_version(), b.cuda_runtime_version(), &notes);
  Differ("NCCL", a.nccl_version(), b.nccl_version(), &notes);
  Differ("kernel", baseline.spec().kernel(), candidate.spec().kernel(), &notes);
  Differ("dtype", v1::DType_Name(baseline.spec().dtype()), v1::DType_Name(candidate.spec().dtype()),
         &notes);
  if (baseline.spec().iters() != candidate.spec().iters() ||
      baseline.spec().warmup_iters() != candidate.spec().warmup_iters()) {
    notes.push_back(absl::StrCat("iterations ", baseline.spec().warmup_iters(), "+",
                                 baseline.spec().iters(), " (baseline) vs ",
                                 candidate.spec().warmup_iters(), "+", candidate.spec().iters(),
                                 " (candidate, warm-up+timed)"));
  }
  if (a.gpu_model().empty() || b.gpu_model().empty()) {
    notes.push_back("a run records no GPU model (older record): the models were not compared");
  }
  return notes;
}

std::string CaseName(const std::string& kernel, const v1::ResultRow& row) {
  if (row.has_gemm()) {
    const v1::GemmFigures& gemm = row.gemm();
    return absl::StrCat(kernel, "/", v1::DType_Name(row.dtype()), "/", gemm.m(), "x", gemm.n(), "x",
                        gemm.k(), "/s", gemm.splits_per_rank());
  }
  return absl::StrCat(kernel, "/", v1::DType_Name(row.dtype()), "/", FormatSize(row.size_bytes()));
}

std::vector<std::vector<double>> SampleGroupsOf(const v1::ResultRow& row) {
  const int n = row.samples_us_size();
  if (n == 0) {
    if (row.time_us() > 0) return {{row.time_us()}};
    return {};
  }
  const int loops = row.repeat_medians_us_size();
  if (loops < 2 || n % loops != 0) {
    return {std::vector<double>(row.samples_us().begin(), row.samples_us().end())};
  }
  std::vector<std::vector<double>> groups(loops);
  const int per_loop = n / loops;
  for (int i = 0; i < n; ++i) groups[i / per_loop].push_back(row.samples_us(i));
  return groups;
}

namespace {

// The loop medians of `row`'s reference `name` as groups of one (the bootstrap resamples them),
// or nothing when the row does not carry one per loop of the kernel.
std::optional<SampleGroups> ReferenceLoops(const v1::ResultRow& row, const std::string& name) {
  for (const v1::ReferenceResult& reference : row.references()) {
    if (reference.name() != name) continue;
    const int loops = row.repeat_medians_us_size();
    if (loops == 0 || reference.repeat_medians_us_size() != loops) return std::nullopt;
    SampleGroups groups;
    for (double median : reference.repeat_medians_us()) {
      if (!(median > 0)) return std::nullopt;
      groups.push_back({median});
    }
    return groups;
  }
  return std::nullopt;
}

// The kernel's batches of each loop divided by the reference's median of the same pass.
SampleGroups Normalized(const SampleGroups& kernel, const SampleGroups& reference) {
  SampleGroups out = kernel;
  for (size_t loop = 0; loop < out.size(); ++loop) {
    for (double& sample : out[loop]) sample /= reference[loop][0];
  }
  return out;
}

// One comparison of grouped samples, candidate against baseline.
struct Figures {
  double ratio = 0;  // median(candidate) / median(baseline) over every sample; 0: no baseline
  double low = 0;    // the bootstrap interval of the ratio, groups resampled
  double high = 0;
  double p = 1;  // the one-sided Mann-Whitney U p-value in the direction of the ratio
  bool exact = false;
  size_t baseline_samples = 0, candidate_samples = 0;
};

// The rank test runs on every sample (batch) of every group (loop), as airspeed velocity runs it
// on every sample; the bootstrap resamples whole groups, so its interval carries the
// group-to-group spread.
Figures CompareGroups(const SampleGroups& base, const SampleGroups& cand, double confidence,
                      int resamples, uint64_t seed) {
  const std::vector<double> base_all = Flatten(base);
  const std::vector<double> cand_all = Flatten(cand);
  Figures f;
  const double base_median = Median(base_all);
  f.ratio = base_median > 0 ? Median(cand_all) / base_median : 0;
  const MannWhitney mw = MannWhitneyU(cand_all, base_all);
  f.p = f.ratio >= 1 ? mw.p_greater : mw.p_less;
  f.exact = mw.exact;
  const Interval interval = BootstrapRatioInterval(base, cand, confidence, resamples, seed);
  f.low = interval.low;
  f.high = interval.high;
  f.baseline_samples = base_all.size();
  f.candidate_samples = cand_all.size();
  return f;
}

// The reference both rows carry loop medians of: the baseline's primary one when the candidate
// has it, else the first the two share; "" when none.
std::string SharedReference(const v1::ResultRow& baseline, const v1::ResultRow& candidate) {
  std::vector<std::string> names = {baseline.reference()};
  for (const v1::ReferenceResult& r : baseline.references()) names.push_back(r.name());
  for (const std::string& name : names) {
    if (!name.empty() && ReferenceLoops(baseline, name) && ReferenceLoops(candidate, name)) {
      return name;
    }
  }
  return "";
}

}  // namespace

CaseResult CompareCase(const std::string& name, const v1::ResultRow& baseline,
                       const v1::ResultRow& candidate, const GateOptions& options) {
  CaseResult c;
  c.name = name;
  c.wrong = candidate.wrong();
  c.injected_delay_us = candidate.injected_delay_us();
  const SampleGroups base = SampleGroupsOf(baseline);
  const SampleGroups cand = SampleGroupsOf(candidate);
  c.baseline_us = Median(Flatten(base));
  c.candidate_us = Median(Flatten(cand));
  const double confidence = 1 - options.look_alpha();
  const uint64_t seed = StableHash(name);

  const Figures raw = CompareGroups(base, cand, confidence, options.resamples, seed);
  c.ratio = raw.ratio;
  c.interval_low = raw.low;
  c.interval_high = raw.high;
  c.p_value = raw.p;
  c.test =
      absl::StrCat("U on ", raw.candidate_samples, " vs ", raw.baseline_samples, " batches (",
                   cand.size(), " vs ", base.size(), " loops), ", raw.exact ? "exact" : "normal");

  // Relative to the in-run reference, timed right after the kernel in every pass: what the
  // machine's drift does to both cancels (Decide judges how far that holds).
  const std::string reference = SharedReference(baseline, candidate);
  if (!reference.empty() && base.size() == static_cast<size_t>(baseline.repeat_medians_us_size()) &&
      cand.size() == static_cast<size_t>(candidate.repeat_medians_us_size())) {
    const SampleGroups base_ref = *ReferenceLoops(baseline, reference);
    const SampleGroups cand_ref = *ReferenceLoops(candidate, reference);
    c.reference = reference;
    const Figures relative = CompareGroups(Normalized(base, base_ref), Normalized(cand, cand_ref),
                                           confidence, options.resamples, seed + 1);
    c.relative_ratio = relative.ratio;
    c.relative_low = relative.low;
    c.relative_high = relative.high;
    c.relative_p = relative.p;
    const Figures drift =
        CompareGroups(base_ref, cand_ref, confidence, options.resamples, seed + 2);
    c.drift = drift.ratio;
    c.drift_low = drift.low;
    c.drift_high = drift.high;
  }
  Decide(options, &c);
  return c;
}

GateReport Compare(const std::string& baseline_name, const v1::Job& baseline,
                   const v1::Job& candidate, const GateOptions& options) {
  GateReport report;
  report.baseline_name = baseline_name;
  report.baseline = baseline;
  report.candidate = candidate;
  report.options = options;
  report.notes = ComparisonNotes(baseline, candidate);
  report.candidate_failed = candidate.state() != v1::SUCCEEDED;

  std::map<std::string, const v1::ResultRow*> candidate_rows;
  for (const v1::ResultRow& row : candidate.rows()) {
    candidate_rows.emplace(CaseName(candidate.spec().kernel(), row), &row);
  }
  std::map<std::string, bool> seen;
  for (const v1::ResultRow& row : baseline.rows()) {
    const std::string name = CaseName(baseline.spec().kernel(), row);
    if (seen.count(name) > 0) continue;
    seen[name] = true;
    CaseResult c;
    const auto it = candidate_rows.find(name);
    if (it == candidate_rows.end()) {
      c.name = name;
      c.baseline_us = Median(Flatten(SampleGroupsOf(row)));
      c.verdict = Verdict::kMissing;
      c.detail = candidate.error().empty() ? std::string("not measured by the candidate")
                                           : absl::StrCat("not measured by the candidate (job ",
                                                          v1::JobState_Name(candidate.state()),
                                                          ": ", candidate.error(), ")");
    } else {
      c = CompareCase(name, row, *it->second, options);
    }
    c.kernel = baseline.spec().kernel();
    c.dtype = v1::DType_Name(row.dtype());
    c.size = name.substr(name.find('/', c.kernel.size() + 1) + 1);
    report.cases.push_back(std::move(c));
  }
  for (const v1::ResultRow& row : candidate.rows()) {
    const std::string name = CaseName(candidate.spec().kernel(), row);
    if (seen.count(name) > 0) continue;
    seen[name] = true;
    CaseResult c;
    c.name = name;
    c.kernel = candidate.spec().kernel();
    c.dtype = v1::DType_Name(row.dtype());
    c.size = name.substr(name.find('/', c.kernel.size() + 1) + 1);
    c.candidate_us = Median(Flatten(SampleGroupsOf(row)));
    c.wrong = row.wrong();
    c.verdict = row.wrong() > 0 ? Verdict::kWrong : Verdict::kNew;
    c.detail = row.wrong() > 0
                   ? absl::StrCat("verification failed: ", row.wrong(), " wrong elements")
                   : std::string("not in the baseline");
    report.cases.push_back(std::move(c));
  }
  CountVerdicts(&report);
  return report;
}

void CountVerdicts(GateReport* report) {
  report->regressed = report->missing = report->wrong = report->improved = report->new_cases = 0;
  report->inconclusive = report->drift = 0;
  for (const CaseResult& c : report->cases) {
    report->regressed += c.verdict == Verdict::kRegressed;
    report->missing += c.verdict == Verdict::kMissing;
    report->wrong += c.verdict == Verdict::kWrong;
    report->improved += c.verdict == Verdict::kImproved;
    report->new_cases += c.verdict == Verdict::kNew;
    report->inconclusive += c.verdict == Verdict::kInconclusive;
    report->drift += c.verdict == Verdict::kDrift;
  }
}

}  // namespace symmbench::client
