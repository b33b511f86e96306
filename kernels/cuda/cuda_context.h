// CudaContext: the per-rank CUDA resources a CUDA Collective uses, owned by the CudaBackend
// (kernels/cuda/cuda_backend.cc) and lent to every Collective it creates.
#pragma once

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <cstddef>
#include <cstdint>

#include "kernels/cuda/cuda_symm_mem.h"
#include "kernels/cuda/device_types.h"

namespace symmbench {

// Lifetime: the backend outlives its collectives (destroy every Collective first). Fields are
// set once at backend creation, except `comm`, which becomes null after ncclCommAbort (a
// Synchronize deadline): collectives must check it before each NCCL call.
struct CudaContext {
  int rank = 0;
  int world_size = 1;
  int device = 0;
  cudaStream_t stream = nullptr;        // non-blocking; every op of every collective
  ncclComm_t comm = nullptr;            // null once aborted
  CudaSymmetricMemory* symm = nullptr;  // input of the symmetric-memory kernels
  void* out = nullptr;                  // kernel output, out_bytes
  void* ref = nullptr;                  // baseline output, out_bytes
  size_t out_bytes = 0;
  DeviceErrorRecord* error = nullptr;  // device memory; signal-pad barrier timeouts
  uint64_t barrier_timeout_ns = 0;     // per device-side barrier
};

}  // namespace symmbench
