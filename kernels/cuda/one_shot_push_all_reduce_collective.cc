// "one_shot_push_all_reduce" on the CUDA backend: the barrier-free push one-shot (TensorRT-LLM's
// Lamport scheme, LaunchLamportPush's all-reduce) into ctx->out. Slots, state and launch:
// CudaLamportCollective; references and check: CudaSweptCollective.
#include <memory>

#include "kernels/cuda/lamport_collective.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

std::unique_ptr<Collective> NewOneShotPushAllReduceCollective(const CudaContext* ctx) {
  return std::make_unique<CudaLamportCollective>(ctx, ops::kOneShotPushAllReduce,
                                                 Computes::kAllReduceSum);
}

[[maybe_unused]] const bool kRegistered =
    CudaCollectives().Add(ops::kOneShotPushAllReduce, &NewOneShotPushAllReduceCollective);

}  // namespace
}  // namespace symmbench
