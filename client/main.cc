// symmbench: the command-line client of symmbenchd. The global flags, the checks made before it
// parses (a misspelled command, --json for errors) and where the coordinator's address comes
// from; each command adds its own subcommand, flags and run beside its code (client/cli.h:
// job_commands.cc, main_job.cc, tune.cc, calibrate.cc, plot.cc, gate_command.cc,
// baseline_command.cc).
#include <algorithm>
#include <cstdlib>
#include <initializer_list>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "CLI/CLI.hpp"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "client/baseline_command.h"
#include "client/calibrate.h"
#include "client/cli.h"
#include "client/commands.h"
#include "client/format.h"
#include "client/gate_command.h"
#include "client/main_job.h"
#include "client/plot.h"
#include "client/rpc_util.h"
#include "client/tune.h"
#include "common/build_info.h"
#include "common/did_you_mean.h"

namespace {

using symmbench::client::GlobalOptions;

// The verb as typed: the first argument that is neither an option nor an option's value.
std::string TypedVerb(const CLI::App& app, int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.empty() || arg[0] != '-') return arg;
    if (arg.find('=') != std::string::npos) continue;
    const CLI::Option* option = app.get_option_no_throw(arg);
    if (option != nullptr && option->get_items_expected_min() > 0) ++i;  // skip its value
  }
  return "";
}

// Whether any argument is one of `names` (before the options are parsed: --json, so that even
// an error found then is one JSON object; --help or --version, which need no command).
bool AnyArgument(int argc, char** argv, std::initializer_list<const char*> names) {
  for (int i = 1; i < argc; ++i) {
    for (const char* name : names) {
      if (std::string(argv[i]) == name) return true;
    }
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  // First: SIGINT and SIGTERM blocked before any other thread starts (gRPC's).
  symmbench::client::Interrupts interrupts;
  GlobalOptions global;
  global.interrupts = &interrupts;
  int timeout_s = static_cast<int>(global.rpc_timeout.count());

  CLI::App app{
      "symmbench: submit, follow and inspect symmbench benchmark jobs.\n"
      "Exit codes: 0 success (job SUCCEEDED), 1 job FAILED or CANCELLED, "
      "2 usage or RPC error."};
  app.require_subcommand(1);
  app.fallthrough();  // global options may also follow the subcommand
  app.set_version_flag("--version", symmbench::VersionText("symmbench"));
  CLI::Option* coordinator =
      app.add_option("--coordinator", global.coordinator,
                     "Address of symmbenchd (host:port; default: $SYMMBENCH_COORDINATOR, else " +
                         std::string(symmbench::client::kDefaultCoordinator) + ")");
  app.add_flag("--json", global.json, "Print exactly one JSON object on stdout");
  app.add_option("--timeout-s", timeout_s, "Deadline of each unary RPC, in seconds")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  symmbench::client::SecurityFlags security;
  app.add_option("--token-file", security.token_file,
                 "File holding the bearer token (mode 600/640; default: $SYMMBENCH_TOKEN_FILE)");
  app.add_option("--tls-ca", security.tls_ca,
                 "Connect with TLS, verifying symmbenchd's certificate with this CA (PEM)");
  app.add_option("--tls-cert", security.tls_cert,
                 "Client certificate (PEM) for a daemon started with --tls-client-ca");
  app.add_option("--tls-key", security.tls_key, "Private key of --tls-cert (PEM)");
  app.add_option("--tls-server-name", security.tls_server_name,
                 "Name expected in symmbenchd's certificate (default: the --coordinator host)");

  // Each command adds its subcommand, flags and run beside its code.
  symmbench::client::CommandLine cli(&app);
  symmbench::client::AddJobCommands(&cli);
  symmbench::client::AddMainJobCommand(&cli);
  symmbench::client::AddTuneCommand(&cli);
  symmbench::client::AddCalibrateCommand(&cli);
  symmbench::client::AddPlotCommand(&cli);
  symmbench::client::AddGateCommand(&cli);
  symmbench::client::AddBaselineCommands(&cli);

  namespace sc = symmbench::client;
  global.json = AnyArgument(argc, argv, {"--json"});  // until the options are parsed
  std::vector<std::string> verbs;
  for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    verbs.push_back(sub->get_name());
  }
  const std::string verb = TypedVerb(app, argc, argv);
  const std::string commands =
      absl::StrCat(" (commands: ", absl::StrJoin(verbs, ", "), "; symmbench --help)");
  if (!verb.empty() && std::find(verbs.begin(), verbs.end(), verb) == verbs.end()) {
    return sc::ReportError(
        global,
        absl::InvalidArgumentError(absl::StrCat(
            "unknown command \"", verb, "\"", symmbench::DidYouMeanSuffix(verb, verbs), commands)),
        std::cout, std::cerr);
  }
  if (verb.empty() && !AnyArgument(argc, argv, {"--help", "-h", "--version"})) {
    return sc::ReportError(global,
                           absl::InvalidArgumentError(absl::StrCat("no command given", commands)),
                           std::cout, std::cerr);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version: CLI11 prints them and exits 0.
    if (e.get_exit_code() == 0) return app.exit(e) == 0 ? sc::kExitOk : sc::kExitError;
    // Anything else is one line (one JSON object with --json), naming where help is.
    return sc::ReportError(
        global,
        absl::InvalidArgumentError(absl::StrCat(
            e.what(), " (symmbench ", verb.empty() ? "" : absl::StrCat(verb, " "), "--help)")),
        std::cout, std::cerr);
  }
  global.json = global.json || cli.json_after_subcommand();
  global.rpc_timeout = std::chrono::seconds(timeout_s);
  if (coordinator->count() > 0) {
    global.coordinator_source = "--coordinator";
  } else if (const char* env = std::getenv("SYMMBENCH_COORDINATOR"); env != nullptr && *env) {
    global.coordinator = env;
    global.coordinator_source = "SYMMBENCH_COORDINATOR";
  }
  if (absl::Status s = sc::LoadClientSecurity(security, &global); !s.ok()) {
    return sc::ReportError(global, s, std::cout, std::cerr);
  }

  cli.set_args(std::vector<std::string>(argv, argv + argc));
  return cli.Run(global, std::cout, std::cerr).value_or(sc::kExitError);
}
