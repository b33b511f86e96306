// Fault injection for tests and demos of `symmbench gate`: JobSpec.inject_delay_us adds a fixed
// delay to every timed operation of the kernel under test at the chosen sizes (RunPlan::delay;
// the coordinator admits it only with --allow-fault-injection).
#pragma once

#include <cstdint>
#include <functional>

#include "absl/status/status.h"
#include "kernels/backend.h"

namespace symmbench {

struct InjectedDelay {
  double delay_us = 0;    // per operation; 0 = off
  int64_t min_bytes = 0;  // applies to min_bytes <= size_bytes <= max_bytes
  int64_t max_bytes = 0;  // 0: no upper bound

  // Whether operations of `size_bytes` get the delay.
  bool AppliesTo(int64_t size_bytes) const {
    return delay_us > 0 && size_bytes >= min_bytes && (max_bytes == 0 || size_bytes <= max_bytes);
  }
  // `op` followed by the delay (Backend::InjectDelay) when it applies to `size_bytes`, else `op`.
  std::function<absl::Status()> Wrap(Backend* backend, int64_t size_bytes,
                                     std::function<absl::Status()> op) const {
    if (!AppliesTo(size_bytes)) return op;
    const double us = delay_us;
    return [backend, us, op = std::move(op)]() -> absl::Status {
      if (absl::Status s = op(); !s.ok()) return s;
      return backend->InjectDelay(us);
    };
  }
};

}  // namespace symmbench
