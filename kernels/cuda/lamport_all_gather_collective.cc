// "lamport_all_gather" on the CUDA backend: every rank pushes its shard into a receive slot of
// every peer, the data marking its own arrival, and stores what arrives at its shard of ctx->out
// (LaunchLamportPush's all-gather; no barrier). Slots, state and launch: CudaLamportCollective;
// references and check: CudaSweptCollective.
#include <memory>

#include "kernels/cuda/lamport_collective.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

std::unique_ptr<Collective> NewLamportAllGatherCollective(const CudaContext* ctx) {
  return std::make_unique<CudaLamportCollective>(ctx, ops::kLamportAllGather, Computes::kAllGather);
}

[[maybe_unused]] const bool kRegistered =
    CudaCollectives().Add(ops::kLamportAllGather, &NewLamportAllGatherCollective);

}  // namespace
}  // namespace symmbench
