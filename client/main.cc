// symmbench: the command-line client of symmbenchd. CLI11 wiring, the checks made before it
// parses (a misspelled command, --json for errors) and where the coordinator's address comes
// from; the subcommands are in commands.cc, main_job.cc, tune.cc, gate_command.cc and beside.
#include <algorithm>
#include <cstdlib>
#include <initializer_list>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "CLI/CLI.hpp"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "client/baseline_command.h"
#include "client/calibrate.h"
#include "client/commands.h"
#include "client/format.h"
#include "client/gate_command.h"
#include "client/main_job.h"
#include "client/plot.h"
#include "client/rpc_util.h"
#include "client/tune.h"
#include "common/build_info.h"
#include "common/did_you_mean.h"

namespace {

using symmbench::client::GlobalOptions;
using symmbench::client::ListOptions;
using symmbench::client::SubmitOptions;

// Adds an option whose value lands in `target` only when it is given on the command line.
template <typename T>
CLI::Option* AddOptional(CLI::App* app, const std::string& name, std::optional<T>* target,
                         const std::string& help) {
  return app->add_option_function<T>(
      name, [target](const T& value) { *target = value; }, help);
}

// --json is accepted before and after the subcommand.
void AddJsonFlag(CLI::App* sub, bool* json) {
  sub->add_flag("--json", *json, "Print exactly one JSON object on stdout");
}

void AddSubmitFlags(CLI::App* submit, SubmitOptions* options) {
  symmbench::client::SpecFlags& f = options->spec;
  AddOptional(submit, "--kernel", &f.kernel, "Kernel under test [default: one_shot_all_reduce]");
  AddOptional(submit, "--world-size", &f.world_size,
              "Number of ranks, one device each (required unless set in --spec)");
  AddOptional(submit, "--dtype", &f.dtype,
              "Element type: bf16, fp16, fp32, or fp8_e4m3 (GEMM ops: e4m3 inputs, bf16 output); "
              "all: every dtype the kernel takes, one after the other in one job [default: bf16]");
  AddOptional(submit, "--min-bytes", &f.min_bytes,
              "Smallest size per rank buffer; bytes or K/M/G suffix (1024^k), e.g. 2K");
  AddOptional(submit, "--max-bytes", &f.max_bytes,
              "Largest size per rank buffer, included; e.g. 64M");
  AddOptional(submit, "--step-factor", &f.step_factor,
              "Multiply the size by this between steps [default: 2]");
  AddOptional(submit, "--sizes", &f.sizes,
              "Comma-separated sizes, e.g. 2K,64K,1M (replaces the min/max sweep)");
  AddOptional(submit, "--warmup", &f.warmup_iters,
              "Untimed iterations before timing [default: 20]");
  AddOptional(submit, "--iters", &f.iters, "Timed iterations per size [default: 100]");
  CLI::Option* check = submit->add_flag_function(
      "--check", [&f](std::int64_t) { f.check = true; },
      "Verify every size against the reference (NCCL / plain sum) [default: on]");
  CLI::Option* no_check = submit->add_flag_function(
      "--no-check", [&f](std::int64_t) { f.check = false; }, "Skip verification");
  // Checked by hand rather than with excludes(), which clutters the help text.
  submit->parse_complete_callback([check, no_check] {
    if (check->count() > 0 && no_check->count() > 0) {
      throw CLI::ValidationError("--no-check", "cannot be combined with --check");
    }
  });
  AddOptional(submit, "--backend", &f.backend, "auto, cuda or cpu [default: auto]");
  submit->add_option("--label", f.labels, "KEY=VALUE label kept with the record (repeatable)")
      ->allow_extra_args(false);  // one KEY=VALUE per --label
  AddOptional(submit, "--job-timeout-s", &f.job_timeout_s,
              "Wall-clock limit for the whole job [default: the daemon's]");
  AddOptional(submit, "--nodes", &f.nodes,
              "Hosts to spread the ranks over (a daemon with --launcher slurm); default 1");
  submit->add_flag_function(
      "--per-host-teams", [&f](std::int64_t) { f.per_host_teams = true; },
      "All-reduce kernels: one team per host on its symmetric memory, plus a baseline over "
      "every rank across hosts");
  AddOptional(submit, "--compare-kernel", &f.compare_kernel,
              "A/B in one job: a second implementation of what --kernel computes (a built-in "
              "kernel, a plugin op, another build), timed loop for loop in the same passes; "
              "`symmbench gate --ab` decides from the pairs");
  submit->add_flag_function(
      "--per-iteration", [&f](std::int64_t) { f.per_iteration = true; },
      "Time every eager iteration on its own (nccl-tests' per-iteration statistics; iters x "
      "repeats <= 20000): samples and --iteration-stats are single iterations");
  AddOptional(submit, "--skip-first", &f.skip_first,
              "Leave the first K samples of every timing loop out of the sample statistics");
  submit->add_flag_function(
      "--in-place", [&f](std::int64_t) { f.in_place = true; },
      "In-place figures beside the out-of-place ones (nccl-tests' in-place columns); refused "
      "for a kernel without an in-place form. Default: both where the kernel has one");
  submit->add_flag_function(
      "--out-of-place", [&f](std::int64_t) { f.out_of_place = true; },
      "Out-of-place figures only (no in-place loops)");
  AddOptional(submit, "--misalign", &f.misalign,
              "Misaligned buffers (nccl-tests' misaligned runs): every buffer of the kernel and "
              "its references starts BYTES past a 16-byte boundary; a multiple of the element "
              "size below 16; every built-in size-swept kernel");
  submit->add_flag_function(
      "--graph", [&f](std::int64_t) { f.graph = true; },
      "Also time CUDA-graph replays of the kernel and the baselines: graphs of iters / 10 "
      "operations, each replay timed on its own");
  AddOptional(submit, "--graph-launches", &f.graph_launches,
              "Graph mode as nccl-tests' -G N (implies --graph): one graph of all iters "
              "operations, launched N times under one timer pair, one sample per timing loop "
              "(1..100)");
  AddOptional(submit, "--repeats", &f.repeats,
              "Timing loops per size, each with its own warm-up; every sample is kept for "
              "`symmbench gate` (1..100) [default: 5]");
  AddOptional(submit, "--inject-delay-us", &f.inject_delay_us,
              "Fault injection: add this many microseconds to every timed op of the kernel "
              "(the daemon must run with --allow-fault-injection)");
  AddOptional(submit, "--inject-delay-min-bytes", &f.inject_delay_min_bytes,
              "Fault injection: smallest size delayed, e.g. 64K [default: 0]");
  AddOptional(submit, "--inject-delay-max-bytes", &f.inject_delay_max_bytes,
              "Fault injection: largest size delayed [default: no bound]");
  AddOptional(submit, "--shapes", &f.shapes,
              "GEMM ops (ag_gemm, matmul_reduce_scatter): comma-separated MxNxK problems, e.g. "
              "4096x6656x16384,8192x8192x8192 (matmul_reduce_scatter: K is split over the ranks)");
  AddOptional(submit, "--splits-per-rank", &f.splits_per_rank,
              "GEMM ops: chunks per rank's shard: auto or 1, 2, 4, ... [default: auto]");
  AddOptional(submit, "--fp8-scaling", &f.fp8_scaling,
              "GEMM ops with --dtype fp8_e4m3: tensorwise (one scale per matrix) or rowwise (per "
              "row of A, per column of B) [default: tensorwise]");
  AddOptional(submit, "--variants", &f.variants,
              "GEMM ops: variants to time: fused,all_gather (ag_gemm) or reduce_scatter "
              "(matmul_reduce_scatter),gemm,sequential [default: all]");
  submit
      ->add_option("--spec", f.spec_file,
                   "JobSpec JSON file (proto field names); flags override its fields")
      ->check(CLI::ExistingFile);
  submit->add_flag("--wait", options->wait,
                   "Follow the job until it ends; exit 0 only if it SUCCEEDED");
}

// The report flags of submit --wait, watch and status (client/run_report.h). Returns the
// --min-busbw option, whose count says whether it was given.
CLI::Option* AddReportFlags(CLI::App* sub, symmbench::client::ReportOptions* report) {
  sub->add_option("--stat", report->view.stat,
                  "Time column: median, mean or min of each rank's samples (nccl-tests reports "
                  "the mean) [default: median]");
  sub->add_option("--ranks", report->view.ranks,
                  "Reduce the ranks' times with max, min, avg, or take rank 0's (nccl-tests -a) "
                  "[default: max]");
  sub->add_flag("--per-rank", report->per_rank,
                "Also print each rank's times per size, stragglers marked");
  sub->add_flag("--iteration-stats", report->iteration_stats,
                "Also print min/p50/p95/p99/max/mean/cv of the samples per size");
  sub->add_option("--nccl-tests-json", report->nccl_tests_json,
                  "Write the job as nccl-tests' JSON document (its -J) to this file");
  return sub->add_option("--min-busbw", report->min_busbw_gbps,
                         "Exit 1 when the average bus bandwidth is below this many GB/s "
                         "(nccl-tests' NCCL_TESTS_MIN_BW, read when the flag is not given)");
}

// The verb as typed: the first argument that is neither an option nor an option's value.
std::string TypedVerb(const CLI::App& app, int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.empty() || arg[0] != '-') return arg;
    if (arg.find('=') != std::string::npos) continue;
    const CLI::Option* option = app.get_option_no_throw(arg);
    if (option != nullptr && option->get_items_expected_min() > 0) ++i;  // skip its value
  }
  return "";
}

// Whether any argument is one of `names` (before the options are parsed: --json, so that even
// an error found then is one JSON object; --help or --version, which need no command).
bool AnyArgument(int argc, char** argv, std::initializer_list<const char*> names) {
  for (int i = 1; i < argc; ++i) {
    for (const char* name : names) {
      if (std::string(argv[i]) == name) return true;
    }
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  GlobalOptions global;
  bool json_after_subcommand = false;
  int timeout_s = static_cast<int>(global.rpc_timeout.count());

  CLI::App app{
      "symmbench: submit, follow and inspect symmbench benchmark jobs.\n"
      "Exit codes: 0 success (job SUCCEEDED), 1 job FAILED or CANCELLED, "
      "2 usage or RPC error."};
  app.require_subcommand(1);
  app.fallthrough();  // global options may also follow the subcommand
  app.set_version_flag("--version", symmbench::VersionText("symmbench"));
  CLI::Option* coordinator =
      app.add_option("--coordinator", global.coordinator,
                     "Address of symmbenchd (host:port; default: $SYMMBENCH_COORDINATOR, else " +
                         std::string(symmbench::client::kDefaultCoordinator) + ")");
  app.add_flag("--json", global.json, "Print exactly one JSON object on stdout");
  app.add_option("--timeout-s", timeout_s, "Deadline of each unary RPC, in seconds")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  symmbench::client::SecurityFlags security;
  app.add_option("--token-file", security.token_file,
                 "File holding the bearer token (mode 600/640; default: $SYMMBENCH_TOKEN_FILE)");
  app.add_option("--tls-ca", security.tls_ca,
                 "Connect with TLS, verifying symmbenchd's certificate with this CA (PEM)");
  app.add_option("--tls-cert", security.tls_cert,
                 "Client certificate (PEM) for a daemon started with --tls-client-ca");
  app.add_option("--tls-key", security.tls_key, "Private key of --tls-cert (PEM)");
  app.add_option("--tls-server-name", security.tls_server_name,
                 "Name expected in symmbenchd's certificate (default: the --coordinator host)");

  SubmitOptions submit_options;
  CLI::App* submit = app.add_subcommand("submit", "Submit a benchmark job");
  // A flag given twice takes its last value (scripts append overrides to default arguments).
  submit->option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  AddSubmitFlags(submit, &submit_options);
  CLI::Option* submit_min_busbw = AddReportFlags(submit, &submit_options.report);
  AddJsonFlag(submit, &json_after_subcommand);

  std::string job_id;
  CLI::App* watch = app.add_subcommand("watch", "Follow a job until it ends, rows as they arrive");
  CLI::App* status = app.add_subcommand("status", "Show a job (exit 1 if FAILED or CANCELLED)");
  CLI::App* cancel = app.add_subcommand("cancel", "Cancel a queued or running job");
  for (CLI::App* sub : {watch, status, cancel}) {
    sub->add_option("JOB", job_id, "Job id, e.g. j-000003")->required();
    AddJsonFlag(sub, &json_after_subcommand);
  }
  symmbench::client::ReportOptions report;
  CLI::Option* watch_min_busbw = AddReportFlags(watch, &report);
  CLI::Option* status_min_busbw = AddReportFlags(status, &report);

  symmbench::client::TuneOptions tune_options;
  CLI::App* tune = app.add_subcommand(
      "tune",
      "Measure a dispatcher's candidates (all_reduce: one-shot, two-shot, push one-shot) and NCCL "
      "over a sweep; store its dispatch table");
  tune->add_option("--op", tune_options.op, "all_reduce, all_gather or reduce_scatter")
      ->capture_default_str();
  tune->add_option("--world-size", tune_options.world_size, "Ranks (0: every device)");
  tune->add_option("--dtype", tune_options.dtype, "bf16, fp16 or fp32")->capture_default_str();
  tune->add_option("--min-bytes", tune_options.min_bytes, "Smallest size")->capture_default_str();
  tune->add_option("--max-bytes", tune_options.max_bytes, "Largest size")->capture_default_str();
  tune->add_option("--step-factor", tune_options.step_factor, "Size step")->capture_default_str();
  tune->add_option("--warmup", tune_options.warmup, "Warm-up iterations")->capture_default_str();
  tune->add_option("--iters", tune_options.iters, "Timed iterations")->capture_default_str();
  tune->add_flag("--dry-run", tune_options.dry_run, "Print the table without storing it");
  AddJsonFlag(tune, &json_after_subcommand);

  symmbench::client::CalibrateOptions calibrate_options;
  CLI::App* calibrate = app.add_subcommand(
      "calibrate",
      "Measure this machine's ceilings (peer copy, latency floor, GEMM) for rooflines");
  calibrate->add_option("--world-size", calibrate_options.world_size, "Ranks (0: every device)");
  calibrate->add_option("--copy-bytes", calibrate_options.copy_bytes, "Peer-copy size")
      ->capture_default_str();
  calibrate->add_option("--warmup", calibrate_options.warmup, "Warm-up iterations")
      ->capture_default_str();
  calibrate->add_option("--iters", calibrate_options.iters, "Timed iterations")
      ->capture_default_str();
  AddJsonFlag(calibrate, &json_after_subcommand);

  symmbench::client::PlotOptions plot_options;
  CLI::App* plot = app.add_subcommand(
      "plot",
      "Draw jobs (ids, or --json files) with gnuplot: time and busbw vs size, or AG-GEMM bars");
  plot->add_option("JOB", plot_options.jobs, "Job ids or job JSON files")->required();
  plot->add_option("--out", plot_options.out, "Output .png or .svg")->required();
  plot->add_option("--title", plot_options.title, "Title (default: kernels and dtypes)");

  ListOptions list_options;
  CLI::App* list = app.add_subcommand("list", "List jobs, newest first");
  list->add_option("--limit", list_options.limit, "At most this many jobs (0: the daemon's 100)");
  list->add_option("--state", list_options.state,
                   "Only jobs in this state: QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED");
  AddJsonFlag(list, &json_after_subcommand);

  CLI::App* devices = app.add_subcommand("devices", "List devices, backend and kernels");
  AddJsonFlag(devices, &json_after_subcommand);

  symmbench::client::MainJobOptions run_options;
  CLI::App* run = app.add_subcommand(
      "run",
      "Run the main job on every device: the all-reduce sweep (all_reduce, one-shot, two-shot, "
      "push one-shot, NCCL) and AG-GEMM, verified, in one report");
  run->add_option("--world-size", run_options.world_size, "Ranks (0: every device)")
      ->capture_default_str();
  AddJsonFlag(run, &json_after_subcommand);

  symmbench::client::GateCommandOptions gate_options;
  CLI::App* gate = app.add_subcommand(
      "gate",
      "Compare a candidate run with a baseline, case by case, noise-aware (docs/gate.md).\n"
      "Exit codes: 0 pass, 1 a case regressed, is missing or wrong, 2 error (no decision)");
  gate->add_option("--baseline", gate_options.baseline,
                   "Stored baseline name, or a file from `baseline export` (not with --ab)");
  gate->add_flag("--ab", gate_options.ab,
                 "Gate an A/B job (spec with sweep.compare_kernel) on its paired ratios: the "
                 "kernel against its compare kernel, timed in the same passes");
  gate->add_option("--candidate", gate_options.candidate, "Job to gate (waits for it to end)");
  gate->add_option("--run", gate_options.run_spec,
                   "JobSpec JSON file: submit it now and gate the job")
      ->check(CLI::ExistingFile);
  gate->add_option("--label", gate_options.labels,
                   "KEY=VALUE label for the --run job (repeatable), e.g. git_sha=...")
      ->allow_extra_args(false);
  gate->add_option("--max-slowdown", gate_options.max_slowdown,
                   "Slower by more than this fails (with significance): 5% or 0.05")
      ->capture_default_str();
  gate->add_option("--alpha", gate_options.alpha,
                   "Significance level of the rank test; interval at 1 - alpha")
      ->capture_default_str();
  gate->add_option("--markdown", gate_options.markdown, "Write a Markdown summary (PR comment)");
  gate->add_option("--junit", gate_options.junit, "Write JUnit XML");
  gate->add_flag("--allow-mismatch", gate_options.allow_mismatch,
                 "Compare even runs of different GPU models or world sizes");
  AddJsonFlag(gate, &json_after_subcommand);

  symmbench::client::BaselineCommandOptions baseline_options;
  CLI::App* baseline = app.add_subcommand("baseline", "Baselines of `symmbench gate`");
  baseline->require_subcommand(1);
  CLI::App* baseline_save =
      baseline->add_subcommand("save", "Keep a SUCCEEDED job as a named baseline");
  baseline_save->add_option("JOB", baseline_options.job_id, "Job id")->required();
  baseline_save->add_option("--name", baseline_options.name, "Baseline name, e.g. main")
      ->required();
  baseline_save->add_flag("--force", baseline_options.force,
                          "Replace an existing baseline of that name");
  CLI::App* baseline_list = baseline->add_subcommand("list", "List the stored baselines");
  CLI::App* baseline_export =
      baseline->add_subcommand("export", "Print a baseline as JSON (> file.json)");
  baseline_export->add_option("NAME", baseline_options.name, "Baseline name")->required();
  CLI::App* baseline_import =
      baseline->add_subcommand("import", "Store a baseline from an exported JSON file");
  baseline_import->add_option("FILE", baseline_options.file, "Exported baseline")
      ->required()
      ->check(CLI::ExistingFile);
  baseline_import->add_option("--name", baseline_options.name, "Store it under this name");
  baseline_import->add_flag("--force", baseline_options.force,
                            "Replace an existing baseline of that name");
  for (CLI::App* sub : {baseline_save, baseline_list, baseline_import}) {
    AddJsonFlag(sub, &json_after_subcommand);
  }

  namespace sc = symmbench::client;
  global.json = AnyArgument(argc, argv, {"--json"});  // until the options are parsed
  std::vector<std::string> verbs;
  for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    verbs.push_back(sub->get_name());
  }
  const std::string verb = TypedVerb(app, argc, argv);
  const std::string commands =
      absl::StrCat(" (commands: ", absl::StrJoin(verbs, ", "), "; symmbench --help)");
  if (!verb.empty() && std::find(verbs.begin(), verbs.end(), verb) == verbs.end()) {
    return sc::ReportError(
        global,
        absl::InvalidArgumentError(absl::StrCat(
            "unknown command \"", verb, "\"", symmbench::DidYouMeanSuffix(verb, verbs), commands)),
        std::cout, std::cerr);
  }
  if (verb.empty() && !AnyArgument(argc, argv, {"--help", "-h", "--version"})) {
    return sc::ReportError(global,
                           absl::InvalidArgumentError(absl::StrCat("no command given", commands)),
                           std::cout, std::cerr);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);  // usage on stderr; --help and --version exit 0
    if (code == 0) return sc::kExitOk;
    if (global.json) std::cout << sc::ErrorToJson("INVALID_ARGUMENT", e.what()).dump() << "\n";
    return sc::kExitError;
  }
  global.json = global.json || json_after_subcommand;
  global.rpc_timeout = std::chrono::seconds(timeout_s);
  if (coordinator->count() > 0) {
    global.coordinator_source = "--coordinator";
  } else if (const char* env = std::getenv("SYMMBENCH_COORDINATOR"); env != nullptr && *env) {
    global.coordinator = env;
    global.coordinator_source = "SYMMBENCH_COORDINATOR";
  }
  if (absl::Status s = sc::LoadClientSecurity(security, &global); !s.ok()) {
    return sc::ReportError(global, s, std::cout, std::cerr);
  }

  const std::vector<std::string> args(argv, argv + argc);
  submit_options.report.args = args;
  report.args = args;
  if (app.got_subcommand(submit)) {
    if (absl::Status s =
            sc::ResolveReportOptions(submit_min_busbw->count() > 0, &submit_options.report);
        !s.ok()) {
      return sc::ReportError(global, s, std::cout, std::cerr);
    }
    return sc::RunSubmit(global, submit_options, std::cout, std::cerr);
  }
  if (app.got_subcommand(watch) || app.got_subcommand(status)) {
    const bool given = watch_min_busbw->count() + status_min_busbw->count() > 0;
    if (absl::Status s = sc::ResolveReportOptions(given, &report); !s.ok()) {
      return sc::ReportError(global, s, std::cout, std::cerr);
    }
    return app.got_subcommand(watch) ? sc::RunWatch(global, job_id, std::cout, std::cerr, report)
                                     : sc::RunStatus(global, job_id, std::cout, std::cerr, report);
  }
  if (app.got_subcommand(list)) return sc::RunList(global, list_options, std::cout, std::cerr);
  if (app.got_subcommand(cancel)) return sc::RunCancel(global, job_id, std::cout, std::cerr);
  if (app.got_subcommand(devices)) return sc::RunDevices(global, std::cout, std::cerr);
  if (app.got_subcommand(run)) return sc::RunMainJob(global, run_options, std::cout, std::cerr);
  if (app.got_subcommand(tune)) return sc::RunTune(global, tune_options, std::cout, std::cerr);
  if (app.got_subcommand(plot)) return sc::RunPlot(global, plot_options, std::cout, std::cerr);
  if (app.got_subcommand(calibrate)) {
    return sc::RunCalibrate(global, calibrate_options, std::cout, std::cerr);
  }
  if (app.got_subcommand(gate)) return sc::RunGate(global, gate_options, std::cout, std::cerr);
  if (baseline->got_subcommand(baseline_save)) {
    return sc::RunBaselineSave(global, baseline_options, std::cout, std::cerr);
  }
  if (baseline->got_subcommand(baseline_list)) {
    return sc::RunBaselineList(global, std::cout, std::cerr);
  }
  if (baseline->got_subcommand(baseline_export)) {
    return sc::RunBaselineExport(global, baseline_options, std::cout, std::cerr);
  }
  if (baseline->got_subcommand(baseline_import)) {
    return sc::RunBaselineImport(global, baseline_options, std::cout, std::cerr);
  }
  return sc::kExitError;
}
