// "push_all_gather" on the CPU backend: every rank copies its shard into every rank's shared
// output buffer, between two signal-pad barriers (the CUDA backend's SM stores, on host
// threads). Sizes, reference and check: SweptCpuCollective.
//   Run: barrier (every peer's output is free) -> out_p[rank] <- this rank's shard, p = rank,
//        rank + 1, ... (mod n) -> barrier (every push into this rank's output has landed).
#include <cstring>
#include <memory>

#include "kernels/cpu/swept_cpu_collective.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

class PushAllGatherCpu final : public SweptCpuCollective {
 public:
  explicit PushAllGatherCpu(const CpuKernelContext& context)
      : SweptCpuCollective(context, ops::kPushAllGather, Computes::kAllGather,
                           OutputBuffer::kSymmetric) {}

  // In place (nccl-tests' layout): race-free, rank r writes shard r of every buffer, which no
  // peer reads (each reads its own shard only).
  bool supports_in_place() const override { return true; }

  absl::Status Run() override {
    if (absl::Status s = CheckPrepared("Run"); !s.ok()) return s;
    if (absl::Status s = context().EntryBarrier(); !s.ok()) return s;
    const unsigned char* shard = GatherSource(rank());
    for (int k = 0; k < world_size(); ++k) {
      const int p = (rank() + k) % world_size();
      unsigned char* to = (in_place() ? InputOf(p) : OutputOf(p)) + rank() * shard_bytes();
      if (to != shard) std::memcpy(to, shard, shard_bytes());  // in place, own shard: no copy
    }
    return context().ExitBarrier();
  }
};

std::unique_ptr<Collective> NewPushAllGatherCpu(const CpuKernelContext& context) {
  return std::make_unique<PushAllGatherCpu>(context);
}

[[maybe_unused]] const bool kRegistered =
    CpuCollectives().Add(ops::kPushAllGather, &NewPushAllGatherCpu);

}  // namespace
}  // namespace symmbench
