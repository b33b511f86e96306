// DispatchAllReduce: per-size choice among the backend's all-reduce collectives.
#include "worker/dispatch_all_reduce.h"

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "server/dispatch_tables.h"

namespace symmbench {
namespace {

class DispatchAllReduce final : public Collective {
 public:
  DispatchAllReduce(v1::DispatchTable table, std::unique_ptr<Collective> one_shot,
                    std::unique_ptr<Collective> two_shot)
      : table_(std::move(table)), one_shot_(std::move(one_shot)), two_shot_(std::move(two_shot)) {}

  absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) override {
    chosen_ = ChooseAlgorithm(table_, count * DTypeSize(dtype));
    impl_ = chosen_ == "two_shot_all_reduce" ? two_shot_.get() : one_shot_.get();
    extra_ = -1;
    const std::vector<std::string> extras = impl_->extra_baseline_names();
    for (size_t i = 0; i < extras.size(); ++i) {
      if (extras[i] == chosen_) extra_ = static_cast<int>(i);
    }
    if (chosen_ != "nccl" && chosen_.rfind("nccl", 0) == 0 && extra_ < 0) {
      return absl::FailedPreconditionError(
          absl::StrCat("dispatch: algorithm ", chosen_, " is not available on this backend"));
    }
    return impl_->Prepare(count, dtype, seed);
  }
  absl::Status PoisonOutputs() override { return impl_->PoisonOutputs(); }
  // "nccl" runs the reference baseline (ncclAllReduce on CUDA), "nccl_symmetric" the extra one.
  absl::Status Run() override {
    if (extra_ >= 0) return impl_->RunExtraBaseline(extra_);
    return UsesBaseline() ? impl_->RunBaseline() : impl_->Run();
  }
  absl::Status RunBaseline() override { return impl_->RunBaseline(); }
  absl::StatusOr<CheckResult> Check() override {
    // When the choice is NCCL, the operation is the reference: nothing to compare.
    return UsesBaseline() ? CheckResult{} : impl_->Check();
  }
  std::string baseline_name() const override { return one_shot_->baseline_name(); }
  std::vector<std::string> extra_baseline_names() const override {
    return one_shot_->extra_baseline_names();
  }
  absl::Status RunExtraBaseline(size_t index) override { return impl_->RunExtraBaseline(index); }
  std::string algorithm() const override { return chosen_; }
  absl::Status FlipOutputElement(int64_t index) override {
    if (UsesBaseline()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "flip_element: algorithm ", chosen_, " is the reference; nothing checked to corrupt"));
    }
    return impl_->FlipOutputElement(index);
  }

 private:
  bool UsesBaseline() const { return chosen_ == "nccl" || extra_ >= 0; }

  const v1::DispatchTable table_;
  std::unique_ptr<Collective> one_shot_;
  std::unique_ptr<Collective> two_shot_;
  Collective* impl_ = nullptr;  // the collective of the size last prepared
  std::string chosen_;
  int extra_ = -1;  // index of the extra baseline chosen, -1 when none
};

}  // namespace

absl::StatusOr<std::unique_ptr<Collective>> CreateDispatchAllReduce(
    Backend* backend, const v1::DispatchTable& table) {
  if (absl::Status s = ValidateDispatchTable(table); !s.ok()) return s;
  absl::StatusOr<std::unique_ptr<Collective>> one_shot =
      backend->CreateCollective("one_shot_all_reduce");
  if (!one_shot.ok()) return one_shot.status();
  absl::StatusOr<std::unique_ptr<Collective>> two_shot =
      backend->CreateCollective("two_shot_all_reduce");
  if (!two_shot.ok()) return two_shot.status();
  return std::unique_ptr<Collective>(
      new DispatchAllReduce(table, *std::move(one_shot), *std::move(two_shot)));
}

absl::StatusOr<std::unique_ptr<Collective>> CreateCollectiveFor(const v1::JobSpec& spec,
                                                                Backend* backend) {
  if (spec.kernel() == kAllReduceKernel) return CreateDispatchAllReduce(backend, spec.dispatch());
  return backend->CreateCollective(spec.kernel());
}

}  // namespace symmbench
