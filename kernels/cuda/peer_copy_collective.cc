// "peer_copy" on the CUDA backend: the copy-engine ceiling that `symmbench calibrate` measures.
// Run copies `count` elements of the next rank's symmetric input ((rank + 1) % world_size) into
// this rank's local output with cudaMemcpyAsync (device to device over NVLink: the copy engine,
// no SMs); RunReference copies this rank's own input locally. Check compares the output with the
// next rank's inputs as Prepare's formula gives them (every element, bitwise). Not an offered op
// (kernels/ops/registry.h): the worker uses it for calibration only.
#include <memory>
#include <vector>

#include "absl/strings/str_cat.h"
#include "kernels/collective.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_context.h"
#include "kernels/cuda/cuda_dtype.h"
#include "kernels/cuda/verify_kernels.h"
#include "kernels/dtype.h"
#include "kernels/exact_input.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

class PeerCopyCollective final : public Collective {
 public:
  explicit PeerCopyCollective(const CudaContext* ctx) : ctx_(ctx) {}

  absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) override {
    const size_t bytes = static_cast<size_t>(count) * DTypeSize(dtype);
    if (count < 1 || bytes > ctx_->out_bytes || bytes > ctx_->symm->region_bytes()) {
      return absl::InvalidArgumentError(
          absl::StrCat("peer_copy: ", bytes, " bytes do not fit the buffers"));
    }
    count_ = count;
    dtype_ = dtype;
    seed_ = seed;
    bytes_ = bytes;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchFillExactInput(ctx_->symm->region(ctx_->rank, kSymmInputRegion), count,
                             ToDeviceDType(dtype), seed, ctx_->rank, ctx_->stream),
        "peer_copy: fill input");
    return PoisonOutputs();
  }
  absl::Status PoisonOutputs() override {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(ctx_->out, 0xFF, bytes_, ctx_->stream),
                                   "peer_copy: poison");
    return absl::OkStatus();
  }
  absl::Status Run() override {
    const int peer = (ctx_->rank + 1) % ctx_->world_size;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        cudaMemcpyAsync(ctx_->out, ctx_->symm->region(peer, kSymmInputRegion), bytes_,
                        cudaMemcpyDeviceToDevice, ctx_->stream),
        absl::StrCat("peer_copy: cudaMemcpyAsync from rank ", peer));
    return absl::OkStatus();
  }
  absl::Status RunReference() override {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        cudaMemcpyAsync(ctx_->ref, ctx_->symm->region(ctx_->rank, kSymmInputRegion), bytes_,
                        cudaMemcpyDeviceToDevice, ctx_->stream),
        "peer_copy: local cudaMemcpyAsync");
    return absl::OkStatus();
  }
  absl::StatusOr<CheckResult> Check() override {
    // The output must hold the next rank's input: recompute it on the host and compare.
    std::vector<unsigned char> host(bytes_);
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        cudaMemcpy(host.data(), ctx_->out, bytes_, cudaMemcpyDeviceToHost), "peer_copy: copy back");
    const int peer = (ctx_->rank + 1) % ctx_->world_size;
    CheckResult result;
    for (int64_t i = 0; i < count_; ++i) {
      const float want = static_cast<float>(ExactInputValue(seed_, peer, i));
      const float got = LoadAsFloat(host.data(), dtype_, i);
      if (got != want) {
        if (result.wrong++ == 0) {
          result.first_bad_index = i;
          result.got = got;
          result.want = want;
        }
      }
    }
    return result;
  }
  std::string reference_name() const override { return "local_copy"; }

 private:
  const CudaContext* ctx_;
  int64_t count_ = 0;
  DType dtype_ = DType::kBf16;
  uint64_t seed_ = 0;
  size_t bytes_ = 0;
};

std::unique_ptr<Collective> NewPeerCopyCollective(const CudaContext* ctx) {
  return std::make_unique<PeerCopyCollective>(ctx);
}

[[maybe_unused]] const bool kRegistered =
    CudaCollectives().Add(ops::kPeerCopy, &NewPeerCopyCollective);

}  // namespace
}  // namespace symmbench
