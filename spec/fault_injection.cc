// JobSpec.inject_fault: its checks, the text form and the daemon's permission check.
#include "spec/fault_injection.h"

#include <charconv>

#include "absl/strings/str_cat.h"
#include "common/quote.h"
#include "kernels/ops/registry.h"
#include "spec/job_op.h"

namespace symmbench {

absl::Status ValidateFaultInjection(const v1::JobSpec& spec) {
  const v1::Fault& fault = spec.inject_fault();
  if (fault.kind() == v1::Fault::none) {
    if (fault.rank() != 0) {
      return absl::InvalidArgumentError("inject_fault.rank: set without a kind");
    }
    return absl::OkStatus();
  }
  if (!v1::Fault::Kind_IsValid(fault.kind())) {
    return absl::InvalidArgumentError(
        absl::StrCat("inject_fault.kind: ", fault.kind(),
                     " is not a known fault (rank_error, flip_element, flip_timed, "
                     "flip_batch_start, skip_exit_barrier, cached_result, skip_peer_wait, "
                     "reuse_slot_early)"));
  }
  if (fault.rank() < 0 || fault.rank() >= spec.world_size()) {
    return absl::InvalidArgumentError(absl::StrCat("inject_fault.rank: ", fault.rank(),
                                                   " is outside [0, ", spec.world_size(),
                                                   ") (world_size)"));
  }
  const std::optional<OpDescriptor> op = JobOp(spec);
  // GEMM ops: the faults that the race check and the timed batches' checks see (the other
  // kinds are swept outputs' or single ranks').
  const bool gemm_fault =
      op.has_value() && op->family == OpFamily::kGemmCollective &&
      (fault.kind() == v1::Fault::skip_exit_barrier || fault.kind() == v1::Fault::cached_result ||
       fault.kind() == v1::Fault::flip_timed);
  if (!op.has_value() || (!IsSweptOp(*op) && !gemm_fault)) {
    return absl::InvalidArgumentError(
        absl::StrCat("inject_fault: ", v1::Fault::Kind_Name(fault.kind()),
                     " is not supported for kernel ", spec.kernel(),
                     " (size-swept kernels; GEMM kernels take skip_exit_barrier, cached_result and "
                     "flip_timed)"));
  }
  if (fault.kind() == v1::Fault::skip_exit_barrier && !op->exit_barrier) {
    return absl::InvalidArgumentError(absl::StrCat("inject_fault: skip_exit_barrier: kernel ",
                                                   spec.kernel(), " has no exit barrier to skip"));
  }
  if (fault.kind() == v1::Fault::skip_peer_wait && op->family != OpFamily::kSweptCollective) {
    return absl::InvalidArgumentError(
        absl::StrCat("inject_fault: skip_peer_wait: kernel ", spec.kernel(),
                     " dispatches to other kernels; name one of them"));
  }
  if (fault.kind() == v1::Fault::reuse_slot_early && op->receive_slots == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("inject_fault: reuse_slot_early: kernel ", spec.kernel(),
                     " has no receive slots to reuse (one_shot_push_all_reduce has)"));
  }
  return absl::OkStatus();
}

absl::StatusOr<v1::Fault> ParseFaultText(const std::string& text, const std::string& field) {
  v1::Fault fault;
  if (text.empty()) return fault;
  const auto invalid = [&](const std::string& why) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": ", Quote(text), " ", why));
  };
  const size_t colon = text.find(':');
  v1::Fault::Kind kind = v1::Fault::none;
  if (!v1::Fault::Kind_Parse(text.substr(0, colon), &kind) || kind == v1::Fault::none) {
    return invalid(
        "is not a known fault (want rank_error:R, flip_element[:R], flip_timed[:R], "
        "flip_batch_start[:R], skip_exit_barrier[:R], cached_result, skip_peer_wait[:R], "
        "reuse_slot_early[:R])");
  }
  fault.set_kind(kind);
  if (colon == std::string::npos) {
    if (kind == v1::Fault::rank_error) return invalid("needs a rank (rank_error:R)");
    return fault;
  }
  int rank = 0;
  const char* begin = text.data() + colon + 1;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(begin, end, rank, 10);
  if (begin == end || ec != std::errc() || ptr != end) {
    return invalid("has a malformed rank (want a decimal integer)");
  }
  fault.set_rank(rank);
  return fault;
}

absl::Status CheckFaultInjectionAllowed(const v1::JobSpec& spec, bool allowed) {
  if (allowed) return absl::OkStatus();
  const char* field = spec.inject_delay_us() != 0 ? "inject_delay_us"
                      : spec.has_inject_fault()   ? "inject_fault"
                                                  : nullptr;
  if (field == nullptr) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat(field,
                   ": fault injection is disabled on this daemon (start symmbenchd with "
                   "--allow-fault-injection to allow it)"));
}

}  // namespace symmbench
