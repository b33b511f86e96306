// ShardedCpuBase: Prepare, the formula reference, Check and fault injection of the CPU
// all-gathers and reduce-scatters.
#include "kernels/cpu/sharded_cpu_base.h"

#include <cstring>

#include "absl/strings/str_cat.h"
#include "kernels/cpu/all_reduce_cpu_base.h"
#include "kernels/exact_input.h"
#include "kernels/rank_order_check.h"

namespace symmbench {
namespace {

constexpr unsigned char kPoisonByte = 0xFF;  // a NaN in every dtype

}  // namespace

ShardedCpuBase::ShardedCpuBase(const CpuKernelContext& context, const char* kernel_name,
                               Computes computes)
    : context_(context), kernel_name_(kernel_name), computes_(computes) {}

std::string ShardedCpuBase::reference_name() const {
  return computes_ == Computes::kAllGather ? "reference_gather" : "reference_sum";
}

absl::Status ShardedCpuBase::CheckPrepared(const char* operation) const {
  if (!prepared_) {
    return absl::FailedPreconditionError(
        absl::StrCat(kernel_name_, " (cpu): ", operation, " before a successful Prepare"));
  }
  return absl::OkStatus();
}

absl::Status ShardedCpuBase::Prepare(int64_t count, DType dtype, uint64_t seed) {
  return PrepareInputs(count, dtype, seed, /*random=*/false);
}

absl::Status ShardedCpuBase::PrepareRandom(int64_t count, DType dtype, uint64_t seed) {
  if (!sums_in_rank_order()) {
    return absl::UnimplementedError(
        absl::StrCat(kernel_name_, " (cpu): an all-gather has no random-input verification"));
  }
  return PrepareInputs(count, dtype, seed, /*random=*/true);
}

absl::StatusOr<CheckResult> ShardedCpuBase::CheckRankOrderSum() {
  if (absl::Status s = CheckPrepared("CheckRankOrderSum"); !s.ok()) return s;
  if (!random_) {
    return absl::FailedPreconditionError(
        absl::StrCat(kernel_name_, " (cpu): CheckRankOrderSum after Prepare, not PrepareRandom"));
  }
  return CompareWithRankOrderSum(PrivateOutput(), dtype_, output_count_, seed_, world_size(),
                                 /*zero_sign_may_differ=*/false,
                                 static_cast<int64_t>(rank()) * shard_);
}

absl::Status ShardedCpuBase::PrepareInputs(int64_t count, DType dtype, uint64_t seed, bool random) {
  prepared_ = false;
  // Misaligned buffers start misalign_bytes into each buffer.
  const size_t capacity = context_.memory->buffer_bytes() - context_.misalign_bytes;
  const int elem = DTypeSize(dtype);
  if (count < 1 || count % world_size() != 0 || static_cast<uint64_t>(count) > capacity / elem) {
    return absl::InvalidArgumentError(
        absl::StrCat(kernel_name_, " (cpu): Prepare: count must be a multiple of world_size ",
                     world_size(), " in [1, ", capacity / elem, "] for ", DTypeName(dtype),
                     " (buffers of ", capacity, " bytes per rank), got ", count));
  }
  if (absl::Status s = EnsureResources(dtype); !s.ok()) return s;
  shard_ = count / world_size();
  shard_bytes_ = static_cast<size_t>(shard_) * elem;
  const bool gather = computes_ == Computes::kAllGather;
  output_count_ = gather ? count : shard_;
  unsigned char* input = InputOf(rank());
  if (random) {
    FillRandomInput(input, dtype, gather ? shard_ : count, seed, rank());
  } else {
    FillExactInput(input, dtype, gather ? shard_ : count, seed, rank());
  }
  if (gather && rank() > 0) {  // the in-place position too (shard `rank` of the buffer)
    std::memcpy(input + rank() * shard_bytes_, input, shard_bytes_);
  }
  random_ = random;
  dtype_ = dtype;
  seed_ = seed;
  prepared_ = true;
  return PoisonOutputs();
}

unsigned char* ShardedCpuBase::InputOf(int p) const {
  return context_.Shifted(context_.memory->buffer(p));
}

unsigned char* ShardedCpuBase::output() { return in_place_ ? InPlaceOutput() : PrivateOutput(); }

unsigned char* ShardedCpuBase::PrivateOutput() const { return context_.Shifted(context_.output); }

unsigned char* ShardedCpuBase::reference() const { return context_.Shifted(context_.reference); }

unsigned char* ShardedCpuBase::InPlaceOutput() const {
  unsigned char* buffer = InputOf(rank());
  return computes_ == Computes::kAllGather ? buffer : buffer + rank() * shard_bytes_;
}

const unsigned char* ShardedCpuBase::GatherSource(int p) const {
  const unsigned char* buffer = InputOf(p);
  return in_place_ ? buffer + p * shard_bytes_ : buffer;
}

absl::Status ShardedCpuBase::RunInPlace() {
  in_place_ = true;
  absl::Status s = Run();
  in_place_ = false;
  return s;
}

absl::StatusOr<CheckResult> ShardedCpuBase::CheckInPlace() {
  if (absl::Status s = CheckPrepared("CheckInPlace"); !s.ok()) return s;
  return CompareBitwise(InPlaceOutput(), reference(), dtype_, output_count_);
}

absl::Status ShardedCpuBase::PoisonOutputs() {
  if (absl::Status s = CheckPrepared("PoisonOutputs"); !s.ok()) return s;
  const size_t bytes = static_cast<size_t>(output_count_) * DTypeSize(dtype_);
  std::memset(PrivateOutput(), kPoisonByte, bytes);
  std::memset(reference(), kPoisonByte, bytes);
  return absl::OkStatus();
}

absl::Status ShardedCpuBase::RunReference() {
  if (absl::Status s = CheckPrepared("RunReference"); !s.ok()) return s;
  if (computes_ == Computes::kAllGather) {
    for (int p = 0; p < world_size(); ++p) {
      FillExactInput(reference() + p * shard_bytes_, dtype_, shard_, seed_, p);
    }
    return absl::OkStatus();
  }
  const int64_t begin = static_cast<int64_t>(rank()) * shard_;
  for (int64_t i = 0; i < shard_; ++i) {
    int sum = 0;  // exact: at most kMaxWorldSize values in [-8, 8]
    for (int p = 0; p < world_size(); ++p) sum += ExactInputValue(seed_, p, begin + i);
    StoreFromFloat(reference(), dtype_, i, static_cast<float>(sum));
  }
  return absl::OkStatus();
}

absl::StatusOr<CheckResult> ShardedCpuBase::Check() {
  if (absl::Status s = CheckPrepared("Check"); !s.ok()) return s;
  return CompareBitwise(PrivateOutput(), reference(), dtype_, output_count_);
}

absl::Status ShardedCpuBase::RefillInput(uint64_t seed) {
  if (absl::Status s = CheckPrepared("RefillInput"); !s.ok()) return s;
  const bool gather = computes_ == Computes::kAllGather;
  FillExactInput(InputOf(rank()), dtype_, gather ? shard_ : shard_ * world_size(), seed, rank());
  seed_ = seed;
  random_ = false;
  return absl::OkStatus();
}

absl::StatusOr<CheckResult> ShardedCpuBase::CheckExpected() {
  if (absl::Status s = CheckPrepared("CheckExpected"); !s.ok()) return s;
  if (random_) {
    return absl::FailedPreconditionError(
        absl::StrCat(kernel_name_, " (cpu): CheckExpected after PrepareRandom"));
  }
  if (computes_ == Computes::kReduceScatterSum) {
    return CompareWithExactSum(PrivateOutput(), dtype_, output_count_, seed_, world_size(),
                               static_cast<int64_t>(rank()) * shard_);
  }
  if (absl::Status s = RunReference(); !s.ok()) return s;  // the formula's gather
  return Check();
}

absl::Status ShardedCpuBase::RefillInPlaceInput(uint64_t seed) {
  if (computes_ != Computes::kAllGather) return RefillInput(seed);
  if (absl::Status s = CheckPrepared("RefillInPlaceInput"); !s.ok()) return s;
  FillExactInput(InputOf(rank()) + rank() * shard_bytes_, dtype_, shard_, seed, rank());
  seed_ = seed;
  random_ = false;
  return absl::OkStatus();
}

absl::StatusOr<CheckResult> ShardedCpuBase::CheckExpectedInPlace() {
  if (absl::Status s = CheckPrepared("CheckExpectedInPlace"); !s.ok()) return s;
  if (computes_ == Computes::kReduceScatterSum) {
    return CompareWithExactSum(InPlaceOutput(), dtype_, output_count_, seed_, world_size(),
                               static_cast<int64_t>(rank()) * shard_);
  }
  if (absl::Status s = RunReference(); !s.ok()) return s;  // the formula's gather
  return CheckInPlace();
}

absl::Status ShardedCpuBase::FlipOutputElement(int64_t index) {
  if (absl::Status s = CheckPrepared("FlipOutputElement"); !s.ok()) return s;
  if (index < 0 || index >= output_count_) {
    return absl::OutOfRangeError(absl::StrCat(kernel_name_, " (cpu): FlipOutputElement: index ",
                                              index, " outside [0, ", output_count_, ")"));
  }
  // Little-endian: the first byte holds the lowest mantissa bit of every dtype.
  PrivateOutput()[index * DTypeSize(dtype_)] ^= 0x01;
  return absl::OkStatus();
}

}  // namespace symmbench
