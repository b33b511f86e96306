// Fault injection for testing the service's failure handling: the JobSpec.inject_fault knob,
// its parser (shared by the daemon and the workers) and the daemon's permission check.
#pragma once

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

// A parsed JobSpec.inject_fault.
struct FaultInjection {
  enum class Kind {
    kNone,         // ""
    kRankError,    // "rank_error:R": rank R's first kernel call fails (a failed CUDA launch)
    kFlipElement,  // "flip_element[:R]": rank R (default 0) flips one output element after
                   // the checked kernel run, before verification
    kFlipTimed,    // "flip_timed[:R]": rank R (default 0) flips one output element after
                   // every kernel run but the first checked one (the timed ones)
  };
  Kind kind = Kind::kNone;
  int rank = 0;
};

// Parses `spec.inject_fault` against the spec's world_size. INVALID_ARGUMENT naming
// inject_fault for an unknown fault, a malformed or out-of-range rank, or a kernel that is not
// size-swept (ag_gemm, calibrate).
absl::StatusOr<FaultInjection> ParseFaultInjection(const v1::JobSpec& spec);

// The daemon's gate: OK when the spec injects nothing or `allowed` (symmbenchd
// --allow-fault-injection); FAILED_PRECONDITION naming inject_delay_us or inject_fault otherwise.
absl::Status CheckFaultInjectionAllowed(const v1::JobSpec& spec, bool allowed);

}  // namespace symmbench
