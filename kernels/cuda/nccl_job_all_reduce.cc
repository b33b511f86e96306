#include "kernels/cuda/nccl_job_all_reduce.h"

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_dtype.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/cuda/device_compare.h"
#include "kernels/cuda/nccl_rendezvous.h"
#include "kernels/cuda/verify_kernels.h"
#include "kernels/dtype.h"

namespace symmbench {
namespace {

constexpr char kName[] = "nccl_all_reduce_global";
constexpr int kPoisonByte = 0xFF;  // a NaN in every dtype; the compare kernel counts it wrong

class NcclJobAllReduce final : public Collective {
 public:
  NcclJobAllReduce(const CudaContext* ctx, Rendezvous* job, size_t max_bytes)
      : ctx_(ctx), job_(job), max_bytes_(max_bytes) {}

  absl::Status Init() {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    ncclComm_t comm = nullptr;
    const absl::Status s = NcclCommOverRendezvous(job_, "nccl_job_unique_id", "job-wide", &comm);
    // Owned whatever the status (a communicator returned with an error is released too). A
    // communicator with work still queued at release (a peer died mid-op) can only be aborted.
    if (comm != nullptr) comm_ = NcclCommPtr(comm, NcclCommDeleter{ctx_->device, ctx_->stream});
    if (!s.ok()) return s;
    for (DevicePtr<void>* p : {&in_, &out_, &ref_}) {
      SYMMBENCH_RETURN_IF_CUDA_ERROR(DeviceMalloc(ctx_->device, max_bytes_, p),
                                     absl::StrCat(kName, ": cudaMalloc(", max_bytes_, " bytes)"));
    }
    SYMMBENCH_RETURN_IF_CUDA_ERROR(DeviceMalloc(ctx_->device, sizeof(CompareCounters), &counters_),
                                   absl::StrCat(kName, ": cudaMalloc(compare counters)"));
    return absl::OkStatus();
  }

  absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) override {
    const size_t bytes = static_cast<size_t>(count) * DTypeSize(dtype);
    if (count < 0 || bytes > max_bytes_) {
      return absl::InvalidArgumentError(
          absl::StrCat(kName, ": Prepare: ", bytes, " bytes do not fit ", max_bytes_));
    }
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    count_ = count;
    dtype_ = dtype;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(LaunchFillExactInput(in_.get(), count, ToDeviceDType(dtype),
                                                        seed, job_->rank(), ctx_->stream),
                                   absl::StrCat(kName, ": LaunchFillExactInput(", count, ")"));
    expected_.assign(bytes, '\0');
    FillExactSum(expected_.data(), dtype, count, seed, job_->world_size());
    return PoisonOutputs();
  }

  absl::Status PoisonOutputs() override {
    if (count_ < 0) return NotPrepared("PoisonOutputs");
    const size_t bytes = expected_.size();
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(out_.get(), kPoisonByte, bytes, ctx_->stream),
                                   absl::StrCat(kName, ": cudaMemsetAsync(out)"));
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(ref_.get(), kPoisonByte, bytes, ctx_->stream),
                                   absl::StrCat(kName, ": cudaMemsetAsync(ref)"));
    return absl::OkStatus();
  }

  absl::Status Run() override {
    if (count_ < 0) return NotPrepared("Run");
    SYMMBENCH_RETURN_IF_NCCL_ERROR(
        ncclAllReduce(in_.get(), out_.get(), static_cast<size_t>(count_), ToNcclDType(dtype_),
                      ncclSum, comm_.get(), ctx_->stream),
        absl::StrCat(kName, ": ncclAllReduce(", count_, ")"), comm_.get());
    return absl::OkStatus();
  }

  absl::Status RunReference() override {
    if (count_ < 0) return NotPrepared("RunReference");
    // From pageable memory: the copy is staged before the call returns, so expected_ may change.
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemcpyAsync(ref_.get(), expected_.data(), expected_.size(),
                                                   cudaMemcpyHostToDevice, ctx_->stream),
                                   absl::StrCat(kName, ": cudaMemcpyAsync(exact sum)"));
    return absl::OkStatus();
  }

  absl::StatusOr<CheckResult> Check() override {
    if (count_ < 0) return NotPrepared("Check");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    return CompareOnDevice(out_.get(), ref_.get(), count_, dtype_, counters_.get(), ctx_->stream,
                           kName, ctx_->deferred_checks);
  }

  std::string reference_name() const override { return "exact_sum"; }

 private:
  absl::Status NotPrepared(const char* what) const {
    return absl::FailedPreconditionError(absl::StrCat(kName, ": ", what, " before Prepare"));
  }

  const CudaContext* const ctx_;
  Rendezvous* const job_;
  const size_t max_bytes_;
  // Owned, released on ctx_->device in reverse declaration order, as the destructor did
  // before: the communicator (destroyed, or aborted if ctx_->stream has not drained), then
  // in_, out_, ref_, counters_.
  DevicePtr<CompareCounters> counters_;
  DevicePtr<void> ref_;
  DevicePtr<void> out_;
  DevicePtr<void> in_;
  NcclCommPtr comm_;
  std::string expected_;  // the exact sum, host side
  int64_t count_ = -1;    // -1 until Prepare succeeds
  DType dtype_ = DType::kFp32;
};

}  // namespace

absl::StatusOr<std::unique_ptr<Collective>> NewNcclJobAllReduce(const CudaContext* ctx,
                                                                Rendezvous* job, size_t max_bytes) {
  if (ctx == nullptr || job == nullptr || max_bytes == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(kName, ": needs a context, the job's rendezvous and max_bytes > 0"));
  }
  auto op = std::make_unique<NcclJobAllReduce>(ctx, job, max_bytes);
  if (absl::Status s = op->Init(); !s.ok()) return s;
  return std::unique_ptr<Collective>(std::move(op));
}

}  // namespace symmbench
