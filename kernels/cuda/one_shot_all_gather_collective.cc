// "one_shot_all_gather" on the CUDA backend: every rank pulls every rank's shard through
// symmetric memory with SM loads between two signal-pad barriers (LaunchOneShotAllGather), into
// ctx->out. Sizes, references and check: CudaShardedCollective.
#include <memory>

#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/sharded_collective.h"
#include "kernels/cuda/sharded_kernels.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

class OneShotAllGatherCollective final : public CudaShardedCollective {
 public:
  explicit OneShotAllGatherCollective(const CudaContext* ctx)
      : CudaShardedCollective(ctx, ops::kOneShotAllGather, Computes::kAllGather) {}

  // In place: nccl-tests' layout (CudaShardedCollective::RunInPlace), race-free as the kernel
  // stands: a rank writes only what no peer reads during the op.
  bool supports_in_place() const override { return true; }
  absl::Status Run() override {
    if (absl::Status s = CheckPrepared("Run"); !s.ok()) return s;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx()->device), "cudaSetDevice");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchOneShotAllGather(PeerArgs(), ctx()->stream),
        absl::StrCat(name(), ": launch (shard ", shard(), " x ", DTypeName(dtype()), ")"));
    return absl::OkStatus();
  }
};

std::unique_ptr<Collective> NewOneShotAllGatherCollective(const CudaContext* ctx) {
  return std::make_unique<OneShotAllGatherCollective>(ctx);
}

[[maybe_unused]] const bool kRegistered =
    CudaCollectives().Add(ops::kOneShotAllGather, &NewOneShotAllGatherCollective);

}  // namespace
}  // namespace symmbench
