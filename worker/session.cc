// WorkerSession: one rank of one job, from the spec and plan in the Store to the last report.
#include "worker/session.h"

#include <grpcpp/grpcpp.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "kernels/backend.h"
#include "kernels/ops/registry.h"
#include "spec/dispatch.h"
#include "spec/job_keys.h"
#include "spec/spec_validation.h"
#include "worker/bench_runner.h"
#include "worker/calibrate_runner.h"
#include "worker/fault_injection_collective.h"
#include "worker/gemm_runner.h"
#include "worker/host_placement.h"
#include "worker/rank_identity.h"
#include "worker/run_plan.h"

namespace symmbench {
namespace {

// What every family's runner gets.
struct RunContext {
  const RunPlan& plan;
  v1::Backend kind;  // the backend's (cuda or cpu)
  Backend* backend;
  Rendezvous* job_rendezvous;  // every rank of the job (rows, results)
  const RowSink& sink;
  JobAllReduce* job_all_reduce;  // per-host teams only, else null
};

// One runner per op family.
absl::Status RunFamily(OpFamily family, const RunContext& c) {
  switch (family) {
    case OpFamily::kSweptCollective:
    case OpFamily::kDispatcher:
      return RunBenchmark(c.plan, c.backend, c.job_rendezvous, c.sink, c.job_all_reduce);
    case OpFamily::kGemmCollective:
      return RunGemmBenchmark(c.plan, c.backend, c.job_rendezvous, c.sink);
    case OpFamily::kCalibration:
      return RunCalibration(c.plan, c.kind, c.backend, c.job_rendezvous, c.sink);
  }
  return absl::InternalError("unknown op family");
}

// Tells the coordinator where the ranks run. Best effort: the job does not depend on it, so a
// failure is only logged.
void ReportPlacement(const WorkerSessionOptions& options, v1::WorkerReport::Stub* report,
                     const std::vector<std::string>& hosts,
                     const v1::RankIdentity* identity = nullptr) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
  v1::ReportPlacementRequest request;
  request.set_job_id(options.job_id);
  request.set_rank(options.rank);
  for (const std::string& host : hosts) request.add_hosts(host);
  if (identity != nullptr) *request.mutable_identity() = *identity;
  v1::ReportPlacementResponse response;
  grpc::Status sent = report->ReportPlacement(&context, request, &response);
  if (!sent.ok()) spdlog::warn("could not report the placement: {}", sent.error_message());
}

void ReportFailure(const WorkerSessionOptions& options, v1::WorkerReport::Stub* report,
                   const absl::Status& status) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
  v1::ReportFailureRequest request;
  request.set_job_id(options.job_id);
  request.set_rank(options.rank);
  request.set_error(std::string(status.message()));
  v1::ReportFailureResponse response;
  grpc::Status sent = report->ReportFailure(&context, request, &response);
  if (!sent.ok()) spdlog::error("could not report the failure: {}", sent.error_message());
}

// This rank's part of the job. A failure once the backend exists is reported here (then the
// peers are told through Backend::Abort, so the coordinator hears the failing rank first) and
// `*reported` is set; earlier failures are left to the caller.
absl::Status RunJob(const WorkerSessionOptions& options, v1::WorkerReport::Stub* report,
                    StoreClient* store, bool* reported) {
  const std::chrono::milliseconds timeout = options.timeout;
  // The spec and the plan the coordinator resolved from it at submission, read into the
  // worker's RunPlan once: nothing below reads the spec.
  absl::StatusOr<std::string> spec_bytes = store->WaitGet(kSpecKey, timeout);
  if (!spec_bytes.ok()) return spec_bytes.status();
  v1::JobSpec spec;
  if (!spec.ParseFromString(*spec_bytes)) {
    return absl::InternalError("job spec in the store does not parse");
  }
  absl::StatusOr<std::string> plan_bytes = store->WaitGet(kPlanKey, timeout);
  if (!plan_bytes.ok()) return plan_bytes.status();
  v1::JobPlan plan;
  if (!plan.ParseFromString(*plan_bytes)) {
    return absl::InternalError("job plan in the store does not parse");
  }
  absl::StatusOr<RunPlan> made = MakeRunPlan(spec, plan);
  if (!made.ok()) return made.status();
  RunPlan& run = *made;
  const OpDescriptor op = *run.Op();  // MakeRunPlan checked it
  absl::StatusOr<std::string> instance = store->WaitGet(kInstanceKey, timeout);
  if (!instance.ok()) return instance.status();
  const bool gemm_op = op.family == OpFamily::kGemmCollective;

  StoreRendezvous rendezvous(store, options.rank, options.world_size, timeout);
  // Which ranks share this host, before anything maps a peer's memory.
  absl::StatusOr<HostPlacement> placement =
      GatherHostPlacement(&rendezvous, options.host.empty() ? ThisHost() : options.host);
  if (!placement.ok()) return placement.status();
  spdlog::info("rank {}/{}: local rank {} of {} on host {} ({})", options.rank, options.world_size,
               placement->local_rank, placement->local_world_size, placement->hosts[options.rank],
               placement->Describe());
  // Every rank reports it (the same list) before it can report a failure, so the job's record
  // has it whichever rank fails first.
  ReportPlacement(options, report, placement->hosts);
  // Per-host teams: the backend (symmetric memory, the kernel, its reference) spans this host's
  // ranks only, with a rendezvous of the team's own; the job's rendezvous gathers the rows and
  // carries the all-reduce over every rank.
  const bool teams = run.per_host_teams;
  absl::Status placed = teams ? CheckEqualTeams(*placement) : CheckOneHost(*placement, run.kernel);
  if (!placed.ok()) return placed;
  StoreRendezvous team_rendezvous(store, placement->local_rank, placement->local_world_size,
                                  timeout, absl::StrCat("team", placement->host_index, "/"));
  Rendezvous* backend_rendezvous = teams ? &team_rendezvous : &rendezvous;
  // A dispatcher's table was chosen for the job's world_size ranks, or world_size / nodes with
  // teams; teams that turn out another size (hosts found at rendezvous) get the built-in table
  // of their size rather than one measured for a different number of ranks.
  if (teams && op.family == OpFamily::kDispatcher &&
      run.dispatch.world_size() != placement->local_world_size) {
    spdlog::warn("rank {}: dispatch table for {} ranks, teams of {}: using the built-in table",
                 options.rank, run.dispatch.world_size(), placement->local_world_size);
    run.dispatch = DefaultDispatchTable(options.backend, run.kernel, run.dispatch.gpu_model(),
                                        placement->local_world_size, ProtoDType(run.dtype));
  }
  BackendOptions backend_options;
  backend_options.rank = backend_rendezvous->rank();
  backend_options.world_size = backend_rendezvous->world_size();
  backend_options.device = options.device;
  backend_options.max_bytes = run.buffer_bytes;
  backend_options.misalign_bytes = run.misalign_bytes;
  // Names the CPU backend's shared memory: one set per team (hosts may share /dev/shm, as the
  // network-namespace hosts of tests/multi_host_test do).
  backend_options.job_id = absl::StrCat(options.job_id, "-", *instance,
                                        teams ? absl::StrCat("-team", placement->host_index) : "");
  backend_options.timeout = timeout;
  backend_options.faults = KernelFaultsOf(run.fault);
  absl::StatusOr<std::unique_ptr<Backend>> backend =
      options.backend == v1::cuda ? CreateCudaBackend(backend_options, backend_rendezvous)
                                  : CreateCpuBackend(backend_options, backend_rendezvous);
  if (!backend.ok()) return backend.status();
  JobAllReduce job_all_reduce;  // per-host teams only; destroyed before the backend
  if (teams) {
    absl::StatusOr<JobAllReduce> created = (*backend)->CreateJobAllReduce(&rendezvous);
    if (!created.ok()) return created.status();
    job_all_reduce = *std::move(created);
    spdlog::info("rank {}/{}: team {} (rank {} of {}), {} over all ranks", options.rank,
                 options.world_size, placement->host_index, placement->local_rank,
                 placement->local_world_size, job_all_reduce.name);
  }
  // Again, with who this rank is now that its device is set up (Job.ranks).
  const v1::RankIdentity identity =
      ThisRankIdentity(options.rank, placement->hosts[options.rank], options.device, **backend);
  ReportPlacement(options, report, placement->hosts, &identity);
  spdlog::info("rank {}/{}: {} backend ready on device {}, {} {}, symmetric buffer {} B",
               options.rank, options.world_size, (*backend)->name(), options.device,
               gemm_op ? run.gemm_problems.size() : run.sizes_bytes.size(),
               gemm_op ? "shapes" : "sizes", backend_options.max_bytes);

  auto sink = [&](const v1::ResultRow& row) -> absl::Status {
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
    v1::ReportRowRequest request;
    request.set_job_id(options.job_id);
    request.set_rank(options.rank);
    *request.mutable_row() = row;
    v1::ReportRowResponse response;
    return FromGrpc(report->ReportRow(&context, request, &response), "report row");
  };
  const InjectedDelay& delay = run.delay;
  if (delay.delay_us > 0) {
    spdlog::warn("rank {}: fault injection: +{} us per timed op of {} at sizes {}..{} B",
                 options.rank, delay.delay_us, run.kernel, delay.min_bytes,
                 delay.max_bytes > 0 ? std::to_string(delay.max_bytes) : "inf");
  }
  absl::Status status =
      RunFamily(op.family, RunContext{run, options.backend, backend->get(), &rendezvous, sink,
                                      teams ? &job_all_reduce : nullptr});
  if (status.code() == absl::StatusCode::kAborted) {
    // A peer's result was wrong and that peer reports it, so the job names it. This rank waits
    // for the coordinator to stop it (it stops every rank at a job's first failure), at most
    // the rendezvous timeout: the peer never arrives at this barrier.
    spdlog::warn("rank {}: {}", options.rank, status.ToString());
    (void)rendezvous.Barrier("finish");
    *reported = true;
    return status;
  }
  if (!status.ok()) {
    spdlog::error("rank {}: {}", options.rank, status.ToString());
    ReportFailure(options, report, status);
    *reported = true;
    (*backend)->Abort();
    return status;
  }
  // Every rank leaves together, so no rank unmaps its symmetric memory while a peer works.
  if (absl::Status s = rendezvous.Barrier("finish"); !s.ok()) return s;
  // Logged before the report: once every rank has reported done, a launch command's `stop` may
  // kill this process at any moment (a Kubernetes Job deleted, a test's kill -9).
  spdlog::info("rank {}: done", options.rank);
  // Workers the daemon did not start (--launcher command) end their job this way. Best effort:
  // this rank's work is done and reported; a lost report leaves that job to its timeout, which
  // names this rank, and the other launchers see the process exit instead.
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
  v1::ReportDoneRequest request;
  request.set_job_id(options.job_id);
  request.set_rank(options.rank);
  v1::ReportDoneResponse response;
  grpc::Status sent = report->ReportDone(&context, request, &response);
  if (!sent.ok()) spdlog::warn("could not report done: {}", sent.error_message());
  return absl::OkStatus();
}

}  // namespace

absl::Status RunWorkerSession(const WorkerSessionOptions& options, v1::WorkerReport::Stub* report,
                              StoreClient* store) {
  bool reported = false;
  absl::Status status = RunJob(options, report, store, &reported);
  if (!status.ok() && !reported) {
    spdlog::error("rank {}: {}", options.rank, status.ToString());
    ReportFailure(options, report, status);
  }
  return status;
}

}  // namespace symmbench
