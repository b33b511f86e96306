// One-shot all-reduce (sum) on the CPU backend: every rank pulls every peer's symmetric buffer
// between two signal-pad barriers (helion_one_shot_all_reduce's algorithm, on host threads).
#pragma once

#include <memory>

#include "kernels/collective.h"
#include "kernels/cpu/cpu_kernel.h"
#include "kernels/cpu/swept_cpu_collective.h"

namespace symmbench {

// Input: this rank's symmetric input buffer. Output and reference output: private host buffers
// of the same size. Prepare, PoisonOutputs, RunReference and Check: SweptCpuCollective.
class OneShotAllReduceCpu : public SweptCpuCollective {
 public:
  explicit OneShotAllReduceCpu(const CpuKernelContext& context);

  // Barrier (block 0) -> out[i] = in_0[i] + in_1[i] + ... + in_{n-1}[i], ranks in that order,
  // accumulated in float, rounded once to dtype -> barrier (block 0), so no rank rewrites its
  // input while a peer still reads it. Barrier errors (DEADLINE_EXCEEDED) are returned as is.
  absl::Status Run() override;
  // In place: Run, then the output copied over the input (SweptCpuCollective::RunInPlace); the
  // one-shot cannot write an input its peers are still reading.
  bool supports_in_place() const override { return true; }
};

}  // namespace symmbench
