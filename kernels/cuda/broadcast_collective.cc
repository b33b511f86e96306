// "broadcast" on the CUDA backend: every rank copies rank 0's symmetric input into its output by
// copy engine (cudaMemcpyAsync over NVLink, no SMs), between two signal-pad barriers; checked
// against ncclBroadcast from rank 0.
//   Run: entry barrier (rank 0's input is ready) -> cudaMemcpyAsync(out <- rank 0's input region)
//        -> exit barrier (every rank's copy out of rank 0's input has completed, so rank 0 may
//        overwrite it). Rank 0 copies its own input locally, so every rank ends with the data
//        (nccl-tests' out-of-place broadcast).
//   RunReference: ncclBroadcast(input region -> ctx->ref, root 0).
//   Check: the output against ctx->ref, bitwise on the device.
// Sizes: count elements per rank, at most min(region bytes, out_bytes) / element size.
#include <cuda_runtime_api.h>
#include <nccl.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "kernels/collective.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_context.h"
#include "kernels/cuda/cuda_dtype.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/cuda/device_compare.h"
#include "kernels/cuda/peer_sync.h"
#include "kernels/cuda/verify_kernels.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

constexpr int kRoot = 0;
constexpr int kPoisonByte = 0xFF;  // a NaN in every dtype; CompareBitwise counts it as wrong

class BroadcastCollective final : public Collective {
 public:
  explicit BroadcastCollective(const CudaContext* ctx) : ctx_(ctx) {}

  // Collective: drains this rank's stream and meets every rank before overwriting the input,
  // so that no peer's copy still reads it.
  absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) override {
    prepared_ = false;
    const int64_t elem = DTypeSize(dtype);
    const int64_t capacity =
        static_cast<int64_t>(std::min(ctx_->symm->region_bytes(), ctx_->out_bytes));
    if (count < 1 || count > capacity / elem) {
      return absl::InvalidArgumentError(absl::StrCat(
          ops::kBroadcast, ": count must be in [1, ", capacity / elem, "] for ", DTypeName(dtype),
          " (buffers of ", capacity, " bytes per rank), got ", count));
    }
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    if (absl::Status s =
            AwaitPeersDone(*ctx_, absl::StrCat("prepare/broadcast/", prepares_++), ops::kBroadcast);
        !s.ok()) {
      return s;
    }
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchFillExactInput(ctx_->symm->region(ctx_->rank, kSymmInputRegion), count,
                             ToDeviceDType(dtype), seed, ctx_->rank, ctx_->stream),
        absl::StrCat("broadcast: fill exact input (", count, " x ", DTypeName(dtype), ")"));
    count_ = count;
    dtype_ = dtype;
    bytes_ = static_cast<size_t>(count * elem);
    prepared_ = true;
    return PoisonOutputs();
  }

  absl::Status PoisonOutputs() override {
    if (!prepared_) return NotPrepared("PoisonOutputs");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(ctx_->out, kPoisonByte, bytes_, ctx_->stream),
                                   "broadcast: cudaMemsetAsync(out)");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(ctx_->ref, kPoisonByte, bytes_, ctx_->stream),
                                   "broadcast: cudaMemsetAsync(ref)");
    return absl::OkStatus();
  }

  absl::Status Run() override {
    if (!prepared_) return NotPrepared("Run");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    if (absl::Status s = Barrier(BarrierPhase::kEntry); !s.ok()) return s;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        cudaMemcpyAsync(ctx_->out, ctx_->symm->region(kRoot, kSymmInputRegion), bytes_,
                        cudaMemcpyDeviceToDevice, ctx_->stream),
        absl::StrCat("broadcast: cudaMemcpyAsync(", bytes_, " bytes from rank ", kRoot, ")"));
    return Barrier(BarrierPhase::kExit);
  }

  absl::Status RunReference() override {
    if (!prepared_) return NotPrepared("RunReference");
    if (ctx_->comm == nullptr) {
      return absl::FailedPreconditionError(
          "broadcast: the NCCL communicator was aborted after a timeout");
    }
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    SYMMBENCH_RETURN_IF_NCCL_ERROR(
        ncclBroadcast(ctx_->symm->region(ctx_->rank, kSymmInputRegion), ctx_->ref,
                      static_cast<size_t>(count_), ToNcclDType(dtype_), kRoot, ctx_->comm,
                      ctx_->stream),
        absl::StrCat("broadcast: ncclBroadcast(", count_, " x ", DTypeName(dtype_), ")"),
        ctx_->comm);
    return absl::OkStatus();
  }

  absl::StatusOr<CheckResult> Check() override {
    if (!prepared_) return NotPrepared("Check");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    if (counters_.get() == nullptr) {
      SYMMBENCH_RETURN_IF_CUDA_ERROR(counters_.Allocate(sizeof(CompareCounters)),
                                     "broadcast: cudaMalloc(compare counters)");
    }
    return CompareOnDevice(ctx_->out, ctx_->ref, count_, dtype_,
                           static_cast<CompareCounters*>(counters_.get()), ctx_->stream,
                           ops::kBroadcast);
  }

  std::string reference_name() const override { return "nccl_broadcast"; }

  // Flips the lowest bit of output element `index` on the stream (fault injection).
  absl::Status FlipOutputElement(int64_t index) override {
    if (!prepared_) return NotPrepared("FlipOutputElement");
    if (index < 0 || index >= count_) {
      return absl::OutOfRangeError(absl::StrCat("broadcast: FlipOutputElement: index ", index,
                                                " outside [0, ", count_, ")"));
    }
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchFlipLowestBit(static_cast<char*>(ctx_->out) + index * DTypeSize(dtype_),
                            ctx_->stream),
        absl::StrCat("broadcast: FlipOutputElement(", index, ")"));
    return absl::OkStatus();
  }

 private:
  absl::Status Barrier(BarrierPhase phase) const {
    return EnqueueSignalPadBarrier(*ctx_, ctx_->stream, phase, ops::kBroadcast);
  }

  absl::Status NotPrepared(const char* what) const {
    return absl::FailedPreconditionError(
        absl::StrCat("broadcast: ", what, " before a successful Prepare"));
  }

  const CudaContext* const ctx_;
  int64_t count_ = 0;
  DType dtype_ = DType::kBf16;
  size_t bytes_ = 0;
  bool prepared_ = false;
  int64_t prepares_ = 0;   // Prepare barriers so far (their tags)
  DeviceBuffer counters_;  // one CompareCounters
};

std::unique_ptr<Collective> NewBroadcastCollective(const CudaContext* ctx) {
  return std::make_unique<BroadcastCollective>(ctx);
}

[[maybe_unused]] const bool kRegistered =
    CudaCollectives().Add(ops::kBroadcast, &NewBroadcastCollective);

}  // namespace
}  // namespace symmbench
