// FaultInjectingCollective: forwards every call, failing or corrupting where asked.
#include "worker/fault_injection_collective.h"

#include <utility>

#include "absl/strings/str_cat.h"

namespace symmbench {
namespace {

class FaultInjectingCollective final : public Collective {
 public:
  FaultInjectingCollective(std::unique_ptr<Collective> op, v1::Fault fault)
      : op_(std::move(op)), fault_(fault) {}

  absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) override {
    poisons_since_prepare_ = 0;
    computed_ = false;
    return op_->Prepare(count, dtype, seed);
  }
  // The race check's operations are not timed: flip_timed leaves them alone.
  absl::Status RefillInput(uint64_t seed) override {
    refills_since_poison_ = true;
    return op_->RefillInput(seed);
  }
  absl::Status PoisonOutputs() override {
    refills_since_poison_ = false;
    if (fault_.kind() == v1::Fault::cached_result) return absl::OkStatus();
    armed_ = (fault_.kind() == v1::Fault::flip_element && !flipped_) ||
             (fault_.kind() == v1::Fault::flip_batch_start && poisons_since_prepare_ > 0);
    ++poisons_since_prepare_;
    poisoned_ = true;
    return op_->PoisonOutputs();
  }
  absl::Status Run() override {
    if (fault_.kind() == v1::Fault::rank_error) {
      return absl::InternalError(
          absl::StrCat("injected fault (inject_fault rank_error:", fault_.rank(), "): rank ",
                       fault_.rank(), "'s kernel call failed, as a failed CUDA launch would"));
    }
    if (fault_.kind() == v1::Fault::cached_result) {
      if (computed_) return absl::OkStatus();  // the output still holds the first result
      computed_ = true;
      return op_->Run();
    }
    if (absl::Status s = op_->Run(); !s.ok()) return s;
    if (fault_.kind() == v1::Fault::flip_timed && !refills_since_poison_) {
      // Before the first PoisonOutputs (the random-input pass) and the first run after it
      // (the check right after Prepare) stay right.
      if (!poisoned_ || runs_++ == 0) return absl::OkStatus();
      return op_->FlipOutputElement(0);
    }
    if (!armed_) return absl::OkStatus();
    armed_ = false;
    flipped_ = fault_.kind() == v1::Fault::flip_element;
    return op_->FlipOutputElement(0);
  }
  absl::Status RunReference() override { return op_->RunReference(); }
  // In place: forwarded without faults (the injected faults are the out-of-place run's).
  bool supports_in_place() const override { return op_->supports_in_place(); }
  absl::Status RunInPlace() override { return op_->RunInPlace(); }
  absl::Status RunReferenceInPlace() override { return op_->RunReferenceInPlace(); }
  absl::StatusOr<CheckResult> CheckInPlace() override { return op_->CheckInPlace(); }
  bool sums_in_rank_order() const override { return op_->sums_in_rank_order(); }
  bool zero_sign_may_differ() const override { return op_->zero_sign_may_differ(); }
  absl::Status PrepareRandom(int64_t count, DType dtype, uint64_t seed) override {
    computed_ = false;
    return op_->PrepareRandom(count, dtype, seed);
  }
  absl::StatusOr<CheckResult> CheckExpected() override { return op_->CheckExpected(); }
  absl::Status RefillInPlaceInput(uint64_t seed) override { return op_->RefillInPlaceInput(seed); }
  absl::StatusOr<CheckResult> CheckExpectedInPlace() override {
    return op_->CheckExpectedInPlace();
  }
  absl::StatusOr<CheckResult> CheckRankOrderSum() override { return op_->CheckRankOrderSum(); }
  absl::StatusOr<CheckResult> Check() override { return op_->Check(); }
  std::string reference_name() const override { return op_->reference_name(); }
  bool reference_competes() const override { return op_->reference_competes(); }
  std::string algorithm() const override { return op_->algorithm(); }
  std::vector<std::string> extra_reference_names() const override {
    return op_->extra_reference_names();
  }
  absl::Status RunExtraReference(size_t index) override { return op_->RunExtraReference(index); }
  absl::Status FlipOutputElement(int64_t index) override { return op_->FlipOutputElement(index); }

 private:
  std::unique_ptr<Collective> op_;
  const v1::Fault fault_;
  bool armed_ = false;    // the next Run is the checked one
  bool flipped_ = false;  // flip_element: one element is flipped per job
  int64_t poisons_since_prepare_ = 0;
  bool poisoned_ = false;  // PoisonOutputs was called
  int64_t runs_ = 0;       // kFlipTimed: Run calls since the first PoisonOutputs
  bool computed_ = false;  // cached_result: the kernel ran since the last Prepare
  // RefillInput was called since the last PoisonOutputs: Run is the race check's.
  bool refills_since_poison_ = false;
};

// The kinds that are the kernels' own bugs (KernelFaultsOf), which no wrapper injects.
bool IsKernelFault(v1::Fault::Kind kind) {
  return kind == v1::Fault::skip_exit_barrier || kind == v1::Fault::skip_peer_wait ||
         kind == v1::Fault::reuse_slot_early;
}

}  // namespace

std::unique_ptr<Collective> InjectFaults(std::unique_ptr<Collective> op, const v1::Fault& fault,
                                         int rank) {
  const bool every_rank = fault.kind() == v1::Fault::cached_result;
  if (fault.kind() == v1::Fault::none || IsKernelFault(fault.kind()) ||
      (!every_rank && fault.rank() != rank)) {
    return op;
  }
  return std::make_unique<FaultInjectingCollective>(std::move(op), fault);
}

KernelFaults KernelFaultsOf(const v1::Fault& fault) {
  KernelFaults faults;
  if (!IsKernelFault(fault.kind())) return faults;
  faults.skip_exit_barrier = fault.kind() == v1::Fault::skip_exit_barrier;
  faults.skip_peer_wait = fault.kind() == v1::Fault::skip_peer_wait;
  faults.reuse_slot_early = fault.kind() == v1::Fault::reuse_slot_early;
  faults.delayed_rank = fault.rank();
  return faults;
}

}  // namespace symmbench
