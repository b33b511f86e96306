// The CPU all-reduces' shared parts: Prepare / PoisonOutputs / reference / Check on a private
// or symmetric output, and the chunked float summation their Run methods call.
#include "kernels/cpu/all_reduce_cpu_base.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "kernels/cpu/convert_chunk.h"
#include "kernels/exact_input.h"
#include "kernels/rank_order_check.h"

namespace symmbench {
namespace {

// Elements per chunk: the float accumulators and one peer's converted slice (4 KiB each) stay
// in L1 while every peer's slice of the chunk streams through.
constexpr int64_t kChunkElems = 1024;

}  // namespace

void SumPeersChunked(DType dtype, const void* const* inputs, int num_inputs, void* const* outputs,
                     int num_outputs, int64_t begin, int64_t count) {
  const size_t elem_bytes = DTypeSize(dtype);
  float acc[kChunkElems];
  float peer[kChunkElems];
  alignas(64) unsigned char rounded[kChunkElems * sizeof(float)];  // staged for many outputs
  for (int64_t done = 0; done < count; done += kChunkElems) {
    const int64_t n = std::min(kChunkElems, count - done);
    const size_t offset = static_cast<size_t>(begin + done) * elem_bytes;
    LoadChunkAsFloat(dtype, static_cast<const char*>(inputs[0]) + offset, acc, n);
    for (int p = 1; p < num_inputs; ++p) {
      LoadChunkAsFloat(dtype, static_cast<const char*>(inputs[p]) + offset, peer, n);
      for (int64_t j = 0; j < n; ++j) acc[j] += peer[j];
    }
    if (num_outputs == 1) {
      StoreChunkFromFloat(dtype, acc, static_cast<char*>(outputs[0]) + offset, n);
      continue;
    }
    // Round once, then copy the same bits to every output.
    StoreChunkFromFloat(dtype, acc, rounded, n);
    for (int o = 0; o < num_outputs; ++o) {
      std::memcpy(static_cast<char*>(outputs[o]) + offset, rounded, n * elem_bytes);
    }
  }
}

AllReduceCpuBase::AllReduceCpuBase(const CpuKernelContext& context, const char* kernel_name,
                                   AllReduceOutput placement)
    : context_(context), kernel_name_(kernel_name), placement_(placement) {}

absl::Status AllReduceCpuBase::CheckPrepared(const char* operation) const {
  if (count_ < 0) {
    return absl::FailedPreconditionError(
        absl::StrCat(kernel_name_, " (cpu): ", operation, " before a successful Prepare"));
  }
  return absl::OkStatus();
}

void* AllReduceCpuBase::output() {
  if (placement_ == AllReduceOutput::kPrivate) return Shifted(context_.output);
  return OutputOf(context_.memory->rank());
}

absl::Status AllReduceCpuBase::RunInPlace() {
  if (absl::Status s = Run(); !s.ok()) return s;
  std::memcpy(input(), output(), bytes_);
  return absl::OkStatus();
}

absl::Status AllReduceCpuBase::RunReferenceInPlace() {
  if (absl::Status s = RunReference(); !s.ok()) return s;
  std::memcpy(input(), reference(), bytes_);
  return absl::OkStatus();
}

absl::StatusOr<CheckResult> AllReduceCpuBase::CheckInPlace() {
  if (absl::Status s = CheckPrepared("CheckInPlace"); !s.ok()) return s;
  return CompareBitwise(input(), reference(), dtype_, count_);
}

absl::Status AllReduceCpuBase::Prepare(int64_t count, DType dtype, uint64_t seed) {
  return PrepareInputs(count, dtype, seed, /*random=*/false);
}

absl::Status AllReduceCpuBase::PrepareRandom(int64_t count, DType dtype, uint64_t seed) {
  return PrepareInputs(count, dtype, seed, /*random=*/true);
}

absl::StatusOr<CheckResult> AllReduceCpuBase::CheckRankOrderSum() {
  if (absl::Status s = CheckPrepared("CheckRankOrderSum"); !s.ok()) return s;
  if (!random_) {
    return absl::FailedPreconditionError(
        absl::StrCat(kernel_name_, " (cpu): CheckRankOrderSum after Prepare, not PrepareRandom"));
  }
  return CompareWithRankOrderSum(output(), dtype_, count_, seed_, context_.memory->world_size(),
                                 zero_sign_may_differ());
}

absl::Status AllReduceCpuBase::PrepareInputs(int64_t count, DType dtype, uint64_t seed,
                                             bool random) {
  count_ = -1;
  const size_t capacity = context_.memory->buffer_bytes() - context_.misalign_bytes;
  const int size = DTypeSize(dtype);
  if (count < 0 || static_cast<uint64_t>(count) > capacity / size) {
    return absl::InvalidArgumentError(
        absl::StrCat(kernel_name_, " (cpu): Prepare: ", count, " elements of ", DTypeName(dtype),
                     " (", static_cast<double>(count) * size,
                     " bytes) do not fit the symmetric buffer of ", capacity, " bytes"));
  }
  if (absl::Status s = EnsureResources(dtype); !s.ok()) return s;
  const int rank = context_.memory->rank();
  if (random) {
    FillRandomInput(input(), dtype, count, seed, rank);
  } else {
    FillExactInput(input(), dtype, count, seed, rank);
  }
  const size_t bytes = static_cast<size_t>(count) * size;
  bytes_ = bytes;
  count_ = count;
  dtype_ = dtype;
  seed_ = seed;
  random_ = random;
  return PoisonOutputs();
}

absl::Status AllReduceCpuBase::PoisonOutputs() {
  if (absl::Status s = CheckPrepared("PoisonOutputs"); !s.ok()) return s;
  std::memset(output(), 0xFF, bytes_);
  std::memset(reference(), 0xFF, bytes_);
  return absl::OkStatus();
}

absl::Status AllReduceCpuBase::RunReference() {
  if (absl::Status s = CheckPrepared("RunReference"); !s.ok()) return s;
  const SymmetricMemory& memory = *context_.memory;
  if (absl::Status s = context_.barrier->Sync(0); !s.ok()) return s;
  for (int64_t i = 0; i < count_; ++i) {
    double sum = 0.0;
    for (int p = 0; p < memory.world_size(); ++p) sum += LoadAsFloat(InputOf(p), dtype_, i);
    // double -> float -> dtype rounds twice; exact for the exact inputs (|sum| <= 64).
    StoreFromFloat(reference(), dtype_, i, static_cast<float>(sum));
  }
  return context_.barrier->Sync(0);
}

absl::StatusOr<CheckResult> AllReduceCpuBase::Check() {
  if (absl::Status s = CheckPrepared("Check"); !s.ok()) return s;
  return CompareBitwise(output(), reference(), dtype_, count_);
}

absl::Status AllReduceCpuBase::RefillInput(uint64_t seed) {
  if (absl::Status s = CheckPrepared("RefillInput"); !s.ok()) return s;
  FillExactInput(input(), dtype_, count_, seed, context_.memory->rank());
  seed_ = seed;
  random_ = false;
  return absl::OkStatus();
}

absl::StatusOr<CheckResult> AllReduceCpuBase::CheckExpected() {
  if (absl::Status s = CheckPrepared("CheckExpected"); !s.ok()) return s;
  if (random_) {
    return absl::FailedPreconditionError(
        absl::StrCat(kernel_name_, " (cpu): CheckExpected after PrepareRandom"));
  }
  return CompareWithExactSum(output(), dtype_, count_, seed_, context_.memory->world_size(), 0);
}

absl::StatusOr<CheckResult> AllReduceCpuBase::CheckExpectedInPlace() {
  if (absl::Status s = CheckPrepared("CheckExpectedInPlace"); !s.ok()) return s;
  return CompareWithExactSum(input(), dtype_, count_, seed_, context_.memory->world_size(), 0);
}

absl::Status AllReduceCpuBase::FlipOutputElement(int64_t index) {
  if (absl::Status s = CheckPrepared("FlipOutputElement"); !s.ok()) return s;
  if (index < 0 || index >= count_) {
    return absl::OutOfRangeError(absl::StrCat(kernel_name_, " (cpu): FlipOutputElement: index ",
                                              index, " outside [0, ", count_, ")"));
  }
  // Little-endian: the first byte holds the lowest mantissa bit of every dtype.
  static_cast<unsigned char*>(output())[index * DTypeSize(dtype_)] ^= 0x01;
  return absl::OkStatus();
}

CheckResult CompareBitwise(const void* got, const void* want, DType dtype, int64_t count) {
  const int size = DTypeSize(dtype);
  const auto* out = static_cast<const unsigned char*>(got);
  const auto* ref = static_cast<const unsigned char*>(want);
  CheckResult result;
  for (int64_t i = 0; i < count; ++i) {
    const float g = LoadAsFloat(out, dtype, i);
    const float w = LoadAsFloat(ref, dtype, i);
    const bool same_bits = std::memcmp(out + i * size, ref + i * size, size) == 0;
    if (same_bits && !std::isnan(g) && !std::isnan(w)) continue;
    if (result.wrong++ == 0) {
      result.first_bad_index = i;
      result.got = g;
      result.want = w;
    }
  }
  return result;
}

CheckResult CompareWithExactSum(const void* got, DType dtype, int64_t count, uint64_t seed,
                                int world_size, int64_t first_index) {
  CheckResult result;
  for (int64_t i = 0; i < count; ++i) {
    int sum = 0;
    for (int p = 0; p < world_size; ++p) sum += ExactInputValue(seed, p, first_index + i);
    const float g = LoadAsFloat(got, dtype, i);
    const float w = static_cast<float>(sum);
    if (g == w) continue;  // false for NaN
    if (result.wrong++ == 0) {
      result.first_bad_index = i;
      result.got = g;
      result.want = w;
    }
  }
  return result;
}

}  // namespace symmbench
