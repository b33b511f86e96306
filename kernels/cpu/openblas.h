// OpenBLAS, loaded at run time: the CPU backend's ag_gemm is its only user, so binaries (and the
// GPU bundle, which must stay small: Debian's libopenblas is 37 MB) need it only when that runs.
#pragma once

#include <cblas.h>

#include "absl/status/statusor.h"

namespace symmbench {

// The two OpenBLAS entry points symmbench calls.
struct OpenBlas {
  decltype(&cblas_sgemm) sgemm = nullptr;
  decltype(&openblas_set_num_threads) set_num_threads = nullptr;
};

// Loads libopenblas.so.0 once (thread-safe) and sets it to one thread per process: ranks are
// processes sharing the host's cores. FAILED_PRECONDITION naming the library and dlerror() when
// it cannot be loaded (install Debian's libopenblas0).
absl::StatusOr<const OpenBlas*> LoadOpenBlas();

}  // namespace symmbench
