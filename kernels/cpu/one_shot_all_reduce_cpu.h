// One-shot all-reduce (sum) on the CPU backend: every rank pulls every peer's symmetric buffer
// between two signal-pad barriers (helion_one_shot_all_reduce's algorithm, on host threads).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kernels/collective.h"
#include "kernels/cpu/cpu_kernel.h"

namespace symmbench {

// Input: this rank's symmetric buffer (count elements of dtype). Output and baseline output:
// private host buffers of the same size. Run and RunBaseline are collective (every rank calls
// them in the same order); Prepare, PoisonOutputs and Check are local.
class OneShotAllReduceCpu : public Collective {
 public:
  explicit OneShotAllReduceCpu(const CpuKernelContext& context);

  // INVALID_ARGUMENT when count < 0 or count * DTypeSize(dtype) > the symmetric buffer's bytes.
  absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) override;
  // Fills both outputs with 0xFF bytes (a NaN in every dtype).
  absl::Status PoisonOutputs() override;
  // Barrier (block 0) -> out[i] = in_0[i] + in_1[i] + ... + in_{n-1}[i], ranks in that order,
  // accumulated in float, rounded once to dtype -> barrier (block 0), so no rank rewrites its
  // input while a peer still reads it. Barrier errors (DEADLINE_EXCEEDED) are returned as is.
  absl::Status Run() override;
  // "reference_sum": barrier -> ref[i] = sum over ranks in double, rounded to dtype -> barrier.
  absl::Status RunBaseline() override;
  // Element-wise bitwise comparison of output and reference. An element also counts as wrong
  // when either side is NaN: inputs are finite, so a NaN is poison that no run overwrote (both
  // sides poisoned alike would otherwise compare equal).
  absl::StatusOr<CheckResult> Check() override;
  std::string baseline_name() const override { return "reference_sum"; }

  // Test hook: this rank's kernel output (count * DTypeSize bytes after Prepare).
  void* output_for_testing() { return out_.data(); }

 private:
  absl::Status CheckPrepared(const char* operation) const;

  CpuKernelContext context_;
  int64_t count_ = -1;  // -1 until Prepare succeeds
  DType dtype_ = DType::kFp32;
  std::vector<unsigned char> out_;
  std::vector<unsigned char> ref_;
};

// Registry factory for kernel "one_shot_all_reduce".
std::unique_ptr<Collective> NewOneShotAllReduceCpu(const CpuKernelContext& context);

}  // namespace symmbench
