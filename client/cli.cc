// CommandLine: the subcommands' runs and the --json flag they share.
#include "client/cli.h"

#include <utility>

namespace symmbench::client {

void CommandLine::AddJsonFlag(CLI::App* sub) {
  sub->add_flag("--json", json_after_subcommand_, "Print exactly one JSON object on stdout");
}

void CommandLine::OnCommand(CLI::App* sub, CommandRun run) {
  commands_.emplace_back(sub, std::move(run));
}

std::optional<int> CommandLine::Run(const GlobalOptions& global, std::ostream& out,
                                    std::ostream& err) const {
  for (const auto& [sub, run] : commands_) {
    if (sub->parsed()) return run(global, out, err);
  }
  return std::nullopt;
}

}  // namespace symmbench::client
