// cuBLASLt is opened on first use, not at start, and its entry points then reach the library.
// Needs no GPU: the status-name functions run on the host.
#include "kernels/cuda/cublaslt_lazy.h"

#include <cublasLt.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace symmbench {
namespace {

// One test, in this order: whether the library is mapped is process state.
TEST(CublasLtLazyTest, OpenedOnFirstUseThenEveryEntryPointReachesTheLibrary) {
  // This binary links the GEMM ops' cuBLASLt code, yet nothing has opened the library.
  EXPECT_FALSE(CublasLtIsMapped());
  ASSERT_TRUE(LoadCublasLt().ok()) << LoadCublasLt();
  EXPECT_TRUE(CublasLtIsMapped());
  EXPECT_EQ(std::string(cublasLtGetStatusName(CUBLAS_STATUS_INVALID_VALUE)),
            "CUBLAS_STATUS_INVALID_VALUE");
  EXPECT_NE(std::string(cublasLtGetStatusString(CUBLAS_STATUS_INVALID_VALUE)),
            "cuBLASLt not loaded");
  // A host-only call with a bad argument: cuBLASLt itself answers.
  EXPECT_EQ(cublasLtMatrixLayoutCreate(nullptr, CUDA_R_16BF, 4, 4, 4), CUBLAS_STATUS_INVALID_VALUE);
  EXPECT_TRUE(LoadCublasLt().ok());  // once open, it stays open
}

// The host-side descriptors the GEMM plans build, created, set and destroyed through the
// forwarders (the handle, the heuristic and the matmul itself need a GPU: gpu_job_test's GEMM
// jobs run them).
TEST(CublasLtLazyTest, DescriptorsAreCreatedSetAndDestroyedByTheLibrary) {
  ASSERT_TRUE(LoadCublasLt().ok()) << LoadCublasLt();
  cublasLtMatrixLayout_t layout = nullptr;
  ASSERT_EQ(cublasLtMatrixLayoutCreate(&layout, CUDA_R_16BF, 64, 32, 64), CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(cublasLtMatrixLayoutDestroy(layout), CUBLAS_STATUS_SUCCESS);

  cublasLtMatmulDesc_t desc = nullptr;
  ASSERT_EQ(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F), CUBLAS_STATUS_SUCCESS);
  const cublasOperation_t transpose = CUBLAS_OP_T;
  EXPECT_EQ(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &transpose,
                                           sizeof(transpose)),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &transpose, 1),
            CUBLAS_STATUS_INVALID_VALUE);  // the library checks the size
  EXPECT_EQ(cublasLtMatmulDescDestroy(desc), CUBLAS_STATUS_SUCCESS);

  cublasLtMatmulPreference_t pref = nullptr;
  ASSERT_EQ(cublasLtMatmulPreferenceCreate(&pref), CUBLAS_STATUS_SUCCESS);
  const uint64_t workspace = 1 << 20;
  EXPECT_EQ(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                 &workspace, sizeof(workspace)),
            CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(cublasLtMatmulPreferenceDestroy(pref), CUBLAS_STATUS_SUCCESS);
}

}  // namespace
}  // namespace symmbench
