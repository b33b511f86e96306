// StreamMemOps: driver entry points for the stream memory operations, and their error codes.
#include "kernels/cuda/ag_gemm_stream_ops.h"

#include <cuda.h>
#include <cuda_runtime_api.h>

#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"

namespace symmbench {
namespace {

// One driver symbol through the runtime. nullptr (with a status) when it is missing.
absl::StatusOr<void*> EntryPoint(const char* symbol) {
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult query = cudaDriverEntryPointSymbolNotFound;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      cudaGetDriverEntryPointByVersion(symbol, &fn, StreamMemOps::kDriverApiVersion,
                                       cudaEnableDefault, &query),
      absl::StrCat("cudaGetDriverEntryPointByVersion(", symbol, ", ",
                   StreamMemOps::kDriverApiVersion, ")"));
  if (fn == nullptr || query != cudaDriverEntryPointSuccess) {
    return absl::UnavailableError(absl::StrCat(
        "driver entry point ", symbol, " (ABI ", StreamMemOps::kDriverApiVersion,
        ") not available: ",
        query == cudaDriverEntryPointVersionNotSufficent ? "driver too old" : "symbol not found"));
  }
  return fn;
}

}  // namespace

absl::StatusOr<StreamMemOps> StreamMemOps::Load() {
  StreamMemOps ops;
  absl::StatusOr<void*> write = EntryPoint("cuStreamWriteValue32");
  if (!write.ok()) return write.status();
  absl::StatusOr<void*> wait = EntryPoint("cuStreamWaitValue32");
  if (!wait.ok()) return wait.status();
  ops.write_ = reinterpret_cast<WriteFn>(*write);
  ops.wait_ = reinterpret_cast<WaitFn>(*wait);
  absl::StatusOr<void*> error_string = EntryPoint("cuGetErrorString");
  if (error_string.ok()) ops.error_string_ = reinterpret_cast<ErrorStringFn>(*error_string);
  return ops;
}

absl::Status StreamMemOps::WriteValue32(cudaStream_t stream, uint32_t* flag, uint32_t value) const {
  if (write_ == nullptr) return absl::FailedPreconditionError("cuStreamWriteValue32 not loaded");
  return DriverStatus(
      write_(reinterpret_cast<CUstream>(stream), reinterpret_cast<CUdeviceptr>(flag), value,
             CU_STREAM_WRITE_VALUE_DEFAULT),
      absl::StrCat("cuStreamWriteValue32(", value, ")"));
}

absl::Status StreamMemOps::WaitValue32(cudaStream_t stream, uint32_t* flag, uint32_t value) const {
  if (wait_ == nullptr) return absl::FailedPreconditionError("cuStreamWaitValue32 not loaded");
  return DriverStatus(wait_(reinterpret_cast<CUstream>(stream), reinterpret_cast<CUdeviceptr>(flag),
                            value, CU_STREAM_WAIT_VALUE_GEQ),
                      absl::StrCat("cuStreamWaitValue32(>= ", value, ")"));
}

absl::Status StreamMemOps::DriverStatus(CUresult result, const std::string& what) const {
  if (result == CUDA_SUCCESS) return absl::OkStatus();
  const char* text = nullptr;
  if (error_string_ != nullptr && error_string_(result, &text) != CUDA_SUCCESS) text = nullptr;
  const std::string message = absl::StrCat(what, ": CUresult ", static_cast<int>(result),
                                           text != nullptr ? absl::StrCat(" (", text, ")") : "");
  return result == CUDA_ERROR_INVALID_VALUE ? absl::InvalidArgumentError(message)
                                            : absl::InternalError(message);
}

}  // namespace symmbench
