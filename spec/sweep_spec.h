// The size-swept part of a JobSpec (JobSpec.sweep): validation of its sizes against the dtypes
// and device memory, of all_dtypes, placement, misalign_bytes, graph_launches, per_iteration and
// skip_first; and the sizes a sweep expands to (ExpandSizes and SortSizes, declared in
// spec_validation.h). ValidateSpec calls these; every error names the offending field.
#pragma once

#include "absl/status/status.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"
#include "proto/symmbench.pb.h"
#include "spec/spec_validation.h"

namespace symmbench {

// JobSpec.sweep for `kernel` in `dtype`: its sizes (size-swept ops: multiples of the element
// size, the largest times the op's buffers within limits.device_memory_bytes; GEMM ops take
// gemm.shapes instead, ValidateGemmSpec), then sweep.all_dtypes (the sizes in every dtype the
// op declares), sweep.placement, sweep.misalign_bytes and sweep.graph_launches, in that order.
// INVALID_ARGUMENT naming the field; RESOURCE_EXHAUSTED naming the size that does not fit.
absl::Status ValidateSweep(const v1::JobSpec& spec, const OpDescriptor& kernel, DType dtype,
                           const DeviceLimits& limits);

// JobSpec.sweep.per_iteration and skip_first: size-swept ops only, iters x repeats within
// kMaxPerIterationSamples, skip_first below a timing loop's samples. INVALID_ARGUMENT naming the
// field. Call it once iters and repeats are known to be valid.
absl::Status ValidateIterationStats(const v1::JobSpec& spec, const OpDescriptor& kernel);

}  // namespace symmbench
