// CompareOnDevice: a bitwise check of a device buffer against a device reference, read back as
// a CheckResult (the collectives' Check on the CUDA backend), at once or deferred.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "kernels/collective.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/cuda/verify_kernels.h"
#include "kernels/dtype.h"

namespace symmbench {

// The backend's deferred checks (Backend::DeferChecks): while on, CompareOnDevice enqueues its
// comparison and adds the outcome to running totals on the device, in order with the
// operations and without waiting for them, so that a timing loop checks every batch with its
// stream kept full; Take reads the totals once the stream has drained.
class DeferredChecks {
 public:
  // Allocates the totals on `device`; INTERNAL naming the failing CUDA call.
  static absl::StatusOr<std::unique_ptr<DeferredChecks>> Create(int device);

  bool on() const { return on_; }
  void set_on(bool on) { on_ = on; }
  // LaunchCompareBitwise into `counters` (the collective's own), then LaunchAddToTotals, both on
  // `stream`. Errors name the failing launch, prefixed by `what`.
  absl::Status Enqueue(const void* got, const void* want, int64_t count, DType dtype,
                       CompareCounters* counters, cudaStream_t stream, absl::string_view what);
  // What every Enqueue since the last Take found: wrong elements summed, the first comparison
  // that found any giving the index, the values and, as CheckResult::operation, its number
  // (0 for the first Enqueue since the last Take). Resets the totals. `stream` must have drained
  // (the caller synchronized the backend); INTERNAL naming the failing copy.
  absl::StatusOr<CheckResult> Take(cudaStream_t stream);

 private:
  DeferredChecks() = default;
  DevicePtr<CompareTotals> totals_;
  unsigned long long enqueued_ = 0;  // Enqueues since the last Take
  DType dtype_ = DType::kBf16;       // of the Enqueues since the last Take (one loop: one dtype)
  bool on_ = false;
};

// Enqueues LaunchCompareBitwise(got, want, count) on `stream`, waits for the stream (bounded
// work on an otherwise idle stream: no timeout) and reads the counters back; on a mismatch also
// the first wrong element of each side. `counters` is device memory for one CompareCounters.
// Errors name the failing CUDA call, prefixed by `what` (the collective's name). With `deferred`
// on, enqueues the comparison there instead and returns no wrong elements.
absl::StatusOr<CheckResult> CompareOnDevice(const void* got, const void* want, int64_t count,
                                            DType dtype, CompareCounters* counters,
                                            cudaStream_t stream, absl::string_view what,
                                            DeferredChecks* deferred = nullptr);

}  // namespace symmbench
