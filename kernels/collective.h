// Collective: one benchmarked operation on one backend, the unit the worker's loop drives
// (nccl-tests' `testColl`). One implementation per (kernel, backend), created by the backend.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/dtype.h"

namespace symmbench {

// Outcome of comparing a kernel's output with the reference's, element by element, exactly.
struct CheckResult {
  int64_t wrong = 0;             // elements that differ (bitwise)
  int64_t first_bad_index = -1;  // -1 when wrong == 0
  float got = 0.0f;              // output at first_bad_index
  float want = 0.0f;             // reference at first_bad_index
  // The race check's operation (0-based) whose output held first_bad_index; -1 for the other
  // checks.
  int64_t operation = -1;
};

class Collective {
 public:
  virtual ~Collective() = default;

  // Sets up for `count` elements of `dtype` per rank (count * DTypeSize <= the backend's
  // max_bytes): fills this rank's input with ExactInputValue(seed, rank, i) and poisons both
  // outputs. INVALID_ARGUMENT if the size does not fit.
  virtual absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) = 0;
  // Poisons the kernel's output and the reference output (NaN patterns) before a checked run.
  virtual absl::Status PoisonOutputs() = 0;
  // Enqueues one operation of the kernel under test (CUDA: on the backend's stream; CPU: runs).
  virtual absl::Status Run() = 0;
  // Enqueues one operation of the reference on the same input into the reference output.
  virtual absl::Status RunReference() = 0;
  // After Run and RunReference have completed (Backend::Synchronize): bitwise comparison.
  virtual absl::StatusOr<CheckResult> Check() = 0;

  // Name of the reference, e.g. "nccl_all_reduce" or "reference_sum".
  virtual std::string reference_name() const = 0;
  // Whether the reference is something users run instead of this kernel (NCCL: rows get a
  // speedup against it) or only a correctness reference (the CPU backend's plain sum).
  virtual bool reference_competes() const { return true; }

  // The algorithm the last Prepare chose, for collectives that dispatch by size ("" otherwise).
  virtual std::string algorithm() const { return {}; }

  // Further references timed in the same run besides the primary one (e.g. NCCL's
  // symmetric-memory kernels, "nccl_symmetric"), so a kernel is compared with the best of them.
  // They are timed only; verification uses RunReference's output.
  virtual std::vector<std::string> extra_reference_names() const { return {}; }
  // Enqueues one operation of extra reference `index` (into extra_reference_names()).
  virtual absl::Status RunExtraReference(size_t /*index*/) {
    return absl::OutOfRangeError("this collective has no extra references");
  }

  // Random-float verification (docs/measurement.md): a kernel that promises the rank-order
  // contract (each element summed in fp32 in rank order 0..n-1 from x_0, rounded once) is also
  // checked on RandomInputValue inputs against that sum computed on the host.
  virtual bool sums_in_rank_order() const { return false; }
  // Whether the contract lets +0 and -0 differ (the push one-shot's sentinel substitution).
  virtual bool zero_sign_may_differ() const { return false; }
  // As Prepare, with RandomInputValue(seed, rank, i) inputs. UNIMPLEMENTED unless
  // sums_in_rank_order().
  virtual absl::Status PrepareRandom(int64_t /*count*/, DType /*dtype*/, uint64_t /*seed*/) {
    return absl::UnimplementedError("this collective has no random-input verification");
  }
  // After PrepareRandom and one Run have completed: the output against the host's rank-order
  // sum (CompareWithRankOrderSum).
  virtual absl::StatusOr<CheckResult> CheckRankOrderSum() {
    return absl::UnimplementedError("this collective has no random-input verification");
  }

  // In place (nccl-tests' in-place columns): the result written over this rank's input, where
  // the kernel has an in-place form (OpDescriptor.in_place). After an in-place operation the
  // input no longer holds Prepare's values: Prepare again before Run, RunReference or Check.
  virtual bool supports_in_place() const { return false; }
  // Enqueues one in-place operation of the kernel (collective, as Run).
  virtual absl::Status RunInPlace() {
    return absl::UnimplementedError("this collective has no in-place form");
  }
  // Enqueues one in-place operation of the primary reference on this rank's input (timed only).
  virtual absl::Status RunReferenceInPlace() {
    return absl::UnimplementedError("this collective has no in-place form");
  }
  // After Prepare, RunReference (out of place, from Prepare's inputs) and RunInPlace have
  // completed: this rank's input, now the kernel's result, against the reference's output,
  // bitwise (as Check).
  virtual absl::StatusOr<CheckResult> CheckInPlace() {
    return absl::UnimplementedError("this collective has no in-place form");
  }

  // The race check (docs/measurement.md): operations back to back on inputs that change every
  // operation, so that a stale read, a slot reused too early, a late write or a cached result
  // returns wrong data instead of the same right data again. After Prepare, the worker calls,
  // for k = 0, 1, ...: RefillInput(seed_k), Run, CheckExpected, with nothing in between.
  //
  // Rewrites this rank's input, for the count and dtype of the last Prepare, with
  // ExactInputValue(seed, rank, i) (CUDA: enqueued on the collective's stream; nothing waits).
  // Local: it must not touch a peer's buffer. The outputs are not poisoned.
  virtual absl::Status RefillInput(uint64_t /*seed*/) {
    return absl::UnimplementedError("this collective has no race check");
  }
  // After Run has completed: this rank's output against what the inputs of the last
  // RefillInput (or Prepare) seed on every rank make, computed from ExactInputValue, never read
  // from a peer's buffer. Values are compared (+0 == -0); NaN counts as wrong.
  virtual absl::StatusOr<CheckResult> CheckExpected() {
    return absl::UnimplementedError("this collective has no race check");
  }

  // The race check in place (supports_in_place()): RefillInPlaceInput rewrites this rank's
  // input as the in-place form reads it (a gather's own shard sits at its place in the output),
  // as RefillInput does; after RunInPlace has completed, CheckExpectedInPlace compares the
  // in-place result with what the inputs of the last refill make, as CheckExpected does.
  virtual absl::Status RefillInPlaceInput(uint64_t seed) { return RefillInput(seed); }
  virtual absl::StatusOr<CheckResult> CheckExpectedInPlace() {
    return absl::UnimplementedError("this collective has no in-place race check");
  }

  // Fault injection (JobSpec.inject_fault "flip_element"): flips one bit of output element
  // `index` of the last Run, ordered after it (CUDA: on the stream), so that Check must
  // report it. UNIMPLEMENTED where a collective has no checked output to corrupt.
  virtual absl::Status FlipOutputElement(int64_t /*index*/) {
    return absl::UnimplementedError("flip_element: this collective cannot corrupt its output");
  }
};

}  // namespace symmbench
