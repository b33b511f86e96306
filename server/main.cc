// symmbenchd: the coordinator daemon. Serves the Coordinator, Store and WorkerReport gRPC
// services, owns the host's devices, queues jobs and runs their workers.
//
//   symmbenchd --listen 127.0.0.1:7070 --db ~/.local/state/symmbench/jobs.db --backend auto
//   symmbenchd --listen 0.0.0.0:7070 --tls-cert cert.pem --tls-key key.pem --token-file token
#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/grpcpp.h>
#include <grpcpp/health_check_service_interface.h>
#include <limits.h>
#include <signal.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "absl/strings/str_cat.h"
#include "common/build_info.h"
#include "server/device_inventory.h"
#include "server/job_manager.h"
#include "server/launch/command_launcher.h"
#include "server/launch/launcher.h"
#include "server/launch/local_launcher.h"
#include "server/launch/slurm_launcher.h"
#include "server/library_logs.h"
#include "server/log_format.h"
#include "server/metrics.h"
#include "server/rpc/coordinator_service.h"
#include "server/rpc/metrics_interceptor.h"
#include "server/rpc/parse_error_interceptor.h"
#include "server/rpc/server_security.h"
#include "server/rpc/store_service.h"
#include "server/storage/baseline_store.h"
#include "server/storage/db_lock.h"
#include "server/storage/dispatch_tables.h"
#include "server/storage/job_db.h"
#include "server/store.h"

namespace symmbench {
namespace {

struct DaemonOptions {
  std::string listen = "127.0.0.1:7070";
  std::string db;
  int64_t db_max_bytes = 0;  // 0: the filesystem's room
  std::string backend = "auto";
  int cpu_slots = 4;
  std::string worker;
  std::string log_dir;
  int job_timeout_s = 3600;
  std::string port_file;
  std::string metrics_listen = "127.0.0.1:9464";
  int max_watch_streams = 256;
  std::string log_level = "info";
  std::string log_format = "text";
  ServerSecurityFlags security;  // TLS, token, read-only calls (listen is copied in)
  std::string tls_worker_ca;     // CA the workers verify the daemon with
  std::string tls_server_name;   // name the workers expect in the daemon's certificate
  bool allow_fault_injection = false;
  std::string launcher = "local";  // local | slurm | command
  int slurm_ranks = 64;  // ranks this daemon keeps in Slurm (or the cluster) at once: its "devices"
  std::string launch_command;  // --launcher command: the program that starts / stops workers
  int max_nodes = 0;           // JobSpec.nodes bound; 0: 1 (local) or 64 (slurm)
  std::string slurm_partition;
  std::vector<std::string> slurm_args;
  int slurm_poll_ms = 1000;
};

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

int Run(const DaemonOptions& options) {
  if (absl::Status s = ConfigureLogging(options.log_format, options.log_level, "symmbenchd");
      !s.ok()) {
    spdlog::critical("{}", std::string(s.message()));
    return 2;
  }
  if (absl::Status s = RouteLibraryLogsToSpdlog(options.log_format, options.log_level); !s.ok()) {
    spdlog::critical("{}", std::string(s.message()));
    return 2;
  }
  // Signals go to a dedicated thread (sigwait); block them before any thread starts.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  ServerSecurityFlags security_flags = options.security;
  security_flags.listen = options.listen;
  absl::StatusOr<ServerSecurity> security = BuildServerSecurity(security_flags);
  if (!security.ok()) {
    spdlog::critical("{}", std::string(security.status().message()));
    return 2;
  }
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
    spdlog::critical(
        "--backend: say cpu or cuda with --launcher {} (the daemon's own host has nothing to "
        "probe for the compute nodes)",
        options.launcher);
    return 2;
  }
  if (command != !options.launch_command.empty()) {
    spdlog::critical("--launch-command: give it with --launcher command, and only then");
    return 2;
  }
  // Under Slurm or another cluster's control the "devices" are the ranks this daemon lets run
  // at once; the cluster picks the GPUs.
  absl::StatusOr<Inventory> inventory =
      slurm     ? ClusterInventory(options.backend, options.slurm_ranks, "slurm-task")
      : command ? ClusterInventory(options.backend, options.slurm_ranks, "cluster-rank")
                : DiscoverDevices(options.backend, worker, options.cpu_slots);
  if (!inventory.ok()) {
    spdlog::critical("device inventory: {}", inventory.status().ToString());
    return 1;
  }
  // Before anything reads the database: a second daemon on it exits here, naming the first.
  absl::StatusOr<DatabaseLock> db_lock = DatabaseLock::Acquire(db_path);
  if (!db_lock.ok()) {
    spdlog::critical("{}", std::string(db_lock.status().message()));
    return 1;
  }
  absl::StatusOr<std::unique_ptr<JobDb>> db = JobDb::Open(db_path, options.db_max_bytes);
  if (!db.ok()) {
    spdlog::critical("job database {}: {}", db_path, db.status().ToString());
    return 1;
  }
  absl::StatusOr<std::unique_ptr<DispatchTableStore>> dispatch_tables =
      DispatchTableStore::Open(db_path);
  if (!dispatch_tables.ok()) {
    spdlog::critical("dispatch tables in {}: {}", db_path, dispatch_tables.status().ToString());
    return 1;
  }
  absl::StatusOr<std::unique_ptr<BaselineStore>> baselines = BaselineStore::Open(db_path);
  if (!baselines.ok()) {
    spdlog::critical("baselines in {}: {}", db_path, baselines.status().ToString());
    return 1;
  }
  absl::StatusOr<std::unique_ptr<CoordinatorMetrics>> metrics =
      CoordinatorMetrics::Create(options.metrics_listen);
  if (!metrics.ok()) {
    spdlog::critical("--metrics-listen {}: {}", options.metrics_listen,
                     metrics.status().ToString());
    return 1;
  }
  KeyValueStore store;
  std::unique_ptr<Launcher> launcher;
  if (slurm) {
    SlurmOptions slurm_options;
    slurm_options.worker_path = worker;
    slurm_options.partition = options.slurm_partition;
    slurm_options.sbatch_args = options.slurm_args;
    slurm_options.poll_interval = std::chrono::milliseconds(options.slurm_poll_ms);
    launcher = std::make_unique<SlurmLauncher>(slurm_options);
  } else if (command) {
    CommandLauncherOptions command_options;
    command_options.command = options.launch_command;
    launcher = std::make_unique<CommandLauncher>(command_options);
  } else {
    launcher = std::make_unique<LocalLauncher>(worker);
  }
  JobManagerOptions manager_options;
  manager_options.backend = inventory->backend;
  manager_options.devices = inventory->devices;
  manager_options.log_dir = log_dir;
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
  JobManager jobs(manager_options, db->get(), &store, launcher.get(), dispatch_tables->get());
  jobs.set_metrics(metrics->get());

  CoordinatorService coordinator(&jobs, dispatch_tables->get(), baselines->get());
  coordinator.set_max_watch_streams(options.max_watch_streams);
  WorkerReportService reports(&jobs);
  StoreService store_service(&store, [&jobs](const std::string& id, const std::string& secret) {
    return jobs.AuthorizeWorker(id, secret, /*running_only=*/true);
  });
  store_service.set_metrics(metrics->get());
  grpc::EnableDefaultHealthCheckService(true);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();
  grpc::ServerBuilder builder;
  {
    // The parse-error rewrite first, so that the metrics count the status the client gets.
    std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>>
        interceptors;
    interceptors.push_back(ParseErrorInterceptorFactory());
    for (auto& creator : MetricsInterceptorCreators(metrics->get())) {
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
  builder.RegisterService(&coordinator);
  builder.RegisterService(&reports);
  builder.RegisterService(&store_service);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (server == nullptr || port == 0) {
    spdlog::critical("could not listen on {} (in use by another process?)", options.listen);
    return 1;
  }
  jobs.set_coordinator_address(WorkerAddress(options.listen, port));
  // Health NOT_SERVING while the job database takes no writes (jobs wait, SubmitJob is refused;
  // reads go on): a readiness probe takes the daemon out of rotation until there is room.
  jobs.set_db_writable_listener([health = server->GetHealthCheckService()](bool writable) {
    if (health != nullptr) health->SetServingStatus(writable);
  });
  if (absl::Status s = jobs.Start(); !s.ok()) {
    spdlog::critical("job manager: {}", s.ToString());
    return 1;
  }
  const std::string bound =
      absl::StrCat(options.listen.substr(0, options.listen.rfind(':')), ":", port);
  if (!options.port_file.empty()) {
    // Line 1: the gRPC address; line 2: the metrics address (empty when off).
    std::ofstream(options.port_file + ".tmp") << bound << "\n"
                                              << (*metrics)->BoundAddress() << "\n";
    std::rename((options.port_file + ".tmp").c_str(), options.port_file.c_str());
  }
  spdlog::info("listening on {} ({}); metrics on {}; backend {} with {} devices; db {}; worker {}",
               bound, security->summary,
               (*metrics)->BoundAddress().empty() ? "(off)" : (*metrics)->BoundAddress(),
               inventory->backend, inventory->devices.size(), db_path, worker);

  std::thread signal_thread([&] {
    int sig = 0;
    sigwait(&signals, &sig);
    spdlog::info("signal {}: shutting down", sig);
    store.Shutdown();
    jobs.Shutdown();
    server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2));
  });
  server->Wait();
  signal_thread.join();
  spdlog::info("stopped; no worker left running");
  return 0;
}

}  // namespace
}  // namespace symmbench

int main(int argc, char** argv) {
  symmbench::DaemonOptions options;
  CLI::App app{"symmbenchd: the symmbench coordinator daemon"};
  app.set_version_flag("--version", symmbench::VersionText("symmbenchd"));
  app.add_option("--listen", options.listen, "gRPC address (host:port; port 0 picks one)")
      ->capture_default_str();
  app.add_option("--db", options.db,
                 "SQLite job database (default: $XDG_STATE_HOME/symmbench/jobs.db)");
  app.add_option("--db-max-bytes", options.db_max_bytes,
                 "cap the job database's file at this many bytes (0: the filesystem's room); "
                 "past it, as on a full disk, SubmitJob answers RESOURCE_EXHAUSTED and jobs wait")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  app.add_option("--backend", options.backend, "auto, cuda or cpu")
      ->check(CLI::IsMember({"auto", "cuda", "cpu"}))
      ->capture_default_str();
  app.add_option("--cpu-slots", options.cpu_slots, "CPU ranks offered when there is no GPU")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  app.add_option("--worker", options.worker, "symmbench-worker binary (default: next to this one)");
  app.add_option("--log-dir", options.log_dir, "worker logs (default: <state dir>/logs)");
  app.add_option("--job-timeout-s", options.job_timeout_s, "default per-job time limit (s)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  app.add_option("--port-file", options.port_file,
                 "once serving, write the gRPC address (line 1) and the metrics address (line 2)");
  app.add_option("--metrics-listen", options.metrics_listen,
                 "Prometheus /metrics address (host:port; port 0 picks one; empty: off)")
      ->capture_default_str();
  app.add_option("--log-format", options.log_format, "text, or json (one object per line)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  app.add_option("--log-level", options.log_level, "trace, debug, info, warn, error")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error"}))
      ->capture_default_str();
  app.add_option("--tls-cert", options.security.tls_cert,
                 "serve TLS with this certificate chain (PEM); needs --tls-key");
  app.add_option("--tls-key", options.security.tls_key,
                 "private key of --tls-cert (PEM; refused if other users can read it)");
  app.add_option("--tls-client-ca", options.security.tls_client_ca,
                 "require client certificates signed by this CA (PEM) on every call but the "
                 "workers'");
  app.add_option("--token-file", options.security.token_file,
                 "bearer token required for calls that change state or run jobs (file mode 600 "
                 "or 640; never give the token itself on the command line)");
  app.add_option("--max-watch-streams", options.max_watch_streams,
                 "WatchJob streams open at once (each holds a server thread); more are refused")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  app.add_option("--read-only-calls", options.security.read_only_calls,
                 "public: reads (GetJob, ListJobs, WatchJob, ListDevices, ListDispatchTables, "
                 "ListBaselines, GetBaseline, "
                 "health) need no token; token: every call needs it")
      ->check(CLI::IsMember({"public", "token"}))
      ->capture_default_str();
  app.add_option("--tls-worker-ca", options.tls_worker_ca,
                 "CA the workers verify this daemon with (default: --tls-cert itself, right for "
                 "a self-signed certificate)");
  app.add_option("--tls-server-name", options.tls_server_name,
                 "name the workers expect in the daemon's certificate (default: the host they "
                 "dial, the --listen host or 127.0.0.1)");
  app.add_flag("--allow-fault-injection", options.allow_fault_injection,
               "accept jobs with inject_delay_us or inject_fault (tests and demos)");
  app.add_option("--launcher", options.launcher,
                 "local: fork the workers on this host; slurm: one sbatch job per benchmark job, "
                 "one task per rank (sbatch, squeue, sacct, scancel from PATH; SLURM_CONF "
                 "as for any Slurm client); command: --launch-command starts the workers "
                 "elsewhere (a Kubernetes Indexed Job) and they report back")
      ->check(CLI::IsMember({"local", "slurm", "command"}))
      ->capture_default_str();
  app.add_option("--launch-command", options.launch_command,
                 "with --launcher command: run as `CMD start JOB_ID` (prints a handle) and "
                 "`CMD stop HANDLE`, the job's secret and id in its environment "
                 "(deploy/k8s/launch-workers.sh; server/launch/command_launcher.h)");
  app.add_option("--slurm-ranks,--cluster-ranks", options.slurm_ranks,
                 "with --launcher slurm or command: ranks this daemon keeps running at once (the "
                 "largest world_size, and the queue's capacity)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  app.add_option("--max-nodes", options.max_nodes,
                 "hosts one job may span (JobSpec.nodes; default 1 with --launcher local, 64 "
                 "with slurm or command)")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--slurm-partition", options.slurm_partition, "sbatch --partition");
  app.add_option("--slurm-arg", options.slurm_args,
                 "extra sbatch option, e.g. --slurm-arg=--account=bench (repeatable)");
  app.add_option("--slurm-poll-ms", options.slurm_poll_ms, "squeue period in milliseconds")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  return symmbench::Run(options);
}
