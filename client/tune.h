// `symmbench tune`: measures a dispatcher op's candidates (all_reduce: the one-shot, two-shot and
// push one-shot; all_gather and reduce_scatter: the SM one-shot and the copy-engine
// low-contention one) and NCCL, their baseline, over a size sweep on this coordinator's devices,
// picks the fastest at every size, and stores the resulting dispatch table for that op
// (crossover sizes are printed).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "client/commands.h"
#include "proto/symmbench.pb.h"

namespace symmbench::client {

class CommandLine;

struct TuneOptions {
  std::string op = "all_reduce";  // the dispatcher: all_reduce, all_gather or reduce_scatter
  int world_size = 0;             // 0: every device of the coordinator
  std::string dtype = "bf16";
  std::string min_bytes = "2K";
  std::string max_bytes = "256M";
  int step_factor = 2;
  int warmup = 10;
  int iters = 50;
  bool dry_run = false;  // print the table, do not store it
};

// One size of the tuning sweep: each algorithm's time per op (graph replays where the jobs ran
// in graph mode, else eager) and the winner.
struct TunePoint {
  int64_t size_bytes = 0;
  std::vector<double> ours_us;  // per candidate job, in the order given (for tune: the
                                // registry's DispatchCandidates of the op)
  double nccl_us = 0;           // the fastest baseline the dispatcher can run
  std::string nccl;  // which: "nccl" (the reference) or an extra one, e.g. "nccl_symmetric"
  std::string winner;
};

// Builds dispatcher `op`'s table from candidate jobs over the same sizes (each job's
// spec.kernel() is its algorithm; the fastest baseline of any job is the NCCL candidate; ties go
// to the earlier job). INVALID_ARGUMENT when there is no job or the rows do not line up.
// `points` receives the per-size comparison.
absl::StatusOr<v1::DispatchTable> BuildDispatchTable(const std::vector<v1::Job>& jobs,
                                                     const std::string& gpu_model,
                                                     std::vector<TunePoint>* points,
                                                     const std::string& op = "all_reduce");

// The whole command: ListDevices, one job per dispatch candidate of the op, the table,
// SetDispatchTable (unless dry_run). --op that is not a dispatcher: INVALID_ARGUMENT naming it.
int RunTune(const GlobalOptions& global, const TuneOptions& options, std::ostream& out,
            std::ostream& err);

// Adds `tune`, its flags and its run to the command line.
void AddTuneCommand(CommandLine* cli);

}  // namespace symmbench::client
