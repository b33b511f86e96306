// cuBLASLt, opened on first use. The library's static initializers cost a process about 0.2 s
// of CPU (0.4 s wall on a 2-core host) when it is linked, which every worker paid at start,
// CPU-backend ranks and all-reduce jobs included. This target defines the cuBLASLt entry points
// the GEMM ops call (those of <cublasLt.h>, same signatures); each one opens
// libcublasLt.so.<CUBLAS_VER_MAJOR> with dlopen (found through LD_LIBRARY_PATH and ld.so's cache,
// as a linked library would be) and resolves itself on its first call. Depend on it instead of
// linking -lcublasLt.
//
// An entry point whose library or symbol cannot be found returns CUBLAS_STATUS_NOT_INITIALIZED
// (the status-name functions: "cuBLASLt not loaded"); call LoadCublasLt() first for an error that
// says why.
#ifndef SYMMBENCH_KERNELS_CUDA_CUBLASLT_LAZY_H_
#define SYMMBENCH_KERNELS_CUDA_CUBLASLT_LAZY_H_

#include "absl/status/status.h"

namespace symmbench {

// Opens cuBLASLt once per process. Returns OK once it is open, else FailedPrecondition naming
// the library file and dlerror()'s reason (every later call returns the same error).
absl::Status LoadCublasLt();

// Whether cuBLASLt is mapped into this process (by LoadCublasLt or any other way), without
// opening it.
bool CublasLtIsMapped();

}  // namespace symmbench

#endif  // SYMMBENCH_KERNELS_CUDA_CUBLASLT_LAZY_H_
