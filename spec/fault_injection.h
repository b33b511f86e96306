// Fault injection for testing the service's failure handling: the checks of JobSpec.inject_fault
// (a v1::Fault) and the daemon's permission check.
#pragma once

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

// Checks `spec.inject_fault` against the spec: INVALID_ARGUMENT naming inject_fault for an
// unknown kind, a rank outside [0, world_size), or a kernel that is not size-swept (ag_gemm,
// calibrate). OK when the spec injects no fault.
absl::Status ValidateFaultInjection(const v1::JobSpec& spec);

// A fault in the words of the CLI and of records before record format 2: "rank_error:R",
// "flip_element[:R]", "flip_timed[:R]" ("" is none). INVALID_ARGUMENT naming `field` for
// anything else. The rank is not checked against a world size here.
absl::StatusOr<v1::Fault> ParseFaultText(const std::string& text, const std::string& field);

// The daemon's gate: OK when the spec injects nothing or `allowed` (symmbenchd
// --allow-fault-injection); FAILED_PRECONDITION naming inject_delay_us or inject_fault otherwise.
absl::Status CheckFaultInjectionAllowed(const v1::JobSpec& spec, bool allowed);

}  // namespace symmbench
