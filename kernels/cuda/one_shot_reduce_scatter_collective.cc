// "one_shot_reduce_scatter" on the CUDA backend: every rank pulls its shard of every rank's
// input through symmetric memory with SM loads and sums it in rank order, between two
// signal-pad barriers (LaunchReduceScatterSum), into ctx->out. Sizes, references and check:
// CudaSweptCollective.
#include <memory>

#include "kernels/cuda/sharded_kernels.h"
#include "kernels/cuda/swept_collective.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

class OneShotReduceScatterCollective final : public CudaSweptCollective {
 public:
  explicit OneShotReduceScatterCollective(const CudaContext* ctx)
      : CudaSweptCollective(ctx, ops::kOneShotReduceScatter, Computes::kReduceScatterSum) {}

  // In place: nccl-tests' layout (CudaSweptCollective::RunInPlace), race-free as the kernel
  // stands: a rank writes only what no peer reads during the op.
  bool supports_in_place() const override { return true; }
  cudaError_t Launch(int /*max_blocks*/) const override {
    return LaunchReduceScatterSum(PeerArgs(), ctx()->stream);
  }
};

std::unique_ptr<Collective> NewOneShotReduceScatterCollective(const CudaContext* ctx) {
  return std::make_unique<OneShotReduceScatterCollective>(ctx);
}

[[maybe_unused]] const bool kRegistered =
    CudaCollectives().Add(ops::kOneShotReduceScatter, &NewOneShotReduceScatterCollective);

}  // namespace
}  // namespace symmbench
