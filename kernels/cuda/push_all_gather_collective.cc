// "push_all_gather" on the CUDA backend: every rank stores its shard into every rank's output
// with SM stores between two signal-pad barriers (LaunchPushAllGather). The output must be
// reachable by the peers: this rank's symmetric output region (in place, its input region,
// nccl-tests' layout). Sizes, references and check: CudaSweptCollective.
#include <cuda_runtime_api.h>

#include <memory>

#include "kernels/cuda/push_all_gather.h"
#include "kernels/cuda/swept_collective.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

class PushAllGatherCollective final : public CudaSweptCollective {
 public:
  explicit PushAllGatherCollective(const CudaContext* ctx)
      : CudaSweptCollective(ctx, ops::kPushAllGather, Computes::kAllGather) {}

  // In place: rank r stores only shard r of each peer's region, which no rank reads during the
  // op (each reads its own shard only).
  bool supports_in_place() const override { return true; }

 private:
  void* output() const override { return OutputOf(ctx()->rank); }

  cudaError_t MaxBlocks(DeviceDType /*dtype*/, int* max_blocks) const override {
    return PushAllGatherMaxBlocks(max_blocks);
  }

  cudaError_t Launch(int max_blocks) const override {
    const CudaContext& c = *ctx();
    PushAllGatherArgs args;
    args.input = GatherSource(c.rank);
    for (int p = 0; p < c.world_size; ++p) {
      args.outputs[p] = OutputOf(p) + c.rank * shard_bytes();
      args.signal_pads[p] = c.symm->signal_pad(p);
    }
    args.shard_bytes = static_cast<int64_t>(shard_bytes());
    args.rank = c.rank;
    args.world_size = c.world_size;
    args.max_blocks = max_blocks;
    args.barrier_timeout_ns = c.barrier_timeout_ns;
    args.error = c.error;
    args.faults = c.faults;
    return LaunchPushAllGather(args, c.stream);
  }

  // Rank p's output as mapped here: its symmetric output region, in place its input region.
  char* OutputOf(int p) const { return in_place() ? InputOf(p) : OutputRegionOf(p); }
};

std::unique_ptr<Collective> NewPushAllGatherCollective(const CudaContext* ctx) {
  return std::make_unique<PushAllGatherCollective>(ctx);
}

[[maybe_unused]] const bool kRegistered =
    CudaCollectives().Add(ops::kPushAllGather, &NewPushAllGatherCollective);

}  // namespace
}  // namespace symmbench
