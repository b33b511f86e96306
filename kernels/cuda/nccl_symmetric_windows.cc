// NcclSymmetricWindows: lazy ncclMemAlloc + ncclCommWindowRegister(NCCL_WIN_COLL_SYMMETRIC) of the
// "nccl_symmetric" reference's input and output, sticky failure, deregistration and free.
#include "kernels/cuda/nccl_symmetric_windows.h"

#include <cuda_runtime_api.h>
#include <nccl.h>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_owners.h"

namespace symmbench {
namespace {

size_t RoundUp(size_t n, size_t to) { return (n + to - 1) / to * to; }

// ncclMemAlloc + ncclCommWindowRegister of one buffer on ctx->comm; `what` names it in errors.
// Both are released on ctx->device, the window through ctx->comm (NcclWindowDeleter).
absl::Status AllocateAndRegister(const CudaContext* ctx, size_t bytes, const char* what,
                                 NcclMemPtr* ptr, NcclWindowPtr* window) {
  const ncclComm_t comm = ctx->comm;
  SYMMBENCH_RETURN_IF_NCCL_ERROR(
      NcclMemAlloc(ctx->device, bytes, ptr),
      absl::StrCat("ncclMemAlloc(nccl_symmetric ", what, ", ", bytes, " bytes)"), comm);
  SYMMBENCH_RETURN_IF_NCCL_ERROR(RegisterNcclWindow(&ctx->comm, ctx->device, ptr->get(), bytes,
                                                    NCCL_WIN_COLL_SYMMETRIC, window),
                                 absl::StrCat("ncclCommWindowRegister(nccl_symmetric ", what, ", ",
                                              bytes, " bytes, NCCL_WIN_COLL_SYMMETRIC)"),
                                 comm);
  if (*window == nullptr) {
    return absl::FailedPreconditionError(absl::StrCat(
        "ncclCommWindowRegister(nccl_symmetric ", what,
        ") returned no window: this communicator does not support symmetric registration "
        "(NCCL needs CUMEM and every rank peer-accessible, e.g. NVLink within one node)"));
  }
  return absl::OkStatus();
}

}  // namespace

NcclSymmetricWindows::NcclSymmetricWindows(const CudaContext* ctx, size_t bytes)
    : ctx_(ctx), bytes_(RoundUp(bytes, NCCL_WIN_REQUIRED_ALIGNMENT)) {}

absl::Status NcclSymmetricWindows::Ensure() {
  if (ready_) return absl::OkStatus();
  if (!failure_.ok()) return failure_;
  if (ctx_->comm == nullptr) {
    return absl::FailedPreconditionError(
        "nccl_symmetric: the NCCL communicator was aborted after a timeout");
  }
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamIsCapturing(ctx_->stream, &capture),
                                 "cudaStreamIsCapturing");
  if (capture != cudaStreamCaptureStatusNone) {
    return absl::FailedPreconditionError(
        "nccl_symmetric: buffers are allocated and registered on first use, which cannot happen "
        "inside a stream capture (call Prepare before capturing)");
  }
  failure_ = AllocateAndRegister(ctx_, bytes_, "input", &input_, &input_window_);
  if (failure_.ok()) {
    failure_ = AllocateAndRegister(ctx_, bytes_, "output", &output_, &output_window_);
  }
  ready_ = failure_.ok();
  return failure_;
}

}  // namespace symmbench
