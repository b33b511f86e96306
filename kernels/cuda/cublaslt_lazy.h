// cuBLASLt, opened on first use. The library's static initializers cost a process about 0.2 s
// of CPU (0.4 s wall on a 2-core host) when it is linked, which every worker paid at start,
// CPU-backend ranks and all-reduce jobs included. This target defines the cuBLASLt entry points
// the GEMM ops call (those of <cublasLt.h>, same signatures). The first call to any of them, or
// to LoadCublasLt, opens libcublasLt.so.<CUBLAS_VER_MAJOR> with dlopen (found through
// LD_LIBRARY_PATH and ld.so's cache, as a linked library would be) and resolves every one of
// them; each then forwards to the library's. Depend on it instead of linking -lcublasLt.
//
// When the library or one of its entry points cannot be found, every entry point returns
// CUBLAS_STATUS_NOT_INITIALIZED (the status-name functions: "cuBLASLt not loaded"); call
// LoadCublasLt() first for an error that says why.
#ifndef SYMMBENCH_KERNELS_CUDA_CUBLASLT_LAZY_H_
#define SYMMBENCH_KERNELS_CUDA_CUBLASLT_LAZY_H_

#include "absl/status/status.h"

namespace symmbench {

// Opens cuBLASLt once per process. OK once it is open with every entry point resolved, else
// FAILED_PRECONDITION naming the library file and dlerror()'s reason, or the missing symbol
// (every later call returns the same error).
absl::Status LoadCublasLt();

// Whether cuBLASLt is mapped into this process (by LoadCublasLt or any other way), without
// opening it.
bool CublasLtIsMapped();

}  // namespace symmbench

#endif  // SYMMBENCH_KERNELS_CUDA_CUBLASLT_LAZY_H_
