// `symmbench plot JOB|FILE.json ... --out FILE.png|svg`: pictures of jobs through gnuplot
// (Debian's gnuplot-nox). Size-swept kernels: time per op and busbw against message size, ours
// and the best baseline, log axes, one line per job (eager, and graph where measured).
// ag_gemm: t_ag, t_gemm, t_sequential and t_fused per shape, as grouped bars.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "client/commands.h"
#include "proto/symmbench.pb.h"

namespace symmbench::client {

class CommandLine;

struct PlotOptions {
  std::vector<std::string> jobs;  // job ids (fetched with GetJob) or `--json` files of jobs
  std::string out;                // .png or .svg
  std::string title;              // default: the kernels and dtypes plotted
};

// The gnuplot script (data inline) for `jobs`. INVALID_ARGUMENT naming --out for another
// extension, or when the jobs mix ag_gemm and size-swept kernels or have no rows.
// `jobs` with a job of several dtypes (SweepSpec.all_dtypes) split into one per dtype, each
// with that dtype's rows, so that every plotted series is one dtype.
std::vector<v1::Job> OneDTypeEach(const std::vector<v1::Job>& jobs);

absl::StatusOr<std::string> GnuplotScript(const std::vector<v1::Job>& jobs,
                                          const PlotOptions& options);

// Parses a job from the JSON that `symmbench ... --json` prints (the keys this CLI writes).
absl::StatusOr<v1::Job> JobFromJson(const std::string& text, const std::string& source);

// The command: loads the jobs, runs gnuplot, 0 when the picture was written.
int RunPlot(const GlobalOptions& global, const PlotOptions& options, std::ostream& out,
            std::ostream& err);

// Adds `plot`, its flags and its run to the command line.
void AddPlotCommand(CommandLine* cli);

}  // namespace symmbench::client
