// symmbenchd: the coordinator daemon. Serves the Coordinator, Store and WorkerReport gRPC
// services, owns the host's devices, queues jobs and runs their workers (server/daemon.h);
// this file is its flags, logging and signals.
//
//   symmbenchd --listen 127.0.0.1:7070 --db ~/.local/state/symmbench/jobs.db --backend auto
//   symmbenchd --listen 0.0.0.0:7070 --tls-cert cert.pem --tls-key key.pem --token-file token
#include <signal.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "common/build_info.h"
#include "common/library_logs.h"
#include "common/log_format.h"
#include "server/daemon.h"

namespace symmbench {
namespace {

struct Flags {
  DaemonOptions daemon;
  std::string log_level = "info";
  std::string log_format = "text";
};

// Exit codes: 0 after a signal, 2 for flags that do not fit together, 1 for any other failure.
int Run(const Flags& flags) {
  if (absl::Status s = ConfigureLogging(flags.log_format, flags.log_level, "symmbenchd"); !s.ok()) {
    spdlog::critical("{}", std::string(s.message()));
    return 2;
  }
  if (absl::Status s = RouteLibraryLogsToSpdlog(flags.log_format, flags.log_level); !s.ok()) {
    spdlog::critical("{}", std::string(s.message()));
    return 2;
  }
  // Signals go to a dedicated thread (sigwait); block them before any thread starts.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  DaemonOptions options = flags.daemon;
  options.log_format = flags.log_format;
  absl::StatusOr<std::unique_ptr<Daemon>> daemon = Daemon::BuildAndStart(options);
  if (!daemon.ok()) {
    spdlog::critical("{}", std::string(daemon.status().message()));
    return daemon.status().code() == absl::StatusCode::kInvalidArgument ? 2 : 1;
  }
  std::thread signal_thread([&] {
    int sig = 0;
    sigwait(&signals, &sig);
    const std::string name = sig == SIGTERM ? "SIGTERM" : sig == SIGINT ? "SIGINT" : "a signal";
    spdlog::info("{}: shutting down", name);
    (*daemon)->Shutdown(absl::StrCat("symmbenchd stopped (", name, ")"));
  });
  (*daemon)->Wait();
  signal_thread.join();
  daemon->reset();
  spdlog::info("stopped; no worker left running");
  return 0;
}

}  // namespace
}  // namespace symmbench

int main(int argc, char** argv) {
  symmbench::Flags flags;
  symmbench::DaemonOptions& options = flags.daemon;
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
  app.add_option("--cpu-slots", options.cpu_slots,
                 "CPU ranks offered when there is no GPU (default 0: one per core this daemon may "
                 "run on; more share cores, and their jobs say so)")
      ->check(CLI::NonNegativeNumber)
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
  app.add_option("--metrics-zero-hold-s", options.metrics_zero_hold_s,
                 "a new series (a kernel's first job, first failure) shows 0 this long before its "
                 "counts, so that every Prometheus scraping at least this often sees it start at "
                 "zero (set it to the longest scrape_interval; 0: one scrape)")
      ->check(CLI::Range(0, 3600))
      ->capture_default_str();
  app.add_option("--log-format", flags.log_format, "text, or json (one object per line)")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  app.add_option("--log-level", flags.log_level, "trace, debug, info, warn, error")
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
  app.add_option("--plugin-dir", options.plugin_dir,
                 "offer the plugin libraries (*.so) of this directory to jobs, as kernels "
                 "\"<file name without .so>:<op>\" (docs/plugins.md)");
  app.add_option("--plugin-describe-timeout-s", options.plugin_describe_timeout_s,
                 "how long describing one plugin library may take (its loading included) before "
                 "it is listed with an error; libraries are described in the background")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
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
  return symmbench::Run(flags);
}
