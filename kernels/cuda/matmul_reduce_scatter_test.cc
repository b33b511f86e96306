// CUDA matmul_reduce_scatter at world size 1 (an in-process rendezvous of one rank): Prepare,
// Run(fused), Run(sequential), Check, in bf16 and fp16, at 1 to 4 chunks, back to back and at odd
// shapes; a poisoned output is caught; the race check's refills and row checksums. GPU tests
// skip without a CUDA device.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>

#include "kernels/backend.h"
#include "kernels/cuda/device_probe.h"
#include "kernels/dtype.h"
#include "kernels/gemm_collective.h"
#include "kernels/ops/registry.h"
#include "kernels/testing/backend_test_util.h"
#include "kernels/testing/gemm_row_checks.h"
#include "kernels/testing/single_rank_rendezvous.h"

namespace symmbench {
namespace {

constexpr int64_t kMaxBytes = 4 << 20;  // the staging area [m, n] of the largest shape
constexpr uint64_t kSeed = 7;

class MatmulReduceScatterGpuTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (ProbeCudaDevices().empty()) GTEST_SKIP() << "no CUDA device";
    BackendOptions options;
    options.max_bytes = kMaxBytes;
    options.timeout = std::chrono::milliseconds(20000);
    absl::StatusOr<std::unique_ptr<Backend>> backend = CreateCudaBackend(options, &rendezvous_);
    ASSERT_TRUE(backend.ok()) << backend.status();
    backend_ = *std::move(backend);
    absl::StatusOr<std::unique_ptr<GemmCollective>> op =
        backend_->CreateGemmCollective(ops::kMatmulReduceScatter);
    ASSERT_TRUE(op.ok()) << op.status();
    op_ = *std::move(op);
  }
  void TearDown() override {
    op_.reset();  // before the backend that lends it the stream and symmetric memory
    backend_.reset();
  }

  // Prepare (which poisons), fused x fused_runs, sequential, Synchronize, Check.
  void RunAndCheck(const GemmProblem& problem, int fused_runs) {
    absl::Status s = op_->Prepare(problem, kSeed);
    ASSERT_TRUE(s.ok()) << s;
    for (int i = 0; s.ok() && i < fused_runs; ++i) s = op_->Run(GemmVariant::kFused);
    ASSERT_TRUE(s.ok()) << s;
    s = op_->Run(GemmVariant::kSequential);
    ASSERT_TRUE(s.ok()) << s;
    s = backend_->Synchronize();
    ASSERT_TRUE(s.ok()) << s;
    absl::StatusOr<GemmCheck> check = op_->Check();
    ASSERT_TRUE(check.ok()) << check.status();
    EXPECT_EQ(check->gathered_wrong, 0);
    EXPECT_LT(check->c_rel_error, op_->tolerance());
  }

  SingleRankRendezvous rendezvous_;
  std::unique_ptr<Backend> backend_;
  std::unique_ptr<GemmCollective> op_;
};

TEST_F(MatmulReduceScatterGpuTest, FusedMatchesSequential) {
  EXPECT_EQ(op_->collective_name(), "nccl_reduce_scatter");
  EXPECT_EQ(op_->gemm_name(), "cublaslt");
  const GemmProblem bf16 = test_util::TestGemmProblem(256, 512, 384, 1, DType::kBf16);
  ASSERT_TRUE(op_->Prepare(bf16, kSeed).ok());
  EXPECT_DOUBLE_EQ(op_->tolerance(), GemmCheckTolerance(bf16, 1, Computes::kGemmReduceScatter,
                                                        CheckTileRows(bf16, 1) * bf16.n));
  for (const DType dtype : {DType::kBf16, DType::kFp16}) {
    for (const int splits : {1, 2, 4}) {
      SCOPED_TRACE(std::string(DTypeName(dtype)) + " splits " + std::to_string(splits));
      RunAndCheck(test_util::TestGemmProblem(256, 512, 384, splits, dtype), /*fused_runs=*/1);
    }
  }
}

// FP8 E4M3 A and Bt with tensor-wise and row-wise scales; partials, pushes and sum in bf16.
TEST_F(MatmulReduceScatterGpuTest, Fp8FusedMatchesSequential) {
  for (const Fp8Scaling scaling : {Fp8Scaling::kTensorwise, Fp8Scaling::kRowwise}) {
    for (const int splits : {1, 2}) {
      SCOPED_TRACE(std::string(Fp8ScalingName(scaling)) + " splits " + std::to_string(splits));
      GemmProblem problem = test_util::TestGemmProblem(256, 512, 384, splits, DType::kFp8E4m3);
      problem.fp8_scaling = scaling;
      RunAndCheck(problem, /*fused_runs=*/2);
    }
  }
}

TEST_F(MatmulReduceScatterGpuTest, RepeatedRunsAndOddShapes) {
  RunAndCheck(test_util::TestGemmProblem(96, 200, 136, 3, DType::kBf16), /*fused_runs=*/50);
  // n and k not multiples of 8, 33-row chunks: chunk offsets only 2-byte aligned.
  RunAndCheck(test_util::TestGemmProblem(99, 100, 130, 3, DType::kBf16), /*fused_runs=*/2);
  RunAndCheck(test_util::TestGemmProblem(1, 1, 1, 1, DType::kFp16), /*fused_runs=*/1);
}

// Fresh inputs every operation, C_shard checked row by row against the generators: no row is off,
// and the roundoff is seen (ratio > 0) but well inside the bound.
TEST_F(MatmulReduceScatterGpuTest, RowChecksPassOnFreshInputs) {
  for (const DType dtype : {DType::kBf16, DType::kFp16, DType::kFp8E4m3}) {
    for (const Fp8Scaling scaling : {Fp8Scaling::kTensorwise, Fp8Scaling::kRowwise}) {
      if (dtype != DType::kFp8E4m3 && scaling == Fp8Scaling::kRowwise) continue;
      SCOPED_TRACE(std::string(DTypeName(dtype)) + " " + Fp8ScalingName(scaling));
      GemmProblem problem = test_util::TestGemmProblem(256, 512, 384, 2, dtype);
      problem.fp8_scaling = scaling;
      test_util::ExpectRowChecksPass(
          test_util::RunRowChecks(backend_.get(), op_.get(), problem, GemmVariant::kFused, kSeed));
    }
  }
}

// A C made from other inputs than the checked seed's fails nearly every row
// (test_util::ExpectRowChecksCatchAWrongC).
TEST_F(MatmulReduceScatterGpuTest, RowChecksCatchAWrongC) {
  test_util::ExpectRowChecksCatchAWrongC(
      backend_.get(), op_.get(), test_util::TestGemmProblem(128, 256, 64, 1, DType::kBf16), kSeed);
}

TEST_F(MatmulReduceScatterGpuTest, CheckSeesPoisonedOutputs) {
  ASSERT_TRUE(op_->Prepare(test_util::TestGemmProblem(128, 64, 32, 1, DType::kBf16), kSeed).ok());
  ASSERT_TRUE(op_->Run(GemmVariant::kSequential).ok());
  ASSERT_TRUE(backend_->Synchronize().ok());
  absl::StatusOr<GemmCheck> check = op_->Check();  // the fused output is still poison
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_GE(check->c_rel_error, 1e29);
}

TEST_F(MatmulReduceScatterGpuTest, BadProblemsAreRefused) {
  EXPECT_EQ(op_->Run(GemmVariant::kFused).code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(op_->RefillInputs(kSeed).code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(op_->CheckRows(kSeed, 0).code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(op_->TakeRowChecks().status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(op_->Prepare(test_util::TestGemmProblem(128, 64, 32, 1, DType::kFp32), kSeed).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(op_->Prepare(test_util::TestGemmProblem(130, 64, 32, 4, DType::kBf16), kSeed).code(),
            absl::StatusCode::kInvalidArgument);
  // The staging area [m, n] beyond the symmetric region.
  EXPECT_EQ(op_->Prepare(test_util::TestGemmProblem(4096, 1024, 32, 1, DType::kBf16), kSeed).code(),
            absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace symmbench
