// "low_contention_all_gather" on the CPU backend: as the one-shot all-gather, but each rank
// copies the shards in PyTorch's _low_contention_all_gather order, its own first, then rank - 1,
// rank - 2, ... (mod world size), so that at each step every rank reads a different peer.
// Sizes, reference and check: SweptCpuCollective.
#include <cstring>
#include <memory>

#include "kernels/cpu/cpu_kernel.h"
#include "kernels/cpu/swept_cpu_collective.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

class LowContentionAllGatherCpu final : public SweptCpuCollective {
 public:
  explicit LowContentionAllGatherCpu(const CpuKernelContext& context)
      : SweptCpuCollective(context, ops::kLowContentionAllGather, Computes::kAllGather) {}

  // In place: as the one-shot all-gather's.
  bool supports_in_place() const override { return true; }

  absl::Status Run() override {
    if (absl::Status s = CheckPrepared("Run"); !s.ok()) return s;
    if (absl::Status s = context().EntryBarrier(); !s.ok()) return s;
    for (int step = 0; step < world_size(); ++step) {
      const int peer = (rank() - step + world_size()) % world_size();
      if (in_place() && peer == rank()) continue;  // already in place
      std::memcpy(output() + peer * shard_bytes(), GatherSource(peer), shard_bytes());
    }
    return context().ExitBarrier();
  }
};

std::unique_ptr<Collective> NewLowContentionAllGatherCpu(const CpuKernelContext& context) {
  return std::make_unique<LowContentionAllGatherCpu>(context);
}

[[maybe_unused]] const bool kRegistered =
    CpuCollectives().Add(ops::kLowContentionAllGather, &NewLowContentionAllGatherCpu);

}  // namespace
}  // namespace symmbench
