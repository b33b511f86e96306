// The race check of the GEMM + collective ops (docs/measurement.md): a checked variant's
// operations back to back on inputs that change every operation, each operation's C checked row
// by row against what its own inputs make (GemmCollective::CheckRows). The checks after Prepare
// and after each timed loop see the same inputs every time, so a stale chunk, a late push or a
// copied result passes them; here it does not.
#pragma once

#include <cstdint>

#include "absl/status/statusor.h"
#include "kernels/backend.h"
#include "kernels/gemm_collective.h"

namespace symmbench {

// After op->Prepare(problem, seed) on every rank (collective, as Run): for k = 0 ..
// kRaceCheckOperations - 1 (worker/race_check.h), op->RefillInputs(RaceCheckSeed(seed, k)),
// op->Run(variant) and op->CheckRows(RaceCheckSeed(seed, k), k), with nothing waited for in
// between on CUDA (its fused ops are eager only: no graph pass); then the backend synchronized,
// op->TakeRowChecks(), and op->RefillInputs(seed), which leaves the inputs as Prepare drew them.
// Returns what the checks found; any error of the op or the backend as it is.
absl::StatusOr<GemmRowCheck> GemmRaceCheck(Backend* backend, GemmCollective* op,
                                           GemmVariant variant, uint64_t seed);

}  // namespace symmbench
