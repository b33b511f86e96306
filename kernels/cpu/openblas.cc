// LoadOpenBlas: dlopen + dlsym of the OpenBLAS entry points, once per process.
#include "kernels/cpu/openblas.h"

#include <dlfcn.h>

#include <mutex>
#include <string>

#include "absl/strings/str_cat.h"

namespace symmbench {
namespace {
constexpr char kLibrary[] = "libopenblas.so.0";
}  // namespace

absl::StatusOr<const OpenBlas*> LoadOpenBlas() {
  static std::once_flag once;
  static OpenBlas blas;
  static std::string error;
  std::call_once(once, [] {
    void* handle = dlopen(kLibrary, RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      error = dlerror();
      return;
    }
    blas.sgemm = reinterpret_cast<decltype(blas.sgemm)>(dlsym(handle, "cblas_sgemm"));
    blas.set_num_threads =
        reinterpret_cast<decltype(blas.set_num_threads)>(dlsym(handle, "openblas_set_num_threads"));
    if (blas.sgemm == nullptr || blas.set_num_threads == nullptr) {
      error = "cblas_sgemm or openblas_set_num_threads missing";
      return;
    }
    blas.set_num_threads(1);
  });
  if (!error.empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat("cpu backend: cannot load ", kLibrary, " (install libopenblas0): ", error));
  }
  return &blas;
}

}  // namespace symmbench
