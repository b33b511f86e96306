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
  DescPtr desc;
  LayoutPtr a_layout;  // cuBLASLt "A" = row-major b[k, n] = column-major [n, k], ld n
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
  const int64_t rows = key[0];
  const int64_t n = key[1];
  const int64_t k = key[2];
  const DType dtype = static_cast<DType>(key[3]);
  const std::string shape = ShapeName(rows, n, k, dtype);
  const cudaDataType_t type = dtype == DType::kBf16 ? CUDA_R_16BF : CUDA_R_16F;

  auto plan = std::make_unique<Plan>();
  cublasLtMatmulDesc_t desc = nullptr;
  SYMMBENCH_RETURN_IF_CUBLAS_ERROR(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F),
                                   absl::StrCat("cublasLtMatmulDescCreate(", shape, ")"));
  plan->desc.reset(desc);
  const cublasOperation_t no_transpose = CUBLAS_OP_N;
  for (const auto attr : {CUBLASLT_MATMUL_DESC_TRANSA, CUBLASLT_MATMUL_DESC_TRANSB}) {
    SYMMBENCH_RETURN_IF_CUBLAS_ERROR(
        cublasLtMatmulDescSetAttribute(desc, attr, &no_transpose, sizeof(no_transpose)),
        absl::StrCat("cublasLtMatmulDescSetAttribute(transpose, ", shape, ")"));
  }
  absl::StatusOr<LayoutPtr> a_layout = MakeLayout(type, n, k, n, "B as A, " + shape);
  if (!a_layout.ok()) return a_layout.status();
  absl::StatusOr<LayoutPtr> b_layout = MakeLayout(type, k, rows, k, "A as B, " + shape);
  if (!b_layout.ok()) return b_layout.status();
  absl::StatusOr<LayoutPtr> c_layout = MakeLayout(type, n, rows, n, "C, " + shape);
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
      SetAlignment(pref.get(), CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, key[4], "A");
  if (s.ok()) s = SetAlignment(pref.get(), CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES, key[5], "B");
  if (s.ok()) s = SetAlignment(pref.get(), CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, key[6], "C");
  if (s.ok()) s = SetAlignment(pref.get(), CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES, key[6], "D");
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
      const Plan* raw = plan.get();
      plans_.emplace(key, std::move(plan));
      return raw;
    }
  }
  return absl::NotFoundError(absl::StrCat("cublasLtMatmulAlgoGetHeuristic(", shape,
                                          "): no usable algorithm among ", returned));
}

absl::Status CublasLtGemm::Matmul(int64_t rows, int64_t n, int64_t k, DType dtype, const void* a,
                                  const void* b, void* c, cudaStream_t stream) {
  if (rows < 1 || n < 1 || k < 1 || a == nullptr || b == nullptr || c == nullptr ||
      (dtype != DType::kBf16 && dtype != DType::kFp16)) {
    return absl::InvalidArgumentError(
        absl::StrCat("CublasLtGemm::Matmul: want positive sizes, non-null operands and bf16 or "
                     "fp16 (got ",
                     ShapeName(rows, n, k, dtype), ")"));
  }
  const Key key = {rows,         n,           k, static_cast<int64_t>(dtype), Alignment(b),
                   Alignment(a), Alignment(c)};
  absl::StatusOr<const Plan*> plan = GetPlan(key);
  if (!plan.ok()) return plan.status();
  const float alpha = 1.0f;
  const float beta = 0.0f;
  SYMMBENCH_RETURN_IF_CUBLAS_ERROR(
      cublasLtMatmul(handle_.get(), (*plan)->desc.get(), &alpha, b, (*plan)->a_layout.get(), a,
                     (*plan)->b_layout.get(), &beta, c, (*plan)->c_layout.get(), c,
                     (*plan)->c_layout.get(), &(*plan)->algo, workspace_.get(),
                     (*plan)->workspace_bytes, stream),
      absl::StrCat("cublasLtMatmul(", ShapeName(rows, n, k, dtype), ")"));
  return absl::OkStatus();
}

}  // namespace symmbench
