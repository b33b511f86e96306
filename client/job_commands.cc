// The job commands' flags and runs: submit, watch, status, cancel, list, devices.
#include <memory>
#include <string>

#include "CLI/CLI.hpp"
#include "client/cli.h"
#include "client/commands.h"
#include "client/rpc_util.h"

namespace symmbench::client {
namespace {

// The report flags of submit --wait, watch and status (client/run_report.h). Returns the
// --min-busbw option, whose count says whether it was given.
CLI::Option* AddReportFlags(CLI::App* sub, ReportOptions* report) {
  sub->add_option("--format", report->format,
                  "table: ours, with the reference beside each row; nccl-tests: nccl-tests' own "
                  "table, which its parsers read [default: table]");
  sub->add_option("--stat", report->stat_flag,
                  "Time column: median, mean or min of each rank's samples [default: median; "
                  "mean in --format nccl-tests and --nccl-tests-json, as nccl-tests]");
  sub->add_option("--ranks", report->ranks_flag,
                  "Reduce the ranks' times with max, min, avg, or take rank 0's (nccl-tests -a) "
                  "[default: max; avg in --format nccl-tests and --nccl-tests-json, as "
                  "nccl-tests' -a 1]");
  sub->add_flag("--per-rank", report->per_rank,
                "Also print each rank's times per size, stragglers marked");
  sub->add_flag("--iteration-stats", report->iteration_stats,
                "Also print min/p50/p95/p99/max/mean/cv of the samples per size");
  sub->add_option("--nccl-tests-json", report->nccl_tests_json,
                  "Write the job as nccl-tests' JSON document (its -J) to this file (a new one "
                  "unless --overwrite)");
  sub->add_flag("--overwrite", report->overwrite, "Replace an existing --nccl-tests-json file");
  return sub->add_option("--min-busbw", report->min_busbw_gbps,
                         "Exit 1 when the average bus bandwidth is below this many GB/s "
                         "(nccl-tests' NCCL_TESTS_MIN_BW, read when the flag is not given)");
}

// The report options of a command's run: the command line, and NCCL_TESTS_MIN_BW when
// --min-busbw was not given (ResolveReportOptions).
absl::Status ResolveReport(const CommandLine& cli, const CLI::Option* min_busbw,
                           ReportOptions* report) {
  report->args = cli.args();
  return ResolveReportOptions(min_busbw->count() > 0, report);
}

}  // namespace

void AddJobCommands(CommandLine* cli) {
  CLI::App* app = cli->app();
  auto submit_options = std::make_shared<SubmitOptions>();
  CLI::App* submit = app->add_subcommand("submit", "Submit a benchmark job");
  // A flag given twice takes its last value (scripts append overrides to default arguments).
  submit->option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  AddSpecFlags(submit, &submit_options->spec);
  submit->add_flag("--wait", submit_options->wait,
                   "Follow the job until it ends; exit 0 only if it SUCCEEDED");
  submit->add_flag("--cancel-on-interrupt", submit_options->cancel_on_interrupt,
                   "With --wait: Ctrl-C cancels the job (without it the job keeps running on "
                   "the coordinator, and the client says so)");
  CLI::Option* submit_min_busbw = AddReportFlags(submit, &submit_options->report);
  cli->AddJsonFlag(submit);
  cli->OnCommand(submit, [cli, submit_options, submit_min_busbw](
                             const GlobalOptions& global, std::ostream& out, std::ostream& err) {
    if (absl::Status s = ResolveReport(*cli, submit_min_busbw, &submit_options->report); !s.ok()) {
      return ReportError(global, s, out, err);
    }
    return RunSubmit(global, *submit_options, out, err);
  });

  auto job_id = std::make_shared<std::string>();
  auto report = std::make_shared<ReportOptions>();
  CLI::App* watch = app->add_subcommand("watch", "Follow a job until it ends, rows as they arrive");
  CLI::App* status = app->add_subcommand("status", "Show a job (exit 1 if FAILED or CANCELLED)");
  CLI::App* cancel = app->add_subcommand("cancel", "Cancel a queued or running job");
  for (CLI::App* sub : {watch, status, cancel}) {
    sub->add_option("JOB", *job_id, "Job id, e.g. j-000003")->required();
    cli->AddJsonFlag(sub);
  }
  for (CLI::App* sub : {watch, status}) {
    const bool is_watch = sub == watch;
    CLI::Option* min_busbw = AddReportFlags(sub, report.get());
    cli->OnCommand(sub, [cli, job_id, report, min_busbw, is_watch](
                            const GlobalOptions& global, std::ostream& out, std::ostream& err) {
      if (absl::Status s = ResolveReport(*cli, min_busbw, report.get()); !s.ok()) {
        return ReportError(global, s, out, err);
      }
      return is_watch ? RunWatch(global, *job_id, out, err, *report)
                      : RunStatus(global, *job_id, out, err, *report);
    });
  }
  cli->OnCommand(cancel,
                 [job_id](const GlobalOptions& global, std::ostream& out, std::ostream& err) {
                   return RunCancel(global, *job_id, out, err);
                 });

  auto list_options = std::make_shared<ListOptions>();
  CLI::App* list = app->add_subcommand("list", "List jobs, newest first");
  list->add_option("--limit", list_options->limit, "At most this many jobs (0: the daemon's 100)");
  list->add_option("--state", list_options->state,
                   "Only jobs in this state: QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED");
  cli->AddJsonFlag(list);
  cli->OnCommand(list,
                 [list_options](const GlobalOptions& global, std::ostream& out, std::ostream& err) {
                   return RunList(global, *list_options, out, err);
                 });

  CLI::App* devices = app->add_subcommand("devices", "List devices, backend and kernels");
  cli->AddJsonFlag(devices);
  cli->OnCommand(devices, [](const GlobalOptions& global, std::ostream& out, std::ostream& err) {
    return RunDevices(global, out, err);
  });
}

}  // namespace symmbench::client
