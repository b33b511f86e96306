// GemmFp8Scales: sizing, seeded fills and the GemmRhs of the FP8 scales.
#include "kernels/cuda/gemm_fp8_scales.h"

#include "absl/strings/str_cat.h"
#include "kernels/cuda/ag_gemm_cuda_resources.h"
#include "kernels/cuda/ag_gemm_kernels.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/dtype.h"

namespace symmbench {

static_assert(kFp8InputRangeDevice == kFp8InputRange && kFp8ScaleSpreadDevice == kFp8ScaleSpread,
              "ag_gemm_kernels.h's FP8 constants must be kernels/gemm_collective.h's");

absl::Status GemmFp8Scales::Prepare(const GemmProblem& problem, uint64_t seed,
                                    uint32_t a_fill_stream, uint32_t b_fill_stream,
                                    cudaStream_t stream, const std::string& what) {
  const bool fp8 = problem.dtype == DType::kFp8E4m3;
  const bool rowwise = fp8 && problem.fp8_scaling == Fp8Scaling::kRowwise;
  const int64_t a_count = fp8 ? (rowwise ? problem.m : 1) : 0;
  const int64_t b_count = fp8 ? (rowwise ? problem.n : 1) : 0;
  const size_t alpha_bytes = fp8 && !rowwise ? sizeof(float) : 0;
  const BufferSize sizes[] = {{&a_, sizeof(float) * static_cast<size_t>(a_count)},
                              {&b_, sizeof(float) * static_cast<size_t>(b_count)},
                              {&alpha_, alpha_bytes}};
  if (absl::Status s = ResizeBuffers(sizes, absl::StrCat(what, ": FP8 scales")); !s.ok()) return s;
  if (!fp8) return absl::OkStatus();
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchFp8ScaleFill(static_cast<float*>(a_.get()), a_count, seed, a_fill_stream, stream),
      absl::StrCat(what, ": fill A's scales"));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchFp8ScaleFill(static_cast<float*>(b_.get()), b_count, seed, b_fill_stream, stream),
      absl::StrCat(what, ": fill B's scales"));
  if (alpha_bytes != 0) {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(LaunchFp8ScaleProduct(static_cast<const float*>(a_.get()),
                                                         static_cast<const float*>(b_.get()),
                                                         static_cast<float*>(alpha_.get()), stream),
                                   absl::StrCat(what, ": a_scale x b_scale"));
  }
  return absl::OkStatus();
}

GemmRhs GemmFp8Scales::Rhs(const GemmProblem& problem, const void* b) const {
  const bool fp8 = problem.dtype == DType::kFp8E4m3;
  GemmRhs rhs;
  rhs.dtype = problem.dtype;
  rhs.b = b;
  rhs.scaling = problem.fp8_scaling;
  rhs.a_scale = fp8 ? static_cast<const float*>(a_.get()) : nullptr;
  rhs.b_scale = fp8 ? static_cast<const float*>(b_.get()) : nullptr;
  rhs.alpha = alpha_.size() != 0 ? static_cast<const float*>(alpha_.get()) : nullptr;
  return rhs;
}

}  // namespace symmbench
