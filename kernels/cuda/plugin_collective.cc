// The CUDA backend's plugin collectives: CudaSweptCollective with the plugin's run enqueued on
// the backend's stream.
#include "kernels/cuda/plugin_collective.h"

#include <cuda_runtime_api.h>

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_symm_mem.h"
#include "kernels/cuda/swept_collective.h"

namespace symmbench {
namespace {

// What both plugin collectives hold: the op, its scratch and its set-up instance. A base class
// listed before the collective's base, so that the name the base borrows lives.
class PluginCudaState {
 protected:
  PluginCudaState(const CudaContext* ctx, const PluginKernel& kernel)
      : ctx_(ctx), kernel_(kernel) {}

  // The stream has drained before a collective is destroyed (the backend's contract), and the
  // op's exit protocol has let every peer finish with this rank's scratch: teardown first, then
  // the scratch, each on the rank's device.
  ~PluginCudaState() {
    (void)cudaSetDevice(ctx_->device);
    instance_.reset();
    scratch_.reset();
  }

  // Allocates the scratch (first call) and sets the op up for `dtype` (again when it changes).
  absl::Status SetUp(DType dtype) {
    if (instance_ != nullptr && instance_->dtype() == dtype) return absl::OkStatus();
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    if (instance_ != nullptr) {  // another dtype's set-up: its runs must be over
      SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamSynchronize(ctx_->stream),
                                     absl::StrCat(kernel_.name, ": cudaStreamSynchronize"));
      instance_.reset();
    }
    const size_t region = ctx_->symm->region_bytes();
    const PluginScratch scratch = PluginScratchFor(*kernel_.op, region);
    const uint64_t bytes = scratch.buffer_bytes + scratch.signal_pad_bytes;
    if (bytes > 0 && scratch_ == nullptr) {
      absl::StatusOr<std::unique_ptr<CudaSymmetricMemory>> created = CudaSymmetricMemory::Create(
          bytes, 1, ctx_->rendezvous, ctx_->rendezvous->UniqueTag(kernel_.name + "/scratch"));
      if (!created.ok()) return PluginScratchError(kernel_, bytes, created.status());
      scratch_ = *std::move(created);
    }
    PluginRankView view;
    view.rank = ctx_->rank;
    view.world_size = ctx_->world_size;
    view.device = ctx_->device;
    view.backend = SYMMBENCH_BACKEND_CUDA;
    view.input_bytes = region;
    for (int p = 0; p < ctx_->world_size; ++p) {
      view.AddRank(ctx_->symm->region(p, kSymmInputRegion),
                   scratch_ != nullptr ? scratch_->region(p, 0) : nullptr, scratch);
    }
    view.stream = ctx_->stream;
    view.timeout_ns = ctx_->barrier_timeout_ns;
    // The word a failing peer's Abort writes (PeerErrorRecords::WriteAbort): 0, or r + 1.
    view.abort_word = reinterpret_cast<const uint32_t*>(&ctx_->error->aborted_by);
    absl::StatusOr<std::unique_ptr<PluginOpInstance>> instance = PluginOpInstance::SetUp(
        kernel_, std::move(view), static_cast<int64_t>(region / DTypeSize(dtype)), dtype);
    if (!instance.ok()) return instance.status();
    instance_ = *std::move(instance);
    return absl::OkStatus();
  }

  // Enqueues the plugin's run on the stream.
  absl::Status RunPlugin(void* output, int64_t count) {
    if (instance_ == nullptr) {
      return absl::FailedPreconditionError(absl::StrCat(kernel_.name, ": Run before Prepare"));
    }
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    return instance_->Run(ctx_->symm->region(ctx_->rank, kSymmInputRegion), output, count);
  }

  const CudaContext* const ctx_;
  const PluginKernel kernel_;
  std::unique_ptr<CudaSymmetricMemory> scratch_;
  std::unique_ptr<PluginOpInstance> instance_;
};

// The plugin's run over the swept-collective base of its shape (the plugin's `computes`).
class PluginCollectiveCuda final : private PluginCudaState, public CudaSweptCollective {
 public:
  PluginCollectiveCuda(const CudaContext* ctx, const PluginKernel& kernel)
      : PluginCudaState(ctx, kernel), CudaSweptCollective(ctx, kernel_.name, kernel.computes) {}
  // Plugin buffers are never misaligned (the spec refuses it), so output() is ctx->out itself.
  absl::Status Run() override {
    if (absl::Status s = CheckPrepared("Run"); !s.ok()) return s;
    return RunPlugin(output(), count());
  }
  bool sums_in_rank_order() const override {
    return kernel_.sums_in_rank_order() && CudaSweptCollective::sums_in_rank_order();
  }

 private:
  // The plugin sizes its own grid: the agreed cap is not used.
  cudaError_t MaxBlocks(DeviceDType /*dtype*/, int* max_blocks) const override {
    *max_blocks = 1;
    return cudaSuccess;
  }
  absl::Status EnsureResources(size_t /*bytes*/, DType dtype) override { return SetUp(dtype); }
};

}  // namespace

std::unique_ptr<Collective> NewPluginCollectiveCuda(const CudaContext* ctx,
                                                    const PluginKernel& kernel) {
  return std::make_unique<PluginCollectiveCuda>(ctx, kernel);
}

}  // namespace symmbench
