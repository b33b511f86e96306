// symmbench-worker: one process per rank. Rendezvous through the coordinator's Store, set up
// the backend (CUDA: NCCL + symmetric memory; CPU: shared memory), run the job's benchmark
// loop and report rows (rank 0) or the failure (any rank) to the coordinator.
//
//   symmbench-worker --coordinator 127.0.0.1:7070 --job-id j-000001 --rank 0 --world-size 2
//                    --device 0 --backend cuda [--tls-ca ca.pem [--tls-server-name NAME]]
//   (the job's secret comes in the environment, SYMMBENCH_JOB_SECRET, from the daemon)
//   symmbench-worker --probe-devices     # prints the CUDA devices as JSON, for the daemon
#include <grpcpp/grpcpp.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "common/build_info.h"
#include "kernels/backend.h"
#include "kernels/cuda/device_probe.h"
#include "kernels/ops/registry.h"
#include "proto/symmbench.grpc.pb.h"
#include "security/channel.h"
#include "security/secrets.h"
#include "spec/ag_gemm_spec.h"
#include "spec/dispatch.h"
#include "spec/job_keys.h"
#include "spec/spec_validation.h"
#include "worker/ag_gemm_runner.h"
#include "worker/bench_runner.h"
#include "worker/calibrate_runner.h"
#include "worker/host_placement.h"
#include "worker/store_client.h"

namespace symmbench {
namespace {

struct WorkerOptions {
  std::string coordinator = "127.0.0.1:7070";
  std::string job_id;
  int rank = -1;
  int world_size = 0;
  int device = 0;
  std::string backend = "cpu";
  int64_t timeout_ms = 120000;
  std::string tls_ca;           // TLS to the coordinator, verified with this CA file
  std::string tls_server_name;  // name expected in the coordinator's certificate
  std::string rank_from_env;  // read --rank from this variable (SLURM_PROCID, JOB_COMPLETION_INDEX)
  std::string device_from_env;  // read --device from this variable (SLURM_LOCALID)
  std::string host;             // the host name ranks are grouped by; empty: gethostname
  std::string host_from_env;    // read --host from this variable (SLURMD_NODENAME)
};

// The text of environment variable `name`, read for `flag` (--rank-from-env ...); nullptr,
// after a clear error naming both, when it is not set (or empty, unless `allow_empty`).
const char* EnvFor(const std::string& flag, const std::string& name, bool allow_empty) {
  const char* text = std::getenv(name.c_str());
  if (text == nullptr || (!allow_empty && *text == '\0')) {
    std::cerr << "symmbench-worker: " << flag << " " << name << ": the variable is not set\n";
    return nullptr;
  }
  return text;
}

// `*value` from environment variable `name` when it is given: a clear error naming both when
// the variable is missing or not a non-negative integer.
bool IntFromEnv(const std::string& flag, const std::string& name, int* value) {
  if (name.empty()) return true;
  const char* text = EnvFor(flag, name, /*allow_empty=*/true);
  if (text == nullptr) return false;
  if (!absl::SimpleAtoi(text, value) || *value < 0) {
    std::cerr << "symmbench-worker: " << flag << " " << name << ": the variable is \"" << text
              << "\", not an index >= 0\n";
    return false;
  }
  return true;
}

// `*value` from environment variable `name` when it is given: a clear error naming both when
// the variable is missing or empty.
bool StringFromEnv(const std::string& flag, const std::string& name, std::string* value) {
  if (name.empty()) return true;
  const char* text = EnvFor(flag, name, /*allow_empty=*/false);
  if (text == nullptr) return false;
  *value = text;
  return true;
}

// The connection to the coordinator: TLS when asked, and the job's secret (taken out of the
// environment, so nothing this process starts inherits it) on every call.
absl::StatusOr<ChannelSecurity> WorkerChannelSecurity(const WorkerOptions& options) {
  ChannelSecurity security;
  const char* secret = std::getenv(kJobSecretEnv);
  if (secret == nullptr || *secret == '\0') {
    return absl::FailedPreconditionError(absl::StrCat(
        kJobSecretEnv, " is not set: the daemon hands each job's workers the job's secret"));
  }
  security.metadata.emplace_back(kJobSecretHeader, secret);
  unsetenv(kJobSecretEnv);
  if (!options.tls_ca.empty()) {
    if (absl::Status s = LoadClientTls(options.tls_ca, "", "", &security); !s.ok()) return s;
    security.server_name = options.tls_server_name;
  }
  return security;
}

int ProbeDevices() {
  nlohmann::json devices = nlohmann::json::array();
  for (const CudaDeviceInfo& d : ProbeCudaDevices()) {
    devices.push_back({{"index", d.index},
                       {"name", d.name},
                       {"memory_bytes", d.memory_bytes},
                       {"sm_count", d.sm_count}});
  }
  const CudaVersions versions = ProbeCudaVersions();
  std::cout << nlohmann::json{{"cuda_devices", devices},
                              {"driver_version", versions.driver},
                              {"cuda_driver_version", versions.cuda_driver},
                              {"cuda_runtime_version", versions.cuda_runtime},
                              {"nccl_version", versions.nccl}}
                   .dump()
            << std::endl;
  return 0;
}

void ReportFailure(const WorkerOptions& options, v1::WorkerReport::Stub* report,
                   const absl::Status& status);

// Tells the coordinator where the ranks run. Best effort: the job does not depend on it, so a
// failure is only logged.
void ReportPlacement(const WorkerOptions& options, v1::WorkerReport::Stub* report,
                     const std::vector<std::string>& hosts) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
  v1::ReportPlacementRequest request;
  request.set_job_id(options.job_id);
  request.set_rank(options.rank);
  for (const std::string& host : hosts) request.add_hosts(host);
  v1::ReportPlacementResponse response;
  grpc::Status sent = report->ReportPlacement(&context, request, &response);
  if (!sent.ok()) spdlog::warn("could not report the placement: {}", sent.error_message());
}

// Runs this rank's part of the job. A failure once the backend exists is reported here (then
// the peers are told through Backend::Abort, so the coordinator hears the failing rank
// first) and `*reported` is set; earlier failures are left to the caller.
absl::Status RunJob(const WorkerOptions& options, v1::WorkerReport::Stub* report,
                    StoreClient* store, bool* reported) {
  const std::chrono::milliseconds timeout(options.timeout_ms);
  // The spec and the plan the coordinator resolved from it at submission: nothing is derived
  // from the spec again here.
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
  absl::StatusOr<std::string> instance = store->WaitGet(kInstanceKey, timeout);
  if (!instance.ok()) return instance.status();
  const bool ag_gemm = IsFamily(spec.kernel(), OpFamily::kGemmCollective);

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
  const bool teams = spec.per_host_teams();
  absl::Status placed =
      teams ? CheckEqualTeams(*placement) : CheckOneHost(*placement, spec.kernel());
  if (!placed.ok()) return placed;
  StoreRendezvous team_rendezvous(store, placement->local_rank, placement->local_world_size,
                                  timeout, absl::StrCat("team", placement->host_index, "/"));
  Rendezvous* backend_rendezvous = teams ? &team_rendezvous : &rendezvous;
  // all_reduce's table was chosen for spec.world_size ranks, or world_size / nodes with teams;
  // teams that turn out another size (hosts found at rendezvous) get the built-in table of
  // their size rather than one measured for a different number of ranks.
  if (teams && IsFamily(spec.kernel(), OpFamily::kDispatcher) &&
      spec.dispatch().world_size() != placement->local_world_size) {
    spdlog::warn("rank {}: dispatch table for {} ranks, teams of {}: using the built-in table",
                 options.rank, spec.dispatch().world_size(), placement->local_world_size);
    *spec.mutable_dispatch() = DefaultDispatchTable(options.backend, spec.dispatch().gpu_model(),
                                                    placement->local_world_size, spec.dtype());
  }
  BackendOptions backend_options;
  backend_options.rank = backend_rendezvous->rank();
  backend_options.world_size = backend_rendezvous->world_size();
  backend_options.device = options.device;
  backend_options.max_bytes = plan.buffer_bytes();
  // Names the CPU backend's shared memory: one set per team (hosts may share /dev/shm, as the
  // network-namespace hosts of tests/multi_host_test do).
  backend_options.job_id = absl::StrCat(options.job_id, "-", *instance,
                                        teams ? absl::StrCat("-team", placement->host_index) : "");
  backend_options.timeout = timeout;
  absl::StatusOr<std::unique_ptr<Backend>> backend =
      options.backend == "cuda" ? CreateCudaBackend(backend_options, backend_rendezvous)
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
  spdlog::info("rank {}/{}: {} backend ready on device {}, {} {}, symmetric buffer {} B",
               options.rank, options.world_size, (*backend)->name(), options.device,
               ag_gemm ? spec.shapes_size() : plan.sizes_bytes_size(), ag_gemm ? "shapes" : "sizes",
               backend_options.max_bytes);

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
  const InjectedDelay delay = InjectedDelay::FromSpec(spec);
  if (delay.delay_us > 0) {
    spdlog::warn("rank {}: fault injection: +{} us per timed op of {} at sizes {}..{} B",
                 options.rank, delay.delay_us, spec.kernel(), delay.min_bytes,
                 delay.max_bytes > 0 ? std::to_string(delay.max_bytes) : "inf");
  }
  absl::Status status = ag_gemm ? RunAgGemmBenchmark(spec, backend->get(), &rendezvous, sink, delay)
                        : IsFamily(spec.kernel(), OpFamily::kCalibration)
                            ? RunCalibration(spec, backend->get(), &rendezvous, sink)
                            : RunBenchmark(spec, plan, backend->get(), &rendezvous, sink, delay,
                                           teams ? &job_all_reduce : nullptr);
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

void ReportFailure(const WorkerOptions& options, v1::WorkerReport::Stub* report,
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

}  // namespace
}  // namespace symmbench

int main(int argc, char** argv) {
  using symmbench::WorkerOptions;
  WorkerOptions options;
  bool probe = false;
  CLI::App app{"symmbench-worker: one rank of a symmbench job (started by symmbenchd)"};
  app.set_version_flag("--version", symmbench::VersionText("symmbench-worker"));
  app.add_flag("--probe-devices", probe, "print the CUDA devices as JSON and exit");
  app.add_option("--coordinator", options.coordinator, "coordinator address (Store, reports)")
      ->envname("SYMMBENCH_COORDINATOR");
  app.add_option("--job-id", options.job_id, "job this rank belongs to")
      ->envname("SYMMBENCH_JOB_ID");
  app.add_option("--rank", options.rank, "this process's rank")->check(CLI::NonNegativeNumber);
  app.add_option("--world-size", options.world_size, "number of ranks")
      ->envname("SYMMBENCH_WORLD_SIZE")
      ->check(CLI::PositiveNumber);
  app.add_option("--device", options.device, "CUDA ordinal or CPU slot")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--backend", options.backend, "cuda or cpu")
      ->check(CLI::IsMember({"cuda", "cpu"}));
  app.add_option("--timeout-ms", options.timeout_ms, "limit for every wait (ms)")
      ->check(CLI::PositiveNumber);
  app.add_option("--tls-ca", options.tls_ca,
                 "dial the coordinator over TLS, verified with this CA");
  app.add_option("--tls-server-name", options.tls_server_name,
                 "name expected in the coordinator's certificate (default: its host)");
  app.add_option("--rank-from-env", options.rank_from_env,
                 "take the rank from this environment variable (SLURM_PROCID under Slurm, "
                 "JOB_COMPLETION_INDEX in a Kubernetes Indexed Job) instead of --rank");
  app.add_option("--device-from-env", options.device_from_env,
                 "take the device from this environment variable (SLURM_LOCALID) instead of "
                 "--device");
  app.add_option("--host", options.host,
                 "the host name ranks are grouped by (placement, per-host teams); default: "
                 "gethostname (in Kubernetes the pod's name, so every pod is a host of its own)")
      ->envname("SYMMBENCH_HOST");
  app.add_option("--host-from-env", options.host_from_env,
                 "take the host from this environment variable (SLURMD_NODENAME under Slurm) "
                 "instead of --host");
  CLI11_PARSE(app, argc, argv);
  if (probe) return symmbench::ProbeDevices();
  if (!symmbench::IntFromEnv("--rank-from-env", options.rank_from_env, &options.rank) ||
      !symmbench::IntFromEnv("--device-from-env", options.device_from_env, &options.device) ||
      !symmbench::StringFromEnv("--host-from-env", options.host_from_env, &options.host)) {
    return 2;
  }
  if (options.job_id.empty() || options.rank < 0 || options.world_size < 1 ||
      options.rank >= options.world_size) {
    std::cerr << "symmbench-worker: --job-id, --rank and --world-size are required, with "
                 "0 <= rank < world_size\n";
    return 2;
  }
  spdlog::set_pattern("[%Y-%m-%d %H:%M:%S.%e] [worker] [%l] %v");
  absl::StatusOr<symmbench::ChannelSecurity> security = symmbench::WorkerChannelSecurity(options);
  if (!security.ok()) {
    spdlog::error("rank {}: {}", options.rank, security.status().ToString());
    return 2;
  }
  auto channel = symmbench::MakeChannel(options.coordinator, *security);
  auto report = symmbench::v1::WorkerReport::NewStub(channel);
  symmbench::StoreClient store(channel, options.job_id, std::chrono::seconds(30));
  bool reported = false;
  absl::Status status = symmbench::RunJob(options, report.get(), &store, &reported);
  if (!status.ok()) {
    if (!reported) {
      spdlog::error("rank {}: {}", options.rank, status.ToString());
      symmbench::ReportFailure(options, report.get(), status);
    }
    return 1;
  }
  return 0;
}
