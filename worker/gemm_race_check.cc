// GemmRaceCheck (gemm_race_check.h).
#include "worker/gemm_race_check.h"

#include "worker/race_check.h"

namespace symmbench {

absl::StatusOr<GemmRowCheck> GemmRaceCheck(Backend* backend, GemmCollective* op,
                                           GemmVariant variant, uint64_t seed) {
  for (int k = 0; k < kRaceCheckOperations; ++k) {
    const uint64_t seed_k = RaceCheckSeed(seed, k);
    if (absl::Status s = op->RefillInputs(seed_k); !s.ok()) return s;
    if (absl::Status s = op->Run(variant); !s.ok()) return s;
    if (absl::Status s = op->CheckRows(seed_k, k); !s.ok()) return s;
  }
  if (absl::Status s = backend->Synchronize(); !s.ok()) return s;
  absl::StatusOr<GemmRowCheck> found = op->TakeRowChecks();
  if (!found.ok()) return found.status();
  if (absl::Status s = op->RefillInputs(seed); !s.ok()) return s;
  return found;
}

}  // namespace symmbench
