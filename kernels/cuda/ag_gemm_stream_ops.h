// StreamMemOps: cuStreamWriteValue32 / cuStreamWaitValue32 reached through the runtime's
// driver entry points (libcuda is never linked, so binaries start on GPU-less machines).
#pragma once

#include <cuda.h>
#include <cuda_runtime_api.h>

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace symmbench {

class StreamMemOps {
 public:
  // Looks the driver functions up with cudaGetDriverEntryPointByVersion (CUDA 13's replacement
  // for the deprecated cudaGetDriverEntryPoint) at ABI version kDriverApiVersion. UNAVAILABLE
  // naming the symbol when the driver lacks one; INTERNAL for a failed lookup.
  static absl::StatusOr<StreamMemOps> Load();

  // Enqueues *flag = value on `stream` after all earlier work of the stream, with the default
  // flags: the driver issues a system-scope memory fence before the write, so everything the
  // stream wrote earlier (copies included) is visible to whoever observes the new value.
  absl::Status WriteValue32(cudaStream_t stream, uint32_t* flag, uint32_t value) const;
  // Enqueues a wait on `stream`: later work of the stream starts once
  // (int32_t)(*flag - value) >= 0 (CU_STREAM_WAIT_VALUE_GEQ, wrap-around safe). The wait has no
  // timeout: the writer must be enqueued, on another stream, before the waiter (host order),
  // so that even a driver that serialises the two streams onto one queue cannot deadlock.
  absl::Status WaitValue32(cudaStream_t stream, uint32_t* flag, uint32_t value) const;

  // The driver ABI requested: the _v2 stream memory operations (CUDA 11.7+), available by
  // default on every platform (the v1 ones needed a kernel-module parameter).
  static constexpr unsigned int kDriverApiVersion = 12000;

 private:
  using WriteFn = CUresult(CUDAAPI*)(CUstream, CUdeviceptr, cuuint32_t, unsigned int);
  using WaitFn = CUresult(CUDAAPI*)(CUstream, CUdeviceptr, cuuint32_t, unsigned int);
  using ErrorStringFn = CUresult(CUDAAPI*)(CUresult, const char**);

  absl::Status DriverStatus(CUresult result, const std::string& what) const;

  WriteFn write_ = nullptr;
  WaitFn wait_ = nullptr;
  ErrorStringFn error_string_ = nullptr;  // optional (messages only)
};

}  // namespace symmbench
