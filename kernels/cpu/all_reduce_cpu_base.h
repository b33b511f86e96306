// What the CPU sum all-reduces share: exact inputs in the symmetric input buffer, poisoning,
// the double-precision "reference_sum" reference, the bitwise Check and the chunked summation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "kernels/collective.h"
#include "kernels/cpu/cpu_kernel.h"
#include "kernels/dtype.h"

namespace symmbench {

// Where an all-reduce's output lives.
enum class AllReduceOutput {
  kPrivate,    // this rank's private host buffer (CpuKernelContext::output; one-shot)
  kSymmetric,  // this rank's shm output buffer, so peers can push into it (two-shot)
};

// Base of the CPU sum all-reduces: a kernel adds only Run (and its factory). Input: this rank's
// symmetric input buffer, count elements of dtype, never written by Run. Run and RunReference
// are collective (every rank calls them in the same order); Prepare, PoisonOutputs and Check
// are local.
class AllReduceCpuBase : public Collective {
 public:
  // Fills this rank's input with ExactInputValue(seed, rank, i), sizes the reference (and a
  // private output) and poisons both outputs. INVALID_ARGUMENT when count < 0 or
  // count * DTypeSize(dtype) > the symmetric buffer's bytes.
  absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) final;
  // Fills this rank's output (its first count elements) and the reference with 0xFF bytes (a
  // NaN in every dtype). Local: a symmetric output is poisoned before the next Run's entry
  // barrier, and the previous Run's exit barrier guarantees no push into it is still pending.
  absl::Status PoisonOutputs() final;
  // "reference_sum": barrier (block 0) -> ref[i] = sum over ranks in double, rounded to dtype
  // -> barrier (block 0). The reference is a private host buffer.
  absl::Status RunReference() final;
  // Element-wise bitwise comparison of this rank's output and the reference. An element also
  // counts as wrong when either side is NaN: inputs are finite, so a NaN is poison that no run
  // overwrote (both sides poisoned alike would otherwise compare equal).
  absl::StatusOr<CheckResult> Check() final;
  std::string reference_name() const final { return "reference_sum"; }
  // The plain sum checks results; nobody runs it instead of a kernel.
  bool reference_competes() const final { return false; }
  // Every built-in CPU all-reduce sums with SumPeersChunked: fp32, rank order, one rounding (a
  // plugin op says whether it does).
  bool sums_in_rank_order() const override { return true; }
  bool zero_sign_may_differ() const override { return false; }
  // As Prepare, with RandomInputValue inputs.
  absl::Status PrepareRandom(int64_t count, DType dtype, uint64_t seed) final;
  // This rank's output against CompareWithRankOrderSum. FAILED_PRECONDITION unless the last
  // Prepare was PrepareRandom.
  absl::StatusOr<CheckResult> CheckRankOrderSum() final;
  // Flips the lowest bit of output element `index` (this rank's output only).
  // OUT_OF_RANGE unless index is in [0, count).
  absl::Status FlipOutputElement(int64_t index) final;
  // The race check: this rank's input refilled from `seed`; the output against the sum over
  // ranks of ExactInputValue(seed, p, i) (CompareWithExactSum).
  absl::Status RefillInput(uint64_t seed) final;
  absl::StatusOr<CheckResult> CheckExpected() final;
  // The in-place race check: this rank's input (the in-place result) against the exact sum.
  absl::StatusOr<CheckResult> CheckExpectedInPlace() final;

  // In place, for the kernels that opt in (supports_in_place): by default Run, then the output
  // copied over this rank's input, which is safe once Run has returned in every built-in kernel
  // here (the one-shot's exit barrier: every peer has read this input; the push one-shot: no
  // peer reads it). A kernel with a native in-place form overrides RunInPlace.
  absl::Status RunInPlace() override;
  // RunReference, then its output copied over this rank's input (after the reference's closing
  // barrier, so no peer still reads it).
  absl::Status RunReferenceInPlace() final;
  // This rank's input against the reference output, as Check.
  absl::StatusOr<CheckResult> CheckInPlace() final;

  // Test hook: this rank's kernel output (count * DTypeSize bytes after Prepare).
  void* output_for_testing() { return output(); }

 protected:
  // `kernel_name` (a literal) prefixes every error message.
  AllReduceCpuBase(const CpuKernelContext& context, const char* kernel_name,
                   AllReduceOutput placement);

  // Prepare's work, with random (PrepareRandom) or exact inputs.
  absl::Status PrepareInputs(int64_t count, DType dtype, uint64_t seed, bool random);
  // Called by Prepare after the size check and before the input is written, on every rank in
  // the same order: a kernel that needs resources of its own (a plugin op's setup) makes them
  // here, collectively on the first call. Default: nothing to do.
  virtual absl::Status EnsureResources(DType /*dtype*/) { return absl::OkStatus(); }
  // FAILED_PRECONDITION naming the kernel and `operation` before a successful Prepare.
  absl::Status CheckPrepared(const char* operation) const;
  // This rank's kernel output: the private buffer or memory->output_buffer(rank).
  void* output();
  // Where an operation's buffer starts in an aligned buffer `p` (CpuKernelContext::Shifted).
  void* Shifted(void* p) const { return context_.Shifted(p); }
  // Rank `rank`'s input in its symmetric buffer (Shifted), and its symmetric output buffer's.
  void* InputOf(int rank) const { return Shifted(context_.memory->buffer(rank)); }
  void* OutputOf(int rank) const { return Shifted(context_.memory->output_buffer(rank)); }
  // This rank's input (the in-place output).
  void* input() { return InputOf(context_.memory->rank()); }
  // The reference output (Shifted context.reference).
  unsigned char* reference() const { return context_.Shifted(context_.reference); }

  const CpuKernelContext& context() const { return context_; }
  int64_t count() const { return count_; }
  DType dtype() const { return dtype_; }

 private:
  CpuKernelContext context_;
  const char* kernel_name_;
  AllReduceOutput placement_;
  int64_t count_ = -1;  // -1 until Prepare succeeds
  uint64_t seed_ = 0;
  bool random_ = false;  // the last Prepare was PrepareRandom
  DType dtype_ = DType::kFp32;
  // Bytes of the output and of the reference (context_.output / reference) in use.
  size_t bytes_ = 0;
};

// For i in [begin, begin + count): sum = inputs[0][i] + inputs[1][i] + ... in that rank
// order, accumulated in float and rounded once to dtype, stored as element i of every
// outputs[o], o in [0, num_outputs). Element indices apply to every buffer alike. Works in
// L1-sized chunks: each element converted once on the way in and once on the way out.
void SumPeersChunked(DType dtype, const void* const* inputs, int num_inputs, void* const* outputs,
                     int num_outputs, int64_t begin, int64_t count);

// Element-wise bitwise comparison of `got` with `want` (count elements of dtype). An element
// also counts as wrong when either side is NaN: inputs are finite, so a NaN is poison that no
// run overwrote (both sides poisoned alike would otherwise compare equal).
CheckResult CompareBitwise(const void* got, const void* want, DType dtype, int64_t count);

// Element i of `got` (count elements of dtype) against the sum over ranks p < world_size of
// ExactInputValue(seed, p, first_index + i), by value (+0 == -0; exact: at most kMaxWorldSize
// values in [-8, 8]); NaN counts as wrong. An all-reduce's output is first_index 0; a
// reduce-scatter's shard of rank r starts at r x shard.
CheckResult CompareWithExactSum(const void* got, DType dtype, int64_t count, uint64_t seed,
                                int world_size, int64_t first_index);

}  // namespace symmbench
