// "broadcast" on the CPU backend: every rank copies rank 0's shared-memory input into a private
// output between two signal-pad barriers (the CUDA backend's copy-engine broadcast, on host
// threads).
//   Run: barrier (rank 0's input is written) -> memcpy(out <- rank 0's input) -> barrier (every
//        rank has finished reading it, so rank 0 may overwrite it).
//   RunInPlace (nccl-tests' in-place broadcast: the output is the input): the same, each rank
//        other than 0 copying into its own input; rank 0's already holds the result.
//   RunReference: "reference_copy", the same copy without barriers into the reference output,
//        from the input as Prepare's formula gives it (ExactInputValue(seed, 0, i)), so that a
//        wrong source or offset in Run is caught. Correctness only: nobody runs it instead.
//   Check: bitwise; a NaN on either side (poison no run overwrote) counts as wrong.
// Misaligned buffers: the input, the output and the reference start misalign_bytes into theirs.
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "kernels/collective.h"
#include "kernels/cpu/cpu_kernel.h"
#include "kernels/cpu/cpu_sum.h"
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
    const int64_t capacity =
        static_cast<int64_t>(context_.memory->buffer_bytes() - context_.misalign_bytes);
    if (count < 1 || count > capacity / elem) {
      return absl::InvalidArgumentError(absl::StrCat(
          ops::kBroadcast, ": count must be in [1, ", capacity / elem, "] for ", DTypeName(dtype),
          " (buffers of ", capacity, " bytes per rank), got ", count));
    }
    count_ = count;
    dtype_ = dtype;
    seed_ = seed;
    bytes_ = static_cast<size_t>(count * elem);
    FillExactInput(InputOf(context_.memory->rank()), dtype, count, seed, context_.memory->rank());
    return PoisonOutputs();
  }

  absl::Status PoisonOutputs() override {
    if (bytes_ == 0) return NotPrepared("PoisonOutputs");
    std::memset(out(), kPoisonByte, bytes_);
    std::memset(ref(), kPoisonByte, bytes_);
    return absl::OkStatus();
  }

  absl::Status Run() override { return CopyFromRoot(out(), "Run"); }

  bool supports_in_place() const override { return true; }
  absl::Status RunInPlace() override {
    return CopyFromRoot(InputOf(context_.memory->rank()), "RunInPlace");
  }
  // The reference is computed from the input formula: in place it is RunReference.
  absl::Status RunReferenceInPlace() override { return RunReference(); }

  absl::Status RunReference() override {
    if (bytes_ == 0) return NotPrepared("RunReference");
    FillExactInput(ref(), dtype_, count_, seed_, kRoot);
    return absl::OkStatus();
  }

  absl::StatusOr<CheckResult> Check() override {
    if (bytes_ == 0) return NotPrepared("Check");
    return CompareBitwise(out(), ref(), dtype_, count_);
  }

  absl::StatusOr<CheckResult> CheckInPlace() override {
    if (bytes_ == 0) return NotPrepared("CheckInPlace");
    return CompareBitwise(InputOf(context_.memory->rank()), ref(), dtype_, count_);
  }

  // The race check: this rank's input refilled from `seed` (rank 0's is the one copied); the
  // output against the formula reference for that seed.
  absl::Status RefillInput(uint64_t seed) override {
    if (bytes_ == 0) return NotPrepared("RefillInput");
    FillExactInput(InputOf(context_.memory->rank()), dtype_, count_, seed, context_.memory->rank());
    seed_ = seed;
    return absl::OkStatus();
  }
  absl::StatusOr<CheckResult> CheckExpected() override {
    if (absl::Status s = RunReference(); !s.ok()) return s;
    return Check();
  }
  // In place: every rank's input (the root's own, refilled, included).
  absl::StatusOr<CheckResult> CheckExpectedInPlace() override {
    if (absl::Status s = RunReference(); !s.ok()) return s;
    return CheckInPlace();
  }

  std::string reference_name() const override { return "reference_copy"; }
  bool reference_competes() const override { return false; }

  absl::Status FlipOutputElement(int64_t index) override {
    if (index < 0 || index >= count_) {
      return absl::OutOfRangeError(absl::StrCat("broadcast: FlipOutputElement: index ", index,
                                                " outside [0, ", count_, ")"));
    }
    out()[index * DTypeSize(dtype_)] ^= 1;  // little-endian: the lowest mantissa bit
    return absl::OkStatus();
  }

 private:
  // Barrier (rank 0's input is written), rank 0's input into `dst` (unless it is that input),
  // barrier (every rank has finished reading it, so rank 0 may overwrite it).
  absl::Status CopyFromRoot(unsigned char* dst, const char* what) {
    if (bytes_ == 0) return NotPrepared(what);
    if (absl::Status s = context_.EntryBarrier(); !s.ok()) return s;
    const unsigned char* src = InputOf(kRoot);
    if (dst != src) std::memcpy(dst, src, bytes_);
    return context_.ExitBarrier();
  }

  unsigned char* InputOf(int rank) const { return context_.Shifted(context_.memory->buffer(rank)); }
  unsigned char* out() const { return context_.Shifted(context_.output); }
  unsigned char* ref() const { return context_.Shifted(context_.reference); }

  static absl::Status NotPrepared(const char* what) {
    return absl::FailedPreconditionError(
        absl::StrCat("broadcast: ", what, " before a successful Prepare"));
  }

  CpuKernelContext context_;
  int64_t count_ = 0;
  DType dtype_ = DType::kBf16;
  uint64_t seed_ = 0;
  size_t bytes_ = 0;  // count_ elements; 0 before a successful Prepare
};

std::unique_ptr<Collective> NewBroadcastCpu(const CpuKernelContext& context) {
  return std::make_unique<BroadcastCpu>(context);
}

[[maybe_unused]] const bool kRegistered = CpuCollectives().Add(ops::kBroadcast, &NewBroadcastCpu);

}  // namespace
}  // namespace symmbench
