// "one_shot_reduce_scatter" on the CUDA backend: every rank pulls its shard of every rank's
// input through symmetric memory with SM loads and sums it in rank order, between two
// signal-pad barriers (LaunchReduceScatterSum), into ctx->out. Sizes, references and check:
// CudaShardedCollective.
#include <memory>

#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/sharded_collective.h"
#include "kernels/cuda/sharded_kernels.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

class OneShotReduceScatterCollective final : public CudaShardedCollective {
 public:
  explicit OneShotReduceScatterCollective(const CudaContext* ctx)
      : CudaShardedCollective(ctx, ops::kOneShotReduceScatter, Computes::kReduceScatterSum) {}

  // In place: nccl-tests' layout (CudaShardedCollective::RunInPlace), race-free as the kernel
  // stands: a rank writes only what no peer reads during the op.
  bool supports_in_place() const override { return true; }
  absl::Status Run() override {
    if (absl::Status s = CheckPrepared("Run"); !s.ok()) return s;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx()->device), "cudaSetDevice");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchReduceScatterSum(PeerArgs(), ctx()->stream),
        absl::StrCat(name(), ": launch (shard ", shard(), " x ", DTypeName(dtype()), ")"));
    return absl::OkStatus();
  }
};

std::unique_ptr<Collective> NewOneShotReduceScatterCollective(const CudaContext* ctx) {
  return std::make_unique<OneShotReduceScatterCollective>(ctx);
}

[[maybe_unused]] const bool kRegistered =
    CudaCollectives().Add(ops::kOneShotReduceScatter, &NewOneShotReduceScatterCollective);

}  // namespace
}  // namespace symmbench
