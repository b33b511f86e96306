// Where every timed batch starts on the CUDA backend (Backend::HoldBatchStart): a signal-pad
// barrier kernel among the ranks, held until the host has enqueued the batch's first launch.
#pragma once

#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/cuda/cuda_context.h"
#include "kernels/cuda/cuda_owners.h"

namespace symmbench {

// Owns the host flag the held barrier waits on. One per backend; not thread-safe (the
// backend's operations are enqueued from one thread).
class BatchStart {
 public:
  // Allocates the flag (pinned host memory mapped into the current device). INTERNAL naming the
  // CUDA call on failure.
  static absl::StatusOr<BatchStart> Create();

  // Enqueues on ctx.stream the barrier kernel every rank's batch starts behind. It first waits
  // until Release (called once the timer's start and the batch's first launch are enqueued
  // behind it), so that the first launch is queued when the peers meet and the timer starts:
  // whatever the stream held before (a check's work, or nothing) makes no difference to the
  // timer. FAILED_PRECONDITION when the previous Hold was not released; the launch's error.
  absl::Status Hold(const CudaContext& ctx);
  // Opens what Hold held (a store to the host flag), if anything. Always OK.
  absl::Status Release();

 private:
  BatchStart() = default;

  PinnedHostPtr<uint32_t> flag_;  // the last released value
  uint32_t* flag_on_device_ = nullptr;
  uint32_t next_value_ = 0;  // the value the held kernel waits for
  bool held_ = false;
};

}  // namespace symmbench
