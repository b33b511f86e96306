// CachingGemmCollective: InjectGemmFaults' cached_result.
#include "worker/fault_injection_gemm.h"

#include <string>
#include <utility>

namespace symmbench {
namespace {

class CachingGemmCollective final : public GemmCollective {
 public:
  explicit CachingGemmCollective(std::unique_ptr<GemmCollective> op) : op_(std::move(op)) {}

  absl::Status Prepare(const GemmProblem& problem, uint64_t seed) override {
    computed_ = false;
    return op_->Prepare(problem, seed);
  }
  absl::Status PoisonOutputs() override { return absl::OkStatus(); }
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
  bool computed_ = false;  // a checked variant ran since the last Prepare
};

}  // namespace

std::unique_ptr<GemmCollective> InjectGemmFaults(std::unique_ptr<GemmCollective> op,
                                                 const v1::Fault& fault) {
  if (fault.kind() != v1::Fault::cached_result) return op;
  return std::make_unique<CachingGemmCollective>(std::move(op));
}

}  // namespace symmbench
