// SweptCpuCollective: what every CPU swept collective of the sum all-reduce, all-gather and
// reduce-scatter shapes shares: exact or random inputs in the symmetric input buffer, poisoning,
// the reference, the bitwise Check, the race check, the in-place form and fault injection. A
// kernel adds only Run (and its factory).
#pragma once

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/collective.h"
#include "kernels/cpu/cpu_kernel.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"

namespace symmbench {

// Where a kernel's out-of-place output lives.
enum class OutputBuffer {
  kPrivate,    // this rank's private host buffer (CpuKernelContext::output; the pulls)
  kSymmetric,  // this rank's shm output buffer, so peers can push into it (two-shot, push)
};

// Sizes, by what the kernel computes (Prepare's `count`, elements of dtype):
//   all-reduce (Computes::kAllReduceSum): count elements per rank; rank r's input is
//     ExactInputValue(seed, r, i), its output element i the sum over p of input_p[i].
//   all-gather and reduce-scatter (nccl-tests' convention): count is the whole buffer, a
//     multiple of world_size, in world_size shards of shard() = count / world_size elements.
//     All-gather (kAllGather): rank r's input is shard() elements, ExactInputValue(seed, r, i);
//     its output is count elements, shard p holding rank p's input. Reduce-scatter
//     (kReduceScatterSum): rank r's input is count elements, ExactInputValue(seed, r, i); its
//     output is shard() elements, element i the sum over p of input_p[r * shard() + i].
// The reference: an all-reduce's "reference_sum" reads every peer's input between two barriers
// (collective); an all-gather's "reference_gather" and a reduce-scatter's "reference_sum" are
// computed from the input formula (local), so a kernel that reads the wrong shard or offset is
// caught. Either checks results only (reference_competes() is false).
// Run and an all-reduce's RunReference are collective (every rank calls them in the same order);
// the rest is local.
class SweptCpuCollective : public Collective {
 public:
  // Fills this rank's input with ExactInputValue(seed, rank, i) and poisons the output and the
  // reference. INVALID_ARGUMENT when the input or the output would not fit the symmetric buffer,
  // when count < 0, or (all-gather, reduce-scatter) when count < 1 or is not a multiple of
  // world_size.
  absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) final;
  // As Prepare, with RandomInputValue inputs. UNIMPLEMENTED for a sharded shape that does not
  // sum in rank order (an all-gather; a plugin reduce-scatter without the flag).
  absl::Status PrepareRandom(int64_t count, DType dtype, uint64_t seed) final;
  // Fills the output (output_count() elements) and the reference with 0xFF bytes (a NaN in
  // every dtype). Local: a symmetric output is poisoned before the next Run's entry barrier, and
  // the previous Run's exit barrier guarantees no push into it is still pending.
  absl::Status PoisonOutputs() final;
  // All-reduce: barrier (block 0) -> ref[i] = sum over ranks of their input in double, rounded
  // to dtype -> barrier (block 0). All-gather, reduce-scatter: local, from the input formula
  // (exact: sums of at most kMaxWorldSize values in [-8, 8]). The reference is a private buffer.
  absl::Status RunReference() final;
  // Element-wise bitwise comparison of the output and the reference (CompareBitwise): NaN on
  // either side is wrong (poison no run overwrote).
  absl::StatusOr<CheckResult> Check() final;
  // "reference_gather" (all-gather) or "reference_sum".
  std::string reference_name() const final;
  // The plain reference checks results; nobody runs it instead of a kernel.
  bool reference_competes() const final { return false; }
  // The built-in all-reduces and reduce-scatters sum with SumPeersChunked: fp32, rank order, one
  // rounding; an all-gather sums nothing (a plugin op says whether it does).
  bool sums_in_rank_order() const override { return !gathers(); }
  bool zero_sign_may_differ() const override { return false; }
  // After PrepareRandom and one Run: the output against CompareWithRankOrderSum (a
  // reduce-scatter's from first index rank x shard()). FAILED_PRECONDITION unless the last
  // Prepare was PrepareRandom.
  absl::StatusOr<CheckResult> CheckRankOrderSum() final;
  // Flips the lowest bit of output element `index`. OUT_OF_RANGE outside [0, output_count()).
  absl::Status FlipOutputElement(int64_t index) final;
  // The race check: this rank's input refilled from `seed` (an all-gather's shard only: the race
  // check runs out of place); the output against what the inputs of that seed make, from the
  // formula (CompareWithExactSum; an all-gather: the formula's reference and Check).
  // CheckExpected: FAILED_PRECONDITION after PrepareRandom.
  absl::Status RefillInput(uint64_t seed) final;
  absl::StatusOr<CheckResult> CheckExpected() final;
  // In place: an all-gather's own shard refilled at its place in the buffer (the other shapes:
  // RefillInput), and the in-place result compared as CheckExpected compares the output.
  absl::Status RefillInPlaceInput(uint64_t seed) final;
  absl::StatusOr<CheckResult> CheckExpectedInPlace() final;

  // In place, for the kernels that opt in (supports_in_place).
  //   All-reduce: by default Run, then the output copied over this rank's input, which is safe
  //     once Run has returned in every built-in kernel (the one-shot's exit barrier: every peer
  //     has read this input; the push one-shot: no peer reads it). A kernel with a native
  //     in-place form overrides RunInPlace.
  //   All-gather, reduce-scatter (nccl-tests' layout): an all-gather's input is shard `rank` of
  //     its symmetric buffer and the buffer is its output; a reduce-scatter's output is shard
  //     `rank` of its input. Run with output() and GatherSource() pointing there (in_place()).
  //     Prepare writes an all-gather's input at both places.
  absl::Status RunInPlace() override;
  // All-reduce: RunReference, then its output copied over this rank's input (after the
  // reference's closing barrier, so no peer still reads it). The others: RunReference (the
  // reference comes from the input formula).
  absl::Status RunReferenceInPlace() final;
  // The in-place output (this rank's input, or a reduce-scatter's shard `rank` of it) against
  // the reference, as Check.
  absl::StatusOr<CheckResult> CheckInPlace() final;

  // Test hook: this rank's out-of-place output (output_count() elements after Prepare).
  void* output_for_testing() const { return OutOfPlaceOutput(); }
  // Test hook: this rank's input in its symmetric buffer (in place, where its output goes).
  void* buffer_for_testing() const { return InputOf(rank()); }

 protected:
  // `kernel_name` (a literal, or a string that outlives this) prefixes every error message;
  // `computes` is kAllReduceSum, kAllGather or kReduceScatterSum; `placement` is where the
  // out-of-place output lives.
  SweptCpuCollective(const CpuKernelContext& context, const char* kernel_name, Computes computes,
                     OutputBuffer placement = OutputBuffer::kPrivate);

  // Called by Prepare after the size check and before the input is written, on every rank in
  // the same order: a kernel that needs resources of its own (a plugin op's setup) makes them
  // here, collectively on the first call. Default: nothing to do.
  virtual absl::Status EnsureResources(DType /*dtype*/) { return absl::OkStatus(); }
  // FAILED_PRECONDITION naming the kernel and `operation` before a successful Prepare.
  absl::Status CheckPrepared(const char* operation) const;

  const CpuKernelContext& context() const { return context_; }
  int rank() const { return context_.memory->rank(); }
  int world_size() const { return context_.memory->world_size(); }
  DType dtype() const { return dtype_; }
  // Prepare's count, elements: an all-reduce's per rank, a sharded shape's whole buffer.
  int64_t count() const { return count_; }
  // All-gather, reduce-scatter: elements and bytes of one shard (count() / world_size()).
  int64_t shard() const { return count_ / world_size(); }
  size_t shard_bytes() const { return static_cast<size_t>(shard()) * DTypeSize(dtype_); }
  // Elements of this rank's output: shard() for a reduce-scatter, count() otherwise.
  int64_t output_count() const;

  // Rank p's input: its symmetric buffer, misalign_bytes in (CpuKernelContext::Shifted).
  unsigned char* InputOf(int p) const;
  // Rank p's symmetric output buffer, misalign_bytes in (a two-shot's output, a staging area).
  unsigned char* OutputOf(int p) const;
  // This rank's input (an all-reduce's in-place output).
  unsigned char* input() const { return InputOf(rank()); }
  // This rank's output: the out-of-place one (private, or an all-reduce's symmetric output
  // buffer), or within a sharded RunInPlace the in-place one. Misaligned as every buffer.
  unsigned char* output() const { return in_place_ ? InPlaceOutput() : OutOfPlaceOutput(); }
  // An all-gather's source of shard p: rank p's input, at the start of its symmetric buffer, or
  // in place at shard p of it.
  const unsigned char* GatherSource(int p) const;
  // Within a sharded RunInPlace. In place, an all-gather's own shard is already where it
  // belongs: the kernels skip it.
  bool in_place() const { return in_place_; }
  // What it computes: an all-gather, a reduce-scatter (else an all-reduce).
  bool gathers() const { return computes_ == Computes::kAllGather; }
  bool scatters() const { return computes_ == Computes::kReduceScatterSum; }
  // The registry name the constructor got (error messages).
  const char* kernel_name() const { return kernel_name_; }

 private:
  // Elements of this rank's input: shard() for an all-gather, count() otherwise.
  int64_t input_count() const { return gathers() ? shard() : count_; }
  // The index, in the whole buffer, of this rank's first output element in the input formula:
  // rank x shard() for a reduce-scatter, 0 otherwise.
  int64_t first_index() const { return scatters() ? rank() * shard() : 0; }
  // Bytes of the output (and of the reference): output_count() elements.
  size_t output_bytes() const { return static_cast<size_t>(output_count()) * DTypeSize(dtype_); }
  // Prepare's work, with random (PrepareRandom) or exact inputs.
  absl::Status PrepareInputs(int64_t count, DType dtype, uint64_t seed, bool random);
  // Prepare's size check: INVALID_ARGUMENT as Prepare says.
  absl::Status CheckSize(int64_t count, DType dtype) const;
  // The out-of-place output (placement_), the in-place one (this rank's input, or a
  // reduce-scatter's shard `rank` of it) and the reference (CpuKernelContext::reference).
  unsigned char* OutOfPlaceOutput() const;
  unsigned char* InPlaceOutput() const;
  unsigned char* reference() const { return context_.Shifted(context_.reference); }

  CpuKernelContext context_;
  const char* kernel_name_;
  Computes computes_;
  OutputBuffer placement_;
  int64_t count_ = -1;  // -1 until Prepare succeeds
  DType dtype_ = DType::kFp32;
  uint64_t seed_ = 0;
  bool random_ = false;    // the last Prepare was PrepareRandom
  bool in_place_ = false;  // within a sharded RunInPlace
};

}  // namespace symmbench
