// SweptCpuCollective: Prepare, the reference, Check, the race check, the in-place form and fault
// injection of the CPU sum all-reduces, all-gathers and reduce-scatters.
#include "kernels/cpu/swept_cpu_collective.h"

#include <cstring>

#include "absl/strings/str_cat.h"
#include "kernels/cpu/cpu_sum.h"
#include "kernels/exact_input.h"
#include "kernels/rank_order_check.h"

namespace symmbench {
namespace {

constexpr unsigned char kPoisonByte = 0xFF;  // a NaN in every dtype

}  // namespace

SweptCpuCollective::SweptCpuCollective(const CpuKernelContext& context, const char* kernel_name,
                                       Computes computes, OutputBuffer placement)
    : context_(context), kernel_name_(kernel_name), computes_(computes), placement_(placement) {}

std::string SweptCpuCollective::reference_name() const {
  return gathers() ? "reference_gather" : "reference_sum";
}

int64_t SweptCpuCollective::output_count() const { return scatters() ? shard() : count_; }

absl::Status SweptCpuCollective::CheckPrepared(const char* operation) const {
  if (count_ < 0) {
    return absl::FailedPreconditionError(
        absl::StrCat(kernel_name_, " (cpu): ", operation, " before a successful Prepare"));
  }
  return absl::OkStatus();
}

unsigned char* SweptCpuCollective::InputOf(int p) const {
  return context_.Shifted(context_.memory->buffer(p));
}

unsigned char* SweptCpuCollective::OutputOf(int p) const {
  return context_.Shifted(context_.memory->output_buffer(p));
}

unsigned char* SweptCpuCollective::OutOfPlaceOutput() const {
  if (placement_ == OutputBuffer::kSymmetric) return OutputOf(rank());
  return context_.Shifted(context_.output);
}

unsigned char* SweptCpuCollective::InPlaceOutput() const {
  return scatters() ? input() + rank() * shard_bytes() : input();
}

const unsigned char* SweptCpuCollective::GatherSource(int p) const {
  const unsigned char* buffer = InputOf(p);
  return in_place_ ? buffer + p * shard_bytes() : buffer;
}

absl::Status SweptCpuCollective::Prepare(int64_t count, DType dtype, uint64_t seed) {
  return PrepareInputs(count, dtype, seed, /*random=*/false);
}

absl::Status SweptCpuCollective::PrepareRandom(int64_t count, DType dtype, uint64_t seed) {
  if (computes_ != Computes::kAllReduceSum && !sums_in_rank_order()) {
    return absl::UnimplementedError(
        absl::StrCat(kernel_name_, " (cpu): an all-gather has no random-input verification"));
  }
  return PrepareInputs(count, dtype, seed, /*random=*/true);
}

absl::Status SweptCpuCollective::CheckSize(int64_t count, DType dtype) const {
  // Misaligned buffers start misalign_bytes into each buffer.
  const size_t capacity = context_.memory->buffer_bytes() - context_.misalign_bytes;
  const int size = DTypeSize(dtype);
  if (computes_ == Computes::kAllReduceSum) {
    if (count < 0 || static_cast<uint64_t>(count) > capacity / size) {
      return absl::InvalidArgumentError(
          absl::StrCat(kernel_name_, " (cpu): Prepare: ", count, " elements of ", DTypeName(dtype),
                       " (", static_cast<double>(count) * size,
                       " bytes) do not fit the symmetric buffer of ", capacity, " bytes"));
    }
    return absl::OkStatus();
  }
  // The larger of the input and the output is the whole buffer, count elements.
  if (count < 1 || count % world_size() != 0 || static_cast<uint64_t>(count) > capacity / size) {
    return absl::InvalidArgumentError(
        absl::StrCat(kernel_name_, " (cpu): Prepare: count must be a multiple of world_size ",
                     world_size(), " in [1, ", capacity / size, "] for ", DTypeName(dtype),
                     " (buffers of ", capacity, " bytes per rank), got ", count));
  }
  return absl::OkStatus();
}

absl::Status SweptCpuCollective::PrepareInputs(int64_t count, DType dtype, uint64_t seed,
                                               bool random) {
  count_ = -1;
  if (absl::Status s = CheckSize(count, dtype); !s.ok()) return s;
  if (absl::Status s = EnsureResources(dtype); !s.ok()) return s;
  count_ = count;
  dtype_ = dtype;
  seed_ = seed;
  random_ = random;
  if (random) {
    FillRandomInput(input(), dtype, input_count(), seed, rank());
  } else {
    FillExactInput(input(), dtype, input_count(), seed, rank());
  }
  if (gathers() && rank() > 0) {  // the in-place position too (shard `rank` of the buffer)
    std::memcpy(input() + rank() * shard_bytes(), input(), shard_bytes());
  }
  return PoisonOutputs();
}

absl::Status SweptCpuCollective::PoisonOutputs() {
  if (absl::Status s = CheckPrepared("PoisonOutputs"); !s.ok()) return s;
  std::memset(OutOfPlaceOutput(), kPoisonByte, output_bytes());
  std::memset(reference(), kPoisonByte, output_bytes());
  return absl::OkStatus();
}

absl::Status SweptCpuCollective::RunReference() {
  if (absl::Status s = CheckPrepared("RunReference"); !s.ok()) return s;
  if (gathers()) {
    for (int p = 0; p < world_size(); ++p) {
      FillExactInput(reference() + p * shard_bytes(), dtype_, shard(), seed_, p);
    }
    return absl::OkStatus();
  }
  if (scatters()) {
    const int64_t begin = first_index();
    for (int64_t i = 0; i < shard(); ++i) {
      int sum = 0;  // exact: at most kMaxWorldSize values in [-8, 8]
      for (int p = 0; p < world_size(); ++p) sum += ExactInputValue(seed_, p, begin + i);
      StoreFromFloat(reference(), dtype_, i, static_cast<float>(sum));
    }
    return absl::OkStatus();
  }
  // The all-reduce reads every peer's input: between barriers, as a kernel.
  if (absl::Status s = context_.barrier->Sync(0); !s.ok()) return s;
  for (int64_t i = 0; i < count_; ++i) {
    double sum = 0.0;
    for (int p = 0; p < world_size(); ++p) sum += LoadAsFloat(InputOf(p), dtype_, i);
    // double -> float -> dtype rounds twice; exact for the exact inputs (|sum| <= 64).
    StoreFromFloat(reference(), dtype_, i, static_cast<float>(sum));
  }
  return context_.barrier->Sync(0);
}

absl::StatusOr<CheckResult> SweptCpuCollective::Check() {
  if (absl::Status s = CheckPrepared("Check"); !s.ok()) return s;
  return CompareBitwise(OutOfPlaceOutput(), reference(), dtype_, output_count());
}

absl::StatusOr<CheckResult> SweptCpuCollective::CheckRankOrderSum() {
  if (absl::Status s = CheckPrepared("CheckRankOrderSum"); !s.ok()) return s;
  if (!random_) {
    return absl::FailedPreconditionError(
        absl::StrCat(kernel_name_, " (cpu): CheckRankOrderSum after Prepare, not PrepareRandom"));
  }
  return CompareWithRankOrderSum(OutOfPlaceOutput(), dtype_, output_count(), seed_, world_size(),
                                 zero_sign_may_differ(), first_index());
}

absl::Status SweptCpuCollective::FlipOutputElement(int64_t index) {
  if (absl::Status s = CheckPrepared("FlipOutputElement"); !s.ok()) return s;
  if (index < 0 || index >= output_count()) {
    return absl::OutOfRangeError(absl::StrCat(kernel_name_, " (cpu): FlipOutputElement: index ",
                                              index, " outside [0, ", output_count(), ")"));
  }
  // Little-endian: the first byte holds the lowest mantissa bit of every dtype.
  OutOfPlaceOutput()[index * DTypeSize(dtype_)] ^= 0x01;
  return absl::OkStatus();
}

absl::Status SweptCpuCollective::RefillInput(uint64_t seed) {
  if (absl::Status s = CheckPrepared("RefillInput"); !s.ok()) return s;
  FillExactInput(input(), dtype_, input_count(), seed, rank());
  seed_ = seed;
  random_ = false;
  return absl::OkStatus();
}

absl::StatusOr<CheckResult> SweptCpuCollective::CheckExpected() {
  if (absl::Status s = CheckPrepared("CheckExpected"); !s.ok()) return s;
  if (random_) {
    return absl::FailedPreconditionError(
        absl::StrCat(kernel_name_, " (cpu): CheckExpected after PrepareRandom"));
  }
  if (gathers()) {
    if (absl::Status s = RunReference(); !s.ok()) return s;  // the formula's gather
    return Check();
  }
  return CompareWithExactSum(OutOfPlaceOutput(), dtype_, output_count(), seed_, world_size(),
                             first_index());
}

absl::Status SweptCpuCollective::RefillInPlaceInput(uint64_t seed) {
  if (!gathers()) return RefillInput(seed);
  if (absl::Status s = CheckPrepared("RefillInPlaceInput"); !s.ok()) return s;
  FillExactInput(input() + rank() * shard_bytes(), dtype_, shard(), seed, rank());
  seed_ = seed;
  random_ = false;
  return absl::OkStatus();
}

absl::StatusOr<CheckResult> SweptCpuCollective::CheckExpectedInPlace() {
  if (absl::Status s = CheckPrepared("CheckExpectedInPlace"); !s.ok()) return s;
  if (gathers()) {
    if (absl::Status s = RunReference(); !s.ok()) return s;  // the formula's gather
    return CheckInPlace();
  }
  return CompareWithExactSum(InPlaceOutput(), dtype_, output_count(), seed_, world_size(),
                             first_index());
}

absl::Status SweptCpuCollective::RunInPlace() {
  if (computes_ == Computes::kAllReduceSum) {
    if (absl::Status s = Run(); !s.ok()) return s;
    std::memcpy(input(), OutOfPlaceOutput(), output_bytes());
    return absl::OkStatus();
  }
  in_place_ = true;
  absl::Status s = Run();
  in_place_ = false;
  return s;
}

absl::Status SweptCpuCollective::RunReferenceInPlace() {
  if (absl::Status s = RunReference(); !s.ok()) return s;
  if (computes_ == Computes::kAllReduceSum) {
    std::memcpy(input(), reference(), output_bytes());
  }
  return absl::OkStatus();
}

absl::StatusOr<CheckResult> SweptCpuCollective::CheckInPlace() {
  if (absl::Status s = CheckPrepared("CheckInPlace"); !s.ok()) return s;
  return CompareBitwise(InPlaceOutput(), reference(), dtype_, output_count());
}

}  // namespace symmbench
