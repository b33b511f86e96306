// CublasLtGemm's FP8 path against a float64 product computed here: e4m3 A [m, k] and Bt [n, k]
// (codes from kernels/fp8.h), tensor-wise and row-wise scales, bf16 C, and a chunk of rows
// whose row-wise scales start at its first row. Skips without a CUDA device.
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "kernels/cuda/ag_gemm_cublaslt.h"
#include "kernels/cuda/device_probe.h"
#include "kernels/dtype.h"
#include "kernels/fp8.h"
#include "kernels/gemm_collective.h"

namespace symmbench {
namespace {

// A device copy of a host vector, freed at scope end.
template <typename T>
class DeviceCopy {
 public:
  explicit DeviceCopy(const std::vector<T>& host) : bytes_(host.size() * sizeof(T)) {
    EXPECT_EQ(cudaMalloc(&ptr_, bytes_), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(ptr_, host.data(), bytes_, cudaMemcpyHostToDevice), cudaSuccess);
  }
  ~DeviceCopy() { cudaFree(ptr_); }
  DeviceCopy(const DeviceCopy&) = delete;
  DeviceCopy& operator=(const DeviceCopy&) = delete;
  T* get() const { return static_cast<T*>(ptr_); }

 private:
  size_t bytes_;
  void* ptr_ = nullptr;
};

class CublasLtFp8Test : public ::testing::TestWithParam<Fp8Scaling> {
 protected:
  void SetUp() override {
    if (ProbeCudaDevices().empty()) GTEST_SKIP() << "no CUDA device";
    ASSERT_EQ(cudaSetDevice(0), cudaSuccess);
    absl::StatusOr<std::unique_ptr<CublasLtGemm>> gemm = CublasLtGemm::Create(0);
    ASSERT_TRUE(gemm.ok()) << gemm.status();
    gemm_ = *std::move(gemm);
  }
  std::unique_ptr<CublasLtGemm> gemm_;
};

TEST_P(CublasLtFp8Test, MatchesTheScaledProductOfTheE4m3Values) {
  const Fp8Scaling scaling = GetParam();
  const bool rowwise = scaling == Fp8Scaling::kRowwise;
  const int64_t m = 96, n = 80, k = 64;
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> value(-448.0f, 448.0f);
  std::uniform_real_distribution<float> scale(0.5f / 448, 1.5f / 448);
  std::vector<uint8_t> a(m * k), bt(n * k);
  for (uint8_t& code : a) code = FloatToE4m3(value(rng));
  for (uint8_t& code : bt) code = FloatToE4m3(value(rng));
  std::vector<float> a_scale(rowwise ? m : 1), b_scale(rowwise ? n : 1);
  for (float& s : a_scale) s = scale(rng);
  for (float& s : b_scale) s = scale(rng);
  DeviceCopy<uint8_t> d_a(a), d_bt(bt);
  DeviceCopy<float> d_a_scale(a_scale), d_b_scale(b_scale);
  DeviceCopy<uint16_t> d_c(std::vector<uint16_t>(m * n, 0xFFFF));  // NaN until written

  GemmRhs rhs;
  rhs.dtype = DType::kFp8E4m3;
  rhs.b = d_bt.get();
  rhs.scaling = scaling;
  rhs.a_scale = d_a_scale.get();
  rhs.b_scale = d_b_scale.get();
  // Rows [0, 32) as one GEMM, rows [32, 96) as another from the middle of A: its row-wise
  // scales must start at row 32.
  absl::Status s = gemm_->Matmul(32, n, k, rhs, d_a.get(), 0, d_c.get(), nullptr);
  ASSERT_TRUE(s.ok()) << s;
  s = gemm_->Matmul(m - 32, n, k, rhs, d_a.get() + 32 * k, 32, d_c.get() + 32 * n, nullptr);
  ASSERT_TRUE(s.ok()) << s;
  // Which row-wise path this cuBLASLt gives (OUTER_VEC_32F, or the scale kernel).
  if (rowwise) {
    RecordProperty("rowwise_scale_kernel",
                   gemm_->ScalesInKernelForTesting(32, n, k) ? "yes" : "no (OUTER_VEC_32F)");
    std::printf("row-wise scales: %s\n",
                gemm_->ScalesInKernelForTesting(32, n, k) ? "scale kernel" : "OUTER_VEC_32F");
  }
  std::vector<uint16_t> c(m * n);
  ASSERT_EQ(cudaMemcpy(c.data(), d_c.get(), c.size() * 2, cudaMemcpyDeviceToHost), cudaSuccess);

  double diff2 = 0.0, ref2 = 0.0;
  int64_t far = 0;
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      double want = 0.0;
      for (int64_t kk = 0; kk < k; ++kk) {
        want += static_cast<double>(E4m3ToFloat(a[i * k + kk])) * E4m3ToFloat(bt[j * k + kk]);
      }
      want *= static_cast<double>(a_scale[rowwise ? i : 0]) * b_scale[rowwise ? j : 0];
      const double got = Bf16ToFloat(c[i * n + j]);
      diff2 += (got - want) * (got - want);
      ref2 += want * want;
      // bf16 keeps 8 significant bits: within 2^-8 of the value, or of the row's scale of
      // magnitudes for sums that cancel.
      if (!(std::fabs(got - want) <= std::fabs(want) / 128 + 1e-2)) ++far;
    }
  }
  EXPECT_EQ(far, 0);
  EXPECT_LT(std::sqrt(diff2 / ref2), 1e-2);
}

INSTANTIATE_TEST_SUITE_P(Scalings, CublasLtFp8Test,
                         ::testing::Values(Fp8Scaling::kTensorwise, Fp8Scaling::kRowwise),
                         [](const auto& info) { return std::string(Fp8ScalingName(info.param)); });

TEST_F(CublasLtFp8Test, MissingScalesAreInvalidArgument) {
  GemmRhs rhs;
  rhs.dtype = DType::kFp8E4m3;
  rhs.b = reinterpret_cast<const void*>(0x1000);
  const absl::Status s = gemm_->Matmul(16, 16, 16, rhs, reinterpret_cast<const void*>(0x1000), 0,
                                       reinterpret_cast<void*>(0x1000), nullptr);
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
}

}  // namespace
}  // namespace symmbench
