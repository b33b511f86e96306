// Table, Markdown, JUnit XML and JSON views of a gate report.
#include "client/gate_report.h"

#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "client/format.h"

namespace symmbench::client {
namespace {

// "main (j-000001; git_sha=abc, branch=main)" style description of a job.
std::string Labels(const v1::Job& job) {
  std::vector<std::string> parts;
  for (const char* key : {"git_sha", "branch", "machine"}) {
    const auto it = job.spec().labels().find(key);
    if (it != job.spec().labels().end()) parts.push_back(absl::StrCat(key, "=", it->second));
  }
  return absl::StrJoin(parts, ", ");
}

std::string Machine(const v1::Job& job) {
  const v1::MachineInfo& m = job.machine();
  std::string text =
      absl::StrCat(job.spec().world_size(), " x ", m.gpu_model().empty() ? "?" : m.gpu_model());
  if (!m.driver_version().empty()) absl::StrAppend(&text, ", driver ", m.driver_version());
  if (!m.cuda_runtime_version().empty())
    absl::StrAppend(&text, ", CUDA ", m.cuda_runtime_version());
  if (!m.nccl_version().empty()) absl::StrAppend(&text, ", NCCL ", m.nccl_version());
  if (!m.hostname().empty()) absl::StrAppend(&text, ", host ", m.hostname());
  return text;
}

std::string Describe(const std::string& what, const std::string& name, const v1::Job& job) {
  const std::string labels = Labels(job);
  return absl::StrCat(what, " ", name.empty() ? job.job_id() : name,
                      name.empty() ? "" : absl::StrCat(" (", job.job_id(), ")"),
                      labels.empty() ? "" : absl::StrCat(" [", labels, "]"), " on ", Machine(job));
}

std::string Rule(const GateReport& r) {
  const double alpha = r.options.look_alpha();
  const std::string looks = r.options.looks > 1 ? absl::StrFormat(" (alpha %g over up to %d runs)",
                                                                  r.options.alpha, r.options.looks)
                                                : "";
  if (r.ab || !r.against_build.empty()) {
    return absl::StrFormat(
        "%s: a case fails when its median paired ratio (the kernel's loop median "
        "over the compare kernel's, pass by pass) is above %g and the slowdown is real at alpha "
        "%.3g%s (the sign test on the pairs, or the %.4g%% bootstrap interval of the median ratio "
        "above %g); it passes when that interval's high end is below %g",
        r.ab ? "A/B in one job"
             : absl::StrCat("A/B against the baseline's kept build ", r.against_build,
                            " in the candidate's jobs"),
        1 + r.options.max_slowdown, alpha, looks, (1 - alpha) * 100, 1 + r.options.max_slowdown,
        1 + r.options.max_slowdown);
  }
  return absl::StrFormat(
      "a case fails when its median is slower by more than %g%% and the slowdown is real at "
      "alpha %.3g%s (Mann-Whitney U on the batches, or the %.4g%% bootstrap interval of the ratio "
      "above %g), both raw and relative to its in-run reference; it passes when one interval "
      "rules out more than %g%% and the other comparison shows no slowdown",
      r.options.max_slowdown * 100, alpha, looks, (1 - alpha) * 100, 1 + r.options.max_slowdown,
      r.options.max_slowdown * 100);
}

std::string Outcome(const GateReport& r) {
  std::string text =
      absl::StrCat(!r.passed()          ? "FAIL"
                   : r.inconclusive > 0 ? "INCONCLUSIVE"
                                        : "PASS",
                   ": ", r.regressed, " regressed, ", r.missing, " missing, ", r.wrong, " wrong, ",
                   r.inconclusive, " inconclusive, ", r.drift, " drift, ", r.improved,
                   " improved, ", r.new_cases, " new (", r.cases.size(), " cases)");
  if (!r.more_runs.empty()) {
    absl::StrAppend(&text, "; measured again in ", absl::StrJoin(r.more_runs, ", "));
  }
  if (r.candidate_failed) {
    absl::StrAppend(&text, "; candidate job ", v1::JobState_Name(r.candidate.state()),
                    r.candidate.error().empty() ? "" : absl::StrCat(": ", r.candidate.error()));
  }
  // A saved baseline is another moment of the machine: where that moment's speed cannot be
  // told from the change's, the pairs of one job can (docs/results/gate_drift_cpu.md).
  if (r.passed() && r.inconclusive > 0 && !r.ab && r.against_build.empty()) {
    absl::StrAppend(&text,
                    "; against a saved baseline on a host this noisy: `symmbench gate --ab` "
                    "times baseline and candidate in one job");
  }
  return text;
}

std::string Us(double us) { return us > 0 ? absl::StrFormat("%.2f", us) : "-"; }
std::string RatioText(const CaseResult& c) {
  return c.ratio > 0 ? absl::StrFormat("%.3f", c.ratio) : "-";
}
std::string IntervalText(const CaseResult& c) {
  return c.interval_high > 0 ? absl::StrFormat("%.3f..%.3f", c.interval_low, c.interval_high) : "-";
}
std::string PText(const CaseResult& c) {
  return c.ratio > 0 ? absl::StrFormat("%.2g", c.p_value) : "-";
}
// The ratio relative to the in-run reference, and the reference's own ratio (the drift).
std::string RelativeText(const CaseResult& c) {
  return c.relative_ratio > 0 ? absl::StrFormat("%.3f", c.relative_ratio) : "-";
}
std::string DriftText(const CaseResult& c) {
  return c.drift > 0 ? absl::StrFormat("%.3f", c.drift) : "-";
}
// The smallest slowdown the case could have detected: "+7.3%".
std::string DetectableText(const CaseResult& c) {
  return c.detectable > 0 ? absl::StrFormat("+%.1f%%", c.detectable * 100) : "-";
}
// Cases whose detail the reports spell out: failures, improvements, drift and inconclusive.
bool Explained(const CaseResult& c) {
  return IsFailure(c.verdict) || c.verdict == Verdict::kImproved || c.verdict == Verdict::kDrift ||
         c.verdict == Verdict::kInconclusive;
}

// Failures first, then improvements, then the rest; each group in report order.
std::vector<const CaseResult*> Ordered(const GateReport& r) {
  std::vector<const CaseResult*> out;
  for (const CaseResult& c : r.cases) out.push_back(&c);
  auto rank = [](const CaseResult* c) {
    return IsFailure(c->verdict)                  ? 0
           : c->verdict == Verdict::kInconclusive ? 1
           : c->verdict == Verdict::kImproved     ? 2
                                                  : 3;
  };
  std::stable_sort(out.begin(), out.end(),
                   [&](const CaseResult* a, const CaseResult* b) { return rank(a) < rank(b); });
  return out;
}

std::string MarkdownCell(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

}  // namespace

std::string XmlEscape(const std::string& text) {
  std::string out;
  for (unsigned char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        if (c >= 0x20 || c == '\t' || c == '\n' || c == '\r') out += static_cast<char>(c);
    }
  }
  return out;
}

std::string GateTable(const GateReport& r) {
  std::string out = absl::StrCat(
      "# gate: ", Describe(r.ab ? "compare kernel" : "baseline", r.baseline_name, r.baseline),
      "\n#       vs ",
      Describe(r.ab ? "kernel" : "candidate", r.ab ? r.candidate.spec().kernel() : "", r.candidate),
      "\n# ", Rule(r), "\n");
  if (!r.mismatch.empty())
    absl::StrAppend(&out, "# warning (--allow-mismatch): ", r.mismatch, "\n");
  // An A/B job's pairs cancel the drift themselves: no reference columns.
  std::vector<std::vector<std::string>> rows = {
      {"CASE", "BASELINE_US", "CANDIDATE_US", "RATIO",
       absl::StrFormat("%.4g%%_INTERVAL", (1 - r.options.look_alpha()) * 100), "P"}};
  if (!r.ab) rows[0].insert(rows[0].end(), {"VS_REFERENCE", "DRIFT"});
  rows[0].insert(rows[0].end(), {"DETECTS", "VERDICT"});
  for (const CaseResult& c : r.cases) {
    std::string verdict = VerdictName(c.verdict);
    for (char& ch : verdict) ch = ch == ' ' ? '_' : static_cast<char>(std::toupper(ch));
    std::vector<std::string> row = {c.name,       Us(c.baseline_us), Us(c.candidate_us),
                                    RatioText(c), IntervalText(c),   PText(c)};
    if (!r.ab) row.insert(row.end(), {RelativeText(c), DriftText(c)});
    row.insert(row.end(), {DetectableText(c), verdict});
    rows.push_back(std::move(row));
  }
  std::vector<size_t> widths(rows[0].size(), 0);
  for (const auto& row : rows) {
    for (size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
  }
  for (const auto& row : rows) {
    std::string line;
    for (size_t i = 0; i < row.size(); ++i) {
      absl::StrAppend(&line, absl::StrFormat("%-*s", static_cast<int>(widths[i]) + 2, row[i]));
    }
    line.erase(line.find_last_not_of(' ') + 1);
    absl::StrAppend(&out, line, "\n");
  }
  for (const CaseResult& c : r.cases) {
    if (Explained(c)) {
      absl::StrAppend(&out, "# ", c.name, ": ", VerdictName(c.verdict), ": ", c.detail, "\n");
    }
  }
  for (const std::string& note : r.notes) absl::StrAppend(&out, "# note: ", note, "\n");
  absl::StrAppend(&out, "# result: ", Outcome(r), "\n");
  return out;
}

std::string GateMarkdown(const GateReport& r) {
  std::string out = absl::StrCat("### symmbench gate: ",
                                 !r.passed()          ? ":x: failed"
                                 : r.inconclusive > 0 ? ":grey_question: inconclusive"
                                                      : ":white_check_mark: passed",
                                 "\n\n");
  absl::StrAppend(&out, "**", Outcome(r), "**\n\n");
  absl::StrAppend(
      &out, "- ",
      MarkdownCell(Describe(r.ab ? "compare kernel" : "baseline", r.baseline_name, r.baseline)),
      "\n- ",
      MarkdownCell(Describe(r.ab ? "kernel" : "candidate", r.ab ? r.candidate.spec().kernel() : "",
                            r.candidate)),
      "\n- Rule: ", Rule(r), " ([docs/gate.md](docs/gate.md))\n");
  if (!r.mismatch.empty())
    absl::StrAppend(&out, "- :warning: compared despite: ", r.mismatch, "\n");
  for (const std::string& note : r.notes) absl::StrAppend(&out, "- Note: ", note, "\n");
  absl::StrAppend(&out, "\n| case | baseline (us) | candidate (us) | ratio | ",
                  absl::StrFormat("%.4g%%", (1 - r.options.look_alpha()) * 100),
                  " interval | p | vs reference | drift | detects | verdict |\n"
                  "|---|---:|---:|---:|---|---:|---:|---:|---:|---|\n");
  for (const CaseResult* c : Ordered(r)) {
    const char* mark = IsFailure(c->verdict)                  ? ":x: "
                       : c->verdict == Verdict::kImproved     ? ":rocket: "
                       : c->verdict == Verdict::kInconclusive ? ":grey_question: "
                                                              : "";
    absl::StrAppend(&out, "| `", c->name, "` | ", Us(c->baseline_us), " | ", Us(c->candidate_us),
                    " | ", RatioText(*c), " | ", IntervalText(*c), " | ", PText(*c), " | ",
                    RelativeText(*c), " | ", DriftText(*c), " | ", DetectableText(*c), " | ", mark,
                    Explained(*c) ? absl::StrCat("**", VerdictName(c->verdict), "**")
                                  : std::string(VerdictName(c->verdict)),
                    " |\n");
  }
  std::string details;
  for (const CaseResult* c : Ordered(r)) {
    if (Explained(*c)) {
      absl::StrAppend(&details, "- `", c->name, "`: ", MarkdownCell(c->detail), "\n");
    }
  }
  if (!details.empty()) absl::StrAppend(&out, "\n", details);
  return out;
}

std::string GateJUnitXml(const GateReport& r) {
  const bool job_error = r.candidate_failed;
  const int tests = static_cast<int>(r.cases.size()) + (job_error ? 1 : 0);
  const int64_t end_ms = r.candidate.end_time_unix_ms() > 0 ? r.candidate.end_time_unix_ms()
                                                            : r.candidate.submit_time_unix_ms();
  const double suite_s =
      r.candidate.start_time_unix_ms() > 0 && r.candidate.end_time_unix_ms() > 0
          ? (r.candidate.end_time_unix_ms() - r.candidate.start_time_unix_ms()) / 1000.0
          : 0.0;
  const std::string host =
      r.candidate.machine().hostname().empty() ? "localhost" : r.candidate.machine().hostname();
  const std::string suite =
      absl::StrCat("symmbench gate ", r.baseline_name, " vs ", r.candidate.job_id());
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n";
  absl::StrAppend(&out, "  <testsuite package=\"symmbench.gate\" id=\"0\" name=\"",
                  XmlEscape(suite), "\" timestamp=\"", UtcTime(end_ms, "%Y-%m-%dT%H:%M:%S"),
                  "\" hostname=\"", XmlEscape(host), "\" tests=\"", tests, "\" failures=\"",
                  r.failures(), "\" errors=\"", job_error ? 1 : 0, "\" skipped=\"", r.inconclusive,
                  "\" time=\"", absl::StrFormat("%.3f", suite_s), "\">\n    <properties>\n");
  const std::vector<std::pair<std::string, std::string>> properties = {
      {"baseline", r.baseline_name},
      {"baseline_job", r.baseline.job_id()},
      {"candidate_job", r.candidate.job_id()},
      {"max_slowdown", absl::StrCat(r.options.max_slowdown)},
      {"alpha", absl::StrCat(r.options.alpha)},
      {"baseline_machine", Machine(r.baseline)},
      {"candidate_machine", Machine(r.candidate)},
      {"baseline_labels", Labels(r.baseline)},
      {"candidate_labels", Labels(r.candidate)},
  };
  for (const auto& [name, value] : properties) {
    absl::StrAppend(&out, "      <property name=\"", XmlEscape(name), "\" value=\"",
                    XmlEscape(value), "\"/>\n");
  }
  absl::StrAppend(&out, "    </properties>\n");
  for (const CaseResult& c : r.cases) {
    // time: the candidate's median time per operation, in seconds.
    absl::StrAppend(&out, "    <testcase classname=\"symmbench.", XmlEscape(c.kernel), ".",
                    XmlEscape(c.dtype), "\" name=\"", XmlEscape(c.size), "\" time=\"",
                    absl::StrFormat("%.9f", c.candidate_us / 1e6), "\"");
    if (c.verdict == Verdict::kInconclusive) {  // neither passed nor failed: skipped, with why
      absl::StrAppend(&out, ">\n      <skipped message=\"", XmlEscape(c.detail),
                      "\"/>\n    </testcase>\n");
      continue;
    }
    if (!IsFailure(c.verdict)) {
      absl::StrAppend(&out, "/>\n");
      continue;
    }
    absl::StrAppend(&out, ">\n      <failure message=\"", XmlEscape(c.detail), "\" type=\"",
                    VerdictName(c.verdict), "\">", XmlEscape(c.name), ": ", XmlEscape(c.detail),
                    "\nbaseline ", Us(c.baseline_us), " us, candidate ", Us(c.candidate_us),
                    " us, ratio ", RatioText(c), ", interval ", IntervalText(c), ", ",
                    XmlEscape(c.test), "</failure>\n    </testcase>\n");
  }
  if (job_error) {
    const std::string message =
        absl::StrCat("candidate job ", r.candidate.job_id(), " ",
                     v1::JobState_Name(r.candidate.state()), ": ", r.candidate.error());
    absl::StrAppend(&out,
                    "    <testcase classname=\"symmbench.gate\" name=\"candidate job\" "
                    "time=\"",
                    absl::StrFormat("%.3f", suite_s), "\">\n      <error message=\"",
                    XmlEscape(message), "\" type=\"job_failed\">", XmlEscape(message),
                    "</error>\n    </testcase>\n");
  }
  absl::StrAppend(&out, "    <system-out>", XmlEscape(GateTable(r)),
                  "</system-out>\n    <system-err></system-err>\n  </testsuite>\n</testsuites>\n");
  return out;
}

Json GateToJson(const GateReport& r) {
  Json cases = Json::array();
  for (const CaseResult& c : r.cases) {
    Json item = {{"name", c.name},
                 {"kernel", c.kernel},
                 {"dtype", c.dtype},
                 {"size", c.size},
                 {"baseline_us", c.baseline_us},
                 {"candidate_us", c.candidate_us},
                 {"ratio", c.ratio},
                 {"interval", {c.interval_low, c.interval_high}},
                 {"p_value", c.p_value},
                 {"test", c.test},
                 {"verdict", VerdictName(c.verdict)},
                 {"failed", IsFailure(c.verdict)},
                 {"detail", c.detail},
                 {"wrong", c.wrong},
                 {"injected_delay_us", c.injected_delay_us},
                 {"reference", c.reference},
                 {"relative_ratio", c.relative_ratio},
                 {"relative_interval", {c.relative_low, c.relative_high}},
                 {"relative_p_value", c.relative_p},
                 {"drift", c.drift},
                 {"drift_interval", {c.drift_low, c.drift_high}},
                 {"detectable_slowdown", c.detectable},
                 {"runs", c.runs},
                 {"against_build", c.against_build}};
    cases.push_back(item);
  }
  Json out = {{"passed", r.passed()},
              {"outcome", !r.passed()          ? "fail"
                          : r.inconclusive > 0 ? "inconclusive"
                                               : "pass"},
              {"baseline", r.baseline_name},
              {"baseline_job", r.baseline.job_id()},
              {"candidate_job", r.candidate.job_id()},
              {"candidate_state", v1::JobState_Name(r.candidate.state())},
              {"max_slowdown", r.options.max_slowdown},
              {"alpha", r.options.alpha},
              {"looks", r.options.looks},
              {"look_alpha", r.options.look_alpha()},
              {"inconclusive", r.inconclusive},
              {"drift", r.drift},
              {"more_runs", r.more_runs},
              {"against_build", r.against_build},
              {"regressed", r.regressed},
              {"missing", r.missing},
              {"wrong", r.wrong},
              {"improved", r.improved},
              {"new", r.new_cases},
              {"notes", r.notes},
              {"cases", cases},
              {"candidate_error", r.candidate.error()},
              {"mismatch", r.mismatch}};
  return out;
}

}  // namespace symmbench::client
