// RaceCheck and RaceCheckSeed (race_check.h).
#include "worker/race_check.h"

#include <memory>

#include "worker/bench_row.h"

namespace symmbench {
namespace {

// Operations first .. first + kRaceCheckOperations - 1: RefillInput, Run and CheckExpected each.
// Where the backend checks at once (`deferred` false: CPU) it is synchronized before each check
// and the check's result is added to `total` under the operation's number; where it defers them
// (CUDA) nothing is waited for and the device keeps the totals.
absl::Status EnqueueOperations(Backend* backend, Collective* op, uint64_t seed, bool in_place,
                               int first, bool deferred, CheckResult* total) {
  for (int k = first; k < first + kRaceCheckOperations; ++k) {
    const uint64_t seed_k = RaceCheckSeed(seed, k);
    if (absl::Status s = in_place ? op->RefillInPlaceInput(seed_k) : op->RefillInput(seed_k);
        !s.ok()) {
      return s;
    }
    if (absl::Status s = in_place ? op->RunInPlace() : op->Run(); !s.ok()) return s;
    if (!deferred) {
      if (absl::Status s = backend->Synchronize(); !s.ok()) return s;
    }
    absl::StatusOr<CheckResult> checked =
        in_place ? op->CheckExpectedInPlace() : op->CheckExpected();
    if (!checked.ok()) return checked.status();
    if (!deferred) {
      checked->operation = k;
      Accumulate(*checked, total);
    }
  }
  return absl::OkStatus();
}

}  // namespace

uint64_t RaceCheckSeed(uint64_t seed, int k) {
  return seed + 0x9E3779B97F4A7C15ull * static_cast<uint64_t>(k + 1);
}

absl::StatusOr<CheckResult> RaceCheck(Backend* backend, Collective* op, uint64_t seed,
                                      bool in_place) {
  CheckResult total;
  const bool deferred = backend->DeferChecks(true);
  absl::Status status = EnqueueOperations(backend, op, seed, in_place, 0, deferred, &total);
  if (status.ok() && deferred) {
    // Once more inside one captured graph (CUDA): launched as one, with nothing of the host's
    // between the operations.
    absl::StatusOr<std::unique_ptr<Graph>> graph = backend->CaptureGraph(
        [&] {
          return EnqueueOperations(backend, op, seed, in_place, kRaceCheckOperations, deferred,
                                   &total);
        },
        1);
    status = graph.ok() ? (*graph)->Launch() : graph.status();
  }
  if (deferred) backend->DeferChecks(false);
  if (!status.ok()) return status;
  if (absl::Status s = backend->Synchronize(); !s.ok()) return s;
  if (deferred) {
    // One comparison per operation: the first failing comparison's number is its operation's.
    absl::StatusOr<CheckResult> checked = backend->TakeDeferredChecks();
    if (!checked.ok()) return checked.status();
    Accumulate(*checked, &total);
  }
  if (!in_place) {
    if (absl::Status s = op->RefillInput(seed); !s.ok()) return s;
  }
  return total;
}

}  // namespace symmbench
