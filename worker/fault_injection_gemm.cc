// RunOnceGemmCollective: InjectGemmFaults' cached_result and flip_timed.
#include "worker/fault_injection_gemm.h"

#include <string>
#include <utility>

namespace symmbench {
namespace {

// A checked variant runs only its first time after each Prepare; PoisonOutputs reaches the op
// only when `poison` is set (flip_timed), so C then holds the poison, not the first result.
class RunOnceGemmCollective final : public GemmCollective {
 public:
  RunOnceGemmCollective(std::unique_ptr<GemmCollective> op, bool poison)
      : op_(std::move(op)), poison_(poison) {}

  absl::Status Prepare(const GemmProblem& problem, uint64_t seed) override {
    computed_ = false;
    return op_->Prepare(problem, seed);
  }
  absl::Status PoisonOutputs() override {
    return poison_ ? op_->PoisonOutputs() : absl::OkStatus();
  }
  absl::Status CanRun(GemmVariant variant) const override { return op_->CanRun(variant); }
  absl::Status Run(GemmVariant variant) override {
    if (IsCheckedGemmVariant(variant)) {
      if (computed_) return absl::OkStatus();  // C still holds the first result
      computed_ = true;
    }
    return op_->Run(variant);
  }
  absl::StatusOr<GemmCheck> Check() override { return op_->Check(); }
  double tolerance() const override { return op_->tolerance(); }
  absl::Status RefillInputs(uint64_t seed) override { return op_->RefillInputs(seed); }
  absl::Status CheckRows(uint64_t seed, int operation) override {
    return op_->CheckRows(seed, operation);
  }
  absl::StatusOr<GemmRowCheck> TakeRowChecks() override { return op_->TakeRowChecks(); }
  std::string collective_name() const override { return op_->collective_name(); }
  std::string gemm_name() const override { return op_->gemm_name(); }

 private:
  std::unique_ptr<GemmCollective> op_;
  const bool poison_;
  bool computed_ = false;  // a checked variant ran since the last Prepare
};

}  // namespace

std::unique_ptr<GemmCollective> InjectGemmFaults(std::unique_ptr<GemmCollective> op,
                                                 const v1::Fault& fault) {
  if (fault.kind() != v1::Fault::cached_result && fault.kind() != v1::Fault::flip_timed) return op;
  return std::make_unique<RunOnceGemmCollective>(std::move(op),
                                                 fault.kind() == v1::Fault::flip_timed);
}

}  // namespace symmbench
