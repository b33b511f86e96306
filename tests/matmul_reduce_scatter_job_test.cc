// Kernel matmul_reduce_scatter end to end on the CPU backend: real daemon, client and worker
// processes at world sizes 2, 3 and 4; the fused op (OpenBLAS per chunk, pushed into the owner's
// shared memory, summed there) and tile_push (one tile GEMM, each tile pushed and flagged)
// verified against the sequential reference, every variant timed, and shapes that do not divide
// refused naming the field before any worker starts.
#include <gtest/gtest.h>

#include <string>

#include "tests/suite_daemon.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

class MatmulReduceScatterJobTest : public SuiteDaemonTest<::testing::TestWithParam<int>> {};

TEST_P(MatmulReduceScatterJobTest, EveryVariantTimedAndTheFusedOpVerified) {
  const int ws = GetParam();
  // m divisible by world_size x 2 splits, k by world_size.
  const int64_t m = 48 * ws, n = 40, k = 16 * ws;
  const std::string shape = std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
  CommandResult result;
  nlohmann::json job = daemon_->ClientJson(
      {"submit", "--kernel", "matmul_reduce_scatter", "--world-size", std::to_string(ws), "--dtype",
       "bf16", "--shapes", shape, "--splits-per-rank", "2", "--warmup", "1", "--iters", "3",
       "--repeats", "2", "--wait"},
      &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  ASSERT_EQ(job["rows"].size(), 1u) << job.dump();
  const nlohmann::json& row = job["rows"][0];
  const nlohmann::json& gemm = row["gemm"];
  EXPECT_EQ(gemm["m"].get<int64_t>(), m);
  EXPECT_EQ(gemm["splits_per_rank"].get<int>(), 2);
  EXPECT_EQ(row["wrong"].get<int64_t>(), 0);
  EXPECT_TRUE(row["checked"].get<bool>());
  EXPECT_EQ(row["redop"], "sum");
  EXPECT_LE(gemm["rel_error"].get<double>(), gemm["rel_error_tolerance"].get<double>());
  for (const char* key : {"t_rs_us", "t_gemm_us", "t_sequential_us", "t_fused_us", "t_tile_push_us",
                          "t_tile_gemm_us", "tflops"}) {
    EXPECT_GT(gemm[key].get<double>(), 0.0) << key;
  }
  EXPECT_EQ(gemm["t_ag_us"].get<double>(), 0.0);
  EXPECT_EQ(gemm["t_pipelined_us"].get<double>(), 0.0);  // ag_gemm's variants only
  EXPECT_EQ(gemm["t_tile_flags_us"].get<double>(), 0.0);
  // The race check of tile_push too, and its owners' flag waits: one 48-row tile per shard.
  EXPECT_EQ(gemm["race_wrong_rows"].get<int64_t>(), 0);
  EXPECT_EQ(gemm["tile_waits"]["tiles"].get<int64_t>(), ws);
  // This rank's C_shard [m / ws, n] in bf16; each rank's K slice: 2 m n k / ws flops.
  EXPECT_EQ(row["size_bytes"].get<int64_t>(), m / ws * n * 2);
  EXPECT_NEAR(gemm["tflops"].get<double>(),
              2.0 * m * n * k / ws / (gemm["t_fused_us"].get<double>() * 1e6), 1e-9);
  EXPECT_NEAR(row["busbw_gbps"].get<double>(), row["algbw_gbps"].get<double>() * (ws - 1) / ws,
              1e-9);
  EXPECT_EQ(row["reference"], "sum+openblas");
  EXPECT_EQ(row["reference_kind"], "library");
  // The table names the collective's column after it and shows the op's own variants.
  CommandResult table = daemon_->Client({"status", job["job_id"]});
  EXPECT_NE(table.out.find("t_rs"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("t_tpush"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("t_tgemm"), std::string::npos) << table.out;
  EXPECT_EQ(table.out.find("t_pipe"), std::string::npos) << table.out;
}

INSTANTIATE_TEST_SUITE_P(WorldSizes, MatmulReduceScatterJobTest, ::testing::Values(2, 3, 4),
                         [](const auto& info) { return "ws" + std::to_string(info.param); });

// tile_push named with its bound and the collective alone, in FP8 with row-wise scales, on
// shards whose tiles are clipped at each shard's end.
TEST_F(MatmulReduceScatterJobTest, NamedTilePushIsVerifiedOnClippedFp8Tiles) {
  CommandResult result;
  nlohmann::json job = daemon_->ClientJson(
      {"submit", "--kernel", "matmul_reduce_scatter", "--world-size", "2", "--dtype", "fp8_e4m3",
       "--fp8-scaling", "rowwise", "--shapes", "224x80x32", "--variants",
       "reduce_scatter,tile_push,tile_gemm", "--warmup", "1", "--iters", "3", "--wait"},
      &result);
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  ASSERT_EQ(job["rows"].size(), 1u) << job.dump();
  const nlohmann::json& row = job["rows"][0];
  const nlohmann::json& gemm = row["gemm"];
  EXPECT_EQ(row["wrong"].get<int64_t>(), 0);
  EXPECT_TRUE(row["checked"].get<bool>());
  EXPECT_LE(gemm["rel_error"].get<double>(), gemm["rel_error_tolerance"].get<double>());
  for (const char* key : {"t_rs_us", "t_tile_push_us", "t_tile_gemm_us"}) {
    EXPECT_GT(gemm[key].get<double>(), 0.0) << key;
  }
  for (const char* key : {"t_fused_us", "t_gemm_us", "t_sequential_us"}) {
    EXPECT_EQ(gemm[key].get<double>(), 0.0) << key;  // not named: not timed
  }
  // 112-row shards of 80 columns: row tiles of 48, 48 and 16, column tiles of 64 and 16.
  EXPECT_EQ(gemm["tile_waits"]["tiles"].get<int64_t>(), 2 * 3 * 2);
}

TEST_F(MatmulReduceScatterJobTest, ShapesThatDoNotDivideAreRefusedNamingTheField) {
  // m by world_size x splits_per_rank, k by world_size; variants by the op's own names.
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--world-size", "3", "--shapes", "96x32x64"}, "gemm.shapes[0].k"},
      {{"--world-size", "2", "--shapes", "68x32x64", "--splits-per-rank", "4"}, "gemm.shapes[0].m"},
      {{"--world-size", "2", "--shapes", "64x32x64", "--variants", "fused,all_gather"},
       "gemm.variants[1]"},
      {{"--world-size", "2", "--shapes", "64x32x64", "--variants", "pipelined"},
       "gemm.variants[0]"},
  };
  for (const auto& [args, field] : cases) {
    std::vector<std::string> argv = {"submit", "--kernel", "matmul_reduce_scatter"};
    argv.insert(argv.end(), args.begin(), args.end());
    CommandResult r = daemon_->Client(argv);
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
    EXPECT_NE(r.err.find("INVALID_ARGUMENT"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(field), std::string::npos) << r.err;
  }
  // The refusal lists the op's own variant names.
  CommandResult r = daemon_->Client({"submit", "--kernel", "matmul_reduce_scatter", "--world-size",
                                     "2", "--shapes", "64x32x64", "--variants", "all_gather"});
  EXPECT_NE(r.err.find("want fused, reduce_scatter, gemm, sequential"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace symmbench::testing
