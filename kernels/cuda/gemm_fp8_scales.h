// GemmFp8Scales: a GEMM op's FP8 scales on the device (Fp8Scaling, kernels/gemm_collective.h),
// drawn from the seed, and the GemmRhs that carries them with B to CublasLtGemm::Matmul. Both
// CUDA GEMM ops (ag_gemm, matmul_reduce_scatter) hold one.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "kernels/cuda/ag_gemm_cublaslt.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/gemm_collective.h"

namespace symmbench {

class GemmFp8Scales {
 public:
  // Buffers on `device`, released there.
  explicit GemmFp8Scales(int device) : a_(device), b_(device), alpha_(device) {}

  // For an fp8_e4m3 `problem`: sizes A's scales (problem.m floats, one per row of the A the op
  // multiplies, when rowwise; else one) and B's (problem.n, or one), and enqueues their fills on
  // `stream` (LaunchFp8ScaleFill from (seed, a_fill_stream) and (seed, b_fill_stream)), and
  // when tensorwise their product (GemmRhs::alpha) after them. Nothing for the other dtypes.
  // RESOURCE_EXHAUSTED or the CUDA error, naming `what`, otherwise.
  absl::Status Prepare(const GemmProblem& problem, uint64_t seed, uint32_t a_fill_stream,
                       uint32_t b_fill_stream, cudaStream_t stream, const std::string& what);

  // The problem's dtype and scaling, `b` (B [k, n], or Bt [n, k] for fp8_e4m3), and these
  // scales and their tensor-wise product (null for the other dtypes).
  GemmRhs Rhs(const GemmProblem& problem, const void* b) const;

 private:
  DeviceBuffer a_, b_;  // float [m or 1], [n or 1]
  DeviceBuffer alpha_;  // float [1]: a_ x b_, tensorwise only
};

}  // namespace symmbench
