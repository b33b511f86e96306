// How a timing loop splits its timed iterations: shared by the spec's checks (what
// SweepSpec.skip_first may skip) and the worker's loops (worker/timing.h).
#pragma once

namespace symmbench {

// Batches a size's timed iterations are split into; each batch gives one per-op sample
// (SweepSpec.per_iteration: one per iteration instead).
inline constexpr int kTimingBatches = 10;

}  // namespace symmbench
