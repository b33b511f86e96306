// CUDA runtime / NCCL return codes -> absl::Status naming the failed call, e.g.
// "cudaIpcOpenMemHandle(peer 1): invalid argument (cudaErrorInvalidValue)". Host code only.
#pragma once

#include <cuda_runtime_api.h>
#include <nccl.h>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace symmbench {

// OK for cudaSuccess. Otherwise "<what>: <cudaGetErrorString> (<cudaGetErrorName>)" with code
// UNAVAILABLE (no device / driver), RESOURCE_EXHAUSTED (out of memory), INVALID_ARGUMENT
// (cudaErrorInvalidValue) or INTERNAL (everything else).
absl::Status CudaStatus(cudaError_t err, absl::string_view what);

// OK for ncclSuccess. Otherwise "<what>: <ncclGetErrorString> [: <ncclGetLastError>]" with code
// INTERNAL (INVALID_ARGUMENT for ncclInvalidArgument / ncclInvalidUsage). `comm` may be null.
absl::Status NcclStatus(ncclResult_t result, absl::string_view what, ncclComm_t comm = nullptr);

}  // namespace symmbench

// Returns from the enclosing function (returning absl::Status or StatusOr) on a CUDA error.
// `what` names the call and its key arguments (an absl::string_view expression).
#define SYMMBENCH_RETURN_IF_CUDA_ERROR(expr, what)                 \
  do {                                                             \
    const cudaError_t symmbench_cuda_err_ = (expr);                \
    if (symmbench_cuda_err_ != cudaSuccess) {                      \
      return ::symmbench::CudaStatus(symmbench_cuda_err_, (what)); \
    }                                                              \
  } while (0)

#define SYMMBENCH_RETURN_IF_NCCL_ERROR(expr, what, comm)                   \
  do {                                                                     \
    const ncclResult_t symmbench_nccl_res_ = (expr);                       \
    if (symmbench_nccl_res_ != ncclSuccess) {                              \
      return ::symmbench::NcclStatus(symmbench_nccl_res_, (what), (comm)); \
    }                                                                      \
  } while (0)

// After a kernel launch written with <<<...>>> in host code: returns the launch's error
// (cudaGetLastError, which also clears it) naming `what`. The .cu launchers in this package
// return cudaGetLastError() themselves; wrap their result in SYMMBENCH_RETURN_IF_CUDA_ERROR.
#define SYMMBENCH_CHECK_LAUNCH(what) SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaGetLastError(), (what))
