// The symmbench subcommands: each makes its Coordinator RPCs and writes a table or one JSON
// object to `out` (errors to `err`), and returns the process exit code. No exit() here.
#pragma once

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <string>

#include "absl/status/status.h"
#include "client/interrupts.h"
#include "client/run_report.h"
#include "client/spec.h"
#include "security/channel.h"

namespace symmbench::client {

// Exit codes of the CLI.
inline constexpr int kExitOk = 0;         // operation succeeded (and the job SUCCEEDED)
inline constexpr int kExitJobFailed = 1;  // the job ended FAILED or CANCELLED
inline constexpr int kExitError = 2;      // usage error or RPC error

inline constexpr char kDefaultCoordinator[] = "127.0.0.1:7070";
inline constexpr std::chrono::seconds kDefaultRpcTimeout{10};

// Options every subcommand takes.
struct GlobalOptions {
  std::string coordinator = kDefaultCoordinator;  // host:port of symmbenchd
  // Where `coordinator` came from, for error messages: "--coordinator",
  // "SYMMBENCH_COORDINATOR" or "the default".
  std::string coordinator_source = "the default";
  bool json = false;  // one JSON object on stdout instead of tables
  // Deadline of each unary RPC. WatchJob streams have none: a job may run for hours.
  std::chrono::seconds rpc_timeout = kDefaultRpcTimeout;
  // TLS and the bearer token for every call (LoadClientSecurity fills it from the flags).
  ChannelSecurity security;
  // Ctrl-C while a command waits on a job (main's; null in tests: signals act by default).
  Interrupts* interrupts = nullptr;
};

// Where the client finds its credentials: flags, file paths only (the token itself is never
// given on the command line).
struct SecurityFlags {
  std::string token_file;  // --token-file, else $SYMMBENCH_TOKEN_FILE
  std::string tls_ca;      // --tls-ca: verify symmbenchd's certificate with this CA (TLS on)
  std::string tls_cert;    // --tls-cert/--tls-key: client certificate for --tls-client-ca
  std::string tls_key;
  std::string tls_server_name;  // --tls-server-name: name expected in the certificate
};

// Reads the token and certificate files into `global->security`. Errors name the flag
// (or SYMMBENCH_TOKEN_FILE), e.g. a token file other users can read.
absl::Status LoadClientSecurity(const SecurityFlags& flags, GlobalOptions* global);

struct SubmitOptions {
  SpecFlags spec;     // what to run
  bool wait = false;  // follow the job with WatchJob until it ends
  // With wait: Ctrl-C cancels the job (without it, the job keeps running and the client says so).
  bool cancel_on_interrupt = false;
  ReportOptions report;  // how --wait reports the job (client/run_report.h)
};

struct ListOptions {
  int32_t limit = 0;  // newest first; 0: the daemon's default (100)
  std::string state;  // filter by state name ("" = all), e.g. "FAILED"
};

// submit: SubmitJob; prints the job id (JSON: the job object). With `wait`, follows the job
// like watch and returns by its final state.
int RunSubmit(const GlobalOptions& global, const SubmitOptions& options, std::ostream& out,
              std::ostream& err);

// watch JOB: follows the job (stored rows first, then new ones as they arrive) until it
// ends. Table: rows as they arrive, then the final state and error. JSON: the final job once.
// `report` (client/run_report.h) adds the run's header and footer, restates the rows, adds the
// per-rank and sample tables, writes the nccl-tests JSON file, and exits 1 for a SUCCEEDED job
// below its minimum bus bandwidth; the same for status and submit --wait.
int RunWatch(const GlobalOptions& global, const std::string& job_id, std::ostream& out,
             std::ostream& err, const ReportOptions& report = {});

// status JOB: GetJob. 0 for a SUCCEEDED, QUEUED or RUNNING job, 1 for FAILED or CANCELLED.
int RunStatus(const GlobalOptions& global, const std::string& job_id, std::ostream& out,
              std::ostream& err, const ReportOptions& report = {});

// list: ListJobs as a table or {"jobs": [...]}.
int RunList(const GlobalOptions& global, const ListOptions& options, std::ostream& out,
            std::ostream& err);

// cancel JOB: CancelJob; prints the job's state after cancellation (JSON: the job object).
int RunCancel(const GlobalOptions& global, const std::string& job_id, std::ostream& out,
              std::ostream& err);

// devices: ListDevices as a table (then backend and kernels) or {"backend", "devices",
// "kernels"}.
int RunDevices(const GlobalOptions& global, std::ostream& out, std::ostream& err);

class CommandLine;
// Adds submit, watch, status, cancel, list and devices, their flags and their runs to the
// command line (client/cli.h; job_commands.cc).
void AddJobCommands(CommandLine* cli);

}  // namespace symmbench::client
