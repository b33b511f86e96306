#include "worker/race_check.h"

#include "worker/bench_row.h"

namespace symmbench {

uint64_t RaceCheckSeed(uint64_t seed, int k) {
  return seed + 0x9E3779B97F4A7C15ull * static_cast<uint64_t>(k + 1);
}

absl::StatusOr<CheckResult> RaceCheck(Backend* backend, Collective* op, uint64_t seed) {
  CheckResult total;
  for (int k = 0; k < kRaceCheckOperations; ++k) {
    if (absl::Status s = op->RefillInput(RaceCheckSeed(seed, k)); !s.ok()) return s;
    if (absl::Status s = op->Run(); !s.ok()) return s;
    if (absl::Status s = backend->Synchronize(); !s.ok()) return s;
    absl::StatusOr<CheckResult> checked = op->CheckExpected();
    if (!checked.ok()) return checked.status();
    checked->operation = k;
    Accumulate(*checked, &total);
  }
  if (absl::Status s = op->RefillInput(seed); !s.ok()) return s;
  return total;
}

}  // namespace symmbench
