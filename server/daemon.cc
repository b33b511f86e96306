// Daemon: the coordinator's parts built in order, served, and torn down in reverse.
#include "server/daemon.h"

#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/grpcpp.h>
#include <grpcpp/health_check_service_interface.h>
#include <limits.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <utility>

#include "absl/strings/str_cat.h"
#include "common/build_info.h"
#include "kernels/ops/registry.h"
#include "security/channel.h"
#include "server/device_inventory.h"
#include "server/job_manager.h"
#include "server/kept_builds.h"
#include "server/launch/command_launcher.h"
#include "server/launch/launcher.h"
#include "server/launch/local_launcher.h"
#include "server/launch/slurm_launcher.h"
#include "server/metrics.h"
#include "server/plugin_catalog.h"
#include "server/rpc/coordinator_service.h"
#include "server/rpc/metrics_interceptor.h"
#include "server/rpc/parse_error_interceptor.h"
#include "server/rpc/store_service.h"
#include "server/storage/baseline_store.h"
#include "server/storage/db_identity.h"
#include "server/storage/db_lock.h"
#include "server/storage/dispatch_tables.h"
#include "server/storage/job_db.h"
#include "server/storage/record_format.h"
#include "server/store.h"

namespace symmbench {
namespace {

std::string Hostname() {
  char name[256] = {};
  if (gethostname(name, sizeof(name) - 1) != 0 || name[0] == '\0') return "localhost";
  return name;
}

// Largest request the daemon accepts (gRPC's default too, set explicitly): a bigger one gets
// RESOURCE_EXHAUSTED before any handler runs. Specs are a few hundred bytes; Store values
// (rendezvous handles, rank results) a few KiB.
constexpr int kMaxReceiveMessageBytes = 4 << 20;

// $XDG_STATE_HOME/symmbench, else ~/.local/state/symmbench.
std::string StateDir() {
  if (const char* xdg = std::getenv("XDG_STATE_HOME"); xdg != nullptr && *xdg != '\0') {
    return absl::StrCat(xdg, "/symmbench");
  }
  const char* home = std::getenv("HOME");
  return absl::StrCat(home != nullptr ? home : "/tmp", "/.local/state/symmbench");
}

void MakeDirs(const std::string& path) {
  for (size_t pos = 1; pos != std::string::npos; pos = path.find('/', pos + 1)) {
    mkdir(path.substr(0, pos).c_str(), 0755);
  }
  mkdir(path.c_str(), 0755);
}

// The worker binary next to this one (bundle: bin/), else Bazel's layout (../worker/).
std::string DefaultWorkerPath() {
  char self[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
  if (n <= 0) return "symmbench-worker";
  self[n] = '\0';
  std::string dir(self);
  dir = dir.substr(0, dir.rfind('/'));
  for (const std::string& candidate :
       {dir + "/symmbench-worker", dir + "/../worker/symmbench-worker"}) {
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return dir + "/symmbench-worker";
}

// An absolute path for a file handed to workers (the same path when it cannot be resolved).
std::string Absolute(const std::string& path) {
  char resolved[PATH_MAX];
  return realpath(path.c_str(), resolved) != nullptr ? std::string(resolved) : path;
}

// Workers dial loopback when the daemon listens on every interface.
std::string WorkerAddress(const std::string& listen, int port) {
  std::string host = listen.substr(0, listen.rfind(':'));
  if (host == "0.0.0.0" || host == "[::]" || host.empty()) host = "127.0.0.1";
  return absl::StrCat(host, ":", port);
}

absl::Status WithContext(const absl::Status& status, const std::string& what) {
  return absl::Status(status.code(), absl::StrCat(what, ": ", status.message()));
}

// The workers dial `address` trusting `options.worker_tls_ca` and expecting the name
// `options.worker_tls_server_name` (empty: the host they dial). A certificate they cannot verify
// (a name it does not hold, another CA) would fail every job with only "rank 0 exited with code
// 1", so the daemon makes their handshake once at its start. FAILED_PRECONDITION naming the
// address, the name and the CA when it does not complete within 10 s.
absl::Status CheckWorkersVerify(const std::string& address, const JobManagerOptions& options) {
  ChannelSecurity security;
  if (absl::Status s = LoadClientTls(options.worker_tls_ca, "", "", &security); !s.ok()) {
    return WithContext(s, "--tls-worker-ca");
  }
  security.server_name = options.worker_tls_server_name;
  const std::shared_ptr<grpc::Channel> channel = MakeChannel(address, security);
  const auto deadline = std::chrono::system_clock::now() + std::chrono::seconds(10);
  // READY once the handshake completed; TRANSIENT_FAILURE as soon as it failed.
  for (grpc_connectivity_state state = channel->GetState(/*try_to_connect=*/true);
       state != GRPC_CHANNEL_TRANSIENT_FAILURE && state != GRPC_CHANNEL_SHUTDOWN;
       state = channel->GetState(true)) {
    if (state == GRPC_CHANNEL_READY) return absl::OkStatus();
    if (!channel->WaitForStateChange(state, deadline)) break;
  }
  const std::string name =
      security.server_name.empty() ? address.substr(0, address.rfind(':')) : security.server_name;
  return absl::FailedPreconditionError(absl::StrCat(
      "--tls-cert: this daemon's workers could not verify its certificate: a TLS handshake with ",
      address, " expecting the name ", name, " and trusting ", options.worker_tls_ca,
      " did not complete. The certificate must name ", name,
      " (a DNS or IP subject alternative name) and be signed by that CA; or give "
      "--tls-server-name (the name the workers expect) or --tls-worker-ca"));
}

}  // namespace

// Declared in the order they are built: members are destroyed in reverse, so the server stops
// before the services it calls, the services before the job manager, the manager before the
// launcher, Store, stores and database, and the database lock goes last.
struct Daemon::Parts {
  std::optional<DatabaseLock> db_lock;
  std::unique_ptr<JobDb> db;
  std::unique_ptr<DispatchTableStore> dispatch_tables;
  std::unique_ptr<BaselineStore> baselines;
  std::unique_ptr<CoordinatorMetrics> metrics;
  KeyValueStore store;
  std::unique_ptr<Launcher> launcher;
  std::unique_ptr<PluginCatalog> plugins;
  std::unique_ptr<JobManager> jobs;
  std::unique_ptr<CoordinatorService> coordinator;
  std::unique_ptr<WorkerReportService> reports;
  std::unique_ptr<StoreService> store_service;
  std::unique_ptr<grpc::Server> server;
  std::once_flag shutdown_once;
};

absl::StatusOr<std::unique_ptr<Daemon>> Daemon::BuildAndStart(const DaemonOptions& options) {
  ServerSecurityFlags security_flags = options.security;
  security_flags.listen = options.listen;
  absl::StatusOr<ServerSecurity> security = BuildServerSecurity(security_flags);
  if (!security.ok()) return absl::InvalidArgumentError(security.status().message());
  if (!options.metrics_listen.empty() && !IsLoopbackListen(options.metrics_listen)) {
    spdlog::warn("--metrics-listen {}: /metrics is plain HTTP without authentication",
                 options.metrics_listen);
  }

  const std::string state_dir = StateDir();
  const std::string db_path = options.db.empty() ? state_dir + "/jobs.db" : options.db;
  const std::string log_dir = options.log_dir.empty() ? state_dir + "/logs" : options.log_dir;
  MakeDirs(log_dir);
  const std::string worker = options.worker.empty() ? DefaultWorkerPath() : options.worker;

  const bool slurm = options.launcher == "slurm";
  const bool command = options.launcher == "command";
  if ((slurm || command) && options.backend == "auto") {
    return absl::InvalidArgumentError(
        absl::StrCat("--backend: say cpu or cuda with --launcher ", options.launcher,
                     " (the daemon's own host has nothing to probe for the compute nodes)"));
  }
  if (command != !options.launch_command.empty()) {
    return absl::InvalidArgumentError(
        "--launch-command: give it with --launcher command, and only then");
  }
  // Under Slurm or another cluster's control the "devices" are the ranks this daemon lets run
  // at once; the cluster picks the GPUs.
  absl::StatusOr<Inventory> inventory =
      slurm     ? ClusterInventory(options.backend, options.slurm_ranks, "slurm-task")
      : command ? ClusterInventory(options.backend, options.slurm_ranks, "cluster-rank")
                : DiscoverDevices(options.backend, worker, options.cpu_slots);
  if (!inventory.ok()) return WithContext(inventory.status(), "device inventory");

  auto parts = std::make_unique<Parts>();
  // Before anything reads the database: a second daemon on it stops here, naming the first.
  absl::StatusOr<DatabaseLock> db_lock = DatabaseLock::Acquire(db_path);
  if (!db_lock.ok()) return db_lock.status();
  parts->db_lock.emplace(*std::move(db_lock));
  // Before anything writes to it: another program's file is refused untouched.
  if (absl::Status s = CheckIsJobDatabase(db_path); !s.ok()) return s;
  absl::StatusOr<std::unique_ptr<JobDb>> db = JobDb::Open(db_path, options.db_max_bytes);
  if (!db.ok()) return WithContext(db.status(), absl::StrCat("job database ", db_path));
  parts->db = *std::move(db);
  absl::StatusOr<std::unique_ptr<DispatchTableStore>> dispatch_tables =
      DispatchTableStore::Open(db_path);
  if (!dispatch_tables.ok()) {
    return WithContext(dispatch_tables.status(), absl::StrCat("dispatch tables in ", db_path));
  }
  parts->dispatch_tables = *std::move(dispatch_tables);
  absl::StatusOr<std::unique_ptr<BaselineStore>> baselines = BaselineStore::Open(db_path);
  if (!baselines.ok()) {
    return WithContext(baselines.status(), absl::StrCat("baselines in ", db_path));
  }
  parts->baselines = *std::move(baselines);
  // Before any record is read: older records are converted, newer ones refused.
  if (absl::Status s = MigrateRecords(db_path); !s.ok()) {
    return WithContext(s, absl::StrCat("records in ", db_path));
  }
  absl::StatusOr<std::unique_ptr<CoordinatorMetrics>> metrics = CoordinatorMetrics::Create(
      options.metrics_listen, std::chrono::seconds(options.metrics_zero_hold_s));
  if (!metrics.ok()) {
    return WithContext(metrics.status(), absl::StrCat("--metrics-listen ", options.metrics_listen));
  }
  parts->metrics = *std::move(metrics);
  const BuildInfo build = GetBuildInfo();
  parts->metrics->SetBuildInfo(build.version, build.git_revision, build.cuda_version,
                               build.nccl_version);
  parts->metrics->ExposeKnownSeries(AllOpNames(), v1::Backend_Name(inventory->backend));
  if (slurm) {
    SlurmOptions slurm_options;
    slurm_options.worker_path = worker;
    slurm_options.partition = options.slurm_partition;
    slurm_options.sbatch_args = options.slurm_args;
    slurm_options.poll_interval = std::chrono::milliseconds(options.slurm_poll_ms);
    parts->launcher = std::make_unique<SlurmLauncher>(slurm_options);
  } else if (command) {
    CommandLauncherOptions command_options;
    command_options.command = options.launch_command;
    parts->launcher = std::make_unique<CommandLauncher>(command_options);
  } else {
    parts->launcher = std::make_unique<LocalLauncher>(worker);
  }
  JobManagerOptions manager_options;
  manager_options.backend = inventory->backend;
  manager_options.devices = inventory->devices;
  if (inventory->backend == v1::cpu && !slurm && !command) {
    // Each CPU rank spins: more ranks than cores share them, and their times include waiting
    // for the scheduler. Said once here, and by every job that runs so (Job.warnings).
    manager_options.cpu_cores = CpuCores();
    if (static_cast<int>(inventory->devices.size()) > manager_options.cpu_cores) {
      spdlog::warn(
          "--cpu-slots {} on {} cores: jobs whose ranks outnumber the cores share them "
          "and say so in their warnings",
          inventory->devices.size(), manager_options.cpu_cores);
    }
  }
  manager_options.log_dir = log_dir;
  manager_options.worker_log_format = options.log_format;
  manager_options.max_nodes =
      options.max_nodes > 0 ? options.max_nodes : (slurm || command ? 64 : 1);
  manager_options.default_job_timeout = std::chrono::seconds(options.job_timeout_s);
  if (security->tls) {
    manager_options.worker_tls_ca =
        Absolute(options.tls_worker_ca.empty() ? options.security.tls_cert : options.tls_worker_ca);
    manager_options.worker_tls_server_name = options.tls_server_name;
  }
  manager_options.machine = inventory->machine;
  manager_options.machine.set_hostname(Hostname());
  manager_options.allow_fault_injection = options.allow_fault_injection;
  if (options.allow_fault_injection) {
    spdlog::warn(
        "fault injection allowed (--allow-fault-injection): jobs may add delays or "
        "fail on purpose");
  }
  parts->jobs = std::make_unique<JobManager>(manager_options, parts->db.get(), &parts->store,
                                             parts->launcher.get(), parts->dispatch_tables.get());
  JobManager* const jobs = parts->jobs.get();
  jobs->set_metrics(parts->metrics.get());
  parts->plugins = std::make_unique<PluginCatalog>(
      options.plugin_dir.empty() ? "" : Absolute(options.plugin_dir), worker, inventory->backend,
      std::chrono::seconds(options.plugin_describe_timeout_s));
  if (!options.plugin_dir.empty()) {
    std::error_code error;
    if (!std::filesystem::is_directory(parts->plugins->dir(), error)) {
      return absl::InvalidArgumentError(
          absl::StrCat("--plugin-dir ", options.plugin_dir, ": not a directory"));
    }
    // Starts describing them in the background; the daemon serves meanwhile.
    const std::vector<v1::Plugin> listed = parts->plugins->List();
    spdlog::info("--plugin-dir {}: {} librar{}, being described", parts->plugins->dir(),
                 listed.size(), listed.size() == 1 ? "y" : "ies");
  }
  // Baselines keep their plugin builds beside the job database; a spec names one as
  // "<plugin>:<op>@<sha>" (server/kept_builds.h).
  const std::string kept_builds_dir =
      absl::StrCat(std::filesystem::path(Absolute(db_path)).parent_path().string(), "/kept-builds");
  BaselineStore* const baseline_store = parts->baselines.get();
  parts->plugins->set_kept_builds([baseline_store](
                                      const std::string& kernel,
                                      const std::string& field) -> absl::StatusOr<v1::PluginOp> {
    absl::StatusOr<std::vector<v1::Baseline>> list = baseline_store->List(/*include_rows=*/false);
    if (!list.ok()) return list.status();
    return FindKeptBuild(*list, kernel, field);
  });
  jobs->set_plugins(parts->plugins.get());

  parts->coordinator = std::make_unique<CoordinatorService>(jobs, parts->dispatch_tables.get(),
                                                            parts->baselines.get());
  parts->coordinator->set_max_watch_streams(options.max_watch_streams);
  parts->coordinator->set_kept_builds_dir(kept_builds_dir);
  parts->reports = std::make_unique<WorkerReportService>(jobs);
  parts->store_service = std::make_unique<StoreService>(
      &parts->store, [jobs](const std::string& id, const std::string& secret) {
        return jobs->AuthorizeWorker(id, secret, /*running_only=*/true);
      });
  parts->store_service->set_metrics(parts->metrics.get());
  grpc::EnableDefaultHealthCheckService(true);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();
  grpc::ServerBuilder builder;
  {
    // The parse-error rewrite first, so that the metrics count the status the client gets.
    std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>>
        interceptors;
    interceptors.push_back(ParseErrorInterceptorFactory());
    for (auto& creator : MetricsInterceptorCreators(parts->metrics.get())) {
      interceptors.push_back(std::move(creator));
    }
    builder.experimental().SetInterceptorCreators(std::move(interceptors));
  }
  int port = 0;
  builder.AddListeningPort(options.listen, security->credentials, &port);
  // No SO_REUSEPORT: a second daemon on the same port must fail to listen, not split the
  // clients with the first.
  builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 0);
  builder.SetMaxReceiveMessageSize(kMaxReceiveMessageBytes);
  builder.RegisterService(parts->coordinator.get());
  builder.RegisterService(parts->reports.get());
  builder.RegisterService(parts->store_service.get());
  parts->server = builder.BuildAndStart();
  if (parts->server == nullptr || port == 0) {
    return absl::UnavailableError(
        absl::StrCat("could not listen on ", options.listen, " (in use by another process?)"));
  }
  jobs->set_coordinator_address(WorkerAddress(options.listen, port));
  if (security->tls) {
    if (absl::Status s = CheckWorkersVerify(WorkerAddress(options.listen, port), manager_options);
        !s.ok()) {
      parts->server->Shutdown();
      return s;
    }
  }
  // Health NOT_SERVING while the job database takes no writes (jobs wait, SubmitJob is refused;
  // reads go on): a readiness probe takes the daemon out of rotation until there is room.
  jobs->set_db_writable_listener([health = parts->server->GetHealthCheckService()](bool writable) {
    if (health != nullptr) health->SetServingStatus(writable);
  });
  if (absl::Status s = jobs->Start(); !s.ok()) {
    parts->server->Shutdown();
    return WithContext(s, "job manager");
  }
  const std::string bound =
      absl::StrCat(options.listen.substr(0, options.listen.rfind(':')), ":", port);
  const std::string metrics_address = parts->metrics->BoundAddress();
  if (!options.port_file.empty()) {
    // Line 1: the gRPC address; line 2: the metrics address (empty when off).
    std::ofstream(options.port_file + ".tmp") << bound << "\n" << metrics_address << "\n";
    std::rename((options.port_file + ".tmp").c_str(), options.port_file.c_str());
  }
  spdlog::info("listening on {} ({}); metrics on {}; backend {} with {} devices; db {}; worker {}",
               bound, security->summary, metrics_address.empty() ? "(off)" : metrics_address,
               v1::Backend_Name(inventory->backend), inventory->devices.size(), db_path, worker);
  auto daemon = std::unique_ptr<Daemon>(new Daemon(std::move(parts)));
  daemon->address_ = bound;
  return daemon;
}

Daemon::Daemon(std::unique_ptr<Parts> parts) : parts_(std::move(parts)) {}

Daemon::~Daemon() {
  Shutdown();
  Wait();
}

std::string Daemon::metrics_address() const { return parts_->metrics->BoundAddress(); }

void Daemon::Shutdown(absl::string_view why, std::chrono::milliseconds grace) {
  std::call_once(parts_->shutdown_once, [&] {
    // The jobs first: their workers are killed before the Store's waits end, so no worker
    // fails on the Store's shutdown and a job that stored no row can be queued again.
    parts_->jobs->Shutdown(why);
    parts_->store.Shutdown();
    parts_->server->Shutdown(std::chrono::system_clock::now() + grace);
  });
}

void Daemon::Wait() { parts_->server->Wait(); }

}  // namespace symmbench
