// The cuBLASLt entry points the GEMM ops use, each forwarding to the library opened on first use
// (cublaslt_lazy.h). The definitions repeat <cublasLt.h>'s declarations, so the compiler checks
// every signature against the installed header.
#include "kernels/cuda/cublaslt_lazy.h"

#include <cublasLt.h>
#include <dlfcn.h>

#include <string>

#include "absl/strings/str_cat.h"

// Every entry point this file defines (the list the forwarders below must match).
#define SYMMBENCH_CUBLASLT_ENTRY_POINTS(X) \
  X(cublasLtCreate)                        \
  X(cublasLtDestroy)                       \
  X(cublasLtGetStatusName)                 \
  X(cublasLtGetStatusString)               \
  X(cublasLtMatrixLayoutCreate)            \
  X(cublasLtMatrixLayoutDestroy)           \
  X(cublasLtMatmulDescCreate)              \
  X(cublasLtMatmulDescDestroy)             \
  X(cublasLtMatmulDescSetAttribute)        \
  X(cublasLtMatmulPreferenceCreate)        \
  X(cublasLtMatmulPreferenceDestroy)       \
  X(cublasLtMatmulPreferenceSetAttribute)  \
  X(cublasLtMatmulAlgoGetHeuristic)        \
  X(cublasLtMatmul)

namespace symmbench {
namespace {

// The soname the header's version links against.
std::string LibraryName() { return absl::StrCat("libcublasLt.so.", CUBLAS_VER_MAJOR); }

// The library, opened once (thread-safe static) with every entry point resolved; never closed,
// as a linked library's mapping is not. `error` is empty once all of them are set.
struct Opened {
  std::string error;
#define SYMMBENCH_CUBLASLT_POINTER(name) decltype(&::name) name = nullptr;
  SYMMBENCH_CUBLASLT_ENTRY_POINTS(SYMMBENCH_CUBLASLT_POINTER)
#undef SYMMBENCH_CUBLASLT_POINTER
};

const Opened& Library() {
  static const Opened* opened = [] {
    auto* result = new Opened;
    const std::string name = LibraryName();
    void* handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      const char* reason = dlerror();
      result->error = absl::StrCat("cuBLASLt: dlopen(", name,
                                   ") failed: ", reason != nullptr ? reason : "unknown reason",
                                   "; put the directory holding it on LD_LIBRARY_PATH");
      return result;
    }
#define SYMMBENCH_CUBLASLT_RESOLVE(symbol)                                                         \
  result->symbol = reinterpret_cast<decltype(&::symbol)>(dlsym(handle, #symbol));                  \
  if (result->symbol == nullptr && result->error.empty()) {                                        \
    result->error = absl::StrCat("cuBLASLt: ", name,                                               \
                                 " has no symbol " #symbol                                         \
                                 " (a cuBLASLt older than the headers symmbench was built with)"); \
  }
    SYMMBENCH_CUBLASLT_ENTRY_POINTS(SYMMBENCH_CUBLASLT_RESOLVE)
#undef SYMMBENCH_CUBLASLT_RESOLVE
    return result;
  }();
  return *opened;
}

}  // namespace

absl::Status LoadCublasLt() {
  const Opened& library = Library();
  if (!library.error.empty()) return absl::FailedPreconditionError(library.error);
  return absl::OkStatus();
}

bool CublasLtIsMapped() {
  void* handle = dlopen(LibraryName().c_str(), RTLD_NOW | RTLD_NOLOAD);
  if (handle == nullptr) return false;
  dlclose(handle);  // drops only the reference RTLD_NOLOAD took
  return true;
}

}  // namespace symmbench

// One forwarding definition per entry point: the library's, once every one of them resolved.
#define SYMMBENCH_CUBLASLT_FORWARD(ret, name, params, args, unavailable) \
  extern "C" ret CUBLASWINAPI name params {                              \
    const symmbench::Opened& library = symmbench::Library();             \
    return library.error.empty() ? library.name args : (unavailable);    \
  }

SYMMBENCH_CUBLASLT_FORWARD(cublasStatus_t, cublasLtCreate, (cublasLtHandle_t * handle), (handle),
                           CUBLAS_STATUS_NOT_INITIALIZED)
SYMMBENCH_CUBLASLT_FORWARD(cublasStatus_t, cublasLtDestroy, (cublasLtHandle_t handle), (handle),
                           CUBLAS_STATUS_NOT_INITIALIZED)
SYMMBENCH_CUBLASLT_FORWARD(const char*, cublasLtGetStatusName, (cublasStatus_t status), (status),
                           "cuBLASLt not loaded")
SYMMBENCH_CUBLASLT_FORWARD(const char*, cublasLtGetStatusString, (cublasStatus_t status), (status),
                           "cuBLASLt not loaded")
SYMMBENCH_CUBLASLT_FORWARD(cublasStatus_t, cublasLtMatrixLayoutCreate,
                           (cublasLtMatrixLayout_t * layout, cudaDataType type, uint64_t rows,
                            uint64_t cols, int64_t ld),
                           (layout, type, rows, cols, ld), CUBLAS_STATUS_NOT_INITIALIZED)
SYMMBENCH_CUBLASLT_FORWARD(cublasStatus_t, cublasLtMatrixLayoutDestroy,
                           (cublasLtMatrixLayout_t layout), (layout), CUBLAS_STATUS_NOT_INITIALIZED)
SYMMBENCH_CUBLASLT_FORWARD(cublasStatus_t, cublasLtMatmulDescCreate,
                           (cublasLtMatmulDesc_t * desc, cublasComputeType_t compute_type,
                            cudaDataType_t scale_type),
                           (desc, compute_type, scale_type), CUBLAS_STATUS_NOT_INITIALIZED)
SYMMBENCH_CUBLASLT_FORWARD(cublasStatus_t, cublasLtMatmulDescDestroy, (cublasLtMatmulDesc_t desc),
                           (desc), CUBLAS_STATUS_NOT_INITIALIZED)
SYMMBENCH_CUBLASLT_FORWARD(cublasStatus_t, cublasLtMatmulDescSetAttribute,
                           (cublasLtMatmulDesc_t desc, cublasLtMatmulDescAttributes_t attr,
                            const void* buf, size_t bytes),
                           (desc, attr, buf, bytes), CUBLAS_STATUS_NOT_INITIALIZED)
SYMMBENCH_CUBLASLT_FORWARD(cublasStatus_t, cublasLtMatmulPreferenceCreate,
                           (cublasLtMatmulPreference_t * pref), (pref),
                           CUBLAS_STATUS_NOT_INITIALIZED)
SYMMBENCH_CUBLASLT_FORWARD(cublasStatus_t, cublasLtMatmulPreferenceDestroy,
                           (cublasLtMatmulPreference_t pref), (pref), CUBLAS_STATUS_NOT_INITIALIZED)
SYMMBENCH_CUBLASLT_FORWARD(cublasStatus_t, cublasLtMatmulPreferenceSetAttribute,
                           (cublasLtMatmulPreference_t pref,
                            cublasLtMatmulPreferenceAttributes_t attr, const void* buf,
                            size_t bytes),
                           (pref, attr, buf, bytes), CUBLAS_STATUS_NOT_INITIALIZED)
SYMMBENCH_CUBLASLT_FORWARD(cublasStatus_t, cublasLtMatmulAlgoGetHeuristic,
                           (cublasLtHandle_t handle, cublasLtMatmulDesc_t desc,
                            cublasLtMatrixLayout_t a, cublasLtMatrixLayout_t b,
                            cublasLtMatrixLayout_t c, cublasLtMatrixLayout_t d,
                            cublasLtMatmulPreference_t pref, int requested,
                            cublasLtMatmulHeuristicResult_t results[], int* returned),
                           (handle, desc, a, b, c, d, pref, requested, results, returned),
                           CUBLAS_STATUS_NOT_INITIALIZED)
SYMMBENCH_CUBLASLT_FORWARD(cublasStatus_t, cublasLtMatmul,
                           (cublasLtHandle_t handle, cublasLtMatmulDesc_t desc, const void* alpha,
                            const void* a, cublasLtMatrixLayout_t a_layout, const void* b,
                            cublasLtMatrixLayout_t b_layout, const void* beta, const void* c,
                            cublasLtMatrixLayout_t c_layout, void* d,
                            cublasLtMatrixLayout_t d_layout, const cublasLtMatmulAlgo_t* algo,
                            void* workspace, size_t workspace_bytes, cudaStream_t stream),
                           (handle, desc, alpha, a, a_layout, b, b_layout, beta, c, c_layout, d,
                            d_layout, algo, workspace, workspace_bytes, stream),
                           CUBLAS_STATUS_NOT_INITIALIZED)
