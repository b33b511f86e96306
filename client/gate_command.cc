// symmbench gate: baseline (stored or exported file), candidate (a job, or a spec run now),
// comparability check, comparison, table / JSON on stdout, Markdown and JUnit files.
#include "client/gate_command.h"

#include <sys/stat.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>
#include <thread>

#include "CLI/CLI.hpp"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/strip.h"
#include "client/baseline_command.h"
#include "client/cli.h"
#include "client/format.h"
#include "client/gate.h"
#include "client/gate_ab.h"
#include "client/gate_kept_build.h"
#include "client/gate_report.h"
#include "client/gate_rounds.h"
#include "client/rpc_util.h"
#include "client/spec.h"

namespace symmbench::client {
namespace {

bool IsRegularFile(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

absl::Status WriteFile(const std::string& path, const std::string& text, const char* flag) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file << text;
  file.close();
  if (!file) return absl::InternalError(absl::StrCat(flag, ": cannot write \"", path, "\""));
  return absl::OkStatus();
}

// Reports written when the gate cannot decide (exit 2), so that CI shows why: a Markdown note
// and a JUnit suite with one errored testcase.
void WriteErrorReports(const GateCommandOptions& options, const std::string& message) {
  if (!options.markdown.empty()) {
    (void)WriteFile(options.markdown,
                    absl::StrCat("### symmbench gate: :warning: no decision\n\n", message, "\n"),
                    "--markdown");
  }
  if (!options.junit.empty()) {
    const std::string timestamp =
        UtcTime(static_cast<int64_t>(std::time(nullptr)) * 1000, "%Y-%m-%dT%H:%M:%S");
    (void)WriteFile(
        options.junit,
        absl::StrCat("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
                     "  <testsuite package=\"symmbench.gate\" id=\"0\" name=\"symmbench gate\" "
                     "timestamp=\"",
                     timestamp,
                     "\" hostname=\"localhost\" tests=\"1\" failures=\"0\" errors=\"1\" "
                     "skipped=\"0\" time=\"0\">\n    <properties/>\n"
                     "    <testcase classname=\"symmbench.gate\" name=\"gate\" time=\"0\">\n"
                     "      <error message=\"",
                     XmlEscape(message), "\" type=\"gate_error\">", XmlEscape(message),
                     "</error>\n    </testcase>\n    <system-out></system-out>\n"
                     "    <system-err>",
                     XmlEscape(message), "</system-err>\n  </testsuite>\n</testsuites>\n"),
        "--junit");
  }
}

// No decision: the reports say why (WriteErrorReports), as do stderr and, with --json, stdout.
int Fail(const GlobalOptions& global, const GateCommandOptions& options, const absl::Status& why,
         std::ostream& out, std::ostream& err) {
  WriteErrorReports(options, std::string(why.message()));
  return ReportError(global, why, out, err, kGateError);
}

// The baseline: an exported file when `name_or_file` names one, else the stored baseline.
absl::StatusOr<v1::Baseline> LoadBaseline(Stub& stub, const GlobalOptions& global,
                                          const std::string& name_or_file) {
  if (IsRegularFile(name_or_file)) {
    std::ifstream in(name_or_file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return ParseBaselineJson(text.str(), absl::StrCat("--baseline ", name_or_file));
  }
  v1::GetBaselineRequest request;
  request.set_name(name_or_file);
  v1::Baseline baseline;
  grpc::Status s = stub.GetBaseline(UnaryContext(global).get(), request, &baseline);
  if (s.ok()) return baseline;
  std::string message = absl::StrCat("--baseline ", name_or_file, ": ",
                                     StatusCodeName(s.error_code()), ": ", s.error_message());
  if (s.error_code() == grpc::StatusCode::NOT_FOUND) {
    absl::StrAppend(&message, " (neither a file nor a baseline on coordinator ", global.coordinator,
                    "; `symmbench baseline list` shows them)");
  } else if (s.error_code() == grpc::StatusCode::UNAVAILABLE) {
    absl::StrAppend(&message, " (coordinator ", global.coordinator, ")");
  }
  return absl::Status(static_cast<absl::StatusCode>(s.error_code()), message);
}

absl::StatusOr<v1::Job> GetFinishedJob(Stub& stub, const GlobalOptions& global,
                                       const std::string& job_id) {
  v1::Job job;
  while (true) {
    grpc::Status s = GetJob(stub, global, job_id, &job);
    if (!s.ok()) {
      return absl::Status(static_cast<absl::StatusCode>(s.error_code()),
                          absl::StrCat("--candidate ", job_id, ": ", StatusCodeName(s.error_code()),
                                       ": ", s.error_message()));
    }
    if (IsFinal(job.state())) return job;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

// --run's spec with its labels, refused with --ab when it names no compare kernel.
absl::StatusOr<v1::JobSpec> RunSpec(const GateCommandOptions& options) {
  SpecFlags flags;
  flags.spec_file = options.run_spec;
  flags.labels = options.labels;
  absl::StatusOr<v1::JobSpec> spec = BuildJobSpec(flags);
  if (!spec.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--run ", options.run_spec, ": ", spec.status().message()));
  }
  if (options.ab && spec->sweep().compare_kernel().empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--run ", options.run_spec, ": --ab needs a spec with sweep.compare_kernel"));
  }
  return spec;
}

// Submits `spec` and waits for its job (whatever its final state).
absl::StatusOr<v1::Job> RunJob(Stub& stub, const GlobalOptions& global,
                               const GateCommandOptions& options, const v1::JobSpec& spec,
                               std::ostream& err) {
  v1::Job job;
  grpc::Status s = SubmitAndWait(stub, global, spec, &job);
  if (!s.ok()) {
    return absl::Status(static_cast<absl::StatusCode>(s.error_code()),
                        absl::StrCat("--run ", options.run_spec, ": ",
                                     StatusCodeName(s.error_code()), ": ", s.error_message()));
  }
  err << "# candidate " << job.job_id() << " " << JobStateName(job.state()) << "\n";
  return job;
}

// The candidate: --candidate's job (waiting for it to end), or `spec` (--run's) submitted now
// after checking that its machine and world size match the baseline's (unless allow_mismatch;
// no baseline with --ab).
absl::StatusOr<v1::Job> GetCandidate(Stub& stub, const GlobalOptions& global,
                                     const GateCommandOptions& options, const v1::JobSpec* spec,
                                     const v1::Baseline* baseline, std::ostream& err) {
  if (spec == nullptr) return GetFinishedJob(stub, global, options.candidate);
  if (baseline != nullptr &&
      !options.allow_mismatch) {  // refuse before spending the machine's time
    v1::ListDevicesResponse devices;
    grpc::Status s = ListDevices(stub, global, &devices);
    if (!s.ok()) {
      return absl::UnavailableError(absl::StrCat("ListDevices: ", StatusCodeName(s.error_code()),
                                                 ": ", s.error_message(), " (coordinator ",
                                                 global.coordinator, ")"));
    }
    v1::Job planned;
    *planned.mutable_spec() = *spec;
    *planned.mutable_machine() = devices.machine();
    planned.set_backend(devices.backend());
    if (absl::Status c = CheckComparable(baseline->job(), planned); !c.ok()) return c;
  }
  return RunJob(stub, global, options, *spec, err);
}

// Measures the report's inconclusive cases again while the options allow (--run only), each
// new run joining `candidate` as `how` says, deciding again after each (`decide` compares
// `candidate`). A run that fails ends the rounds with a note (the report keeps what was decided).
template <typename DecideFn>
void MeasureAgain(Stub& stub, const GlobalOptions& global, const GateCommandOptions& options,
                  const v1::JobSpec& spec, Rejoin how, v1::Job* candidate, GateReport* report,
                  DecideFn decide, std::ostream& err) {
  const auto start = std::chrono::steady_clock::now();
  auto elapsed_s = [&start] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  double last_run_s = 0;
  std::map<std::string, int> runs;  // per case measured again: the jobs that measured it
  std::vector<std::string> more_runs;
  std::vector<std::string> notes;
  for (int run = 2; run <= options.max_runs && report->inconclusive > 0 &&
                    report->failures() == 0 && !report->candidate_failed;
       ++run) {
    if (elapsed_s() + last_run_s > options.budget_s) {
      notes.push_back(
          absl::StrFormat("--budget-s %g: no time for run %d of %d (the last took %.0f s)",
                          options.budget_s, run, options.max_runs, last_run_s));
      break;
    }
    const std::optional<v1::JobSpec> again = RemeasureSpec(spec, *report);
    if (!again.has_value()) break;
    const double before = elapsed_s();
    err << "# " << report->inconclusive << " case(s) inconclusive: measuring them again (run "
        << run << " of at most " << options.max_runs << ")\n";
    absl::StatusOr<v1::Job> job = RunJob(stub, global, options, *again, err);
    last_run_s = elapsed_s() - before;
    if (!job.ok() || job->state() != v1::SUCCEEDED) {
      notes.push_back(
          absl::StrCat("run ", run, " to measure again ended without a result: ",
                       job.ok() ? absl::StrCat(job->job_id(), " ", v1::JobState_Name(job->state()),
                                               ": ", job->error())
                                : std::string(job.status().message())));
      break;
    }
    more_runs.push_back(job->job_id());
    for (const CaseResult& c : report->cases) {
      if (c.verdict == Verdict::kInconclusive) runs[c.name] = c.runs + 1;
    }
    PoolRun(*job, *report, how, candidate);
    *report = decide(*candidate);
    for (CaseResult& c : report->cases) {
      const auto it = runs.find(c.name);
      if (it != runs.end()) c.runs = it->second;
    }
  }
  report->more_runs = more_runs;
  for (std::string& note : notes) report->notes.push_back(std::move(note));
}

}  // namespace

absl::StatusOr<double> ParseSlowdown(const std::string& text) {
  absl::string_view number = absl::StripAsciiWhitespace(text);
  const bool percent = absl::ConsumeSuffix(&number, "%");
  double value = 0;
  if (!absl::SimpleAtod(number, &value) || !(value >= 0)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--max-slowdown: want a percentage like 5% or a fraction like 0.05 (got \"", text, "\")"));
  }
  if (!percent && value >= 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--max-slowdown: ", text, " is ambiguous: write ", text, "% for a percentage"));
  }
  const double fraction = percent ? value / 100 : value;
  if (fraction >= 10) {
    return absl::InvalidArgumentError(
        absl::StrCat("--max-slowdown: must be below 1000% (got \"", text, "\")"));
  }
  return fraction;
}

int RunGate(const GlobalOptions& global, const GateCommandOptions& options, std::ostream& out,
            std::ostream& err) {
  if (options.candidate.empty() == options.run_spec.empty()) {
    return Fail(
        global, options,
        absl::InvalidArgumentError("gate: give exactly one of --candidate JOB and --run SPEC"), out,
        err);
  }
  if (options.ab != options.baseline.empty()) {
    return Fail(global, options,
                absl::InvalidArgumentError(
                    options.ab ? "--baseline: not with --ab (the A/B job's compare kernel is its "
                                 "baseline)"
                               : "--baseline: required (NAME or FILE), or --ab for an A/B job"),
                out, err);
  }
  absl::StatusOr<double> slowdown = ParseSlowdown(options.max_slowdown);
  if (!slowdown.ok()) return Fail(global, options, slowdown.status(), out, err);
  if (!(options.alpha > 0 && options.alpha < 0.5)) {
    return Fail(global, options,
                absl::InvalidArgumentError(
                    absl::StrCat("--alpha: must be in (0, 0.5) (got ", options.alpha, ")")),
                out, err);
  }
  if (options.max_runs < 1 || options.max_runs > 20) {
    return Fail(global, options,
                absl::InvalidArgumentError(
                    absl::StrCat("--max-runs: must be in [1, 20] (got ", options.max_runs, ")")),
                out, err);
  }
  if (!(options.budget_s >= 0)) {
    return Fail(global, options,
                absl::InvalidArgumentError(
                    absl::StrCat("--budget-s: must be 0 or more (got ", options.budget_s, ")")),
                out, err);
  }
  GateOptions gate;
  gate.max_slowdown = *slowdown;
  gate.alpha = options.alpha;
  // Each look at alpha / looks: only --run can measure again.
  gate.looks = options.run_spec.empty() ? 1 : options.max_runs;

  std::unique_ptr<Stub> stub = MakeStub(global);
  std::optional<v1::JobSpec> spec;
  if (!options.run_spec.empty()) {
    absl::StatusOr<v1::JobSpec> built = RunSpec(options);
    if (!built.ok()) return Fail(global, options, built.status(), out, err);
    spec = *built;
  }
  const v1::JobSpec* run = spec.has_value() ? &*spec : nullptr;
  GateReport report;
  if (options.ab) {
    absl::StatusOr<v1::Job> job = GetCandidate(*stub, global, options, run, nullptr, err);
    if (!job.ok()) return Fail(global, options, job.status(), out, err);
    if (absl::Status s = CheckAbJob(*job); !s.ok()) return Fail(global, options, s, out, err);
    auto decide = [&gate](const v1::Job& pooled) { return CompareAb(pooled, gate); };
    report = decide(*job);
    if (run != nullptr) {
      MeasureAgain(*stub, global, options, *run, Rejoin::kPool, &*job, &report, decide, err);
    }
  } else {
    absl::StatusOr<v1::Baseline> baseline = LoadBaseline(*stub, global, options.baseline);
    if (!baseline.ok()) return Fail(global, options, baseline.status(), out, err);
    // A baseline that kept its plugin build: the candidate runs A/B against it.
    if (run != nullptr) {
      if (std::optional<v1::JobSpec> against = AgainstKeptBuild(*run, *baseline)) {
        spec = *std::move(against);
      }
    }
    absl::StatusOr<v1::Job> candidate = GetCandidate(*stub, global, options, run, &*baseline, err);
    if (!candidate.ok()) return Fail(global, options, candidate.status(), out, err);
    std::string mismatch;
    if (absl::Status c = CheckComparable(baseline->job(), *candidate); !c.ok()) {
      if (!options.allow_mismatch) return Fail(global, options, c, out, err);
      mismatch = std::string(c.message());
    }
    const bool pairs = TimedAgainstKeptBuild(*candidate, *baseline);
    auto decide = [&](const v1::Job& pooled) {
      GateReport r = Compare(baseline->name(), baseline->job(), pooled, gate);
      r.mismatch = mismatch;
      if (pairs) DecideFromKeptBuild(CompareAb(pooled, gate), *baseline, &r);
      return r;
    };
    report = decide(*candidate);
    if (run != nullptr) {
      // Pairs pool over runs (each carries its own control); a saved comparison looks afresh.
      MeasureAgain(*stub, global, options, *run, pairs ? Rejoin::kPool : Rejoin::kReplace,
                   &*candidate, &report, decide, err);
    }
  }

  if (!options.markdown.empty()) {
    if (absl::Status s = WriteFile(options.markdown, GateMarkdown(report), "--markdown"); !s.ok()) {
      return ReportError(global, s, out, err, kGateError);
    }
  }
  if (!options.junit.empty()) {
    if (absl::Status s = WriteFile(options.junit, GateJUnitXml(report), "--junit"); !s.ok()) {
      return ReportError(global, s, out, err, kGateError);
    }
  }
  if (global.json) {
    out << GateToJson(report).dump() << "\n";
  } else {
    out << GateTable(report);
  }
  if (!report.passed()) return kGateRegression;
  return report.inconclusive > 0 ? kGateInconclusive : kGatePass;
}

void AddGateCommand(CommandLine* cli) {
  auto options = std::make_shared<GateCommandOptions>();
  CLI::App* gate = cli->app()->add_subcommand(
      "gate",
      "Compare a candidate run with a baseline, case by case, noise- and drift-aware "
      "(docs/gate.md).\nExit codes: 0 pass, 1 a case regressed, is missing or wrong, 2 error "
      "(no decision), 3 some case inconclusive (none failed)");
  gate->add_option("--baseline", options->baseline,
                   "Stored baseline name, or a file from `baseline export` (not with --ab)");
  gate->add_flag("--ab", options->ab,
                 "Gate an A/B job (spec with sweep.compare_kernel) on its paired ratios: the "
                 "kernel against its compare kernel, timed in the same passes");
  gate->add_option("--candidate", options->candidate, "Job to gate (waits for it to end)");
  gate->add_option("--run", options->run_spec, "JobSpec JSON file: submit it now and gate the job")
      ->check(CLI::ExistingFile);
  gate->add_option("--label", options->labels,
                   "KEY=VALUE label for the --run job (repeatable), e.g. git_sha=...")
      ->allow_extra_args(false);
  gate->add_option("--max-slowdown", options->max_slowdown,
                   "Slower by more than this fails (with significance): 5% or 0.05")
      ->capture_default_str();
  gate->add_option("--alpha", options->alpha,
                   "Significance level of the gate (with --run, each look at alpha / "
                   "max-runs); intervals at 1 - that")
      ->capture_default_str();
  gate->add_option("--max-runs", options->max_runs,
                   "With --run: jobs in all, the first and those measuring inconclusive cases "
                   "again (1: never measure again); each look tests at alpha / max-runs")
      ->capture_default_str();
  gate->add_option("--budget-s", options->budget_s,
                   "With --run: seconds to spend measuring again (no run starts that the last "
                   "one's duration would carry past them)")
      ->capture_default_str();
  gate->add_option("--markdown", options->markdown, "Write a Markdown summary (PR comment)");
  gate->add_option("--junit", options->junit, "Write JUnit XML");
  gate->add_flag("--allow-mismatch", options->allow_mismatch,
                 "Compare even runs of different GPU models or world sizes");
  cli->AddJsonFlag(gate);
  cli->OnCommand(gate,
                 [options](const GlobalOptions& global, std::ostream& out, std::ostream& err) {
                   return RunGate(global, *options, out, err);
                 });
}

}  // namespace symmbench::client
