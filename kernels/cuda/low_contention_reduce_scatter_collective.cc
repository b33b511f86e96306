// "low_contention_reduce_scatter" on the CUDA backend (PyTorch's _low_contention_reduce_scatter):
// the peer traffic moves by copy engine, the sum on SMs reads local memory only. Entry barrier;
// one cudaMemcpyAsync per rank of this rank's shard of its input into a staging area (this
// rank's symmetric output region, slot p for rank p; local memory), own first, then rank - 1,
// rank - 2, ... (mod world size); exit barrier (every rank has finished reading this rank's
// input); then LaunchReduceScatterSum without barriers over the staged slots, in rank order,
// into ctx->out. Sizes, references and check: CudaSweptCollective.
#include <cuda_runtime_api.h>

#include <memory>

#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/sharded_kernels.h"
#include "kernels/cuda/swept_collective.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

class LowContentionReduceScatterCollective final : public CudaSweptCollective {
 public:
  explicit LowContentionReduceScatterCollective(const CudaContext* ctx)
      : CudaSweptCollective(ctx, ops::kLowContentionReduceScatter, Computes::kReduceScatterSum) {}

  // In place: nccl-tests' layout (CudaSweptCollective::RunInPlace), race-free as the kernel
  // stands: a rank writes only what no peer reads during the op.
  bool supports_in_place() const override { return true; }
  absl::Status Run() override {
    if (absl::Status s = CheckPrepared("Run"); !s.ok()) return s;
    const CudaContext& c = *ctx();
    // world_size slots of shard_bytes(): the whole input's size, within the region (Prepare).
    char* staging = OutputRegionOf(c.rank);
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(c.device), "cudaSetDevice");
    if (absl::Status s = SignalPadBarrier(BarrierPhase::kEntry); !s.ok()) return s;
    for (int step = 0; step < c.world_size; ++step) {
      const int peer = (c.rank - step + c.world_size) % c.world_size;
      SYMMBENCH_RETURN_IF_CUDA_ERROR(
          cudaMemcpyAsync(staging + peer * shard_bytes(), InputOf(peer) + c.rank * shard_bytes(),
                          shard_bytes(), cudaMemcpyDeviceToDevice, c.stream),
          absl::StrCat(name(), ": cudaMemcpyAsync(", shard_bytes(), " bytes from rank ", peer,
                       ")"));
    }
    if (absl::Status s = SignalPadBarrier(BarrierPhase::kExit); !s.ok()) return s;
    ShardedArgs args = PeerArgs();
    for (int p = 0; p < c.world_size; ++p) args.inputs[p] = staging + p * shard_bytes();
    args.barriers = false;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(LaunchReduceScatterSum(args, c.stream),
                                   absl::StrCat(name(), ": launch the local sum (shard ", shard(),
                                                " x ", DTypeName(dtype()), ")"));
    return absl::OkStatus();
  }
};

std::unique_ptr<Collective> NewLowContentionReduceScatterCollective(const CudaContext* ctx) {
  return std::make_unique<LowContentionReduceScatterCollective>(ctx);
}

[[maybe_unused]] const bool kRegistered = CudaCollectives().Add(
    ops::kLowContentionReduceScatter, &NewLowContentionReduceScatterCollective);

}  // namespace
}  // namespace symmbench
