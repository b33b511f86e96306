// "one_shot_reduce_scatter" on the CPU backend: every rank sums its shard of every rank's
// shared-memory input into its private output, in rank order (SumPeersChunked: fp32, one
// rounding), between two signal-pad barriers (the CUDA backend's SM pull, on host threads).
// Sizes, reference and check: SweptCpuCollective.
#include <memory>

#include "kernels/cpu/cpu_kernel.h"
#include "kernels/cpu/cpu_sum.h"
#include "kernels/cpu/swept_cpu_collective.h"
#include "kernels/ops/registry.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {
namespace {

class OneShotReduceScatterCpu final : public SweptCpuCollective {
 public:
  explicit OneShotReduceScatterCpu(const CpuKernelContext& context)
      : SweptCpuCollective(context, ops::kOneShotReduceScatter, Computes::kReduceScatterSum) {}

  // In place (nccl-tests' layout): race-free, shard `rank` of every buffer is read by this rank
  // alone, and the only one it writes.
  bool supports_in_place() const override { return true; }

  absl::Status Run() override {
    if (absl::Status s = CheckPrepared("Run"); !s.ok()) return s;
    if (absl::Status s = context().EntryBarrier(); !s.ok()) return s;
    const void* inputs[kMaxWorldSize] = {};
    for (int p = 0; p < world_size(); ++p) {
      inputs[p] = InputOf(p) + rank() * shard_bytes();
    }
    void* out = output();
    SumPeersChunked(dtype(), inputs, world_size(), &out, 1, 0, shard());
    return context().ExitBarrier();
  }
};

std::unique_ptr<Collective> NewOneShotReduceScatterCpu(const CpuKernelContext& context) {
  return std::make_unique<OneShotReduceScatterCpu>(context);
}

[[maybe_unused]] const bool kRegistered =
    CpuCollectives().Add(ops::kOneShotReduceScatter, &NewOneShotReduceScatterCpu);

}  // namespace
}  // namespace symmbench
