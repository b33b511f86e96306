// One-shot all-reduce on the CPU backend: the kernel under test (float accumulation over
// chunks, bulk conversions) and the double-precision "reference_sum" baseline.
#include "kernels/cpu/one_shot_all_reduce_cpu.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "kernels/cpu/convert_chunk.h"
#include "kernels/dtype.h"
#include "kernels/exact_input.h"

namespace symmbench {
namespace {

// Elements per chunk: the float accumulators and one peer's converted slice (4 KiB each) stay
// in L1 while every peer's slice of the chunk streams through.
constexpr int64_t kChunkElems = 1024;

// out[i] = in[0][i] + in[1][i] + ... + in[world_size-1][i], in that order, in float; each
// element converted once on the way in and once on the way out (dtype dispatch per chunk).
void SumPeers(DType dtype, const void* const* inputs, int world_size, void* output,
              int64_t count) {
  const size_t elem_bytes = DTypeSize(dtype);
  float acc[kChunkElems];
  float peer[kChunkElems];
  for (int64_t base = 0; base < count; base += kChunkElems) {
    const int64_t n = std::min(kChunkElems, count - base);
    const size_t offset = static_cast<size_t>(base) * elem_bytes;
    LoadChunkAsFloat(dtype, static_cast<const char*>(inputs[0]) + offset, acc, n);
    for (int p = 1; p < world_size; ++p) {
      LoadChunkAsFloat(dtype, static_cast<const char*>(inputs[p]) + offset, peer, n);
      for (int64_t j = 0; j < n; ++j) acc[j] += peer[j];
    }
    StoreChunkFromFloat(dtype, acc, static_cast<char*>(output) + offset, n);
  }
}

}  // namespace

OneShotAllReduceCpu::OneShotAllReduceCpu(const CpuKernelContext& context) : context_(context) {}

absl::Status OneShotAllReduceCpu::CheckPrepared(const char* operation) const {
  if (count_ < 0) {
    return absl::FailedPreconditionError(
        absl::StrCat("one_shot_all_reduce (cpu): ", operation, " before a successful Prepare"));
  }
  return absl::OkStatus();
}

absl::Status OneShotAllReduceCpu::Prepare(int64_t count, DType dtype, uint64_t seed) {
  count_ = -1;
  const size_t capacity = context_.memory->buffer_bytes();
  const int size = DTypeSize(dtype);
  if (count < 0 || static_cast<uint64_t>(count) > capacity / size) {
    return absl::InvalidArgumentError(absl::StrCat(
        "one_shot_all_reduce (cpu): Prepare: ", count, " elements of ", DTypeName(dtype), " (",
        static_cast<double>(count) * size, " bytes) do not fit the symmetric buffer of ",
        capacity, " bytes"));
  }
  const int rank = context_.memory->rank();
  void* input = context_.memory->buffer(rank);
  for (int64_t i = 0; i < count; ++i) {
    StoreFromFloat(input, dtype, i, static_cast<float>(ExactInputValue(seed, rank, i)));
  }
  out_.assign(static_cast<size_t>(count) * size, 0);
  ref_.assign(static_cast<size_t>(count) * size, 0);
  count_ = count;
  dtype_ = dtype;
  return PoisonOutputs();
}

absl::Status OneShotAllReduceCpu::PoisonOutputs() {
  if (absl::Status s = CheckPrepared("PoisonOutputs"); !s.ok()) return s;
  std::fill(out_.begin(), out_.end(), 0xFF);
  std::fill(ref_.begin(), ref_.end(), 0xFF);
  return absl::OkStatus();
}

absl::Status OneShotAllReduceCpu::Run() {
  if (absl::Status s = CheckPrepared("Run"); !s.ok()) return s;
  const SymmetricMemory& memory = *context_.memory;
  const void* inputs[kMaxWorldSize];
  for (int p = 0; p < memory.world_size(); ++p) inputs[p] = memory.buffer(p);

  // Entry: every peer's Prepare (input writes) is visible after this.
  if (absl::Status s = context_.barrier->Sync(0); !s.ok()) return s;
  SumPeers(dtype_, inputs, memory.world_size(), out_.data(), count_);
  // Exit: every peer has finished reading this rank's input before anyone returns.
  return context_.barrier->Sync(0);
}

absl::Status OneShotAllReduceCpu::RunBaseline() {
  if (absl::Status s = CheckPrepared("RunBaseline"); !s.ok()) return s;
  const SymmetricMemory& memory = *context_.memory;
  if (absl::Status s = context_.barrier->Sync(0); !s.ok()) return s;
  for (int64_t i = 0; i < count_; ++i) {
    double sum = 0.0;
    for (int p = 0; p < memory.world_size(); ++p) sum += LoadAsFloat(memory.buffer(p), dtype_, i);
    // double -> float -> dtype rounds twice; exact for the exact inputs (|sum| <= 64).
    StoreFromFloat(ref_.data(), dtype_, i, static_cast<float>(sum));
  }
  return context_.barrier->Sync(0);
}

absl::StatusOr<CheckResult> OneShotAllReduceCpu::Check() {
  if (absl::Status s = CheckPrepared("Check"); !s.ok()) return s;
  const int size = DTypeSize(dtype_);
  CheckResult result;
  for (int64_t i = 0; i < count_; ++i) {
    const float got = LoadAsFloat(out_.data(), dtype_, i);
    const float want = LoadAsFloat(ref_.data(), dtype_, i);
    const bool same_bits = std::memcmp(out_.data() + i * size, ref_.data() + i * size, size) == 0;
    if (same_bits && !std::isnan(got) && !std::isnan(want)) continue;
    if (result.wrong++ == 0) {
      result.first_bad_index = i;
      result.got = got;
      result.want = want;
    }
  }
  return result;
}

std::unique_ptr<Collective> NewOneShotAllReduceCpu(const CpuKernelContext& context) {
  return std::make_unique<OneShotAllReduceCpu>(context);
}

}  // namespace symmbench
