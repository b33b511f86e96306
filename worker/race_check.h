// The race check (docs/measurement.md): a kernel's operations back to back on inputs that change
// every operation, each output compared with what its own inputs make. Every other check sees
// the same inputs operation after operation, so a stale read, a slot reused too early, a late
// write or a copied result returns the same right data there; here it returns wrong data.
#pragma once

#include <cstdint>

#include "absl/status/statusor.h"
#include "kernels/backend.h"
#include "kernels/collective.h"

namespace symmbench {

// Operations per pass of a race check: more than the deepest slot rotation of any kernel plus
// one (the push one-shot rotates 3 receive slots), so that a slot reused one operation early is
// reused within the check, and a race the scheduler lets pass once gets several more chances.
inline constexpr int kRaceCheckOperations = 8;

// The seed of operation `k` (0-based) of a race check whose Prepare used `seed`: never `seed`
// itself, a different one for every k.
uint64_t RaceCheckSeed(uint64_t seed, int k);

// After op->Prepare(count, dtype, seed) on every rank (collective, as Run): for k = 0 ..
// kRaceCheckOperations - 1, op->RefillInput(RaceCheckSeed(seed, k)), op->Run() and
// op->CheckExpected(). A backend that checks at once (CPU) is synchronized before each check. One
// that defers its checks (CUDA) runs the operations eagerly with nothing waited for between them,
// then operations kRaceCheckOperations .. 2 kRaceCheckOperations - 1 likewise inside one captured
// graph, and reads every check once they have run. Then op->RefillInput(seed), which leaves the
// inputs as Prepare wrote them. Returns the wrong elements over every operation, with the first
// one's index, values and operation number (CheckResult::operation). With `in_place` the same
// with op->RefillInPlaceInput, op->RunInPlace and op->CheckExpectedInPlace (the inputs are then
// left as the last operation made them). UNIMPLEMENTED (and nothing run) when the collective has
// no race check; any other error of the collective as it is.
absl::StatusOr<CheckResult> RaceCheck(Backend* backend, Collective* op, uint64_t seed,
                                      bool in_place = false);

}  // namespace symmbench
