// Against a saved baseline that kept its plugin build (Baseline.kept_build, saved from a job of a
// plugin op): the candidate is timed A/B against that build, loop for loop in the same passes,
// and its pairs decide each case; the comparison with the saved times stays in each case's
// detail. A saved baseline is another moment of the machine, whose speed can differ from the
// candidate's by more than a change; the pairs share theirs (docs/gate.md).
#pragma once

#include <optional>

#include "client/gate.h"
#include "proto/symmbench.pb.h"

namespace symmbench::client {

// `spec` (a gate's --run) timed against `baseline`'s kept build: sweep.compare_kernel set to it.
// nullopt when the baseline kept no build, `spec` runs another op than the baseline's job, or
// `spec` has a compare kernel of its own.
std::optional<v1::JobSpec> AgainstKeptBuild(const v1::JobSpec& spec, const v1::Baseline& baseline);

// Whether `candidate` was timed against `baseline`'s kept build (its compare kernel).
bool TimedAgainstKeptBuild(const v1::Job& candidate, const v1::Baseline& baseline);

// Replaces each case of `report` (Compare with the saved times) that the baseline and the
// candidate share by its case in `pairs` (CompareAb of the candidate's A/B rows against the kept
// build), whose detail then also says what the saved times said. Recounts the verdicts.
void DecideFromKeptBuild(const GateReport& pairs, const v1::Baseline& baseline, GateReport* report);

}  // namespace symmbench::client
