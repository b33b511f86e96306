// CompareOnDevice: a bitwise check of a device buffer against a device reference, read back as
// a CheckResult (the collectives' Check on the CUDA backend).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "kernels/collective.h"
#include "kernels/cuda/verify_kernels.h"
#include "kernels/dtype.h"

namespace symmbench {

// Enqueues LaunchCompareBitwise(got, want, count) on `stream`, waits for the stream (bounded
// work on an otherwise idle stream: no timeout) and reads the counters back; on a mismatch also
// the first wrong element of each side. `counters` is device memory for one CompareCounters.
// Errors name the failing CUDA call, prefixed by `what` (the collective's name).
absl::StatusOr<CheckResult> CompareOnDevice(const void* got, const void* want, int64_t count,
                                            DType dtype, CompareCounters* counters,
                                            cudaStream_t stream, absl::string_view what);

}  // namespace symmbench
