// The progress line of a job being followed (`submit --wait`, `watch`, `run`): on a terminal's
// stderr, rewritten in place with '\r' at every WatchJob event:
//   # j-000004 size 3 of 9 (32K), pass 2 of 5: 12.3 s elapsed, about 41 s left
// Nothing at all when disabled (stderr is not a terminal, or --json).
#pragma once

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "proto/symmbench.pb.h"

namespace symmbench::client {

// Whether a progress line is wanted: stderr is a terminal and the output is not JSON.
bool ProgressWanted(bool json);

class JobProgress {
 public:
  JobProgress(std::ostream& err, bool enabled) : err_(err), enabled_(enabled) {}
  ~JobProgress() { Clear(); }

  // Starts following `job`: its spec gives the steps (sizes x passes; shapes for ag_gemm), its
  // start time the elapsed time (else the first RUNNING event).
  void Start(const v1::Job& job);
  // After a WatchJob event: counts the step a row finished and redraws the line.
  void Update(const v1::JobEvent& event);
  // Erases the line (before other output goes to the terminal, and at the end).
  void Clear();

  // The line's text, without the '\r': `done` of `total` steps after `elapsed_s` seconds; the
  // last step was size `size_index` (0-based) of `sizes`, pass `pass` of `passes` (both 0 for
  // a job without passes, e.g. ag_gemm's shapes: then "shape i of n").
  static std::string Line(const std::string& job_id, const std::string& state, int step, int steps,
                          int size_index, int sizes, int64_t size_bytes, int pass, int passes,
                          double elapsed_s);

 private:
  void Draw();
  // Sizes of the sweep, times its dtypes: the loops of one pass.
  int Cases() const;

  std::ostream& err_;
  const bool enabled_;
  std::string job_id_;
  std::string state_;
  std::vector<int64_t> sizes_;  // the sweep (empty for shapes)
  std::vector<int> dtypes_;     // JobPlan.dtypes: each size runs in each (empty: one dtype)
  int shapes_ = 0;              // ag_gemm: one step per shape
  int passes_ = 1;
  int step_ = 0;
  int size_index_ = -1;
  int64_t size_bytes_ = 0;
  int pass_ = 0;
  bool started_ = false;  // the clock runs
  std::chrono::steady_clock::time_point start_;
  bool drawn_ = false;
};

}  // namespace symmbench::client
