// Tests for the CPU ag_gemm through CreateCpuBackend: ranks as threads over real POSIX shared
// memory, the fused op checked against the references and against a float64 triple loop here.
#include "kernels/cpu/ag_gemm_cpu.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <random>
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

using std::chrono::milliseconds;

std::string UniqueJobId(const std::string& what) {
  return test_util::UniqueJobId("ag_gemm_cpu_test", what);
}

// The input draw as the op stores it: rounded to dtype, and for fp8_e4m3 first scaled to the
// e4m3 range (kFp8InputRange).
float Rounded(DType dtype, float value) {
  uint32_t bits = 0;
  StoreFromFloat(&bits, dtype, 0, value * GemmInputRange(dtype));
  return LoadAsFloat(&bits, dtype, 0);
}

// ||C - A @ B||_F / ||A @ B||_F with the product in double from the inputs rounded to dtype,
// computed from the input formulas alone (independent of the op's gather and GEMM); for FP8,
// the product of the e4m3 values times a_scale[row] x b_scale[col] (`scales`, the op's
// inputs: one each when tensorwise), against C in bf16.
double RelErrorAgainstTripleLoop(const GemmProblem& p, int world_size, uint64_t seed, const void* c,
                                 const CpuFp8Scales& scales) {
  const bool fp8 = p.dtype == DType::kFp8E4m3;
  const int64_t shard_rows = p.m / world_size;
  std::vector<double> b(p.k * p.n);
  for (int64_t i = 0; i < p.k * p.n; ++i) b[i] = Rounded(p.dtype, AgGemmCpuInputB(seed, i));
  double diff2 = 0.0;
  double ref2 = 0.0;
  std::vector<double> a_row(p.k);
  for (int64_t row = 0; row < p.m; ++row) {
    const int owner = static_cast<int>(row / shard_rows);
    for (int64_t kk = 0; kk < p.k; ++kk) {
      const int64_t i = (row - owner * shard_rows) * p.k + kk;
      a_row[kk] = Rounded(p.dtype, AgGemmCpuInputA(seed, owner, i));
    }
    for (int64_t col = 0; col < p.n; ++col) {
      double want = 0.0;
      for (int64_t kk = 0; kk < p.k; ++kk) want += a_row[kk] * b[kk * p.n + col];
      if (fp8) {
        want *= static_cast<double>(scales.a[scales.rowwise ? row : 0]) *
                scales.b[scales.rowwise ? col : 0];
      }
      const double d = LoadAsFloat(c, GemmOutputDType(p.dtype), row * p.n + col) - want;
      diff2 += d * d;
      ref2 += want * want;
    }
  }
  return std::sqrt(diff2 / ref2);
}

// Calls body(shape, splits) for every shape {m, n, k} and splits_per_rank 1 and 2.
template <size_t kShapes, typename Body>
void RunShapes(const int64_t (&shapes)[kShapes][3], Body body) {
  for (const auto& shape : shapes) {
    for (int splits : {1, 2}) body(shape, splits);
  }
}

class AgGemmCpuTest : public testing::TestWithParam<std::tuple<int, DType>> {};

TEST_P(AgGemmCpuTest, FusedMatchesReferencesAndTripleLoop) {
  const auto [world_size, dtype] = GetParam();
  const std::string job = UniqueJobId("match");
  const int64_t shapes[][3] = {{64, 48, 32}, {128, 40, 24}};
  RunRanksInThreads(world_size, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(rank, world_size, job, 128 * 32 * 4), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto op = (*backend)->CreateGemmCollective(ops::kAgGemm);
    ASSERT_TRUE(op.ok()) << op.status();
    GemmCollective& gemm = **op;
    EXPECT_EQ(gemm.collective_name(), "memcpy");
    EXPECT_EQ(gemm.gemm_name(), "openblas");
    auto* impl = dynamic_cast<AgGemmCpu*>(&gemm);
    ASSERT_NE(impl, nullptr);
    // FP8 runs both scalings; the other dtypes ignore the field.
    std::vector<Fp8Scaling> scalings = {Fp8Scaling::kTensorwise};
    if (dtype == DType::kFp8E4m3) scalings.push_back(Fp8Scaling::kRowwise);
    for (const Fp8Scaling scaling : scalings) {
      SCOPED_TRACE(Fp8ScalingName(scaling));
      RunShapes(shapes, [&](const int64_t* shape, int splits) {
        GemmProblem problem =
            test_util::TestGemmProblem(shape[0], shape[1], shape[2], splits, dtype);
        problem.fp8_scaling = scaling;
        const uint64_t seed = 17 + shape[0] + splits;
        SCOPED_TRACE(absl::StrCat("rank ", rank, " m ", problem.m, " n ", problem.n, " k ",
                                  problem.k, " splits ", splits, " ", Fp8ScalingName(scaling)));
        ASSERT_TRUE(gemm.Prepare(problem, seed).ok());
        EXPECT_EQ(gemm.tolerance(),
                  GemmCheckTolerance(problem, world_size, Computes::kAllGatherGemm,
                                     CheckTileRows(problem, world_size) * problem.n));
        // Against the exact product: one rounding of each element (fp32: its accumulation).
        const double exact_bound = GemmOutputRoundoff(dtype) + 1e-6;
        const CpuFp8Scales& scales = impl->fp8_scales_for_testing();
        if (dtype == DType::kFp8E4m3) {
          const bool rowwise = scaling == Fp8Scaling::kRowwise;
          EXPECT_EQ(scales.a.size(), rowwise ? static_cast<size_t>(problem.m) : 1u);
          EXPECT_EQ(scales.b.size(), rowwise ? static_cast<size_t>(problem.n) : 1u);
          EXPECT_NE(scales.a.back(), scales.b.back());
        }
        for (int repeat = 0; repeat < 2; ++repeat) {  // the copy thread and flags are reused
          ASSERT_TRUE(gemm.PoisonOutputs().ok());
          ASSERT_TRUE(gemm.Run(GemmVariant::kFused).ok());
          ASSERT_TRUE(gemm.Run(GemmVariant::kSequential).ok());
          ASSERT_TRUE((*backend)->Synchronize().ok());
          auto check = gemm.Check();
          ASSERT_TRUE(check.ok()) << check.status();
          EXPECT_EQ(check->gathered_wrong, 0) << "first bad " << check->first_bad_index;
          EXPECT_EQ(check->first_bad_index, -1);
          EXPECT_LT(check->c_rel_error, gemm.tolerance());
          EXPECT_LT(
              RelErrorAgainstTripleLoop(problem, world_size, seed, impl->c_for_testing(), scales),
              exact_bound);
        }
        // The gathered A holds every rank's inputs, rounded to dtype.
        const int64_t shard_rows = problem.m / world_size;
        const int64_t last = problem.m * problem.k - 1;
        const int owner = static_cast<int>(last / problem.k / shard_rows);
        EXPECT_EQ(
            LoadAsFloat(impl->gathered_a_for_testing(), dtype, last),
            Rounded(dtype, AgGemmCpuInputA(seed, owner, last - owner * shard_rows * problem.k)));
        // The pipelined variant (stages of all-gather + GEMMs) writes the same C.
        ASSERT_TRUE(gemm.PoisonOutputs().ok());
        ASSERT_TRUE(gemm.Run(GemmVariant::kPipelined).ok());
        ASSERT_TRUE(gemm.Run(GemmVariant::kSequential).ok());
        auto pipelined = gemm.Check();
        ASSERT_TRUE(pipelined.ok()) << pipelined.status();
        EXPECT_EQ(pipelined->gathered_wrong, 0);  // its gather is its stage buffer's
        EXPECT_LT(pipelined->c_rel_error, gemm.tolerance());
        EXPECT_LT(
            RelErrorAgainstTripleLoop(problem, world_size, seed, impl->c_for_testing(), scales),
            exact_bound);
        // The tile-flag GEMM writes the same C, tile by tile; its GEMM alone on the reference's
        // gathered A computes every tile from the same rows, so the two agree bitwise.
        ASSERT_TRUE(gemm.PoisonOutputs().ok());
        ASSERT_TRUE(gemm.Run(GemmVariant::kTileFlags).ok());
        ASSERT_TRUE(gemm.Run(GemmVariant::kCollective).ok());
        ASSERT_TRUE(gemm.Run(GemmVariant::kTileGemm).ok());
        auto tiled = gemm.Check();
        ASSERT_TRUE(tiled.ok()) << tiled.status();
        EXPECT_EQ(tiled->gathered_wrong, 0) << "first bad " << tiled->first_bad_index;
        EXPECT_EQ(tiled->c_rel_error, 0.0);
        EXPECT_EQ(tiled->tile_waits.tiles,
                  static_cast<int64_t>(
                      TileFlagsOrder(problem.m, problem.n, 0, kCpuTileRows, kCpuTileCols).size()));
        EXPECT_LE(tiled->tile_waits.waited, tiled->tile_waits.tiles);
        EXPECT_GE(tiled->tile_waits.max_us, tiled->tile_waits.mean_us);
        EXPECT_LT(
            RelErrorAgainstTripleLoop(problem, world_size, seed, impl->c_for_testing(), scales),
            exact_bound);
        // The references run apart: all-gather then GEMM agree with the fused op too.
        ASSERT_TRUE(gemm.PoisonOutputs().ok());
        ASSERT_TRUE(gemm.Run(GemmVariant::kFused).ok());
        ASSERT_TRUE(gemm.Run(GemmVariant::kCollective).ok());
        ASSERT_TRUE(gemm.Run(GemmVariant::kGemm).ok());
        auto check = gemm.Check();
        ASSERT_TRUE(check.ok()) << check.status();
        EXPECT_EQ(check->gathered_wrong, 0);
        EXPECT_LT(check->c_rel_error, gemm.tolerance());
      });
    }
  });
}

INSTANTIATE_TEST_SUITE_P(WorldSizesAndDTypes, AgGemmCpuTest,
                         testing::Combine(testing::Values(1, 2, 4),
                                          testing::Values(DType::kBf16, DType::kFp16, DType::kFp32,
                                                          DType::kFp8E4m3)),
                         [](const testing::TestParamInfo<std::tuple<int, DType>>& info) {
                           return absl::StrCat("ws", std::get<0>(info.param), "_",
                                               DTypeName(std::get<1>(info.param)));
                         });

// The tile order: the row of tiles holding first_row first, wrapping round, along N within a
// row; every element of C in exactly one tile, the last tiles cut short.
TEST(AgGemmCpuTileOrderTest, StartsAtTheFirstRowsTilesAndCoversCOnce) {
  const std::vector<CpuGemmTile> tiles = TileFlagsOrder(100, 130, 50, 48, 64);
  ASSERT_EQ(tiles.size(), 9u);
  const int64_t row0s[] = {48, 48, 48, 96, 96, 96, 0, 0, 0};
  const int64_t col0s[] = {0, 64, 128, 0, 64, 128, 0, 64, 128};
  std::vector<int> covered(100 * 130, 0);
  for (size_t i = 0; i < tiles.size(); ++i) {
    EXPECT_EQ(tiles[i].row0, row0s[i]) << i;
    EXPECT_EQ(tiles[i].col0, col0s[i]) << i;
    EXPECT_EQ(tiles[i].rows, tiles[i].row0 == 96 ? 4 : 48) << i;
    EXPECT_EQ(tiles[i].cols, tiles[i].col0 == 128 ? 2 : 64) << i;
    for (int64_t r = 0; r < tiles[i].rows; ++r) {
      for (int64_t c = 0; c < tiles[i].cols; ++c) {
        ++covered[(tiles[i].row0 + r) * 130 + tiles[i].col0 + c];
      }
    }
  }
  for (int count : covered) ASSERT_EQ(count, 1);
  EXPECT_EQ(TileFlagsOrder(100, 130, 0, 48, 64).front().row0, 0);
  EXPECT_EQ(TileFlagsOrder(100, 130, 99, 48, 64).front().row0, 96);
  EXPECT_TRUE(TileFlagsOrder(0, 130, 0, 48, 64).empty());
}

// The tile-flag protocol at 3 and 8 ranks (tiles of 48 rows then span up to four chunks of
// 12 rows, each tile waiting on every one of them), checked against the references, twice over
// (the flags' epochs move on), and against the exact product.
TEST(AgGemmCpuTileFlagsTest, MatchesTheReferencesAtThreeAndEightRanks) {
  for (const int world_size : {3, 8}) {
    SCOPED_TRACE(absl::StrCat("world_size ", world_size));
    const std::string job = UniqueJobId(absl::StrCat("tiles", world_size));
    RunRanksInThreads(world_size, [&](int rank, Rendezvous* rendezvous) {
      auto backend = CreateCpuBackend(
          test_util::TestBackendOptions(rank, world_size, job, 192 * 40 * 2), rendezvous);
      ASSERT_TRUE(backend.ok()) << backend.status();
      auto op = (*backend)->CreateGemmCollective(ops::kAgGemm);
      ASSERT_TRUE(op.ok()) << op.status();
      auto* impl = dynamic_cast<AgGemmCpu*>(op->get());
      ASSERT_NE(impl, nullptr);
      const int splits = world_size == 8 ? 2 : 4;
      const GemmProblem problem =
          test_util::TestGemmProblem(world_size * splits * 12, 72, 40, splits, DType::kBf16);
      ASSERT_TRUE(impl->Prepare(problem, 99).ok());
      for (int repeat = 0; repeat < 2; ++repeat) {
        ASSERT_TRUE(impl->PoisonOutputs().ok());
        ASSERT_TRUE(impl->Run(GemmVariant::kTileFlags).ok());
        ASSERT_TRUE(impl->Run(GemmVariant::kSequential).ok());
        auto check = impl->Check();
        ASSERT_TRUE(check.ok()) << check.status();
        EXPECT_EQ(check->gathered_wrong, 0) << "rank " << rank;
        EXPECT_LT(check->c_rel_error, impl->tolerance()) << "rank " << rank;
        EXPECT_LT(RelErrorAgainstTripleLoop(problem, world_size, 99, impl->c_for_testing(),
                                            impl->fp8_scales_for_testing()),
                  GemmOutputRoundoff(DType::kBf16) + 1e-6);
      }
    });
  }
}

TEST(AgGemmCpuCheckTest, PoisonWithoutFusedRunIsAllWrong) {
  const std::string job = UniqueJobId("poison");
  RunRanksInThreads(2, [&](int rank, Rendezvous* rendezvous) {
    auto backend =
        CreateCpuBackend(test_util::TestBackendOptions(rank, 2, job, 64 * 32 * 2), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto op = (*backend)->CreateGemmCollective(ops::kAgGemm);
    ASSERT_TRUE(op.ok()) << op.status();
    GemmCollective& gemm = **op;
    const GemmProblem problem = test_util::TestGemmProblem(64, 48, 32, 2, DType::kBf16);
    ASSERT_TRUE(gemm.Prepare(problem, 5).ok());
    // Both sides poisoned alike still count as wrong.
    auto poisoned = gemm.Check();
    ASSERT_TRUE(poisoned.ok()) << poisoned.status();
    EXPECT_EQ(poisoned->gathered_wrong, 64 * 32);
    EXPECT_EQ(poisoned->first_bad_index, 0);
    EXPECT_EQ(poisoned->c_rel_error, 1e30);
    // References only: the fused outputs are still poison.
    ASSERT_TRUE(gemm.Run(GemmVariant::kSequential).ok());
    auto check = gemm.Check();
    ASSERT_TRUE(check.ok()) << check.status();
    EXPECT_EQ(check->gathered_wrong, 64 * 32);
    EXPECT_EQ(check->first_bad_index, 0);
    EXPECT_EQ(check->c_rel_error, 1e30);
    // A fused run repairs them.
    ASSERT_TRUE(gemm.Run(GemmVariant::kFused).ok());
    auto repaired = gemm.Check();
    ASSERT_TRUE(repaired.ok()) << repaired.status();
    EXPECT_EQ(repaired->gathered_wrong, 0);
    EXPECT_LT(repaired->c_rel_error, gemm.tolerance());
  });
}

// One garbage tile of C fails the check with its own error, not the whole output's, which
// its small part of C would dilute.
TEST(AgGemmCpuCheckTest, AGarbageTileFailsWithItsOwnError) {
  const std::string job = UniqueJobId("tile");
  const GemmProblem problem = test_util::TestGemmProblem(2048, 512, 32, 2, DType::kBf16);
  RunRanksInThreads(2, [&](int rank, Rendezvous* rendezvous) {
    auto backend =
        CreateCpuBackend(test_util::TestBackendOptions(rank, 2, job, 1024 * 32 * 2), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto op = (*backend)->CreateGemmCollective(ops::kAgGemm);
    ASSERT_TRUE(op.ok()) << op.status();
    auto* impl = dynamic_cast<AgGemmCpu*>(op->get());
    ASSERT_NE(impl, nullptr);
    EXPECT_EQ(CheckTileRows(problem, 2), 128);  // chunks of 512 rows
    ASSERT_TRUE(impl->Prepare(problem, 9).ok());
    ASSERT_TRUE(impl->Run(GemmVariant::kFused).ok());
    ASSERT_TRUE(impl->Run(GemmVariant::kSequential).ok());
    auto good = impl->Check();
    ASSERT_TRUE(good.ok()) << good.status();
    ASSERT_LT(good->c_rel_error, impl->tolerance());
    // A tile the GEMM skipped: 64 elements of row 5 left at zero.
    std::vector<float> before(problem.m * problem.n);
    for (int64_t i = 0; i < problem.m * problem.n; ++i) {
      before[i] = LoadAsFloat(impl->c_for_testing(), DType::kBf16, i);
    }
    double diff2 = 0, ref2 = 0;
    for (int64_t i = 0; i < problem.m * problem.n; ++i) ref2 += double{before[i]} * before[i];
    for (int64_t i = 5 * problem.n; i < 5 * problem.n + 64; ++i) {
      diff2 += double{before[i]} * before[i];
      StoreFromFloat(impl->c_for_testing(), DType::kBf16, i, 0.0f);
    }
    auto bad = impl->Check();
    ASSERT_TRUE(bad.ok()) << bad.status();
    EXPECT_GT(bad->c_rel_error, impl->tolerance());  // its tile: fails
    // ... by sqrt(16 tiles) times the whole output's error, which would dilute it.
    EXPECT_GT(bad->c_rel_error, 3 * std::sqrt(diff2 / ref2));
  });
}

// The race check's row checksums see one element of one row: C of the right inputs with one
// element moved by 1 (about half an element's size) fails that row alone; C checked against
// other inputs fails every row.
TEST(AgGemmCpuRowCheckTest, OneWrongElementFailsItsRowAndOtherInputsFailEveryRow) {
  const std::string job = UniqueJobId("rows");
  const GemmProblem problem = test_util::TestGemmProblem(64, 40, 48, 2, DType::kFp32);
  RunRanksInThreads(2, [&](int rank, Rendezvous* rendezvous) {
    auto backend =
        CreateCpuBackend(test_util::TestBackendOptions(rank, 2, job, 64 * 1024), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto op = (*backend)->CreateGemmCollective(ops::kAgGemm);
    ASSERT_TRUE(op.ok()) << op.status();
    auto* impl = dynamic_cast<AgGemmCpu*>(op->get());
    ASSERT_NE(impl, nullptr);
    ASSERT_TRUE(impl->Prepare(problem, 5).ok());
    ASSERT_TRUE(impl->Run(GemmVariant::kFused).ok());
    ASSERT_TRUE(impl->CheckRows(5, 0).ok());
    absl::StatusOr<GemmRowCheck> right = impl->TakeRowChecks();
    ASSERT_TRUE(right.ok()) << right.status();
    EXPECT_EQ(right->wrong_rows, 0);
    EXPECT_LT(right->worst_ratio, 0.5);
    static_cast<float*>(impl->c_for_testing())[7 * problem.n + 3] += 1.0f;
    ASSERT_TRUE(impl->CheckRows(5, 0).ok());
    absl::StatusOr<GemmRowCheck> one = impl->TakeRowChecks();
    ASSERT_TRUE(one.ok()) << one.status();
    EXPECT_EQ(one->wrong_rows, 1);
    EXPECT_EQ(one->first_row, 7);
    EXPECT_EQ(one->operation, 0);
    ASSERT_TRUE(impl->CheckRows(6, 3).ok());
    absl::StatusOr<GemmRowCheck> all = impl->TakeRowChecks();
    ASSERT_TRUE(all.ok()) << all.status();
    EXPECT_EQ(all->wrong_rows, problem.m);
    EXPECT_EQ(all->operation, 3);
    EXPECT_EQ(all->first_row, 0);
  });
}

TEST(AgGemmTileTest, TileRowsDivideTheChunksAndErrorsAreRelative) {
  EXPECT_EQ(CheckTileRows(test_util::TestGemmProblem(16384, 8, 8, 4, DType::kBf16), 2), 128);
  EXPECT_EQ(CheckTileRows(test_util::TestGemmProblem(96, 8, 8, 1, DType::kBf16), 2), 48);
  EXPECT_EQ(CheckTileRows(test_util::TestGemmProblem(2 * 131, 8, 8, 1, DType::kBf16), 2), 1);
  // Too many one-row tiles: the whole chunk instead.
  EXPECT_EQ(CheckTileRows(test_util::TestGemmProblem(8 * 4099, 8, 8, 1, DType::kBf16), 8), 4099);
  EXPECT_DOUBLE_EQ(TileRelError(1, 4, true), 0.5);
  EXPECT_EQ(TileRelError(0, 0, true), 0);
  EXPECT_EQ(TileRelError(1, 0, true), 1e30);
  EXPECT_EQ(TileRelError(0, 4, false), 1e30);
}

TEST(AgGemmCpuCheckTest, BadShapesAreInvalidArgumentAndOrderIsEnforced) {
  const std::string job = UniqueJobId("shapes");
  RunRanksInThreads(2, [&](int rank, Rendezvous* rendezvous) {
    auto backend =
        CreateCpuBackend(test_util::TestBackendOptions(rank, 2, job, 64 * 32 * 2), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto op = (*backend)->CreateGemmCollective(ops::kAgGemm);
    ASSERT_TRUE(op.ok()) << op.status();
    GemmCollective& gemm = **op;
    EXPECT_EQ(gemm.Run(GemmVariant::kFused).code(), absl::StatusCode::kFailedPrecondition);
    EXPECT_EQ(gemm.Check().status().code(), absl::StatusCode::kFailedPrecondition);
    EXPECT_EQ(gemm.PoisonOutputs().code(), absl::StatusCode::kFailedPrecondition);
    absl::Status odd = gemm.Prepare(test_util::TestGemmProblem(65, 48, 32, 1, DType::kBf16), 1);
    EXPECT_EQ(odd.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(odd.message().find("m=65"), std::string::npos) << odd;
    // Divisible by world_size but not by world_size * splits_per_rank.
    EXPECT_EQ(gemm.Prepare(test_util::TestGemmProblem(66, 48, 32, 2, DType::kBf16), 1).code(),
              absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(gemm.Prepare(test_util::TestGemmProblem(64, 48, 32, 0, DType::kBf16), 1).code(),
              absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(gemm.Prepare(test_util::TestGemmProblem(64, 0, 32, 1, DType::kBf16), 1).code(),
              absl::StatusCode::kInvalidArgument);
    // A shard of 32 x 32 fp32 fills the 4096-byte buffer exactly; 32 x 33 does not fit.
    absl::Status too_big = gemm.Prepare(test_util::TestGemmProblem(64, 48, 33, 1, DType::kFp32), 1);
    EXPECT_EQ(too_big.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(too_big.message().find("4096"), std::string::npos) << too_big;
    // A failed Prepare leaves the op unprepared.
    EXPECT_EQ(gemm.Check().status().code(), absl::StatusCode::kFailedPrecondition);
    ASSERT_TRUE(gemm.Prepare(test_util::TestGemmProblem(64, 48, 32, 1, DType::kFp32), 1).ok());
    ASSERT_TRUE(gemm.Run(GemmVariant::kFused).ok());
    ASSERT_TRUE(gemm.Run(GemmVariant::kSequential).ok());
    auto check = gemm.Check();
    ASSERT_TRUE(check.ok()) << check.status();
    EXPECT_EQ(check->gathered_wrong, 0);
  });
}

TEST(AgGemmCpuCheckTest, MissingPeerTimesOut) {
  const std::string job = UniqueJobId("timeout");
  RunRanksInThreads(2, [&](int rank, Rendezvous* rendezvous) {
    auto backend = CreateCpuBackend(
        test_util::TestBackendOptions(rank, 2, job, 4096, milliseconds(300)), rendezvous);
    ASSERT_TRUE(backend.ok()) << backend.status();
    auto op = (*backend)->CreateGemmCollective(ops::kAgGemm);
    ASSERT_TRUE(op.ok()) << op.status();
    ASSERT_TRUE((*op)->Prepare(test_util::TestGemmProblem(16, 8, 8, 1, DType::kFp16), 1).ok());
    if (rank == 0) {  // rank 1 never calls Run
      const auto start = std::chrono::steady_clock::now();
      absl::Status s = (*op)->Run(GemmVariant::kFused);
      const auto waited = std::chrono::steady_clock::now() - start;
      EXPECT_EQ(s.code(), absl::StatusCode::kDeadlineExceeded) << s;
      EXPECT_NE(s.message().find("rank 0 waiting for rank 1"), std::string::npos) << s;
      EXPECT_GE(waited, milliseconds(300));
      EXPECT_LT(waited, milliseconds(5000));
      // The barrier is broken from now on: the backend must be discarded.
      EXPECT_EQ((*op)->Run(GemmVariant::kSequential).code(), absl::StatusCode::kFailedPrecondition);
    }
    ASSERT_TRUE(rendezvous->Barrier("done").ok());
  });
}

TEST(AgGemmCpuInputsTest, InRangeNonZeroAndSeeded) {
  for (int64_t i = 0; i < 10000; ++i) {
    for (float v : {AgGemmCpuInputA(3, 0, i), AgGemmCpuInputA(3, 1, i), AgGemmCpuInputB(3, i)}) {
      ASSERT_GE(v, -1.0f);
      ASSERT_LE(v, 1.0f);
      for (DType dtype : {DType::kBf16, DType::kFp16, DType::kFp32}) {
        ASSERT_NE(Rounded(dtype, v), 0.0f) << i;
      }
    }
  }
  EXPECT_NE(AgGemmCpuInputA(3, 0, 0), AgGemmCpuInputA(3, 1, 0));
  EXPECT_NE(AgGemmCpuInputA(3, 0, 0), AgGemmCpuInputA(4, 0, 0));
  EXPECT_EQ(AgGemmCpuInputB(9, 42), AgGemmCpuInputB(9, 42));
}

}  // namespace
}  // namespace symmbench
