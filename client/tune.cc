// symmbench tune: sweep, compare, store a dispatcher's table.
#include "client/tune.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <ostream>

#include "CLI/CLI.hpp"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "client/cli.h"
#include "client/format.h"
#include "client/rpc_util.h"
#include "client/sizes.h"
#include "kernels/ops/registry.h"

namespace symmbench::client {

namespace {

// Time of an operation as the jobs measured it: graph replays when available.
double OursTime(const v1::ResultRow& row) {
  return row.graph_time_us() > 0 ? row.graph_time_us() : row.time_us();
}
// The fastest reference the dispatcher can run: "nccl" (the primary reference, references[0]) or an
// extra one by name (e.g. "nccl_symmetric"); its time in `*us`. None ("") when the row's reference
// only checks results (the CPU backend's plain computations: no collective, so no choice).
std::string FastestReference(const v1::ResultRow& row, double* us) {
  std::string name;
  *us = 0;
  if (row.reference_kind() == v1::check_only) return name;
  for (int i = 0; i < row.references_size(); ++i) {
    const v1::ReferenceResult& b = row.references(i);
    const double t = b.graph_time_us() > 0 ? b.graph_time_us() : b.time_us();
    if (name.empty() || t < *us) {
      name = i == 0 ? kNcclReference : b.name();
      *us = t;
    }
  }
  return name;
}

}  // namespace

absl::StatusOr<v1::DispatchTable> BuildDispatchTable(const std::vector<v1::Job>& jobs,
                                                     const std::string& gpu_model,
                                                     std::vector<TunePoint>* points,
                                                     const std::string& op) {
  if (jobs.empty() || jobs[0].rows_size() == 0) {
    return absl::InvalidArgumentError("tune: no job rows to compare");
  }
  std::vector<std::string> ids;
  for (const v1::Job& job : jobs) {
    if (job.rows_size() != jobs[0].rows_size()) {
      return absl::InvalidArgumentError(absl::StrCat("tune: job ", job.job_id(), " reports ",
                                                     job.rows_size(), " sizes, job ",
                                                     jobs[0].job_id(), " ", jobs[0].rows_size()));
    }
    ids.push_back(job.job_id());
  }
  v1::DispatchTable table;
  table.set_op(op);
  table.set_gpu_model(gpu_model);
  table.set_world_size(jobs[0].spec().world_size());
  table.set_dtype(jobs[0].spec().dtype());
  table.set_source(absl::StrCat("tuned by jobs ", absl::StrJoin(ids, ", ")));
  table.set_measured_unix_ms(jobs[0].end_time_unix_ms());
  for (int i = 0; i < jobs[0].rows_size(); ++i) {
    TunePoint p;
    p.size_bytes = jobs[0].rows(i).size_bytes();
    double best_us = 0;
    for (const v1::Job& job : jobs) {
      const v1::ResultRow& row = job.rows(i);
      if (row.size_bytes() != p.size_bytes) {
        return absl::InvalidArgumentError(
            absl::StrCat("tune: row ", i, " has sizes ", p.size_bytes, " and ", row.size_bytes()));
      }
      p.ours_us.push_back(OursTime(row));
      if (p.winner.empty() || p.ours_us.back() < best_us) {
        p.winner = job.spec().kernel();
        best_us = p.ours_us.back();
      }
      double us = 0;
      const std::string nccl = FastestReference(row, &us);
      if (!nccl.empty() && (p.nccl.empty() || us < p.nccl_us)) {
        p.nccl = nccl;
        p.nccl_us = us;
      }
    }
    if (!p.nccl.empty() && p.nccl_us < best_us) p.winner = p.nccl;
    // Extend the last entry while the winner stays; else start a new one.
    if (table.entries_size() > 0 && table.entries().rbegin()->algorithm() == p.winner) {
      table.mutable_entries()->rbegin()->set_max_bytes(p.size_bytes);
    } else {
      v1::DispatchEntry* e = table.add_entries();
      e->set_algorithm(p.winner);
      e->set_max_bytes(p.size_bytes);
    }
    if (points != nullptr) points->push_back(p);
  }
  table.mutable_entries()->rbegin()->set_max_bytes(0);  // the last choice covers larger sizes
  return table;
}

int RunTune(const GlobalOptions& global, const TuneOptions& options, std::ostream& out,
            std::ostream& err) {
  std::unique_ptr<Stub> stub = MakeStub(global);
  v1::ListDevicesResponse devices;
  grpc::Status status = ListDevices(*stub, global, &devices);
  if (!status.ok()) return ReportRpcError(global, status, out, err);
  if (devices.devices().empty()) {
    return ReportError(
        global, absl::FailedPreconditionError("tune: the coordinator has no devices"), out, err);
  }
  absl::StatusOr<int64_t> min_bytes = ParseSize(options.min_bytes, "--min-bytes");
  absl::StatusOr<int64_t> max_bytes = ParseSize(options.max_bytes, "--max-bytes");
  for (const absl::StatusOr<int64_t>* size : {&min_bytes, &max_bytes}) {
    if (!size->ok()) {
      return ReportError(global, size->status(), out, err);
    }
  }
  v1::DType dtype = v1::DTYPE_UNSPECIFIED;
  if (!v1::DType_Parse(options.dtype, &dtype) || dtype == v1::DTYPE_UNSPECIFIED ||
      dtype == v1::fp8_e4m3) {  // the GEMM ops' input type: no all-reduce to tune
    return ReportError(
        global,
        absl::InvalidArgumentError(absl::StrCat("--dtype: unknown dtype \"", options.dtype,
                                                "\" (want bf16, fp16 or fp32)")),
        out, err);
  }
  const OpDescriptor* op = FindDispatcher(options.op);
  if (op == nullptr) {
    return ReportError(global,
                       absl::InvalidArgumentError(
                           absl::StrCat("--op: ", options.op, " is not a dispatcher (want ",
                                        absl::StrJoin(OpNames(OpFamily::kDispatcher), ", "), ")")),
                       out, err);
  }
  const std::vector<std::string> candidates = DispatchCandidates(op->computes);
  v1::JobSpec spec;
  spec.set_world_size(options.world_size > 0 ? options.world_size : devices.devices_size());
  spec.set_dtype(dtype);
  spec.mutable_sweep()->set_min_bytes(*min_bytes);
  spec.mutable_sweep()->set_max_bytes(*max_bytes);
  spec.mutable_sweep()->set_step_factor(options.step_factor);
  spec.set_warmup_iters(options.warmup);
  spec.set_iters(options.iters);
  // The dispatcher serves graph-captured callers too: compare without launches.
  spec.mutable_sweep()->set_graph(true);
  (*spec.mutable_labels())["purpose"] = "tune";
  std::vector<v1::Job> jobs;
  for (const std::string& kernel : candidates) {
    spec.set_kernel(kernel);
    v1::Job& job = jobs.emplace_back();
    status = SubmitAndWait(*stub, global, spec, &job);
    if (!status.ok()) return ReportRpcError(global, status, out, err);
    if (job.state() != v1::SUCCEEDED) {
      return ReportError(
          global,
          absl::AbortedError(absl::StrCat("tune: job ", job.job_id(), " (", kernel, ") ended ",
                                          JobStateName(job.state()), ": ", job.error())),
          out, err, kExitJobFailed);
    }
  }
  std::vector<TunePoint> points;
  absl::StatusOr<v1::DispatchTable> table =
      BuildDispatchTable(jobs, devices.devices(0).name(), &points, op->name);
  if (!table.ok()) {
    return ReportError(global, table.status(), out, err);
  }
  if (!options.dry_run) {
    v1::SetDispatchTableRequest request;
    *request.mutable_table() = *table;
    v1::SetDispatchTableResponse response;
    status = stub->SetDispatchTable(UnaryContext(global).get(), request, &response);
    if (!status.ok()) return ReportRpcError(global, status, out, err);
  }
  if (global.json) {
    Json sizes = Json::array();
    for (const TunePoint& p : points) {
      Json row = {{"size_bytes", p.size_bytes},
                  {"nccl_us", p.nccl_us},
                  {"nccl", p.nccl},
                  {"winner", p.winner}};
      for (size_t k = 0; k < p.ours_us.size(); ++k)
        row[jobs[k].spec().kernel() + "_us"] = p.ours_us[k];
      sizes.push_back(row);
    }
    out << Json{{"table", DispatchTableToJson(*table)},
                {"sizes", sizes},
                {"stored", !options.dry_run}}
               .dump(2)
        << "\n";
    return kExitOk;
  }
  out << absl::StrFormat("# tune %s: %s, world_size %d, %s, %s (%s figures, us)\n", op->name,
                         table->gpu_model(), table->world_size(), v1::DType_Name(table->dtype()),
                         table->source(), spec.sweep().graph() ? "graph" : "eager");
  // One column per candidate, headed by its name without the op's (one_shot, low_contention...).
  std::vector<std::string> heads;
  size_t width = 12;
  for (const std::string& kernel : candidates) {
    const std::string suffix = absl::StrCat("_", op->name);
    std::string head =
        absl::EndsWith(kernel, suffix) ? kernel.substr(0, kernel.size() - suffix.size()) : kernel;
    width = std::max(width, head.size() + 2);
    heads.push_back(std::move(head));
  }
  const int w = static_cast<int>(width);
  out << absl::StrFormat("#%11s", "size");
  for (const std::string& head : heads) out << absl::StrFormat("%*s", w, head);
  out << absl::StrFormat("%12s  %-16s%s\n", "best_nccl", "(which)", "fastest");
  for (const TunePoint& p : points) {
    out << absl::StrFormat("%12d", p.size_bytes);
    for (double us : p.ours_us) out << absl::StrFormat("%*.2f", w, us);
    out << absl::StrFormat("%12.2f  %-16s%s\n", p.nccl_us, p.nccl, p.winner);
  }
  out << DispatchTableText(*table)
      << (options.dry_run ? "# not stored (--dry-run)\n" : "# stored on the coordinator\n");
  return kExitOk;
}

void AddTuneCommand(CommandLine* cli) {
  auto options = std::make_shared<TuneOptions>();
  // The dispatchers and their candidates, from the registry: "all_reduce (one_shot_all_reduce,
  // ...)".
  std::vector<std::string> dispatchers;
  for (const std::string& name : OpNames(OpFamily::kDispatcher)) {
    dispatchers.push_back(absl::StrCat(
        name, " (", absl::StrJoin(DispatchCandidates(FindDispatcher(name)->computes), ", "), ")"));
  }
  CLI::App* tune = cli->app()->add_subcommand(
      "tune", "Measure a dispatcher's candidates and NCCL over a sweep; store its dispatch table");
  tune->add_option(
          "--op", options->op,
          absl::StrCat("The dispatcher and its candidates: ", absl::StrJoin(dispatchers, "; ")))
      ->capture_default_str();
  tune->add_option("--world-size", options->world_size, "Ranks (0: every device)");
  tune->add_option("--dtype", options->dtype, "bf16, fp16 or fp32")->capture_default_str();
  tune->add_option("--min-bytes", options->min_bytes, "Smallest size")->capture_default_str();
  tune->add_option("--max-bytes", options->max_bytes, "Largest size")->capture_default_str();
  tune->add_option("--step-factor", options->step_factor, "Size step")->capture_default_str();
  tune->add_option("--warmup", options->warmup, "Warm-up iterations")->capture_default_str();
  tune->add_option("--iters", options->iters, "Timed iterations")->capture_default_str();
  tune->add_flag("--dry-run", options->dry_run, "Print the table without storing it");
  cli->AddJsonFlag(tune);
  cli->OnCommand(tune,
                 [options](const GlobalOptions& global, std::ostream& out, std::ostream& err) {
                   return RunTune(global, *options, out, err);
                 });
}

}  // namespace symmbench::client
