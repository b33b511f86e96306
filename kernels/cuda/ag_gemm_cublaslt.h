// CublasLtGemm: row-major C = A @ B through cuBLASLt for the GEMM ops (bf16 / fp16 in and out,
// or FP8 E4M3 in with tensor-wise or row-wise scales and bf16 out; fp32 accumulation), with one
// heuristic-selected algorithm cached per shape and alignment.
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
#include "kernels/gemm_collective.h"

struct cublasLtContext;  // <cublasLt.h>: cublasLtHandle_t is a cublasLtContext*

namespace symmbench {

// cublasLtDestroy, on `device` (cuda_owners.h's convention).
struct CublasLtHandleDeleter {
  int device = kCurrentDevice;
  void operator()(cublasLtContext* handle) const;
};

// What every GEMM of a problem shares: the dtype, B and FP8's scales (device pointers).
struct GemmRhs {
  DType dtype = DType::kBf16;  // bf16 / fp16: A, B and C; fp8_e4m3: A and B, C is bf16
  const void* b = nullptr;     // bf16 / fp16: B [k, n] row-major; fp8_e4m3: Bt [n, k] row-major
  Fp8Scaling scaling = Fp8Scaling::kTensorwise;  // fp8_e4m3 only
  const float* a_scale = nullptr;  // fp8_e4m3: 1 float, or one per row of the whole A (rowwise)
  const float* b_scale = nullptr;  // fp8_e4m3: 1 float, or one per column of B, n (rowwise)
  // fp8_e4m3 tensorwise: *a_scale x *b_scale, one float, for a GEMM that takes one alpha (the
  // tile-flag GEMM); null otherwise.
  const float* alpha = nullptr;
};

class CublasLtGemm {
 public:
  // Workspace offered to every algorithm: 32 MiB, the size cuBLAS recommends for Hopper
  // (enough for the split-K / stream-K variants the heuristic likes for skinny chunks).
  static constexpr size_t kWorkspaceBytes = size_t{32} << 20;

  // A cuBLASLt handle and the workspace on `device`, which must be the current device (both
  // are released on it). FAILED_PRECONDITION naming the library when cuBLASLt cannot be opened
  // (it is opened here, on first use: cublaslt_lazy.h), RESOURCE_EXHAUSTED when the workspace
  // does not fit, INTERNAL naming the cuBLASLt call otherwise.
  static absl::StatusOr<std::unique_ptr<CublasLtGemm>> Create(int device);
  ~CublasLtGemm();  // defaulted in the .cc, where Plan is complete
  CublasLtGemm(const CublasLtGemm&) = delete;
  CublasLtGemm& operator=(const CublasLtGemm&) = delete;

  // Enqueues c[rows, n] = a[rows, k] @ B on `stream` (row-major, dense; alpha 1, beta 0; c is
  // fully overwritten); `a` is rows [a_row0, a_row0 + rows) of the A that rhs's row-wise
  // scales describe (ignored otherwise). Row-major to cuBLASLt's column-major: C^T[n, rows] =
  // B^T[n, k] A^T[k, rows], i.e. M = n, N = rows, K = k, operand "A" = B, "B" = a (ld k),
  // "C" = "D" = c (ld n), CUBLAS_COMPUTE_32F with float scale.
  //   bf16 / fp16: "A" = b [k, n] as column-major [n, k] (ld n), no transposes.
  //   fp8_e4m3 (cuBLASLt's FP8 GEMMs take only "TN"): "A" = Bt [n, k] as column-major [k, n]
  //     (ld k), transposed; C in bf16; A_SCALE_POINTER = b_scale and B_SCALE_POINTER =
  //     a_scale (+ a_row0 when rowwise), as scalars (SCALE_SCALAR_32F) or, rowwise, as the
  //     OUTER_VEC_32F vectors of M = n and N = rows elements. A cuBLASLt that refuses
  //     OUTER_VEC_32F on this GPU (the heuristic's INVALID_VALUE: cuBLASLt 12 and 13.0 on
  //     sm_90) gets a plan with an fp32 D in a scratch buffer instead (unit scales), which
  //     LaunchFp8ScaleOuter then scales and rounds into c: 6 more bytes per element of C.
  // The first call for a (rows, n, k, dtype, scaling, pointer alignments) key asks
  // cublasLtMatmulAlgoGetHeuristic for its best algorithm within kWorkspaceBytes and caches
  // it; later calls only launch. Every call that shares this object must be on the same
  // stream (one workspace). INVALID_ARGUMENT for bad shapes, dtype or missing scales;
  // NOT_FOUND when the heuristic offers no algorithm (e.g. a GPU without FP8 GEMMs); INTERNAL
  // naming the cuBLASLt call and the shape otherwise.
  absl::Status Matmul(int64_t rows, int64_t n, int64_t k, const GemmRhs& rhs, const void* a,
                      int64_t a_row0, void* c, cudaStream_t stream);

  // Cached plans (tests and logs).
  size_t plan_count() const { return plans_.size(); }
  // Whether a cached plan of this shape scales in LaunchFp8ScaleOuter (tests and logs).
  bool ScalesInKernelForTesting(int64_t rows, int64_t n, int64_t k) const;

 private:
  struct Plan;
  // rows, n, k, dtype, scaling (fp8_e4m3; else 0), alignment of b, a, c (bytes, power of
  // two, <= 256).
  using Key = std::array<int64_t, 8>;

  CublasLtGemm() = default;
  // The cached plan of `key`, built on first use (row-wise FP8: OUTER_VEC_32F, else the
  // scale-kernel plan, whose scratch it sizes).
  absl::StatusOr<const Plan*> GetPlan(const Key& key);
  // Descriptors, layouts and the heuristic's algorithm for `key`; scale_kernel: fp32 D, unit
  // scales (row-wise FP8 scaled by LaunchFp8ScaleOuter).
  absl::StatusOr<std::unique_ptr<Plan>> BuildPlan(const Key& key, bool scale_kernel);

  // Released in reverse order: the plans' descriptors, the workspace, then the handle.
  std::unique_ptr<cublasLtContext, CublasLtHandleDeleter> handle_;
  DevicePtr<void> workspace_;  // kWorkspaceBytes
  DevicePtr<void> scratch_;    // the scale-kernel plans' fp32 D, the largest rows x n x 4
  size_t scratch_bytes_ = 0;
  int device_ = kCurrentDevice;
  std::map<Key, std::unique_ptr<Plan>> plans_;
};

}  // namespace symmbench
