// "low_contention_reduce_scatter" on the CPU backend: PyTorch's _low_contention_reduce_scatter
// on host threads. Every rank copies its shard of every rank's input into a staging area (its
// own shared-memory output buffer, shard p of it for rank p), peers in the order rank,
// rank - 1, ... (mod world size), meets the others at a barrier (every input read), then sums
// the staged shards locally in rank order (SumPeersChunked). Sizes, reference and check:
// SweptCpuCollective.
#include <cstring>
#include <memory>

#include "kernels/cpu/cpu_kernel.h"
#include "kernels/cpu/cpu_sum.h"
#include "kernels/cpu/swept_cpu_collective.h"
#include "kernels/ops/registry.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {
namespace {

class LowContentionReduceScatterCpu final : public SweptCpuCollective {
 public:
  explicit LowContentionReduceScatterCpu(const CpuKernelContext& context)
      : SweptCpuCollective(context, ops::kLowContentionReduceScatter, Computes::kReduceScatterSum) {
  }

  // In place: the sum goes to shard `rank` of this rank's input after the second barrier, when
  // every peer has staged what it reads of it.
  bool supports_in_place() const override { return true; }

  absl::Status Run() override {
    if (absl::Status s = CheckPrepared("Run"); !s.ok()) return s;
    // world_size shards of shard_bytes() <= the buffer (Prepare checked count).
    unsigned char* staging = context().Shifted(context().memory->output_buffer(rank()));
    if (absl::Status s = context().EntryBarrier(); !s.ok()) return s;
    for (int step = 0; step < world_size(); ++step) {
      const int peer = (rank() - step + world_size()) % world_size();
      std::memcpy(staging + peer * shard_bytes(), InputOf(peer) + rank() * shard_bytes(),
                  shard_bytes());
    }
    if (absl::Status s = context().ExitBarrier(); !s.ok()) return s;
    const void* staged[kMaxWorldSize] = {};
    for (int p = 0; p < world_size(); ++p) staged[p] = staging + p * shard_bytes();
    void* out = output();
    SumPeersChunked(dtype(), staged, world_size(), &out, 1, 0, shard());
    return absl::OkStatus();
  }
};

std::unique_ptr<Collective> NewLowContentionReduceScatterCpu(const CpuKernelContext& context) {
  return std::make_unique<LowContentionReduceScatterCpu>(context);
}

[[maybe_unused]] const bool kRegistered =
    CpuCollectives().Add(ops::kLowContentionReduceScatter, &NewLowContentionReduceScatterCpu);

}  // namespace
}  // namespace symmbench
