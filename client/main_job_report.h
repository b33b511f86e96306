// The report of `symmbench run` (client/main_job.h): one table of the all-reduce sweep (the
// dispatched all_reduce, the other all-reduce kernels beside it, the fastest reference of the
// same run), the AG-GEMM table, and a line of what was verified; or the same as one JSON object.
#pragma once

#include <string>
#include <vector>

#include "client/format.h"
#include "client/main_job.h"
#include "proto/symmbench.pb.h"

namespace symmbench::client {

// What the main job's jobs add up to.
struct MainJobSummary {
  bool ok = false;      // every job SUCCEEDED and every row was checked with 0 wrong
  int rows = 0;         // result rows over every job
  int unchecked = 0;    // rows without verification
  int64_t wrong = 0;    // wrong elements over every row
  int jobs_not_ok = 0;  // jobs that did not SUCCEED
};

// `jobs[i]` ran `parts[i]` (fewer jobs than parts: the rest never ran).
MainJobSummary SummarizeMainJob(const std::vector<MainJobPart>& parts,
                                const std::vector<v1::Job>& jobs);

// "cuda backend, world size 2 of 2 devices (NVIDIA H200), bf16".
std::string MainJobTitle(const v1::ListDevicesResponse& devices,
                         const std::vector<MainJobPart>& parts);

// The report as text: the sweep table, the AG-GEMM table, the jobs and the verification line.
std::string MainJobReport(const v1::ListDevicesResponse& devices,
                          const std::vector<MainJobPart>& parts, const std::vector<v1::Job>& jobs,
                          const MainJobSummary& summary);

// {"backend", "world_size", "ok", "rows", "unchecked", "wrong", "jobs": [job objects]}.
Json MainJobToJson(const v1::ListDevicesResponse& devices, const std::vector<MainJobPart>& parts,
                   const std::vector<v1::Job>& jobs, const MainJobSummary& summary);

}  // namespace symmbench::client
