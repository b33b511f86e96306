// CUDA runtime / NCCL return codes -> absl::Status naming the failed call.
#include "kernels/cuda/cuda_check.h"

#include "absl/strings/str_cat.h"

namespace symmbench {

absl::Status CudaStatus(cudaError_t err, absl::string_view what) {
  if (err == cudaSuccess) return absl::OkStatus();
  const std::string message =
      absl::StrCat(what, ": ", cudaGetErrorString(err), " (", cudaGetErrorName(err), ")");
  switch (err) {
    case cudaErrorNoDevice:
    case cudaErrorInsufficientDriver:
    case cudaErrorDevicesUnavailable: return absl::UnavailableError(message);
    case cudaErrorMemoryAllocation: return absl::ResourceExhaustedError(message);
    case cudaErrorInvalidValue: return absl::InvalidArgumentError(message);
    default: return absl::InternalError(message);
  }
}

absl::Status NcclStatus(ncclResult_t result, absl::string_view what, ncclComm_t comm) {
  if (result == ncclSuccess) return absl::OkStatus();
  std::string message = absl::StrCat(what, ": ", ncclGetErrorString(result));
  const char* detail = ncclGetLastError(comm);
  if (detail != nullptr && detail[0] != '\0') absl::StrAppend(&message, ": ", detail);
  if (result == ncclInvalidArgument || result == ncclInvalidUsage) {
    return absl::InvalidArgumentError(message);
  }
  return absl::InternalError(message);
}

}  // namespace symmbench
