// Tests for the CPU matmul_reduce_scatter through CreateCpuBackend: ranks as threads over real
// POSIX shared memory, the fused op checked against the references and against a float64 sum
// of every rank's A @ B computed here from the input formulas alone.
#include "kernels/cpu/matmul_reduce_scatter_cpu.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "kernels/backend.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"
#include "kernels/testing/backend_test_util.h"
#include "kernels/testing/thread_rendezvous.h"

namespace symmbench {
namespace {

// The input draw as the op stores it: rounded to dtype, and for fp8_e4m3 first scaled to the
// e4m3 range (kFp8InputRange).
float Rounded(DType dtype, float value) {
  uint32_t bits = 0;
  StoreFromFloat(&bits, dtype, 0, value * GemmInputRange(dtype));
  return LoadAsFloat(&bits, dtype, 0);
}

// ||C_shard - want||_F / ||want||_F, want = rank `rank`'s rows of the sum over ranks of A_p @ B_p
// in double from the inputs rounded to dtype (FP8: each rank's product times its scales).
double RelErrorAgainstTripleLoop(const GemmProblem& p, int world_size, int rank, uint64_t seed,
                                 const void* c_shard) {
  const int64_t k_local = p.k / world_size;
  const int64_t shard_rows = p.m / world_size;
  double diff2 = 0.0;
  double ref2 = 0.0;
  for (int64_t row = 0; row < shard_rows; ++row) {
    const int64_t global_row = rank * shard_rows + row;
    for (int64_t col = 0; col < p.n; ++col) {
      double want = 0.0;
      for (int q = 0; q < world_size; ++q) {
        double partial = 0.0;
        for (int64_t kk = 0; kk < k_local; ++kk) {
          partial +=
              static_cast<double>(Rounded(
                  p.dtype, MatmulReduceScatterCpuInputA(seed, q, global_row * k_local + kk))) *
              Rounded(p.dtype, MatmulReduceScatterCpuInputB(seed, q, kk * p.n + col));
        }
        if (p.dtype == DType::kFp8E4m3) {
          const CpuFp8Scales s = MatmulReduceScatterCpuFp8Scales(p, seed, q);
          partial *=
              static_cast<double>(s.a[s.rowwise ? global_row : 0]) * s.b[s.rowwise ? col : 0];
        }
        want += partial;
      }
      const double d = LoadAsFloat(c_shard, GemmOutputDType(p.dtype), row * p.n + col) - want;
      diff2 += d * d;
      ref2 += want * want;
    }
  }
  return std::sqrt(diff2 / ref2);
}

class MatmulReduceScatterCpuTest : public testing::TestWithParam<std::tuple<int, DType>> {};

TEST_P(MatmulReduceScatterCpuTest, FusedMatchesReferencesAndTripleLoop) {
  const auto [world_size, dtype] = GetParam();
  const std::string job =
      test_util::UniqueJobId("matmul_reduce_scatter_cpu_test", absl::StrCat(world_size));
  // m divisible by world_size x 2 splits, k by world_size.
  const int64_t shapes[][3] = {{16 * world_size, 40, 8 * world_size},
                               {32 * world_size, 24, 12 * world_size}};
  RunRanksInThreads(world_size, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(rank, world_size, job, 32 * world_size * 40 * 4), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto op = (*backend)->CreateGemmCollective(ops::kMatmulReduceScatter);
    ASSERT_TRUE(op.ok()) << op.status();
    GemmCollective& gemm = **op;
    EXPECT_EQ(gemm.collective_name(), "sum");
    EXPECT_EQ(gemm.gemm_name(), "openblas");
    uint64_t seed = 17;
    for (const auto& shape : shapes) {
      for (int splits : {1, 2}) {
        GemmProblem problem =
            test_util::TestGemmProblem(shape[0], shape[1], shape[2], splits, dtype);
        // FP8: rowwise scales at odd world sizes, tensorwise at even ones.
        problem.fp8_scaling = world_size % 2 == 1 ? Fp8Scaling::kRowwise : Fp8Scaling::kTensorwise;
        SCOPED_TRACE(absl::StrCat("rank ", rank, " m=", problem.m, " n=", problem.n,
                                  " k=", problem.k, " splits ", splits));
        ASSERT_TRUE(gemm.Prepare(problem, ++seed).ok());
        // Twice: the staging area is reused, and the entry barrier orders the reuse.
        for (int run = 0; run < 2; ++run) {
          ASSERT_TRUE(gemm.PoisonOutputs().ok());
          ASSERT_TRUE(gemm.Run(GemmVariant::kFused).ok());
          ASSERT_TRUE(gemm.Run(GemmVariant::kSequential).ok());
          absl::StatusOr<GemmCheck> check = gemm.Check();
          ASSERT_TRUE(check.ok()) << check.status();
          EXPECT_EQ(check->gathered_wrong, 0);
          EXPECT_LE(check->c_rel_error, gemm.tolerance());
          // Against the exact sum: the partials' roundings and the sum's.
          EXPECT_LE(RelErrorAgainstTripleLoop(problem, world_size, rank, seed,
                                              MatmulReduceScatterCpuOutputForTesting(gemm)),
                    2 * GemmOutputRoundoff(problem.dtype) + 1e-6);
        }
        // The variants alone run too (timed separately by the worker).
        ASSERT_TRUE(gemm.Run(GemmVariant::kGemm).ok());
        ASSERT_TRUE(gemm.Run(GemmVariant::kCollective).ok());
      }
    }
  });
}

INSTANTIATE_TEST_SUITE_P(WorldSizesAndDtypes, MatmulReduceScatterCpuTest,
                         testing::Combine(testing::Values(1, 2, 3, 4),
                                          testing::Values(DType::kBf16, DType::kFp16, DType::kFp32,
                                                          DType::kFp8E4m3)),
                         [](const auto& info) {
                           return absl::StrCat("ws", std::get<0>(info.param), "_",
                                               DTypeName(std::get<1>(info.param)));
                         });

// A skipped fused run leaves poison, which the check reports as an error far above tolerance.
TEST(MatmulReduceScatterCpuCheckTest, PoisonLeftInCIsCaught) {
  const std::string job = test_util::UniqueJobId("matmul_reduce_scatter_cpu_test", "poison");
  RunRanksInThreads(2, [&](int rank, Rendezvous* rendezvous) {
    auto backend =
        CreateCpuBackend(test_util::TestBackendOptions(rank, 2, job, 64 * 16 * 2), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto op = (*backend)->CreateGemmCollective(ops::kMatmulReduceScatter);
    ASSERT_TRUE(op.ok()) << op.status();
    ASSERT_TRUE((*op)->Prepare(test_util::TestGemmProblem(64, 16, 32, 1, DType::kBf16), 3).ok());
    ASSERT_TRUE((*op)->Run(GemmVariant::kSequential).ok());
    absl::StatusOr<GemmCheck> check = (*op)->Check();
    ASSERT_TRUE(check.ok()) << check.status();
    EXPECT_GT(check->c_rel_error, 1.0);
  });
}

TEST(MatmulReduceScatterCpuPrepareTest, RefusesKNotDivisibleByWorldSize) {
  const std::string job = test_util::UniqueJobId("matmul_reduce_scatter_cpu_test", "k");
  RunRanksInThreads(2, [&](int rank, Rendezvous* rendezvous) {
    auto backend =
        CreateCpuBackend(test_util::TestBackendOptions(rank, 2, job, 1 << 16), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto op = (*backend)->CreateGemmCollective(ops::kMatmulReduceScatter);
    ASSERT_TRUE(op.ok()) << op.status();
    const absl::Status s =
        (*op)->Prepare(test_util::TestGemmProblem(64, 16, 33, 1, DType::kBf16), 3);
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
    EXPECT_EQ((*op)->Run(GemmVariant::kFused).code(), absl::StatusCode::kFailedPrecondition);
  });
}

}  // namespace
}  // namespace symmbench
