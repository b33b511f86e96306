// `symmbench gate`: the RPCs around the gate's comparison (client/gate.h) and its reports
// (client/gate_report.h).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "client/commands.h"
#include "proto/symmbench.pb.h"

namespace symmbench::client {

class CommandLine;

// Exit codes of `symmbench gate`.
inline constexpr int kGatePass = 0;          // no case failed
inline constexpr int kGateRegression = 1;    // a case regressed, is missing or wrong, or the
                                             // candidate job failed
inline constexpr int kGateError = 2;         // no decision: usage, RPC, unknown baseline, mismatch
inline constexpr int kGateInconclusive = 3;  // no case failed, but some could not be decided
                                             // within --max-runs / --budget-s

struct GateCommandOptions {
  std::string baseline;             // --baseline: a stored baseline's name, or an exported file
  std::string candidate;            // --candidate JOB
  std::string run_spec;             // --run SPEC: a JobSpec JSON file to submit and wait for
  std::vector<std::string> labels;  // --label KEY=VALUE added to the --run spec
  std::string max_slowdown = "5%";  // --max-slowdown: "5%" or a fraction, "0.05"
  double alpha = 0.01;              // --alpha
  std::string markdown;             // --markdown FILE
  std::string junit;                // --junit FILE
  bool allow_mismatch = false;      // --allow-mismatch
  bool ab = false;                  // --ab: the candidate is an A/B job, gated on its own pairs
  // With --run: measure inconclusive cases again, up to this many jobs in all (1: never).
  int max_runs = 3;
  double budget_s = 900;  // --budget-s: seconds to spend measuring again
};

// "5%" -> 0.05, "0.05" -> 0.05. INVALID_ARGUMENT starting with "--max-slowdown" for anything
// else, or outside [0, 10) (a bare number >= 1 is refused: write it with %).
absl::StatusOr<double> ParseSlowdown(const std::string& text);

// gate: loads the baseline (file or GetBaseline), gets or runs the candidate, refuses runs that
// are not comparable unless allow_mismatch, compares, prints the table (JSON with --json) and
// writes the Markdown and JUnit files. With --ab (no --baseline): gets or runs the A/B job and
// decides from its paired ratios (client/gate_ab.h). With --run, cases left inconclusive are
// measured again (their sizes only; an A/B job's pairs pooled with the earlier ones, a run
// against a saved baseline looked at afresh; client/gate_rounds.h) until every case is decided,
// max_runs jobs have run or budget_s of measuring again has passed (no run starts that the
// last one's duration would carry past it), each look at alpha / max_runs. Exit codes above: a
// failure wins over inconclusive.
int RunGate(const GlobalOptions& global, const GateCommandOptions& options, std::ostream& out,
            std::ostream& err);

// Adds `gate`, its flags and its run to the command line.
void AddGateCommand(CommandLine* cli);

}  // namespace symmbench::client
