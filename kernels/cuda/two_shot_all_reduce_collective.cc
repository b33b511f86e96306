// The "two_shot_all_reduce" kernel on the CUDA backend as a Collective: the two-shot
// symmetric-memory all-reduce (sum) checked against ncclAllReduce.
// Input: this rank's symmetric input region (ExactInputValue(seed, rank, i)), unchanged by the
// op; output: this rank's symmetric output region (kSymmOutputRegion), which every rank writes
// its reduced slice into; references and check: CudaSweptCollective (swept_collective.h).
// `ctx` must outlive it.
#include <cuda_runtime_api.h>

#include <memory>

#include "kernels/cuda/swept_collective.h"
#include "kernels/cuda/two_shot_all_reduce.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

class TwoShotAllReduceCollective final : public CudaSweptCollective {
 public:
  explicit TwoShotAllReduceCollective(const CudaContext* ctx)
      : CudaSweptCollective(ctx, ops::kTwoShotAllReduce, Computes::kAllReduceSum) {}

 private:
  void* output() const override { return OutputRegionOf(ctx()->rank); }

  cudaError_t MaxBlocks(DeviceDType dtype, int* max_blocks) const override {
    return TwoShotMaxBlocks(dtype, ctx()->world_size, max_blocks, aligned());
  }

  // In place (the form PyTorch's two_shot_all_reduce_ has): every rank's input is its output.
  // Race-free as it stands: slice r of every rank's buffer is read and written by rank r alone.
  bool supports_in_place() const override { return true; }
  cudaError_t Launch(int max_blocks) const override { return LaunchInto(max_blocks, false); }
  cudaError_t LaunchInPlace(int max_blocks) const override { return LaunchInto(max_blocks, true); }

  cudaError_t LaunchInto(int max_blocks, bool in_place) const {
    const CudaContext& c = *ctx();
    TwoShotArgs args;
    for (int p = 0; p < c.world_size; ++p) {
      args.inputs[p] = InputOf(p);
      args.outputs[p] = in_place ? InputOf(p) : OutputRegionOf(p);
      args.signal_pads[p] = c.symm->signal_pad(p);
    }
    args.count = count();
    args.dtype = device_dtype();
    args.rank = c.rank;
    args.world_size = c.world_size;
    args.max_blocks = max_blocks;
    args.barrier_timeout_ns = c.barrier_timeout_ns;
    args.error = c.error;
    args.faults = c.faults;
    return LaunchTwoShotAllReduce(args, c.stream);
  }
};

std::unique_ptr<Collective> NewTwoShotAllReduceCollective(const CudaContext* ctx) {
  return std::make_unique<TwoShotAllReduceCollective>(ctx);
}

[[maybe_unused]] const bool kRegistered =
    CudaCollectives().Add(ops::kTwoShotAllReduce, &NewTwoShotAllReduceCollective);

}  // namespace
}  // namespace symmbench
