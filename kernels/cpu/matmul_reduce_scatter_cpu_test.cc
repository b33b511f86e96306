// Tests for the CPU matmul_reduce_scatter through CreateCpuBackend: ranks as threads over real
// POSIX shared memory, the fused op and tile_push checked against the references and against a
// float64 sum of every rank's A @ B computed here from the input formulas alone; tile_push's
// flag waits shown to matter (a late peer, and the same without the waits), and their failures.
#include "kernels/cpu/matmul_reduce_scatter_cpu.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <string>
#include <thread>
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
  std::vector<CpuFp8Scales> scales(world_size);
  if (p.dtype == DType::kFp8E4m3) {
    for (int q = 0; q < world_size; ++q) scales[q] = MatmulReduceScatterCpuFp8Scales(p, seed, q);
  }
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
          const CpuFp8Scales& s = scales[q];
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

// The symmetric buffer a job of these shapes gets (GemmSymmetricBytes): the [m, n] partials,
// then tile_push's flags.
int64_t BufferBytes(int64_t m, int64_t n, int world_size, DType dtype) {
  return TilePushFlagOffset(m, n, dtype) + TilePushFlagBytes(m, n, world_size);
}

MatmulReduceScatterCpu* Impl(GemmCollective& op) {
  return dynamic_cast<MatmulReduceScatterCpu*>(&op);
}

// Output tiles of one shard: the tile_waits a checked tile_push reports.
int64_t ShardTiles(const GemmProblem& p, int world_size) {
  return static_cast<int64_t>(
      TileFlagsOrder(p.m / world_size, p.n, 0, kCpuTileRows, kCpuTileCols).size());
}

// tile_push against the references, the exact sum and tile_gemm (the op prepared for `problem`
// with `seed`): C_shard within tolerance of the sequential reference, twice (the epochs move
// on, the staging area is reused); equal bitwise to the reduce-scatter of tile_gemm's P_refs
// (the same tiles of the same OpenBLAS calls, the same rank-order sum); and tile_gemm's P_ref
// within tolerance of gemm's.
void ExpectTilePushMatches(GemmCollective& gemm, const GemmProblem& problem, int world_size,
                           int rank, uint64_t seed) {
  MatmulReduceScatterCpu* impl = Impl(gemm);
  ASSERT_NE(impl, nullptr);
  for (int run = 0; run < 2; ++run) {
    ASSERT_TRUE(gemm.PoisonOutputs().ok());
    ASSERT_TRUE(gemm.Run(GemmVariant::kTilePush).ok());
    ASSERT_TRUE(gemm.Run(GemmVariant::kSequential).ok());
    absl::StatusOr<GemmCheck> check = gemm.Check();
    ASSERT_TRUE(check.ok()) << check.status();
    EXPECT_LE(check->c_rel_error, gemm.tolerance());
    EXPECT_EQ(check->tile_waits.tiles, ShardTiles(problem, world_size));
    EXPECT_LE(check->tile_waits.waited, check->tile_waits.tiles);
    EXPECT_LE(RelErrorAgainstTripleLoop(problem, world_size, rank, seed, impl->c_shard()),
              2 * GemmOutputRoundoff(problem.dtype) + 1e-6);
  }
  ASSERT_TRUE(gemm.PoisonOutputs().ok());
  ASSERT_TRUE(gemm.Run(GemmVariant::kTilePush).ok());
  ASSERT_TRUE(gemm.Run(GemmVariant::kTileGemm).ok());
  ASSERT_TRUE(gemm.Run(GemmVariant::kCollective).ok());
  absl::StatusOr<GemmCheck> tiled = gemm.Check();
  ASSERT_TRUE(tiled.ok()) << tiled.status();
  EXPECT_EQ(tiled->c_rel_error, 0.0);
  // tile_gemm's P_ref against gemm's: the same products, OpenBLAS called on other blocks. No
  // peer reads this rank's P_ref now: the reduce-scatter's second barrier has passed.
  const DType out = GemmOutputDType(problem.dtype);
  const size_t p_bytes = static_cast<size_t>(problem.m * problem.n) * DTypeSize(out);
  ASSERT_TRUE(gemm.Run(GemmVariant::kGemm).ok());
  std::vector<unsigned char> p_gemm(p_bytes);
  std::memcpy(p_gemm.data(), impl->p_ref_for_testing(), p_bytes);
  std::memset(impl->p_ref_for_testing(), 0xFF, p_bytes);  // tile_gemm must rewrite it all
  ASSERT_TRUE(gemm.Run(GemmVariant::kTileGemm).ok());
  EXPECT_LE(MaxTileRelError(impl->p_ref_for_testing(), p_gemm.data(), out, problem.m * problem.n,
                            problem.n),
            gemm.tolerance());
}

class MatmulReduceScatterCpuTest : public testing::TestWithParam<std::tuple<int, DType>> {};

TEST_P(MatmulReduceScatterCpuTest, FusedMatchesReferencesAndTripleLoop) {
  const auto [world_size, dtype] = GetParam();
  const std::string job =
      test_util::UniqueJobId("matmul_reduce_scatter_cpu_test", absl::StrCat(world_size));
  // m divisible by world_size x 2 splits, k by world_size; the last shape's shards are tiles of
  // 48, 48 and 4 rows by 64 and 8 columns (a row tile clipped at the shard's end).
  const int64_t shapes[][3] = {{16 * world_size, 40, 8 * world_size},
                               {32 * world_size, 24, 12 * world_size},
                               {100 * world_size, 72, 8 * world_size}};
  RunRanksInThreads(world_size, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(rank, world_size, job,
                                      BufferBytes(100 * world_size, 72, world_size, DType::kFp32)),
        rendezvous);
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
        ExpectTilePushMatches(gemm, problem, world_size, rank, seed);
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

// tile_push at 8 ranks (shards of 100 rows: tiles of 48, 48 and 4 rows), bf16 and FP8 with
// both scalings, splits 1 and 2 (which tile_push ignores).
TEST(MatmulReduceScatterCpuTilePushTest, MatchesTheReferencesAtEightRanks) {
  constexpr int kRanks = 8;
  const std::string job = test_util::UniqueJobId("matmul_reduce_scatter_cpu_test", "ws8");
  RunRanksInThreads(kRanks, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(rank, kRanks, job,
                                      BufferBytes(100 * kRanks, 72, kRanks, DType::kBf16)),
        rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto op = (*backend)->CreateGemmCollective(ops::kMatmulReduceScatter);
    ASSERT_TRUE(op.ok()) << op.status();
    uint64_t seed = 40;
    for (const auto& [dtype, scaling] : {std::pair{DType::kBf16, Fp8Scaling::kTensorwise},
                                         std::pair{DType::kFp8E4m3, Fp8Scaling::kTensorwise},
                                         std::pair{DType::kFp8E4m3, Fp8Scaling::kRowwise}}) {
      for (int splits : {1, 2}) {
        GemmProblem problem =
            test_util::TestGemmProblem(100 * kRanks, 72, 8 * kRanks, splits, dtype);
        problem.fp8_scaling = scaling;
        SCOPED_TRACE(absl::StrCat("rank ", rank, " ", GemmProblemName(problem)));
        ASSERT_TRUE((*op)->Prepare(problem, ++seed).ok());
        ExpectTilePushMatches(**op, problem, kRanks, rank, seed);
      }
    }
  });
}

// The owners' sums must wait for their flags: rank 1 pushes 30 ms after the entry barrier, so
// a sum that did not wait would read its slots' poison. Against the reference, twice, at 2 and
// 3 ranks (at 3, rank 2's rows come last from rank 1).
TEST(MatmulReduceScatterCpuTilePushTest, OwnersWaitForALatePeersTiles) {
  for (const int world_size : {2, 3}) {
    SCOPED_TRACE(absl::StrCat("world_size ", world_size));
    const std::string job =
        test_util::UniqueJobId("matmul_reduce_scatter_cpu_test", absl::StrCat("late", world_size));
    const GemmProblem problem =
        test_util::TestGemmProblem(100 * world_size, 72, 8 * world_size, 1, DType::kBf16);
    RunRanksInThreads(world_size, [&](int rank, Rendezvous* rendezvous) {
      auto backend = CreateCpuBackend(
          test_util::TestBackendOptions(
              rank, world_size, job, BufferBytes(problem.m, problem.n, world_size, problem.dtype)),
          rendezvous);
      ASSERT_TRUE(backend.ok()) << backend.status();
      auto op = (*backend)->CreateGemmCollective(ops::kMatmulReduceScatter);
      ASSERT_TRUE(op.ok()) << op.status();
      if (rank == 1) Impl(**op)->set_push_delay_for_testing(std::chrono::milliseconds(30));
      ASSERT_TRUE((*op)->Prepare(problem, 5).ok());
      for (int run = 0; run < 2; ++run) {
        ASSERT_TRUE((*op)->PoisonOutputs().ok());
        ASSERT_TRUE((*op)->Run(GemmVariant::kTilePush).ok());
        ASSERT_TRUE((*op)->Run(GemmVariant::kSequential).ok());
        absl::StatusOr<GemmCheck> check = (*op)->Check();
        ASSERT_TRUE(check.ok()) << check.status();
        EXPECT_LE(check->c_rel_error, (*op)->tolerance()) << "rank " << rank << " run " << run;
      }
    });
  }
}

// The same late peer with the flag waits skipped (the skip_exit_barrier fault: rank 1 pushes
// kFaultDelay late): rank 0 sums before rank 1's tiles land and its C_shard holds poison, so
// the setup above does catch a sum that does not wait.
TEST(MatmulReduceScatterCpuTilePushTest, WithoutTheFlagWaitsALatePeerLeavesPoison) {
  const std::string job = test_util::UniqueJobId("matmul_reduce_scatter_cpu_test", "nowait");
  const GemmProblem problem = test_util::TestGemmProblem(200, 72, 16, 1, DType::kBf16);
  RunRanksInThreads(2, [&](int rank, Rendezvous* rendezvous) {
    BackendOptions options =
        test_util::TestBackendOptions(rank, 2, job, BufferBytes(200, 72, 2, DType::kBf16));
    options.faults.skip_exit_barrier = true;
    options.faults.delayed_rank = 1;
    auto backend = CreateCpuBackend(options, rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto op = (*backend)->CreateGemmCollective(ops::kMatmulReduceScatter);
    ASSERT_TRUE(op.ok()) << op.status();
    ASSERT_TRUE((*op)->Prepare(problem, 5).ok());
    int wrong = 0;
    for (int run = 0; run < 3; ++run) {
      ASSERT_TRUE((*op)->PoisonOutputs().ok());
      ASSERT_TRUE((*op)->Run(GemmVariant::kTilePush).ok());
      ASSERT_TRUE((*op)->Run(GemmVariant::kSequential).ok());
      absl::StatusOr<GemmCheck> check = (*op)->Check();
      ASSERT_TRUE(check.ok()) << check.status();
      if (!(check->c_rel_error <= (*op)->tolerance())) ++wrong;
    }
    if (rank == 0) EXPECT_GE(wrong, 1);
  });
}

// A flag that never rises in time: rank 1 pushes long after rank 0's timeout. Rank 0 fails
// with DEADLINE_EXCEEDED naming the tile and the peer, and refuses later Runs; rank 1, whose
// tiles rank 0 pushed before it waited, finishes.
TEST(MatmulReduceScatterCpuTilePushTest, AFlagThatDoesNotRiseTimesOut) {
  const std::string job = test_util::UniqueJobId("matmul_reduce_scatter_cpu_test", "timeout");
  RunRanksInThreads(2, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(rank, 2, job, BufferBytes(96, 40, 2, DType::kBf16),
                                      std::chrono::milliseconds(200)),
        rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto op = (*backend)->CreateGemmCollective(ops::kMatmulReduceScatter);
    ASSERT_TRUE(op.ok()) << op.status();
    ASSERT_TRUE((*op)->Prepare(test_util::TestGemmProblem(96, 40, 16, 1, DType::kBf16), 3).ok());
    if (rank == 1) {
      Impl(**op)->set_push_delay_for_testing(std::chrono::milliseconds(2000));
      EXPECT_TRUE((*op)->Run(GemmVariant::kTilePush).ok());
    } else {
      const absl::Status s = (*op)->Run(GemmVariant::kTilePush);
      EXPECT_EQ(s.code(), absl::StatusCode::kDeadlineExceeded) << s;
      EXPECT_NE(s.message().find("rank 0 waiting for rank 1's tile 0 (rows [0, 48), columns "
                                 "[0, 40)) of tile_push operation 1"),
                std::string::npos)
          << s;
      EXPECT_EQ((*op)->Run(GemmVariant::kTilePush).code(), absl::StatusCode::kFailedPrecondition);
    }
    ASSERT_TRUE(rendezvous->Barrier("done").ok());
  });
}

// A peer that gives up (Backend::Abort, as a failing worker does) stops the flag waits of the
// others at once with ABORTED naming it, as it stops their barriers.
TEST(MatmulReduceScatterCpuTilePushTest, APeersAbortStopsTheFlagWaits) {
  const std::string job = test_util::UniqueJobId("matmul_reduce_scatter_cpu_test", "abort");
  RunRanksInThreads(2, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(rank, 2, job, BufferBytes(96, 40, 2, DType::kBf16)),
        rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto op = (*backend)->CreateGemmCollective(ops::kMatmulReduceScatter);
    ASSERT_TRUE(op.ok()) << op.status();
    ASSERT_TRUE((*op)->Prepare(test_util::TestGemmProblem(96, 40, 16, 1, DType::kBf16), 3).ok());
    if (rank == 1) {
      // Aborts while its Run still sleeps before its first push.
      Impl(**op)->set_push_delay_for_testing(std::chrono::milliseconds(1000));
      std::thread aborter([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        (*backend)->Abort();
      });
      EXPECT_TRUE((*op)->Run(GemmVariant::kTilePush).ok());
      aborter.join();
    } else {
      const absl::Status s = (*op)->Run(GemmVariant::kTilePush);
      EXPECT_EQ(s.code(), absl::StatusCode::kAborted) << s;
      EXPECT_NE(s.message().find("waiting for rank 1's tile 0"), std::string::npos) << s;
      EXPECT_NE(s.message().find("rank 1 aborted"), std::string::npos) << s;
    }
    ASSERT_TRUE(rendezvous->Barrier("done").ok());
  });
}

// A skipped fused run leaves poison, which the check reports as an error far above tolerance.
TEST(MatmulReduceScatterCpuCheckTest, PoisonLeftInCIsCaught) {
  const std::string job = test_util::UniqueJobId("matmul_reduce_scatter_cpu_test", "poison");
  RunRanksInThreads(2, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(rank, 2, job, BufferBytes(64, 16, 2, DType::kBf16)),
        rendezvous);
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

// A buffer that holds the staging area but not tile_push's flags past P_ref.
TEST(MatmulReduceScatterCpuPrepareTest, RefusesABufferWithoutRoomForTheFlags) {
  const std::string job = test_util::UniqueJobId("matmul_reduce_scatter_cpu_test", "flags");
  RunRanksInThreads(2, [&](int rank, Rendezvous* rendezvous) {
    // 64 x 16 bf16: 2048 bytes, a whole number of kBufferAlignment blocks.
    auto backend =
        CreateCpuBackend(test_util::TestBackendOptions(rank, 2, job, 64 * 16 * 2), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto op = (*backend)->CreateGemmCollective(ops::kMatmulReduceScatter);
    ASSERT_TRUE(op.ok()) << op.status();
    const absl::Status s =
        (*op)->Prepare(test_util::TestGemmProblem(64, 16, 32, 1, DType::kBf16), 3);
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
    EXPECT_NE(s.message().find("tile_push's flags (2 ranks x 1 tiles of uint32, 8 bytes at "
                               "offset 2048"),
              std::string::npos)
        << s;
    EXPECT_EQ((*op)->Run(GemmVariant::kTilePush).code(), absl::StatusCode::kFailedPrecondition);
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
