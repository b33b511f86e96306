// What the CPU all-gathers and reduce-scatters share: exact inputs in the symmetric input
// buffer, a private output, poisoning, the reference computed from the input formula, the
// bitwise Check and fault injection. A kernel adds only Run (and its factory).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/collective.h"
#include "kernels/cpu/cpu_kernel.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"

namespace symmbench {

// Sizes (nccl-tests' convention): Prepare's `count` is the whole buffer, world_size shards of
// shard() = count / world_size elements.
//   all-gather (Computes::kAllGather): rank r's input is shard() elements,
//     ExactInputValue(seed, r, i); its output is count elements, shard p holding rank p's input.
//   reduce-scatter (Computes::kReduceScatterSum): rank r's input is count elements,
//     ExactInputValue(seed, r, i); its output is shard() elements, element i the sum over p of
//     input_p[r * shard() + i].
// The reference ("reference_gather" / "reference_sum") is computed from the input formula, not
// read from the peers' buffers, so a kernel that reads the wrong shard or offset is caught; it
// checks results only (reference_competes() is false).
class ShardedCpuBase : public Collective {
 public:
  // Fills this rank's input and poisons the output and the reference. INVALID_ARGUMENT when
  // count < 1, count is not a multiple of world_size, or the input or the output would not fit
  // the symmetric buffer.
  absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) final;
  // A reduce-scatter sums in fp32 in rank order from rank 0's value, rounded once (its kernels
  // call SumPeersChunked), so it is also checked on random floats; an all-gather sums nothing.
  bool sums_in_rank_order() const override { return computes_ == Computes::kReduceScatterSum; }
  // As Prepare, with RandomInputValue inputs. UNIMPLEMENTED for an all-gather.
  absl::Status PrepareRandom(int64_t count, DType dtype, uint64_t seed) final;
  // After PrepareRandom and one Run: the output against CompareWithRankOrderSum of this rank's
  // shard (first index rank x shard). FAILED_PRECONDITION unless the last Prepare was random.
  absl::StatusOr<CheckResult> CheckRankOrderSum() final;
  // Fills the output and the reference with 0xFF bytes (a NaN in every dtype). Local.
  absl::Status PoisonOutputs() final;
  // Local: the reference output from the input formula (exact: sums of at most 8 values in
  // [-8, 8]).
  absl::Status RunReference() final;
  // Element-wise bitwise comparison of the output and the reference; NaN on either side is
  // wrong (poison no run overwrote).
  absl::StatusOr<CheckResult> Check() final;
  std::string reference_name() const final;
  bool reference_competes() const final { return false; }
  // Flips the lowest bit of output element `index`. OUT_OF_RANGE outside [0, output_count()).
  absl::Status FlipOutputElement(int64_t index) final;
  // The race check: this rank's input refilled from `seed` (an all-gather's shard only: the
  // race check runs out of place); the output against the formula reference for that seed.
  absl::Status RefillInput(uint64_t seed) final;
  absl::StatusOr<CheckResult> CheckExpected() final;
  // In place: a gather's own shard refilled at its place in the buffer, and the in-place result
  // compared as CheckExpected compares the output.
  absl::Status RefillInPlaceInput(uint64_t seed) final;
  absl::StatusOr<CheckResult> CheckExpectedInPlace() final;

  // In place (nccl-tests' layout), for the kernels that opt in (supports_in_place): an
  // all-gather's input is shard `rank` of its symmetric buffer and the buffer is its output; a
  // reduce-scatter's output is shard `rank` of its input. Run with output() and GatherSource()
  // pointing there. Prepare writes an all-gather's input at both places.
  absl::Status RunInPlace() final;
  // The reference is computed from the input formula: in place it is RunReference.
  absl::Status RunReferenceInPlace() final { return RunReference(); }
  // The in-place output against the reference, as Check.
  absl::StatusOr<CheckResult> CheckInPlace() final;

  // Test hook: this rank's input in its symmetric buffer (in place, where its output goes).
  void* buffer_for_testing() const { return InputOf(rank()); }
  // Test hook: this rank's output (output_count() elements after Prepare).
  const void* output_for_testing() const { return PrivateOutput(); }

 protected:
  // `kernel_name` (a literal) prefixes every error message; `computes` is kAllGather or
  // kReduceScatterSum.
  ShardedCpuBase(const CpuKernelContext& context, const char* kernel_name, Computes computes);

  // Prepare's work, with random (PrepareRandom) or exact inputs.
  absl::Status PrepareInputs(int64_t count, DType dtype, uint64_t seed, bool random);
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
  int64_t shard() const { return shard_; }                // elements
  size_t shard_bytes() const { return shard_bytes_; }     // bytes
  int64_t output_count() const { return output_count_; }  // elements
  // Rank p's input: its symmetric buffer, misalign_bytes in (CpuKernelContext::Shifted).
  unsigned char* InputOf(int p) const;
  // Private (CpuKernelContext::output), output_count() elements; in place, in the symmetric
  // buffer (RunInPlace). Misaligned as every buffer.
  unsigned char* output();
  // An all-gather's source of shard p: rank p's input, at the start of its symmetric buffer, or
  // in place at shard p of it.
  const unsigned char* GatherSource(int p) const;
  // In place, an all-gather's own shard is already where it belongs: the kernels skip it.
  bool in_place() const { return in_place_; }

 private:
  CpuKernelContext context_;
  const char* kernel_name_;
  Computes computes_;
  bool prepared_ = false;
  bool random_ = false;  // the last Prepare was PrepareRandom
  DType dtype_ = DType::kBf16;
  uint64_t seed_ = 0;
  int64_t shard_ = 0;
  size_t shard_bytes_ = 0;
  int64_t output_count_ = 0;
  bool in_place_ = false;  // within RunInPlace
  // The in-place output: this rank's input (all-gather) or shard `rank` of it.
  unsigned char* InPlaceOutput() const;
  // The out-of-place output (CpuKernelContext::output) and the reference output
  // (CpuKernelContext::reference), misaligned as every buffer.
  unsigned char* PrivateOutput() const;
  unsigned char* reference() const;
};

}  // namespace symmbench
