// Measuring a gate's undecided cases again: the spec that runs just their sizes, and each case's
// candidate row after another run, pooled or fresh (the rule that decides it is client/gate.h's,
// at the alpha of one look: GateOptions.looks).
#pragma once

#include <optional>

#include "client/gate.h"
#include "proto/symmbench.pb.h"

namespace symmbench::client {

// The spec that measures `report`'s inconclusive cases again: `spec` with sweep.sizes_bytes set
// to their sizes (ascending, once each) when every such case is a size of a size-swept kernel,
// else `spec` unchanged (GEMM shapes run whole). nullopt when no case is inconclusive.
std::optional<v1::JobSpec> RemeasureSpec(const v1::JobSpec& spec, const GateReport& report);

// Appends `more`'s loops to `into` (a row of the same case): its samples and their iteration
// counts, its loop medians, each reference's loop medians (matched by name; a reference
// `more` lacks leaves `into`'s without them), and the A/B comparison's samples, loop medians
// and paired ratios; wrong elements add up; time_us and the comparison's time_us and ratio
// become the medians of everything pooled.
void AppendLoops(const v1::ResultRow& more, v1::ResultRow* into);

// How a run that measured cases again joins the candidate.
enum class Rejoin {
  kPool,     // its loops are appended (A/B pairs: each pair carries its own control)
  kReplace,  // its rows replace the earlier ones: a fresh look (against a saved baseline, a
             // machine's speed can change from job to job, and a pool would mix its levels)
};

// Adds the rows of `more` (a job that measured cases again) to `candidate` as `how` says, for
// each case `report` left inconclusive. Other cases, decided already, keep what decided them.
void PoolRun(const v1::Job& more, const GateReport& report, Rejoin how, v1::Job* candidate);

}  // namespace symmbench::client
