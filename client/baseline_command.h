// `symmbench baseline save|list|export|import`: the gate's baselines on the coordinator, and
// their exported JSON (a v1::Baseline with proto field names: spec, labels, machine, rows with
// every sample).
#pragma once

#include <iosfwd>
#include <string>

#include "absl/status/statusor.h"
#include "client/commands.h"
#include "proto/symmbench.pb.h"

namespace symmbench::client {

class CommandLine;

// A Baseline from its exported JSON (proto field names). INVALID_ARGUMENT naming `source`.
absl::StatusOr<v1::Baseline> ParseBaselineJson(const std::string& json, const std::string& source);
// The exported JSON of a baseline (proto field names, rows and samples included).
std::string BaselineToJson(const v1::Baseline& baseline);

struct BaselineCommandOptions {
  std::string job_id;  // save: JOB
  std::string name;    // save: --name; export: NAME; import: --name (renames)
  std::string file;    // import: FILE
  bool force = false;  // save / import: replace an existing baseline of that name
};

// Each returns kExitOk, or kExitError after printing "error: CODE: message" (an existing name
// without force is ALREADY_EXISTS, naming the baseline kept).

// save JOB --name NAME [--force]: SaveBaseline; prints what was saved (JSON: the baseline
// without rows).
int RunBaselineSave(const GlobalOptions& global, const BaselineCommandOptions& options,
                    std::ostream& out, std::ostream& err);
// list: ListBaselines as a table (name, job, kernel, world size, dtype, cases, GPU model,
// labels, saved time) or {"baselines": [...]} without rows.
int RunBaselineList(const GlobalOptions& global, std::ostream& out, std::ostream& err);
// export NAME: GetBaseline; prints its JSON on stdout (for `> file.json`).
int RunBaselineExport(const GlobalOptions& global, const BaselineCommandOptions& options,
                      std::ostream& out, std::ostream& err);
// import FILE [--name NAME] [--force]: ImportBaseline of an exported file.
int RunBaselineImport(const GlobalOptions& global, const BaselineCommandOptions& options,
                      std::ostream& out, std::ostream& err);

// Adds `baseline save|list|export|import`, their flags and their runs to the command line.
void AddBaselineCommands(CommandLine* cli);

}  // namespace symmbench::client
