// `symmbench gate --ab`: the decision from one A/B job (JobSpec.sweep.compare_kernel), whose
// rows time the kernel and the compare kernel loop for loop in the same passes. Each case is
// decided from its paired ratios (the kernel's loop median over the compare kernel's, pass by
// pass) with the rule of a baseline gate (Decide): a machine that drifts during the job moves
// both sides of every pair alike, where a saved baseline was measured at another time.
#pragma once

#include "absl/status/status.h"
#include "client/gate.h"
#include "proto/symmbench.pb.h"

namespace symmbench::client {

// FAILED_PRECONDITION naming the job when it has no A/B rows (its spec has no
// sweep.compare_kernel, or it ended before any row).
absl::Status CheckAbJob(const v1::Job& job);

// One case: baseline = the compare kernel (its median over every batch), candidate = the kernel;
// ratio = the median paired ratio; interval = the percentile bootstrap interval of that median
// over the pairs at 1 - alpha; p = the exact one-sided sign test of the pairs in the direction
// of the change; wrong = both sides' wrong elements.
CaseResult CompareAbCase(const std::string& name, const v1::ResultRow& row,
                         const GateOptions& options);

// Every row of `job` as a case (rows without a comparison are missing), the report's baseline
// and candidate both `job`, its baseline name "<compare kernel> (A/B in <job id>)".
GateReport CompareAb(const v1::Job& job, const GateOptions& options);

}  // namespace symmbench::client
