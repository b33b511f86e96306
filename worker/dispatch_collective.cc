// DispatchCollective: per-size choice among the backend's collectives of one kind.
#include "worker/dispatch_collective.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "kernels/ops/registry.h"
#include "spec/dispatch.h"
#include "worker/plugin_op.h"

namespace symmbench {
namespace {

class DispatchCollective final : public Collective {
 public:
  // `kernels[i]` implements the algorithm named `names[i]`; kernels[0] also serves the NCCL
  // choices (its references).
  DispatchCollective(v1::DispatchTable table, std::vector<std::string> names,
                     std::vector<std::unique_ptr<Collective>> kernels)
      : table_(std::move(table)), names_(std::move(names)), kernels_(std::move(kernels)) {}

  absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) override {
    if (absl::Status s = Choose(count, dtype); !s.ok()) return s;
    return impl_->Prepare(count, dtype, seed);
  }
  // The random-input check applies when the chosen algorithm is one of ours (NCCL's
  // summation order is its own).
  bool sums_in_rank_order() const override {
    return impl_ != nullptr && !UsesReference() && impl_->sums_in_rank_order();
  }
  bool zero_sign_may_differ() const override {
    return impl_ != nullptr && impl_->zero_sign_may_differ();
  }
  absl::Status PrepareRandom(int64_t count, DType dtype, uint64_t seed) override {
    if (absl::Status s = Choose(count, dtype); !s.ok()) return s;
    return impl_->PrepareRandom(count, dtype, seed);
  }
  absl::StatusOr<CheckResult> CheckRankOrderSum() override { return impl_->CheckRankOrderSum(); }
  absl::Status PoisonOutputs() override { return impl_->PoisonOutputs(); }

  // "nccl" runs the primary reference (NCCL's collective on CUDA), "nccl_symmetric" the extra
  // one.
  absl::Status Run() override {
    if (extra_ >= 0) return impl_->RunExtraReference(extra_);
    return UsesReference() ? impl_->RunReference() : impl_->Run();
  }
  absl::Status RunReference() override { return impl_->RunReference(); }
  absl::StatusOr<CheckResult> Check() override {
    // When the choice is NCCL, the operation is the reference: nothing to compare.
    return UsesReference() ? CheckResult{} : impl_->Check();
  }
  // The race check: the chosen kernel's; when the choice is NCCL (the reference, which the race
  // check does not check), its inputs still change and nothing is compared.
  absl::Status RefillInput(uint64_t seed) override { return impl_->RefillInput(seed); }
  absl::Status RefillInPlaceInput(uint64_t seed) override {
    return impl_->RefillInPlaceInput(seed);
  }
  absl::StatusOr<CheckResult> CheckExpectedInPlace() override {
    return UsesReference() ? CheckResult{} : impl_->CheckExpectedInPlace();
  }
  absl::StatusOr<CheckResult> CheckExpected() override {
    return UsesReference() ? CheckResult{} : impl_->CheckExpected();
  }
  // In place: the chosen kernel's form, or NCCL's when the choice is the primary reference.
  // NCCL's symmetric-memory kernels (an extra reference) are timed out of place only, so a
  // size that chose them has no in-place figures.
  bool supports_in_place() const override {
    if (impl_ == nullptr || extra_ >= 0) return false;
    return UsesReference() || impl_->supports_in_place();
  }
  absl::Status RunInPlace() override {
    if (extra_ >= 0) {
      return absl::FailedPreconditionError(
          absl::StrCat("dispatch: algorithm ", chosen_, " has no in-place form"));
    }
    return UsesReference() ? impl_->RunReferenceInPlace() : impl_->RunInPlace();
  }
  absl::Status RunReferenceInPlace() override { return impl_->RunReferenceInPlace(); }
  absl::StatusOr<CheckResult> CheckInPlace() override {
    return UsesReference() ? CheckResult{} : impl_->CheckInPlace();
  }
  std::string reference_name() const override { return kernels_[0]->reference_name(); }
  bool reference_competes() const override { return kernels_[0]->reference_competes(); }
  std::vector<std::string> extra_reference_names() const override {
    return kernels_[0]->extra_reference_names();
  }
  absl::Status RunExtraReference(size_t index) override { return impl_->RunExtraReference(index); }
  std::string algorithm() const override { return chosen_; }
  absl::Status FlipOutputElement(int64_t index) override {
    if (UsesReference()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "flip_element: algorithm ", chosen_, " is the reference; nothing checked to corrupt"));
    }
    return impl_->FlipOutputElement(index);
  }

 private:
  // The algorithm of the dispatch table for this size, and the collective that runs it.
  absl::Status Choose(int64_t count, DType dtype) {
    chosen_ = ChooseAlgorithm(table_, count * DTypeSize(dtype));
    impl_ = kernels_[0].get();
    for (size_t i = 0; i < kernels_.size(); ++i) {
      if (chosen_ == names_[i]) impl_ = kernels_[i].get();
    }
    extra_ = -1;
    const std::vector<std::string> extras = impl_->extra_reference_names();
    for (size_t i = 0; i < extras.size(); ++i) {
      if (extras[i] == chosen_) extra_ = static_cast<int>(i);
    }
    if (chosen_ != kNcclReference && chosen_.rfind("nccl", 0) == 0 && extra_ < 0) {
      return absl::FailedPreconditionError(
          absl::StrCat("dispatch: algorithm ", chosen_, " is not available on this backend"));
    }
    return absl::OkStatus();
  }
  bool UsesReference() const { return chosen_ == kNcclReference || extra_ >= 0; }

  const v1::DispatchTable table_;
  const std::vector<std::string> names_;
  std::vector<std::unique_ptr<Collective>> kernels_;
  Collective* impl_ = nullptr;  // the collective of the size last prepared
  std::string chosen_;
  int extra_ = -1;  // index of the extra reference chosen, -1 when none
};

}  // namespace

absl::StatusOr<std::unique_ptr<Collective>> CreateDispatchCollective(
    Backend* backend, const v1::DispatchTable& table) {
  const OpDescriptor* op = FindDispatcher(DispatchTableOp(table));
  if (op == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("dispatch: ", DispatchTableOp(table), " is not a dispatcher"));
  }
  std::vector<std::string> names = DispatchCandidates(op->computes);
  std::vector<std::unique_ptr<Collective>> kernels;
  for (const std::string& name : names) {
    absl::StatusOr<std::unique_ptr<Collective>> kernel = backend->CreateCollective(name);
    if (!kernel.ok()) return kernel.status();
    kernels.push_back(*std::move(kernel));
  }
  return std::unique_ptr<Collective>(
      new DispatchCollective(table, std::move(names), std::move(kernels)));
}

absl::StatusOr<std::unique_ptr<Collective>> CreateCollectiveFor(const RunPlan& plan,
                                                                const std::string& kernel,
                                                                Backend* backend) {
  if (IsFamily(kernel, OpFamily::kDispatcher)) {
    // The coordinator checked that the table is this kernel's (CheckDispatchTableFor).
    return CreateDispatchCollective(backend, plan.dispatch);
  }
  if (const v1::PluginOp* plugin = plan.FindPlugin(kernel); plugin != nullptr) {
    return CreatePluginOpCollective(*plugin, backend);
  }
  return backend->CreateCollective(kernel);
}

}  // namespace symmbench
