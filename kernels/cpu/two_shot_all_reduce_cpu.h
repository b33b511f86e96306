// Two-shot all-reduce (sum) on the CPU backend: each rank reduces one slice from every peer's
// input and pushes the result into that slice of every rank's symmetric output buffer.
#pragma once

#include <cstdint>
#include <memory>

#include "kernels/collective.h"
#include "kernels/cpu/cpu_kernel.h"
#include "kernels/cpu/swept_cpu_collective.h"

namespace symmbench {

// Input: this rank's symmetric input buffer, unchanged by Run. Output: this rank's symmetric
// output buffer (ShmSymmetricMemory::output_buffer), written by every rank. Reference output:
// a private host buffer. Prepare, PoisonOutputs, RunReference and Check: SweptCpuCollective.
//
// Memory-ordering contract (on CpuBarrier's, cpu_barrier.h): Run meets the peers at block 0 on
// entry and on exit.
//   * Entry: every peer's Prepare (its input) and its local accesses to its own output before
//     its Run (PoisonOutputs, the previous Check) happen-before this rank's reads and pushes.
//   * Exit: every push into this rank's output, and every peer's read of this rank's input,
//     happens-before anything this rank does after Run returns (Check, PoisonOutputs, Prepare).
class TwoShotAllReduceCpu : public SweptCpuCollective {
 public:
  explicit TwoShotAllReduceCpu(const CpuKernelContext& context);

  // Barrier (block 0) -> rank r reduces slice r (SliceOf) of every peer's input, ranks in
  // order 0..n-1, accumulated in float, rounded once to dtype, and stores it into slice r of
  // every rank's output (its own included) -> barrier (block 0). Barrier errors
  // (DEADLINE_EXCEEDED, FAILED_PRECONDITION after one) are returned as is.
  absl::Status Run() override;
  // In place (the form PyTorch's two_shot_all_reduce_ has): as Run with every rank's input as
  // its output. Race-free: slice r is read and written by rank r alone.
  bool supports_in_place() const override { return true; }
  absl::Status RunInPlace() override;

  // Rank `rank`'s slice of `count` elements among `world_size` ranks: count / world_size
  // elements starting at rank * (count / world_size); the last rank's also takes the
  // remainder. Slices tile [0, count) exactly.
  struct Slice {
    int64_t begin = 0;
    int64_t count = 0;
  };
  static Slice SliceOf(int64_t count, int rank, int world_size);

 private:
  // Run's work, into every rank's output buffer or (in_place) every rank's input.
  absl::Status RunInto(bool in_place);
};

}  // namespace symmbench
