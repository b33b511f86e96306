// The command line: each command adds its subcommand, its flags and what it runs beside its
// code (Add*Command in commands.cc, tune.cc, gate_command.cc...); main.cc adds the global
// flags, parses once and runs the command given.
#pragma once

#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "CLI/CLI.hpp"

namespace symmbench::client {

struct GlobalOptions;

// What a command does once the command line is parsed and the global options are resolved;
// returns the process's exit code.
using CommandRun =
    std::function<int(const GlobalOptions& global, std::ostream& out, std::ostream& err)>;

class CommandLine {
 public:
  explicit CommandLine(CLI::App* app) : app_(app) {}
  CommandLine(const CommandLine&) = delete;
  CommandLine& operator=(const CommandLine&) = delete;

  CLI::App* app() const { return app_; }
  // --json on `sub`: accepted after the subcommand as well as before it (a global flag).
  void AddJsonFlag(CLI::App* sub);
  bool json_after_subcommand() const { return json_after_subcommand_; }
  // `run` is what `sub` does when it is the command given (a nested one: the innermost).
  void OnCommand(CLI::App* sub, CommandRun run);
  // The whole command line, for the reports that quote it; set before parsing.
  void set_args(std::vector<std::string> args) { args_ = std::move(args); }
  const std::vector<std::string>& args() const { return args_; }
  // The run of the command given; nullopt when none was (a group such as `baseline` alone).
  std::optional<int> Run(const GlobalOptions& global, std::ostream& out, std::ostream& err) const;

 private:
  CLI::App* app_;
  bool json_after_subcommand_ = false;
  std::vector<std::pair<CLI::App*, CommandRun>> commands_;
  std::vector<std::string> args_;
};

// Adds an option whose value lands in `target` only when it is given on the command line.
template <typename T>
CLI::Option* AddOptional(CLI::App* app, const std::string& name, std::optional<T>* target,
                         const std::string& help) {
  return app->add_option_function<T>(
      name, [target](const T& value) { *target = value; }, help);
}

}  // namespace symmbench::client
