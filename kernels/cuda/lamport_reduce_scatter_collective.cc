// "lamport_reduce_scatter" on the CUDA backend: every rank pushes shard p of its input into a
// receive slot of rank p, the data marking its own arrival, and sums what arrives for its own
// shard in rank order into ctx->out (LaunchLamportPush's reduce-scatter; no barrier). Slots,
// state and launch: CudaLamportCollective; references and check: CudaSweptCollective.
#include <memory>

#include "kernels/cuda/lamport_collective.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

std::unique_ptr<Collective> NewLamportReduceScatterCollective(const CudaContext* ctx) {
  return std::make_unique<CudaLamportCollective>(ctx, ops::kLamportReduceScatter,
                                                 Computes::kReduceScatterSum);
}

[[maybe_unused]] const bool kRegistered =
    CudaCollectives().Add(ops::kLamportReduceScatter, &NewLamportReduceScatterCollective);

}  // namespace
}  // namespace symmbench
