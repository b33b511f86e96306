// "low_contention_all_gather" on the CUDA backend (PyTorch's _low_contention_all_gather): no SMs
// move data. Entry barrier (every shard is ready); then, one cudaMemcpyAsync per rank on the
// stream, this rank's own shard first, then rank - 1, rank - 2, ... (mod world size), so that at
// each step every rank's copy engine reads a different peer; exit barrier (every rank's copies
// out of this rank's shard have completed: stream order puts them before its barrier kernel).
// Output: ctx->out, shard p from rank p. Sizes, references and check: CudaSweptCollective.
#include <cuda_runtime_api.h>

#include <memory>

#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/swept_collective.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

class LowContentionAllGatherCollective final : public CudaSweptCollective {
 public:
  explicit LowContentionAllGatherCollective(const CudaContext* ctx)
      : CudaSweptCollective(ctx, ops::kLowContentionAllGather, Computes::kAllGather) {}

  // In place: nccl-tests' layout (CudaSweptCollective::RunInPlace), race-free as the kernel
  // stands: a rank writes only what no peer reads during the op.
  bool supports_in_place() const override { return true; }
  absl::Status Run() override {
    if (absl::Status s = CheckPrepared("Run"); !s.ok()) return s;
    const CudaContext& c = *ctx();
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(c.device), "cudaSetDevice");
    if (absl::Status s = SignalPadBarrier(BarrierPhase::kEntry); !s.ok()) return s;
    for (int step = 0; step < c.world_size; ++step) {
      const int peer = (c.rank - step + c.world_size) % c.world_size;
      if (in_place() && peer == c.rank) continue;  // already in place
      SYMMBENCH_RETURN_IF_CUDA_ERROR(
          cudaMemcpyAsync(static_cast<char*>(output()) + peer * shard_bytes(), GatherSource(peer),
                          shard_bytes(), cudaMemcpyDeviceToDevice, c.stream),
          absl::StrCat(name(), ": cudaMemcpyAsync(", shard_bytes(), " bytes from rank ", peer,
                       ")"));
    }
    return SignalPadBarrier(BarrierPhase::kExit);
  }
};

std::unique_ptr<Collective> NewLowContentionAllGatherCollective(const CudaContext* ctx) {
  return std::make_unique<LowContentionAllGatherCollective>(ctx);
}

[[maybe_unused]] const bool kRegistered =
    CudaCollectives().Add(ops::kLowContentionAllGather, &NewLowContentionAllGatherCollective);

}  // namespace
}  // namespace symmbench
