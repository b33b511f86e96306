// CUDA ag_gemm at world size 1 (an in-process rendezvous of one rank): Prepare, Poison,
// Run(fused), Run(sequential), Check; the race check's refills and row checksums; argument
// errors. GPU tests skip without a CUDA device.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <set>
#include <string>
#include <vector>

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

constexpr int64_t kMaxBytes = 4 << 20;
constexpr uint64_t kSeed = 99;

class AgGemmGpuTest : public ::testing::Test {
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
        backend_->CreateGemmCollective(ops::kAgGemm);
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
    EXPECT_EQ(check->gathered_wrong, 0) << "first bad " << check->first_bad_index;
    EXPECT_EQ(check->first_bad_index, -1);
    EXPECT_LT(check->c_rel_error, op_->tolerance());
  }

  SingleRankRendezvous rendezvous_;
  std::unique_ptr<Backend> backend_;
  std::unique_ptr<GemmCollective> op_;
};

TEST_F(AgGemmGpuTest, FusedMatchesSequential) {
  EXPECT_EQ(op_->collective_name(), "nccl_all_gather");
  EXPECT_EQ(op_->gemm_name(), "cublaslt");
  const GemmProblem bf16 = test_util::TestGemmProblem(256, 512, 384, 1, DType::kBf16);
  ASSERT_TRUE(op_->Prepare(bf16, kSeed).ok());
  EXPECT_DOUBLE_EQ(op_->tolerance(), GemmCheckTolerance(bf16, 1, Computes::kAllGatherGemm,
                                                        CheckTileRows(bf16, 1) * bf16.n));
  EXPECT_LT(op_->tolerance(), 1e-3);
  for (const DType dtype : {DType::kBf16, DType::kFp16}) {
    for (const int splits : {1, 2}) {
      SCOPED_TRACE(std::string(DTypeName(dtype)) + " splits " + std::to_string(splits));
      RunAndCheck(test_util::TestGemmProblem(256, 512, 384, splits, dtype), /*fused_runs=*/1);
    }
  }
}

// FP8 E4M3 inputs with tensor-wise and row-wise scales (bf16 C): the fused op's gathered e4m3
// bytes bitwise and its chunk GEMMs (row-wise: each chunk's own rows of the A scales) against
// one whole-matrix GEMM, and the pipeline's stages the same.
TEST_F(AgGemmGpuTest, Fp8FusedAndPipelinedMatchSequential) {
  for (const Fp8Scaling scaling : {Fp8Scaling::kTensorwise, Fp8Scaling::kRowwise}) {
    for (const int splits : {1, 2, 4}) {
      SCOPED_TRACE(std::string(Fp8ScalingName(scaling)) + " splits " + std::to_string(splits));
      GemmProblem problem = test_util::TestGemmProblem(256, 512, 384, splits, DType::kFp8E4m3);
      problem.fp8_scaling = scaling;
      RunAndCheck(problem, /*fused_runs=*/2);
      ASSERT_TRUE(op_->PoisonOutputs().ok());
      ASSERT_TRUE(op_->Run(GemmVariant::kPipelined).ok());
      ASSERT_TRUE(op_->Run(GemmVariant::kSequential).ok());
      ASSERT_TRUE(backend_->Synchronize().ok());
      absl::StatusOr<GemmCheck> check = op_->Check();
      ASSERT_TRUE(check.ok()) << check.status();
      EXPECT_LT(check->c_rel_error, op_->tolerance());
    }
  }
}

// nvFuser's stream pipeline: splits_per_rank stages of NCCL all-gather + GEMMs over two
// streams, the same C as the sequential pair.
TEST_F(AgGemmGpuTest, PipelinedMatchesSequential) {
  for (const DType dtype : {DType::kBf16, DType::kFp16}) {
    for (const int stages : {1, 2, 3, 4}) {
      SCOPED_TRACE(std::string(DTypeName(dtype)) + " stages " + std::to_string(stages));
      const GemmProblem problem = test_util::TestGemmProblem(384, 512, 256, stages, dtype);
      absl::Status s = op_->Prepare(problem, kSeed);
      ASSERT_TRUE(s.ok()) << s;
      for (int i = 0; s.ok() && i < 10; ++i) s = op_->Run(GemmVariant::kPipelined);
      ASSERT_TRUE(s.ok()) << s;
      ASSERT_TRUE(op_->Run(GemmVariant::kSequential).ok());
      ASSERT_TRUE(backend_->Synchronize().ok());
      absl::StatusOr<GemmCheck> check = op_->Check();
      ASSERT_TRUE(check.ok()) << check.status();
      EXPECT_EQ(check->gathered_wrong, 0);
      EXPECT_LT(check->c_rel_error, op_->tolerance());
    }
  }
  // The check is live: poisoned C, then only the reference.
  ASSERT_TRUE(op_->PoisonOutputs().ok());
  ASSERT_TRUE(op_->Run(GemmVariant::kSequential).ok());
  ASSERT_TRUE(backend_->Synchronize().ok());
  EXPECT_GE(op_->Check()->c_rel_error, 1e29);
}

// Fresh inputs every operation, C checked row by row against the generators: no row is off,
// and the roundoff is seen (ratio > 0) but well inside the bound.
TEST_F(AgGemmGpuTest, RowChecksPassOnFreshInputs) {
  for (const DType dtype : {DType::kBf16, DType::kFp16, DType::kFp8E4m3}) {
    for (const Fp8Scaling scaling : {Fp8Scaling::kTensorwise, Fp8Scaling::kRowwise}) {
      if (dtype != DType::kFp8E4m3 && scaling == Fp8Scaling::kRowwise) continue;
      for (const GemmVariant variant : {GemmVariant::kFused, GemmVariant::kPipelined}) {
        SCOPED_TRACE(std::string(DTypeName(dtype)) + " " + Fp8ScalingName(scaling) + " " +
                     GemmVariantName(variant, Computes::kAllGatherGemm));
        GemmProblem problem = test_util::TestGemmProblem(256, 512, 384, 2, dtype);
        problem.fp8_scaling = scaling;
        test_util::ExpectRowChecksPass(
            test_util::RunRowChecks(backend_.get(), op_.get(), problem, variant, kSeed));
      }
    }
  }
}

// A C made from other inputs than the checked seed's fails nearly every row
// (test_util::ExpectRowChecksCatchAWrongC).
TEST_F(AgGemmGpuTest, RowChecksCatchAWrongC) {
  test_util::ExpectRowChecksCatchAWrongC(
      backend_.get(), op_.get(), test_util::TestGemmProblem(128, 256, 64, 1, DType::kBf16), kSeed);
}

TEST_F(AgGemmGpuTest, RepeatedRuns) {
  // Many fused runs back to back: flag epochs, barrier slot balance, plan cache reuse.
  RunAndCheck(test_util::TestGemmProblem(96, 200, 136, 3, DType::kBf16), /*fused_runs=*/50);
  RunAndCheck(test_util::TestGemmProblem(256, 512, 384, 4, DType::kFp16), /*fused_runs=*/20);
}

TEST_F(AgGemmGpuTest, OddShapes) {
  // n, k not multiples of 8 and 33-row chunks: chunk offsets only 4-byte aligned (the
  // heuristic is told the real alignment).
  RunAndCheck(test_util::TestGemmProblem(99, 100, 130, 3, DType::kBf16), /*fused_runs=*/2);
  RunAndCheck(test_util::TestGemmProblem(99, 100, 130, 1, DType::kFp16), /*fused_runs=*/2);
  RunAndCheck(test_util::TestGemmProblem(1, 1, 1, 1, DType::kBf16), /*fused_runs=*/1);
}

TEST_F(AgGemmGpuTest, CheckSeesPoisonedOutputs) {
  const GemmProblem problem = test_util::TestGemmProblem(128, 64, 32, 1, DType::kBf16);
  ASSERT_TRUE(op_->Prepare(problem, kSeed).ok());
  ASSERT_TRUE(op_->Run(GemmVariant::kSequential).ok());
  ASSERT_TRUE(backend_->Synchronize().ok());
  absl::StatusOr<GemmCheck> check = op_->Check();  // the fused outputs are still poison
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_EQ(check->gathered_wrong, problem.m * problem.k);
  EXPECT_EQ(check->first_bad_index, 0);
  EXPECT_GE(check->c_rel_error, 1e29);
}

TEST_F(AgGemmGpuTest, ReferencesAloneAndTimer) {
  ASSERT_TRUE(op_->Prepare(test_util::TestGemmProblem(512, 256, 128, 2, DType::kBf16), kSeed).ok());
  std::unique_ptr<Timer> timer = backend_->NewTimer();
  ASSERT_TRUE(timer->Start().ok());
  for (int i = 0; i < 10; ++i) {
    ASSERT_TRUE(op_->Run(GemmVariant::kCollective).ok());
    ASSERT_TRUE(op_->Run(GemmVariant::kGemm).ok());
    ASSERT_TRUE(op_->Run(GemmVariant::kFused).ok());
  }
  ASSERT_TRUE(timer->Stop().ok());
  ASSERT_TRUE(backend_->Synchronize().ok());
  absl::StatusOr<double> us = timer->ElapsedUs();
  ASSERT_TRUE(us.ok()) << us.status();
  // 30 operations, each at least one kernel launch (>= 1 us); far less than 10 s.
  EXPECT_GT(*us, 30.0);
  EXPECT_LT(*us, 10e6);
  absl::StatusOr<GemmCheck> check = op_->Check();
  ASSERT_TRUE(check.ok()) << check.status();
  EXPECT_EQ(check->gathered_wrong, 0);
  EXPECT_LT(check->c_rel_error, op_->tolerance());
}

// The fused op raises its flags to a new epoch per operation, which a graph replaying fixed
// values cannot: a capture is refused, and the backend works on afterwards.
TEST_F(AgGemmGpuTest, CaptureIsRefusedAndLeavesTheBackendUsable) {
  const GemmProblem problem = test_util::TestGemmProblem(512, 256, 128, 2, DType::kBf16);
  ASSERT_TRUE(op_->Prepare(problem, kSeed).ok());
  absl::StatusOr<std::unique_ptr<Graph>> graph =
      backend_->CaptureGraph([&] { return op_->Run(GemmVariant::kFused); }, 1);
  EXPECT_EQ(graph.status().code(), absl::StatusCode::kFailedPrecondition) << graph.status();
  EXPECT_NE(graph.status().message().find("CUDA graph"), std::string::npos) << graph.status();
  ASSERT_TRUE(backend_->Synchronize().ok());
  RunAndCheck(problem, 3);
}

TEST_F(AgGemmGpuTest, RejectsBadProblems) {
  EXPECT_EQ(op_->Run(GemmVariant::kFused).code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(op_->Check().status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(op_->RefillInputs(kSeed).code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(op_->CheckRows(kSeed, 0).code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(op_->TakeRowChecks().status().code(), absl::StatusCode::kFailedPrecondition);
  const absl::Status fp32 =
      op_->Prepare(test_util::TestGemmProblem(64, 64, 64, 1, DType::kFp32), kSeed);
  EXPECT_EQ(fp32.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(fp32.message().find("fp32"), std::string::npos) << fp32;
  EXPECT_EQ(op_->Prepare(test_util::TestGemmProblem(100, 64, 64, 3, DType::kBf16), kSeed).code(),
            absl::StatusCode::kInvalidArgument);  // 100 % 3 != 0
  EXPECT_EQ(op_->Prepare(test_util::TestGemmProblem(0, 64, 64, 1, DType::kBf16), kSeed).code(),
            absl::StatusCode::kInvalidArgument);
  // A shard of 4 MiB + 2 bytes: larger than the symmetric buffer.
  EXPECT_EQ(
      op_->Prepare(test_util::TestGemmProblem(1, 64, (kMaxBytes / 2) + 1, 1, DType::kBf16), kSeed)
          .code(),
      absl::StatusCode::kInvalidArgument);
  // The shard fits, but B [1024, 2^40] (2 PiB) fits on no GPU.
  EXPECT_EQ(
      op_->Prepare(test_util::TestGemmProblem(64, int64_t{1} << 40, 1024, 1, DType::kBf16), kSeed)
          .code(),
      absl::StatusCode::kResourceExhausted);
  // Still usable after the errors.
  RunAndCheck(test_util::TestGemmProblem(64, 64, 64, 1, DType::kBf16), /*fused_runs=*/1);
}

}  // namespace
}  // namespace symmbench
