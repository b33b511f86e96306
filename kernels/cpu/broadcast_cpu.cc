// "broadcast" on the CPU backend: every rank copies rank 0's shared-memory input into a private
// output between two signal-pad barriers (the CUDA backend's copy-engine broadcast, on host
// threads).
//   Run: barrier (rank 0's input is written) -> memcpy(out <- rank 0's input) -> barrier (every
//        rank has finished reading it, so rank 0 may overwrite it).
//   RunReference: "reference_copy", the same copy without barriers into the reference output,
//        from the input as Prepare's formula gives it (ExactInputValue(seed, 0, i)), so that a
//        wrong source or offset in Run is caught. Correctness only: nobody runs it instead.
//   Check: bitwise; a NaN on either side (poison no run overwrote) counts as wrong.
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "kernels/collective.h"
#include "kernels/cpu/cpu_kernel.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

constexpr int kRoot = 0;
constexpr unsigned char kPoisonByte = 0xFF;  // a NaN in every dtype

class BroadcastCpu final : public Collective {
 public:
  explicit BroadcastCpu(const CpuKernelContext& context) : context_(context) {}

  absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) override {
    const int64_t elem = DTypeSize(dtype);
    const int64_t capacity = static_cast<int64_t>(context_.memory->buffer_bytes());
    if (count < 1 || count > capacity / elem) {
      return absl::InvalidArgumentError(absl::StrCat(
          ops::kBroadcast, ": count must be in [1, ", capacity / elem, "] for ", DTypeName(dtype),
          " (buffers of ", capacity, " bytes per rank), got ", count));
    }
    count_ = count;
    dtype_ = dtype;
    seed_ = seed;
    FillExactInput(context_.memory->buffer(context_.memory->rank()), dtype, count, seed,
                   context_.memory->rank());
    out_.assign(static_cast<size_t>(count * elem), kPoisonByte);
    ref_.assign(out_.size(), kPoisonByte);
    return absl::OkStatus();
  }

  absl::Status PoisonOutputs() override {
    std::memset(out_.data(), kPoisonByte, out_.size());
    std::memset(ref_.data(), kPoisonByte, ref_.size());
    return absl::OkStatus();
  }

  absl::Status Run() override {
    if (out_.empty()) return NotPrepared("Run");
    if (absl::Status s = context_.barrier->Sync(0); !s.ok()) return s;
    std::memcpy(out_.data(), context_.memory->buffer(kRoot), out_.size());
    return context_.barrier->Sync(0);
  }

  absl::Status RunReference() override {
    if (ref_.empty()) return NotPrepared("RunReference");
    FillExactInput(ref_.data(), dtype_, count_, seed_, kRoot);
    return absl::OkStatus();
  }

  absl::StatusOr<CheckResult> Check() override {
    if (out_.empty()) return NotPrepared("Check");
    CheckResult result;
    const int64_t elem = DTypeSize(dtype_);
    for (int64_t i = 0; i < count_; ++i) {
      const float got = LoadAsFloat(out_.data(), dtype_, i);
      const float want = LoadAsFloat(ref_.data(), dtype_, i);
      const bool nan = got != got || want != want;
      if ((nan || std::memcmp(&out_[i * elem], &ref_[i * elem], elem) != 0) &&
          result.wrong++ == 0) {
        result.first_bad_index = i;
        result.got = got;
        result.want = want;
      }
    }
    return result;
  }

  std::string reference_name() const override { return "reference_copy"; }
  bool reference_competes() const override { return false; }

  absl::Status FlipOutputElement(int64_t index) override {
    if (index < 0 || index >= count_) {
      return absl::OutOfRangeError(absl::StrCat("broadcast: FlipOutputElement: index ", index,
                                                " outside [0, ", count_, ")"));
    }
    out_[index * DTypeSize(dtype_)] ^= 1;  // little-endian: the lowest mantissa bit
    return absl::OkStatus();
  }

 private:
  static absl::Status NotPrepared(const char* what) {
    return absl::FailedPreconditionError(
        absl::StrCat("broadcast: ", what, " before a successful Prepare"));
  }

  CpuKernelContext context_;
  int64_t count_ = 0;
  DType dtype_ = DType::kBf16;
  uint64_t seed_ = 0;
  std::vector<unsigned char> out_;
  std::vector<unsigned char> ref_;
};

std::unique_ptr<Collective> NewBroadcastCpu(const CpuKernelContext& context) {
  return std::make_unique<BroadcastCpu>(context);
}

[[maybe_unused]] const bool kRegistered = CpuCollectives().Add(ops::kBroadcast, &NewBroadcastCpu);

}  // namespace
}  // namespace symmbench
