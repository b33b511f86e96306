// CublasLtGemm: row-major C = A @ B through cuBLASLt for ag_gemm (bf16 / fp16 in and out,
// fp32 accumulation), with one heuristic-selected algorithm cached per shape and alignment.
#pragma once

#include <cuda_runtime_api.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/dtype.h"

struct cublasLtContext;  // <cublasLt.h>: cublasLtHandle_t is a cublasLtContext*

namespace symmbench {

// cublasLtDestroy, on `device` (cuda_owners.h's convention).
struct CublasLtHandleDeleter {
  int device = kCurrentDevice;
  void operator()(cublasLtContext* handle) const;
};

class CublasLtGemm {
 public:
  // Workspace offered to every algorithm: 32 MiB, the size cuBLAS recommends for Hopper
  // (enough for the split-K / stream-K variants the heuristic likes for skinny chunks).
  static constexpr size_t kWorkspaceBytes = size_t{32} << 20;

  // A cuBLASLt handle and the workspace on `device`, which must be the current device (both
  // are released on it). RESOURCE_EXHAUSTED when the workspace does not fit, INTERNAL naming the
  // cuBLASLt call otherwise.
  static absl::StatusOr<std::unique_ptr<CublasLtGemm>> Create(int device);
  ~CublasLtGemm();  // defaulted in the .cc, where Plan is complete
  CublasLtGemm(const CublasLtGemm&) = delete;
  CublasLtGemm& operator=(const CublasLtGemm&) = delete;

  // Enqueues c[rows, n] = a[rows, k] @ b[k, n] on `stream` (row-major, dense: leading
  // dimensions k, n, n; dtype bf16 or fp16 for all three; alpha 1, beta 0; c is fully
  // overwritten). Row-major to cuBLASLt's column-major: C^T[n, rows] = B^T[n, k] A^T[k, rows],
  // i.e. M = n, N = rows, K = k, operand "A" = b (ld n), "B" = a (ld k), "C" = "D" = c (ld n),
  // no transposes, CUBLAS_COMPUTE_32F with float scale. The first call for a (rows, n, k,
  // dtype, pointer alignments) key asks cublasLtMatmulAlgoGetHeuristic for its best algorithm
  // within kWorkspaceBytes and caches it; later calls only launch. Every call that shares this
  // object must be on the same stream (one workspace). INVALID_ARGUMENT for bad shapes or
  // dtype; NOT_FOUND when the heuristic offers no algorithm; INTERNAL naming the cuBLASLt call
  // and the shape otherwise.
  absl::Status Matmul(int64_t rows, int64_t n, int64_t k, DType dtype, const void* a, const void* b,
                      void* c, cudaStream_t stream);

  // Cached plans (tests and logs).
  size_t plan_count() const { return plans_.size(); }

 private:
  struct Plan;
  // rows, n, k, dtype, alignment of b, a, c (bytes, power of two, <= 256).
  using Key = std::array<int64_t, 7>;

  CublasLtGemm() = default;
  absl::StatusOr<const Plan*> GetPlan(const Key& key);

  // Released in reverse order: the plans' descriptors, the workspace, then the handle.
  std::unique_ptr<cublasLtContext, CublasLtHandleDeleter> handle_;
  DevicePtr<void> workspace_;  // kWorkspaceBytes
  std::map<Key, std::unique_ptr<Plan>> plans_;
};

}  // namespace symmbench
