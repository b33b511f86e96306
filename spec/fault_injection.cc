// JobSpec.inject_fault: parsing and the daemon's permission check.
#include "spec/fault_injection.h"

#include <charconv>

#include "absl/strings/str_cat.h"
#include "common/quote.h"
#include "kernels/ops/registry.h"
#include "spec/ag_gemm_spec.h"
#include "spec/dispatch.h"

namespace symmbench {
namespace {

constexpr char kRankError[] = "rank_error";
constexpr char kFlipElement[] = "flip_element";
constexpr char kFlipTimed[] = "flip_timed";
absl::Status Invalid(const std::string& value, const std::string& why) {
  return absl::InvalidArgumentError(absl::StrCat("inject_fault: ", Quote(value), " ", why));
}

}  // namespace

absl::StatusOr<FaultInjection> ParseFaultInjection(const v1::JobSpec& spec) {
  const std::string& value = spec.inject_fault();
  FaultInjection fault;
  if (value.empty()) return fault;
  const size_t colon = value.find(':');
  const std::string name = value.substr(0, colon);
  if (name == kRankError) {
    fault.kind = FaultInjection::Kind::kRankError;
    if (colon == std::string::npos) return Invalid(value, "needs a rank (rank_error:R)");
  } else if (name == kFlipElement) {
    fault.kind = FaultInjection::Kind::kFlipElement;
  } else if (name == kFlipTimed) {
    fault.kind = FaultInjection::Kind::kFlipTimed;
  } else {
    return Invalid(value,
                   "is not a known fault (want rank_error:R, flip_element[:R], flip_timed[:R])");
  }
  if (colon != std::string::npos) {
    const char* begin = value.data() + colon + 1;
    const char* end = value.data() + value.size();
    auto [ptr, ec] = std::from_chars(begin, end, fault.rank, 10);
    if (begin == end || ec != std::errc() || ptr != end) {
      return Invalid(value, "has a malformed rank (want a decimal integer)");
    }
  }
  if (fault.rank < 0 || fault.rank >= spec.world_size()) {
    return Invalid(value, absl::StrCat("names rank ", fault.rank, ", outside [0, ",
                                       spec.world_size(), ") (world_size)"));
  }
  if (!IsSizeSwept(spec.kernel())) {
    return Invalid(value, absl::StrCat("is not supported for kernel ", spec.kernel(),
                                       " (size-swept kernels only)"));
  }
  return fault;
}

absl::Status CheckFaultInjectionAllowed(const v1::JobSpec& spec, bool allowed) {
  if (allowed) return absl::OkStatus();
  const char* field = spec.inject_delay_us() != 0    ? "inject_delay_us"
                      : !spec.inject_fault().empty() ? "inject_fault"
                                                     : nullptr;
  if (field == nullptr) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat(field,
                   ": fault injection is disabled on this daemon (start symmbenchd with "
                   "--allow-fault-injection to allow it)"));
}

}  // namespace symmbench
