// The coordinator daemon as a library: DaemonOptions (what symmbenchd's flags set) and Daemon,
// which opens the job database, finds the devices, builds the Coordinator, Store and
// WorkerReport services and serves them until Shutdown. server/main.cc is flags, logging and
// signals around it; tests run it in-process on port 0 (server/daemon_test.cc).
#pragma once

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "server/rpc/server_security.h"

namespace symmbench {

struct DaemonOptions {
  std::string listen = "127.0.0.1:7070";  // gRPC host:port; port 0 picks one
  std::string db;                         // default: $XDG_STATE_HOME/symmbench/jobs.db
  int64_t db_max_bytes = 0;               // 0: the filesystem's room
  std::string backend = "auto";           // auto, cuda or cpu
  int cpu_slots = 0;                      // CPU ranks offered without a GPU; 0: one per core
  std::string worker;                     // default: symmbench-worker next to this binary
  std::string log_dir;                    // default: <state dir>/logs
  int job_timeout_s = 3600;
  std::string port_file;                          // written once serving (address, metrics)
  std::string metrics_listen = "127.0.0.1:9464";  // empty: no /metrics
  // A new metrics series shows 0 this long (and until scraped) before its first counts: every
  // Prometheus scraping at most this often sees it at zero (rate() and increase() need that).
  int metrics_zero_hold_s = 60;
  int max_watch_streams = 256;
  ServerSecurityFlags security;     // TLS, token, read-only calls (listen is copied in)
  std::string tls_worker_ca;        // CA the workers verify the daemon with
  std::string tls_server_name;      // name the workers expect in the daemon's certificate
  std::string log_format = "text";  // --log-format, passed on to the workers
  bool allow_fault_injection = false;
  // Users' plugin libraries offered to jobs (plugin/symmbench_plugin.h); empty: none.
  std::string plugin_dir;
  // How long describing one library may take (PluginCatalog's describe_timeout), seconds.
  int plugin_describe_timeout_s = 20;
  std::string launcher = "local";  // local | slurm | command
  int slurm_ranks = 64;  // ranks this daemon keeps in Slurm (or the cluster) at once: its "devices"
  std::string launch_command;  // --launcher command: the program that starts / stops workers
  int max_nodes = 0;           // JobSpec.nodes bound; 0: 1 (local) or 64 (slurm, command)
  std::string slurm_partition;
  std::vector<std::string> slurm_args;
  int slurm_poll_ms = 1000;
};

class Daemon {
 public:
  // Builds everything and starts serving. Errors: INVALID_ARGUMENT naming the flag for options
  // that do not fit together or security files that cannot be used (symmbenchd exits 2);
  // FAILED_PRECONDITION naming the holder's pid when another daemon holds the database, the
  // database's own errors (read-only, corrupt), the device inventory's, the metrics listener's,
  // UNAVAILABLE when the gRPC address cannot be bound (symmbenchd exits 1).
  static absl::StatusOr<std::unique_ptr<Daemon>> BuildAndStart(const DaemonOptions& options);

  // Shuts down (if not yet) and waits for the server.
  ~Daemon();
  Daemon(const Daemon&) = delete;
  Daemon& operator=(const Daemon&) = delete;

  // The bound gRPC address, host:port (the --listen host with the chosen port).
  const std::string& address() const { return address_; }
  // The bound /metrics address; empty when metrics are off.
  std::string metrics_address() const;

  // A graceful stop (`why` names it in records and the log): refuses new work, stops every
  // running worker (a job that stored no row is queued again, one that did is FAILED with
  // `why`; JobManager::Shutdown), leaves queued jobs queued on disk for the next start, ends
  // waits in the Store and stops the server, giving open calls `grace`. Idempotent; safe from
  // any thread (e.g. a signal thread).
  void Shutdown(absl::string_view why = "symmbenchd stopped",
                std::chrono::milliseconds grace = std::chrono::seconds(2));
  // Blocks until the server has stopped (after Shutdown).
  void Wait();

 private:
  struct Parts;  // everything it owns, destroyed in reverse order of construction
  explicit Daemon(std::unique_ptr<Parts> parts);

  std::unique_ptr<Parts> parts_;
  std::string address_;
};

}  // namespace symmbench
