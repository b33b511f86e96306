// The symmbench subcommands over the Coordinator gRPC API: RPC, then table or JSON output.
// Exit codes: 0 success, 1 job FAILED/CANCELLED, 2 usage or RPC error (see commands.h).
#include "client/commands.h"

#include <fstream>
#include <memory>
#include <ostream>

#include "absl/status/status.h"
#include "client/format.h"
#include "client/nccl_tests_view.h"
#include "client/progress.h"
#include "client/rpc_util.h"
#include "client/run_report.h"
#include "grpcpp/grpcpp.h"
#include "proto/symmbench.grpc.pb.h"

namespace symmbench::client {
namespace {

// Exit code for a job's state: 1 for FAILED/CANCELLED, else 0 (running jobs are not errors).
int ExitForState(v1::JobState state) {
  return state == v1::FAILED || state == v1::CANCELLED ? kExitJobFailed : kExitOk;
}

// Whether the rows are printed as nccl-tests' table (--format nccl-tests, a size-swept op).
bool NcclTestsFormat(const v1::Job& job, const ReportOptions& report) {
  return report.format == "nccl-tests" && HasRunReport(job);
}

// What follows a job's rows in table mode, before its state and error: the footer, the
// per-rank and sample tables.
std::string ReportTables(const v1::Job& job, const ReportOptions& report) {
  if (!HasRunReport(job)) return "";
  std::string out =
      NcclTestsFormat(job, report) ? NcclTestsFooter(job, report) : RunFooter(job, report);
  if (report.per_rank) out += PerRankTable(job);
  if (report.iteration_stats) out += IterationStatsTable(job);
  return out;
}

// The nccl-tests JSON file; the exit code by the job's state and its minimum bus bandwidth.
int FinishReport(const GlobalOptions& global, const v1::Job& job, const ReportOptions& report,
                 std::ostream& out, std::ostream& err) {
  if (!report.nccl_tests_json.empty()) {
    std::ofstream file(report.nccl_tests_json);
    file << NcclTestsJson(job, report).dump(2) << "\n";
    if (!file) {
      return ReportError(global,
                         absl::UnavailableError(absl::StrCat("--nccl-tests-json: cannot write ",
                                                             report.nccl_tests_json)),
                         out, err);
    }
  }
  if (BelowMinimum(job, report)) {
    err << "error: average bus bandwidth " << AverageBusBw(job, report.view)
        << " GB/s is below --min-busbw " << report.min_busbw_gbps << " GB/s\n";
    return kExitJobFailed;
  }
  return ExitForState(job.state());
}

// Follows `job` with WatchJob until the stream ends. Table mode prints the header at the
// first row (after a best-effort GetJob for backend and devices), each row as it arrives, then
// the final state and error; JSON mode prints the final record once. A job of several passes
// streams partial rows: those of the first pass are printed as they come (under a "# pass 1 of
// R" line), then the final rows (under "# final"). On a terminal, stderr shows a progress line.
int FollowJob(Stub& stub, const GlobalOptions& global, v1::Job job, const ReportOptions& report,
              std::ostream& out, std::ostream& err, bool cancel_on_interrupt = false) {
  // Ctrl-C while following: the job runs on the coordinator, not here; say so, or cancel it.
  OnInterrupt on_interrupt(
      global.interrupts, [&global, &err, cancel_on_interrupt, id = job.job_id()] {
        if (!cancel_on_interrupt) {
          err << "\ninterrupted: job " << id << " keeps running on the coordinator; follow it with "
              << "`symmbench watch " << id << "`, stop it with `symmbench cancel " << id
              << "` (submit --wait --cancel-on-interrupt cancels it on Ctrl-C)\n"
              << std::flush;
          return;
        }
        std::unique_ptr<Stub> cancel_stub = MakeStub(global);
        v1::CancelJobRequest request;
        request.set_job_id(id);
        v1::CancelJobResponse response;
        const grpc::Status status =
            cancel_stub->CancelJob(UnaryContext(global).get(), request, &response);
        err << "\ninterrupted: "
            << (status.ok() ? "cancelled job " + id
                            : "could not cancel job " + id + " (" + status.error_message() +
                                  "); it may still run: `symmbench cancel " + id + "`")
            << "\n"
            << std::flush;
      });
  JobProgress progress(err, ProgressWanted(global.json));
  progress.Start(job);
  bool header_printed = false, partial_printed = false, final_printed = false;
  grpc::Status status = FollowToEnd(stub, global, &job, [&](const v1::JobEvent& event) {
    const v1::ResultRow& row = event.row();
    const int pass = row.repeat_medians_us_size();
    // nccl-tests' table has final rows only (its parsers take every line for a result).
    const bool nccl_tests = NcclTestsFormat(job, report);
    if (!global.json && event.has_row() && (!row.partial() || (pass == 1 && !nccl_tests))) {
      progress.Clear();
      if (!header_printed) {
        v1::Job placed;
        if (GetJob(stub, global, job.job_id(), &placed).ok()) {
          job.set_backend(placed.backend());
          *job.mutable_devices() = placed.devices();
          *job.mutable_ranks() = placed.ranks();
          *job.mutable_machine() = placed.machine();
        }
        if (nccl_tests) {
          out << NcclTestsHeader(job, report.view);
        } else {
          if (HasRunReport(job)) out << RunHeader(job, report.view);
          out << TableHeader(job, &row);
        }
        header_printed = true;
      }
      if (nccl_tests) {
        out << NcclTestsLine(job, row, report.view) << std::flush;
        progress.Update(event);
        return;
      }
      if (row.partial() && !partial_printed) {
        out << "# pass 1 of " << job.spec().repeats()
            << ": one timing loop per size so far; the final rows follow\n";
        partial_printed = true;
      }
      if (!row.partial() && partial_printed && !final_printed) {
        out << "# final: over every timing loop\n";
        final_printed = true;
      }
      out << TableRow(Restate(row, report.view), job.spec().kernel()) << std::flush;
    }
    progress.Update(event);
  });
  progress.Clear();
  if (!status.ok()) return ReportRpcError(global, status, out, err);
  if (global.json) {
    out << JobToJson(job).dump() << "\n";
  } else {
    if (!header_printed) {
      out << (NcclTestsFormat(job, report)
                  ? NcclTestsHeader(job, report.view)
                  : TableHeader(job, job.rows().empty() ? nullptr : &job.rows(0)));
    }
    out << ReportTables(job, report) << "# state " << JobStateName(job.state()) << "\n"
        << TableError(job);
  }
  return FinishReport(global, job, report, out, err);
}

}  // namespace

int RunSubmit(const GlobalOptions& global, const SubmitOptions& options, std::ostream& out,
              std::ostream& err) {
  absl::StatusOr<v1::JobSpec> spec = BuildJobSpec(options.spec);
  if (!spec.ok()) return ReportError(global, spec.status(), out, err);

  std::unique_ptr<Stub> stub = MakeStub(global);
  v1::SubmitJobRequest request;
  *request.mutable_spec() = *std::move(spec);
  v1::SubmitJobResponse response;
  if (grpc::Status status = stub->SubmitJob(UnaryContext(global).get(), request, &response);
      !status.ok()) {
    return ReportRpcError(global, status, out, err);
  }
  if (!options.wait) {
    if (global.json) {
      out << JobToJson(response.job()).dump() << "\n";
    } else {
      out << response.job().job_id() << "\n";
    }
    return kExitOk;
  }
  if (!global.json) {
    out << "# submitted " << response.job().job_id() << " (" << JobStateName(response.job().state())
        << ")\n"
        << std::flush;
  }
  return FollowJob(*stub, global, response.job(), options.report, out, err,
                   options.cancel_on_interrupt);
}

int RunWatch(const GlobalOptions& global, const std::string& job_id, std::ostream& out,
             std::ostream& err, const ReportOptions& report) {
  std::unique_ptr<Stub> stub = MakeStub(global);
  v1::Job job;
  if (grpc::Status status = GetJob(*stub, global, job_id, &job); !status.ok()) {
    return ReportRpcError(global, status, out, err);
  }
  return FollowJob(*stub, global, std::move(job), report, out, err);
}

int RunStatus(const GlobalOptions& global, const std::string& job_id, std::ostream& out,
              std::ostream& err, const ReportOptions& report) {
  std::unique_ptr<Stub> stub = MakeStub(global);
  v1::Job job;
  if (grpc::Status status = GetJob(*stub, global, job_id, &job); !status.ok()) {
    return ReportRpcError(global, status, out, err);
  }
  if (global.json) {
    out << JobToJson(job).dump() << "\n";
  } else {
    if (NcclTestsFormat(job, report)) {
      out << NcclTestsHeader(job, report.view);
      for (const v1::ResultRow* row : SweptRows(job)) {
        out << NcclTestsLine(job, *row, report.view);
      }
    } else {
      if (HasRunReport(job)) out << RunHeader(job, report.view);
      out << TableHeader(job, job.rows().empty() ? nullptr : &job.rows(0));
      for (const v1::ResultRow& row : job.rows()) {
        out << TableRow(Restate(row, report.view), job.spec().kernel());
      }
    }
    out << ReportTables(job, report) << TableError(job);
  }
  return FinishReport(global, job, report, out, err);
}

int RunList(const GlobalOptions& global, const ListOptions& options, std::ostream& out,
            std::ostream& err) {
  v1::ListJobsRequest request;
  if (options.limit < 0) {
    return ReportError(global, absl::InvalidArgumentError("--limit: must be >= 0"), out, err);
  }
  if (!options.state.empty()) {
    absl::StatusOr<v1::JobState> state = ParseJobState(options.state, "--state");
    if (!state.ok()) return ReportError(global, state.status(), out, err);
    request.set_state(*state);
  }
  std::unique_ptr<Stub> stub = MakeStub(global);
  // Page after page (a page stops at about 2 MiB of records) until `limit` jobs (0: 100).
  const int wanted = options.limit == 0 ? 100 : options.limit;
  v1::ListJobsResponse response;
  do {
    request.set_limit(wanted - response.jobs_size());
    v1::ListJobsResponse page;
    if (grpc::Status status = stub->ListJobs(UnaryContext(global).get(), request, &page);
        !status.ok()) {
      return ReportRpcError(global, status, out, err);
    }
    for (v1::Job& job : *page.mutable_jobs()) *response.add_jobs() = std::move(job);
    request.set_page_token(page.next_page_token());
  } while (!request.page_token().empty() && response.jobs_size() < wanted);
  if (global.json) {
    out << JobListToJson(response).dump() << "\n";
  } else {
    out << JobListTable(response);
  }
  return kExitOk;
}

int RunCancel(const GlobalOptions& global, const std::string& job_id, std::ostream& out,
              std::ostream& err) {
  std::unique_ptr<Stub> stub = MakeStub(global);
  v1::CancelJobRequest request;
  request.set_job_id(job_id);
  v1::CancelJobResponse response;
  if (grpc::Status status = stub->CancelJob(UnaryContext(global).get(), request, &response);
      !status.ok()) {
    return ReportRpcError(global, status, out, err);
  }
  if (global.json) {
    out << JobToJson(response.job()).dump() << "\n";
  } else {
    out << response.job().job_id() << " " << JobStateName(response.job().state()) << "\n";
  }
  return kExitOk;
}

int RunDevices(const GlobalOptions& global, std::ostream& out, std::ostream& err) {
  std::unique_ptr<Stub> stub = MakeStub(global);
  v1::ListDevicesResponse response;
  if (grpc::Status status = ListDevices(*stub, global, &response); !status.ok()) {
    return ReportRpcError(global, status, out, err);
  }
  if (global.json) {
    out << DevicesToJson(response).dump() << "\n";
  } else {
    out << DeviceTable(response);
  }
  return kExitOk;
}

}  // namespace symmbench::client
