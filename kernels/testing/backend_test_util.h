// Helpers shared by the backend tests: job ids unique across concurrent test processes,
// BackendOptions and GemmProblem in one call.
#pragma once

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <random>
#include <string>

#include "absl/strings/str_cat.h"
#include "kernels/backend.h"
#include "kernels/gemm_collective.h"

namespace symmbench::test_util {

// "<prefix>-<pid>-<salt>-<n>-<what>": sandboxed tests may share a pid but not /dev/shm names.
inline std::string UniqueJobId(const std::string& prefix, const std::string& what) {
  static const unsigned salt = std::random_device()();
  static std::atomic<int> counter{0};
  return absl::StrCat(prefix, "-", getpid(), "-", absl::Hex(salt), "-", counter++, "-", what);
}

inline BackendOptions TestBackendOptions(
    int rank, int world_size, const std::string& job_id, int64_t max_bytes,
    std::chrono::milliseconds timeout = std::chrono::milliseconds(10000)) {
  BackendOptions options;
  options.rank = rank;
  options.world_size = world_size;
  options.max_bytes = max_bytes;
  options.job_id = job_id;
  options.timeout = timeout;
  return options;
}

inline GemmProblem TestGemmProblem(int64_t m, int64_t n, int64_t k, int splits, DType dtype) {
  GemmProblem problem;
  problem.m = m;
  problem.n = n;
  problem.k = k;
  problem.splits_per_rank = splits;
  problem.dtype = dtype;
  return problem;
}

}  // namespace symmbench::test_util
