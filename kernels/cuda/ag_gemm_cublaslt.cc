// CublasLtGemm: descriptors, heuristic algorithm selection (cached) and the matmul launch.
#include "kernels/cuda/ag_gemm_cublaslt.h"

#include <cublasLt.h>
#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "absl/memory/memory.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "kernels/cuda/ag_gemm_kernels.h"
#include "kernels/cuda/cublaslt_lazy.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/dtype.h"

namespace symmbench {
namespace {

// Heuristic results requested; the first usable one (ordered by estimated time) is taken.
constexpr int kHeuristicCandidates = 8;
// cuBLASLt's default (and largest useful) operand alignment preference, in bytes.
constexpr int64_t kMaxAlignment = 256;

absl::Status CublasStatus(cublasStatus_t status, const std::string& what) {
  if (status == CUBLAS_STATUS_SUCCESS) return absl::OkStatus();
  const std::string message = absl::StrCat(what, ": ", cublasLtGetStatusName(status), " (",
                                           cublasLtGetStatusString(status), ")");
  switch (status) {
    case CUBLAS_STATUS_INVALID_VALUE:
      return absl::InvalidArgumentError(message);
    case CUBLAS_STATUS_ALLOC_FAILED:
      return absl::ResourceExhaustedError(message);
    case CUBLAS_STATUS_NOT_INITIALIZED:
      return absl::UnavailableError(message);
    default:
      return absl::InternalError(message);
  }
}

#define SYMMBENCH_RETURN_IF_CUBLAS_ERROR(expr, what)         \
  do {                                                       \
    const cublasStatus_t symmbench_cublas_status_ = (expr);  \
    if (symmbench_cublas_status_ != CUBLAS_STATUS_SUCCESS) { \
      return CublasStatus(symmbench_cublas_status_, (what)); \
    }                                                        \
  } while (0)

struct DescDeleter {
  void operator()(cublasLtMatmulDescOpaque_t* d) const { (void)cublasLtMatmulDescDestroy(d); }
};
struct LayoutDeleter {
  void operator()(cublasLtMatrixLayoutOpaque_t* l) const { (void)cublasLtMatrixLayoutDestroy(l); }
};
struct PreferenceDeleter {
  void operator()(cublasLtMatmulPreferenceOpaque_t* p) const {
    (void)cublasLtMatmulPreferenceDestroy(p);
  }
};
using DescPtr = std::unique_ptr<cublasLtMatmulDescOpaque_t, DescDeleter>;
using LayoutPtr = std::unique_ptr<cublasLtMatrixLayoutOpaque_t, LayoutDeleter>;
using PreferencePtr = std::unique_ptr<cublasLtMatmulPreferenceOpaque_t, PreferenceDeleter>;

// Largest power of two (<= kMaxAlignment) dividing the address.
int64_t Alignment(const void* p) {
  const auto address = reinterpret_cast<uintptr_t>(p);
  int64_t alignment = kMaxAlignment;
  while (alignment > 1 && address % static_cast<uintptr_t>(alignment) != 0) alignment /= 2;
  return alignment;
}

std::string ShapeName(int64_t rows, int64_t n, int64_t k, DType dtype) {
  return absl::StrCat("[", rows, " x ", k, "] @ [", k, " x ", n, "] ", DTypeName(dtype));
}

cudaDataType_t InputType(DType dtype) {
  switch (dtype) {
    case DType::kFp8E4m3:
      return CUDA_R_8F_E4M3;
    case DType::kFp16:
      return CUDA_R_16F;
    case DType::kBf16:
    case DType::kFp32:
      break;
  }
  return CUDA_R_16BF;
}

absl::Status SetDescAttribute(cublasLtMatmulDesc_t desc, cublasLtMatmulDescAttributes_t attr,
                              const void* value, size_t bytes, const char* what,
                              const std::string& shape) {
  SYMMBENCH_RETURN_IF_CUBLAS_ERROR(
      cublasLtMatmulDescSetAttribute(desc, attr, value, bytes),
      absl::StrCat("cublasLtMatmulDescSetAttribute(", what, ", ", shape, ")"));
  return absl::OkStatus();
}

absl::StatusOr<LayoutPtr> MakeLayout(cudaDataType_t type, int64_t rows, int64_t cols, int64_t ld,
                                     const std::string& what) {
  cublasLtMatrixLayout_t layout = nullptr;
  SYMMBENCH_RETURN_IF_CUBLAS_ERROR(
      cublasLtMatrixLayoutCreate(&layout, type, static_cast<uint64_t>(rows),
                                 static_cast<uint64_t>(cols), ld),
      absl::StrCat("cublasLtMatrixLayoutCreate(", what, ")"));
  return LayoutPtr(layout);
}

absl::Status SetAlignment(cublasLtMatmulPreference_t pref,
                          cublasLtMatmulPreferenceAttributes_t attr, int64_t bytes,
                          const std::string& what) {
  const uint32_t value = static_cast<uint32_t>(bytes);
  SYMMBENCH_RETURN_IF_CUBLAS_ERROR(
      cublasLtMatmulPreferenceSetAttribute(pref, attr, &value, sizeof(value)),
      absl::StrCat("cublasLtMatmulPreferenceSetAttribute(alignment, ", what, ")"));
  return absl::OkStatus();
}

}  // namespace

struct CublasLtGemm::Plan {
  // Row-wise FP8 without OUTER_VEC_32F support: the GEMM writes fp32 into the scratch buffer
  // with unit scales, and LaunchFp8ScaleOuter scales and rounds it into C.
  bool scale_kernel = false;
  DescPtr desc;
  // cuBLASLt "A" = row-major b[k, n] = column-major [n, k], ld n (fp8: row-major Bt [n, k] =
  // column-major [k, n], ld k, transposed)
  LayoutPtr a_layout;
  LayoutPtr b_layout;  // cuBLASLt "B" = row-major a[rows, k] = column-major [k, rows], ld k
  LayoutPtr c_layout;  // "C" and "D" = row-major c[rows, n] = column-major [n, rows], ld n
  cublasLtMatmulAlgo_t algo{};
  size_t workspace_bytes = 0;
};

void CublasLtHandleDeleter::operator()(cublasLtContext* handle) const {
  SetDeviceForRelease(device);
  (void)cublasLtDestroy(handle);
}

absl::StatusOr<std::unique_ptr<CublasLtGemm>> CublasLtGemm::Create(int device) {
  auto gemm = absl::WrapUnique(new CublasLtGemm());
  gemm->device_ = device;
  absl::Status loaded = LoadCublasLt();
  if (!loaded.ok()) return loaded;
  cublasLtHandle_t handle = nullptr;
  SYMMBENCH_RETURN_IF_CUBLAS_ERROR(cublasLtCreate(&handle), "cublasLtCreate");
  gemm->handle_ = std::unique_ptr<cublasLtContext, CublasLtHandleDeleter>(
      handle, CublasLtHandleDeleter{device});
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      DeviceMalloc(device, kWorkspaceBytes, &gemm->workspace_),
      absl::StrCat("cudaMalloc(cuBLASLt workspace, ", kWorkspaceBytes, " bytes)"));
  return gemm;
}

CublasLtGemm::~CublasLtGemm() = default;

absl::StatusOr<const CublasLtGemm::Plan*> CublasLtGemm::GetPlan(const Key& key) {
  const auto found = plans_.find(key);
  if (found != plans_.end()) return found->second.get();
  const bool rowwise = static_cast<DType>(key[3]) == DType::kFp8E4m3 &&
                       static_cast<Fp8Scaling>(key[4]) == Fp8Scaling::kRowwise;
  absl::StatusOr<std::unique_ptr<Plan>> plan = BuildPlan(key, /*scale_kernel=*/false);
  // cuBLASLt builds without OUTER_VEC_32F for this GPU refuse the scale mode (INVALID_VALUE
  // or NOT_SUPPORTED from the heuristic): scale in a kernel of our own instead.
  if (!plan.ok() && rowwise &&
      (plan.status().code() == absl::StatusCode::kInvalidArgument ||
       plan.status().code() == absl::StatusCode::kNotFound ||
       plan.status().code() == absl::StatusCode::kInternal)) {
    plan = BuildPlan(key, /*scale_kernel=*/true);
  }
  if (!plan.ok()) return plan.status();
  if ((*plan)->scale_kernel) {
    const size_t bytes = static_cast<size_t>(key[0] * key[1]) * sizeof(float);
    if (bytes > scratch_bytes_) {
      scratch_.reset();  // cudaFree waits for the GEMMs that may still use it
      scratch_bytes_ = 0;
      SYMMBENCH_RETURN_IF_CUDA_ERROR(
          DeviceMalloc(device_, bytes, &scratch_),
          absl::StrCat("cudaMalloc(fp32 scratch of the row-wise FP8 GEMM, ", bytes, " bytes)"));
      scratch_bytes_ = bytes;
    }
  }
  const Plan* raw = plan->get();
  plans_.emplace(key, *std::move(plan));
  return raw;
}

absl::StatusOr<std::unique_ptr<CublasLtGemm::Plan>> CublasLtGemm::BuildPlan(const Key& key,
                                                                            bool scale_kernel) {
  const int64_t rows = key[0];
  const int64_t n = key[1];
  const int64_t k = key[2];
  const DType dtype = static_cast<DType>(key[3]);
  const bool fp8 = dtype == DType::kFp8E4m3;
  const bool rowwise = fp8 && static_cast<Fp8Scaling>(key[4]) == Fp8Scaling::kRowwise;
  const std::string shape =
      absl::StrCat(ShapeName(rows, n, k, dtype),
                   fp8 ? absl::StrCat(" ", Fp8ScalingName(static_cast<Fp8Scaling>(key[4]))) : "");
  const cudaDataType_t type = InputType(dtype);
  const cudaDataType_t out_type = scale_kernel ? CUDA_R_32F : InputType(GemmOutputDType(dtype));

  auto plan = std::make_unique<Plan>();
  plan->scale_kernel = scale_kernel;
  cublasLtMatmulDesc_t desc = nullptr;
  SYMMBENCH_RETURN_IF_CUBLAS_ERROR(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F),
                                   absl::StrCat("cublasLtMatmulDescCreate(", shape, ")"));
  plan->desc.reset(desc);
  // FP8 is "TN": cuBLASLt's A (our Bt [n, k] row-major) transposed, its B not.
  const cublasOperation_t trans_a = fp8 ? CUBLAS_OP_T : CUBLAS_OP_N;
  const cublasOperation_t trans_b = CUBLAS_OP_N;
  if (absl::Status s = SetDescAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &trans_a,
                                        sizeof(trans_a), "transa", shape);
      !s.ok()) {
    return s;
  }
  if (absl::Status s = SetDescAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &trans_b,
                                        sizeof(trans_b), "transb", shape);
      !s.ok()) {
    return s;
  }
  if (rowwise && !scale_kernel) {
    const cublasLtMatmulMatrixScale_t mode = CUBLASLT_MATMUL_MATRIX_SCALE_OUTER_VEC_32F;
    for (const auto attr : {CUBLASLT_MATMUL_DESC_A_SCALE_MODE, CUBLASLT_MATMUL_DESC_B_SCALE_MODE}) {
      if (absl::Status s = SetDescAttribute(desc, attr, &mode, sizeof(mode), "scale mode", shape);
          !s.ok()) {
        return s;
      }
    }
  }
  absl::StatusOr<LayoutPtr> a_layout = fp8 ? MakeLayout(type, k, n, k, "Bt as A, " + shape)
                                           : MakeLayout(type, n, k, n, "B as A, " + shape);
  if (!a_layout.ok()) return a_layout.status();
  absl::StatusOr<LayoutPtr> b_layout = MakeLayout(type, k, rows, k, "A as B, " + shape);
  if (!b_layout.ok()) return b_layout.status();
  absl::StatusOr<LayoutPtr> c_layout = MakeLayout(out_type, n, rows, n, "C, " + shape);
  if (!c_layout.ok()) return c_layout.status();
  plan->a_layout = *std::move(a_layout);
  plan->b_layout = *std::move(b_layout);
  plan->c_layout = *std::move(c_layout);

  cublasLtMatmulPreference_t pref_raw = nullptr;
  SYMMBENCH_RETURN_IF_CUBLAS_ERROR(cublasLtMatmulPreferenceCreate(&pref_raw),
                                   "cublasLtMatmulPreferenceCreate");
  PreferencePtr pref(pref_raw);
  const uint64_t max_workspace = kWorkspaceBytes;
  SYMMBENCH_RETURN_IF_CUBLAS_ERROR(
      cublasLtMatmulPreferenceSetAttribute(pref.get(), CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                           &max_workspace, sizeof(max_workspace)),
      "cublasLtMatmulPreferenceSetAttribute(max workspace)");
  // Only algorithms that accept the operands' actual alignment (chunk offsets may be < 256).
  absl::Status s =
      SetAlignment(pref.get(), CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, key[5], "A");
  if (s.ok()) s = SetAlignment(pref.get(), CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES, key[6], "B");
  if (s.ok()) s = SetAlignment(pref.get(), CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, key[7], "C");
  if (s.ok()) s = SetAlignment(pref.get(), CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES, key[7], "D");
  if (!s.ok()) return s;

  cublasLtMatmulHeuristicResult_t results[kHeuristicCandidates] = {};
  int returned = 0;
  SYMMBENCH_RETURN_IF_CUBLAS_ERROR(
      cublasLtMatmulAlgoGetHeuristic(
          handle_.get(), desc, plan->a_layout.get(), plan->b_layout.get(), plan->c_layout.get(),
          plan->c_layout.get(), pref.get(), kHeuristicCandidates, results, &returned),
      absl::StrCat("cublasLtMatmulAlgoGetHeuristic(", shape, ")"));
  for (int i = 0; i < returned; ++i) {
    if (results[i].state == CUBLAS_STATUS_SUCCESS && results[i].workspaceSize <= kWorkspaceBytes) {
      plan->algo = results[i].algo;
      plan->workspace_bytes = results[i].workspaceSize;
      return plan;
    }
  }
  return absl::NotFoundError(absl::StrCat("cublasLtMatmulAlgoGetHeuristic(", shape,
                                          "): no usable algorithm among ", returned));
}

absl::Status CublasLtGemm::Matmul(int64_t rows, int64_t n, int64_t k, const GemmRhs& rhs,
                                  const void* a, int64_t a_row0, void* c, cudaStream_t stream) {
  const DType dtype = rhs.dtype;
  const void* b = rhs.b;
  const bool fp8 = dtype == DType::kFp8E4m3;
  if (rows < 1 || n < 1 || k < 1 || a_row0 < 0 || a == nullptr || b == nullptr || c == nullptr ||
      (dtype != DType::kBf16 && dtype != DType::kFp16 && !fp8) ||
      (fp8 && (rhs.a_scale == nullptr || rhs.b_scale == nullptr))) {
    return absl::InvalidArgumentError(
        absl::StrCat("CublasLtGemm::Matmul: want positive sizes, non-null operands (and scales "
                     "for fp8_e4m3) and bf16, fp16 or fp8_e4m3 (got ",
                     ShapeName(rows, n, k, dtype), ")"));
  }
  const int64_t scaling = fp8 ? static_cast<int64_t>(rhs.scaling) : 0;
  const Key key = {rows,         n,           k, static_cast<int64_t>(dtype), scaling, Alignment(b),
                   Alignment(a), Alignment(c)};
  absl::StatusOr<const Plan*> plan = GetPlan(key);
  if (!plan.ok()) return plan.status();
  // The row-wise A scales start at the chunk's first row.
  const float* a_scale = rhs.scaling == Fp8Scaling::kRowwise ? rhs.a_scale + a_row0 : rhs.a_scale;
  const bool scale_kernel = (*plan)->scale_kernel;
  if (fp8 && !scale_kernel) {
    // Per call: cublasLtMatmul reads the descriptor when it enqueues, so later calls may change
    // the scale pointers.
    const std::string shape = ShapeName(rows, n, k, dtype);
    if (absl::Status s = SetDescAttribute((*plan)->desc.get(), CUBLASLT_MATMUL_DESC_A_SCALE_POINTER,
                                          &rhs.b_scale, sizeof(rhs.b_scale), "B's scale", shape);
        !s.ok()) {
      return s;
    }
    if (absl::Status s = SetDescAttribute((*plan)->desc.get(), CUBLASLT_MATMUL_DESC_B_SCALE_POINTER,
                                          &a_scale, sizeof(a_scale), "A's scale", shape);
        !s.ok()) {
      return s;
    }
  }
  const float alpha = 1.0f;
  const float beta = 0.0f;
  void* d = scale_kernel ? scratch_.get() : c;  // fp32 [rows, n] first, when scaled by us
  SYMMBENCH_RETURN_IF_CUBLAS_ERROR(
      cublasLtMatmul(handle_.get(), (*plan)->desc.get(), &alpha, b, (*plan)->a_layout.get(), a,
                     (*plan)->b_layout.get(), &beta, d, (*plan)->c_layout.get(), d,
                     (*plan)->c_layout.get(), &(*plan)->algo, workspace_.get(),
                     (*plan)->workspace_bytes, stream),
      absl::StrCat("cublasLtMatmul(", ShapeName(rows, n, k, dtype), ")"));
  if (scale_kernel) {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchFp8ScaleOuter(static_cast<const float*>(d), rows, n, a_scale, rhs.b_scale, c, stream),
        absl::StrCat("LaunchFp8ScaleOuter(", ShapeName(rows, n, k, dtype), ")"));
  }
  return absl::OkStatus();
}

bool CublasLtGemm::ScalesInKernelForTesting(int64_t rows, int64_t n, int64_t k) const {
  for (const auto& [key, plan] : plans_) {
    if (key[0] == rows && key[1] == n && key[2] == k && plan->scale_kernel) return true;
  }
  return false;
}

}  // namespace symmbench
