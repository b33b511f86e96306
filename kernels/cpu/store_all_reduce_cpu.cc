#include "kernels/cpu/store_all_reduce_cpu.h"

#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "kernels/cpu/cpu_sum.h"
#include "kernels/dtype.h"

namespace symmbench {
namespace {

class StoreAllReduceCpu final : public Collective {
 public:
  explicit StoreAllReduceCpu(Rendezvous* job) : job_(job) {}

  absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) override {
    const int64_t bytes = count * DTypeSize(dtype);
    if (count < 0 || bytes > kStoreAllReduceMaxBytes) {
      return absl::InvalidArgumentError(absl::StrCat(
          "per_host_teams: on the CPU backend the all-reduce across hosts goes through the "
          "coordinator's Store and takes up to ",
          kStoreAllReduceMaxBytes, " bytes per rank (got ", bytes, ")"));
    }
    count_ = count;
    dtype_ = dtype;
    seed_ = seed;
    input_.assign(static_cast<size_t>(bytes), '\0');
    FillExactInput(input_.data(), dtype, count, seed, job_->rank());
    out_.assign(static_cast<size_t>(bytes), '\0');
    ref_.assign(static_cast<size_t>(bytes), '\0');
    return PoisonOutputs();
  }

  absl::Status PoisonOutputs() override {
    std::memset(out_.data(), 0xFF, out_.size());
    std::memset(ref_.data(), 0xFF, ref_.size());
    return absl::OkStatus();
  }

  absl::Status Run() override {
    if (count_ < 0) return absl::FailedPreconditionError("store_all_reduce: Run before Prepare");
    const std::string tag = absl::StrCat("store_all_reduce/", round_);
    absl::StatusOr<std::vector<std::string>> inputs = job_->AllGather(tag, input_);
    if (!inputs.ok()) return inputs.status();
    // Every rank has posted this round, so every rank has read the previous one.
    if (round_ > 0) {
      if (absl::Status s = job_->Forget(absl::StrCat("store_all_reduce/", round_ - 1)); !s.ok()) {
        return s;
      }
    }
    ++round_;
    std::vector<const void*> sources;
    for (size_t rank = 0; rank < inputs->size(); ++rank) {
      const std::string& in = (*inputs)[rank];
      if (in.size() != input_.size()) {
        return absl::InternalError(absl::StrCat("store_all_reduce: rank ", rank, " sent ",
                                                in.size(), " bytes, want ", input_.size()));
      }
      sources.push_back(in.data());
    }
    void* outputs[] = {out_.data()};
    SumPeersChunked(dtype_, sources.data(), static_cast<int>(sources.size()), outputs, 1, 0,
                    count_);
    return absl::OkStatus();
  }

  absl::Status RunReference() override {
    if (count_ < 0) {
      return absl::FailedPreconditionError("store_all_reduce: RunReference before Prepare");
    }
    FillExactSum(ref_.data(), dtype_, count_, seed_, job_->world_size());
    return absl::OkStatus();
  }

  absl::StatusOr<CheckResult> Check() override {
    if (count_ < 0) return absl::FailedPreconditionError("store_all_reduce: Check before Prepare");
    return CompareBitwise(out_.data(), ref_.data(), dtype_, count_);
  }

  std::string reference_name() const override { return "exact_sum"; }

 private:
  Rendezvous* const job_;
  int64_t count_ = -1;  // -1 until Prepare succeeds
  DType dtype_ = DType::kFp32;
  uint64_t seed_ = 0;
  int64_t round_ = 0;  // AllGather rounds so far (each tag is used once)
  std::string input_, out_, ref_;
};

}  // namespace

std::unique_ptr<Collective> NewStoreAllReduceCpu(Rendezvous* job) {
  return std::make_unique<StoreAllReduceCpu>(job);
}

}  // namespace symmbench
