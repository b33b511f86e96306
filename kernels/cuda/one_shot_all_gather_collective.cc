// "one_shot_all_gather" on the CUDA backend: every rank pulls every rank's shard through
// symmetric memory with SM loads between two signal-pad barriers (LaunchOneShotAllGather), into
// ctx->out. Sizes, references and check: CudaSweptCollective.
#include <memory>

#include "kernels/cuda/sharded_kernels.h"
#include "kernels/cuda/swept_collective.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

class OneShotAllGatherCollective final : public CudaSweptCollective {
 public:
  explicit OneShotAllGatherCollective(const CudaContext* ctx)
      : CudaSweptCollective(ctx, ops::kOneShotAllGather, Computes::kAllGather) {}

  // In place: nccl-tests' layout (CudaSweptCollective::RunInPlace), race-free as the kernel
  // stands: a rank writes only what no peer reads during the op.
  bool supports_in_place() const override { return true; }
  cudaError_t Launch(int /*max_blocks*/) const override {
    return LaunchOneShotAllGather(PeerArgs(), ctx()->stream);
  }
};

std::unique_ptr<Collective> NewOneShotAllGatherCollective(const CudaContext* ctx) {
  return std::make_unique<OneShotAllGatherCollective>(ctx);
}

[[maybe_unused]] const bool kRegistered =
    CudaCollectives().Add(ops::kOneShotAllGather, &NewOneShotAllGatherCollective);

}  // namespace
}  // namespace symmbench
