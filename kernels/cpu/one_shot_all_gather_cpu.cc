// "one_shot_all_gather" on the CPU backend: every rank copies every rank's shard out of shared
// memory into its private output, between two signal-pad barriers (the CUDA backend's SM pull,
// on host threads). Sizes, reference and check: SweptCpuCollective.
//   Run: barrier (every input is written) -> out[p] <- rank p's input, p = 0..n-1 -> barrier
//        (every rank has finished reading, so each may overwrite its input).
#include <cstring>
#include <memory>

#include "kernels/cpu/cpu_kernel.h"
#include "kernels/cpu/swept_cpu_collective.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

class OneShotAllGatherCpu final : public SweptCpuCollective {
 public:
  explicit OneShotAllGatherCpu(const CpuKernelContext& context)
      : SweptCpuCollective(context, ops::kOneShotAllGather, Computes::kAllGather) {}

  // In place (nccl-tests' layout): race-free, a rank writes shards p != rank of its own buffer,
  // which no peer reads.
  bool supports_in_place() const override { return true; }

  absl::Status Run() override {
    if (absl::Status s = CheckPrepared("Run"); !s.ok()) return s;
    if (absl::Status s = context().EntryBarrier(); !s.ok()) return s;
    for (int p = 0; p < world_size(); ++p) {
      if (in_place() && p == rank()) continue;  // already in place
      std::memcpy(output() + p * shard_bytes(), GatherSource(p), shard_bytes());
    }
    return context().ExitBarrier();
  }
};

std::unique_ptr<Collective> NewOneShotAllGatherCpu(const CpuKernelContext& context) {
  return std::make_unique<OneShotAllGatherCpu>(context);
}

[[maybe_unused]] const bool kRegistered =
    CpuCollectives().Add(ops::kOneShotAllGather, &NewOneShotAllGatherCpu);

}  // namespace
}  // namespace symmbench
