// The "one_shot_all_reduce" kernel on the CUDA backend as a Collective: the one-shot
// symmetric-memory all-reduce (sum) checked against ncclAllReduce.
// Input: this rank's symmetric input region (ExactInputValue(seed, rank, i)); output: ctx->out
// (local), and in place also copied over the input after the exit barrier; references and check:
// CudaSweptCollective (swept_collective.h). `ctx` must outlive it.
#include <cuda_runtime_api.h>

#include <memory>

#include "kernels/cuda/one_shot_all_reduce.h"
#include "kernels/cuda/swept_collective.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

class OneShotAllReduceCollective final : public CudaSweptCollective {
 public:
  explicit OneShotAllReduceCollective(const CudaContext* ctx)
      : CudaSweptCollective(ctx, ops::kOneShotAllReduce, Computes::kAllReduceSum) {}

 private:
  void* output() const override { return Shifted(ctx()->out); }

  cudaError_t MaxBlocks(DeviceDType dtype, int* max_blocks) const override {
    return OneShotMaxBlocks(dtype, ctx()->world_size, max_blocks, aligned());
  }

  bool supports_in_place() const override { return true; }
  cudaError_t Launch(int max_blocks) const override { return LaunchInto(max_blocks, nullptr); }
  cudaError_t LaunchInPlace(int max_blocks) const override {
    return LaunchInto(max_blocks, input());
  }

  // Out of place (in_place null), or in place over this rank's input.
  cudaError_t LaunchInto(int max_blocks, void* in_place) const {
    const CudaContext& c = *ctx();
    OneShotArgs args;
    for (int p = 0; p < c.world_size; ++p) {
      args.inputs[p] = InputOf(p);
      args.signal_pads[p] = c.symm->signal_pad(p);
    }
    args.output = output();
    args.in_place = in_place;
    args.count = count();
    args.dtype = device_dtype();
    args.rank = c.rank;
    args.world_size = c.world_size;
    args.max_blocks = max_blocks;
    args.barrier_timeout_ns = c.barrier_timeout_ns;
    args.error = c.error;
    args.faults = c.faults;
    return LaunchOneShotAllReduce(args, c.stream);
  }
};

std::unique_ptr<Collective> NewOneShotAllReduceCollective(const CudaContext* ctx) {
  return std::make_unique<OneShotAllReduceCollective>(ctx);
}

[[maybe_unused]] const bool kRegistered =
    CudaCollectives().Add(ops::kOneShotAllReduce, &NewOneShotAllReduceCollective);

}  // namespace
}  // namespace symmbench
