// Tests for ag_gemm spec validation and the values the worker derives from a spec.
#include "spec/gemm_spec.h"

#include <gtest/gtest.h>

namespace symmbench {
namespace {

v1::JobSpec ValidSpec() {
  v1::JobSpec spec;
  spec.set_kernel("ag_gemm");
  spec.set_world_size(2);
  spec.set_dtype(v1::bf16);
  spec.set_backend(v1::cpu);
  spec.set_warmup_iters(1);
  spec.set_iters(3);
  v1::GemmShape* shape = spec.mutable_gemm()->add_shapes();
  shape->set_m(4096);
  shape->set_n(6656);
  shape->set_k(16384);
  return spec;
}

DeviceLimits Limits(int64_t memory = 0) {
  DeviceLimits limits;
  limits.backend = v1::cpu;
  limits.num_devices = 4;
  limits.device_memory_bytes = memory;
  return limits;
}

// Expects INVALID_ARGUMENT (or `code`) whose message starts with `field`.
void ExpectRejected(const v1::JobSpec& spec, const std::string& field,
                    absl::StatusCode code = absl::StatusCode::kInvalidArgument,
                    const DeviceLimits& limits = Limits()) {
  absl::Status status = ValidateSpec(spec, limits);
  EXPECT_EQ(status.code(), code) << status;
  EXPECT_EQ(status.message().find(field), 0u) << status;
}

TEST(AgGemmSpecTest, ValidSpecPasses) {
  EXPECT_TRUE(ValidateSpec(ValidSpec(), Limits()).ok());
  v1::JobSpec fp16 = ValidSpec();
  fp16.set_dtype(v1::fp16);
  fp16.mutable_gemm()->set_splits_per_rank(4);
  fp16.mutable_gemm()->add_variants("fused");
  fp16.mutable_gemm()->add_variants("sequential");
  EXPECT_TRUE(ValidateSpec(fp16, Limits()).ok());
}

TEST(AgGemmSpecTest, RejectsBadShapesNamingTheField) {
  v1::JobSpec none = ValidSpec();
  none.mutable_gemm()->clear_shapes();
  ExpectRejected(none, "gemm.shapes");
  v1::JobSpec zero_k = ValidSpec();
  zero_k.mutable_gemm()->mutable_shapes(0)->set_k(0);
  ExpectRejected(zero_k, "gemm.shapes[0].k");
  v1::JobSpec zero_n = ValidSpec();
  zero_n.mutable_gemm()->mutable_shapes(0)->set_n(0);
  ExpectRejected(zero_n, "gemm.shapes[0].n");
  v1::JobSpec indivisible = ValidSpec();
  indivisible.mutable_gemm()->set_splits_per_rank(4);
  indivisible.mutable_gemm()->mutable_shapes(0)->set_m(4100);  // 4100 % (2 * 4) != 0
  ExpectRejected(indivisible, "gemm.shapes[0].m");
}

TEST(AgGemmSpecTest, RejectsBadSplitsVariantsAndDtype) {
  v1::JobSpec splits = ValidSpec();
  splits.mutable_gemm()->set_splits_per_rank(-1);
  ExpectRejected(splits, "gemm.splits_per_rank");
  v1::JobSpec variant = ValidSpec();
  variant.mutable_gemm()->add_variants("fast");
  ExpectRejected(variant, "gemm.variants[0]");
  v1::JobSpec twice = ValidSpec();
  twice.mutable_gemm()->add_variants("gemm");
  twice.mutable_gemm()->add_variants("gemm");
  ExpectRejected(twice, "gemm.variants[1]");
  v1::JobSpec graph = ValidSpec();
  graph.mutable_sweep()->set_graph(true);
  ExpectRejected(graph, "sweep: kernel ag_gemm");  // graph mode is a sweep's
  v1::JobSpec fp32 = ValidSpec();
  fp32.set_dtype(v1::fp32);
  ExpectRejected(fp32, "dtype");
}

TEST(AgGemmSpecTest, ShapesAboveDeviceMemoryAreResourceExhausted) {
  // 4096x6656x16384 bf16 at world size 2 needs ~446 MB per rank.
  ExpectRejected(ValidSpec(), "gemm.shapes[0]", absl::StatusCode::kResourceExhausted,
                 Limits(int64_t{256} << 20));
  EXPECT_TRUE(ValidateSpec(ValidSpec(), Limits(int64_t{1} << 30)).ok());
}

TEST(AgGemmSpecTest, DerivedValues) {
  v1::JobSpec spec = ValidSpec();
  const v1::GemmShape& shape = spec.gemm().shapes(0);
  EXPECT_EQ(GemmSymmetricBytes(spec, DType::kBf16), 2048LL * 16384 * 2);
  EXPECT_EQ(GemmBytesPerRank(shape, 2, DType::kBf16, Computes::kAllGatherGemm),
            2LL * (2048LL * 16384 + 2 * 4096LL * 16384 + 16384LL * 6656 + 2 * 4096LL * 6656));
  // FP8: e4m3 A and B, bf16 C and C_ref, the scales; row-wise also the scale pass's fp32 C.
  const int64_t fp8_tensorwise = 2048LL * 16384 + 2 * 4096LL * 16384 + 16384LL * 6656 +
                                 2 * 2 * 4096LL * 6656 + 4 * (4096 + 6656);
  EXPECT_EQ(GemmBytesPerRank(shape, 2, DType::kFp8E4m3, Computes::kAllGatherGemm), fp8_tensorwise);
  EXPECT_EQ(
      GemmBytesPerRank(shape, 2, DType::kFp8E4m3, Computes::kAllGatherGemm, Fp8Scaling::kRowwise),
      fp8_tensorwise + 4 * 4096LL * 6656);
  EXPECT_EQ(GemmSymmetricBytes(spec, DType::kFp8E4m3), 2048LL * 16384);
  EXPECT_EQ(ResolveSplitsPerRank(spec, shape), 2);  // auto: 2048-row shard, chunks >= 1024 rows
  spec.mutable_gemm()->set_splits_per_rank(1);
  EXPECT_EQ(ResolveSplitsPerRank(spec, shape), 1);
  // ag_gemm offers seven: fused, all_gather, gemm, sequential, pipelined, tile_flags, tile_gemm
  // (not matmul_reduce_scatter's tile_push).
  EXPECT_EQ(GemmVariants(spec).size(), 7u);
  EXPECT_EQ(GemmVariants(spec)[4], GemmVariant::kPipelined);
  EXPECT_EQ(GemmVariants(spec).back(), GemmVariant::kTileGemm);
  EXPECT_STREQ(GemmVariantName(GemmVariant::kTileFlags, Computes::kAllGatherGemm), "tile_flags");
  spec.mutable_gemm()->add_variants("tile_push");
  ExpectRejected(spec, "gemm.variants[0]", absl::StatusCode::kInvalidArgument,
                 Limits(int64_t{1} << 30));
  spec.mutable_gemm()->clear_variants();
  spec.mutable_gemm()->add_variants("sequential");
  spec.mutable_gemm()->add_variants("fused");
  std::vector<GemmVariant> two = GemmVariants(spec);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[0], GemmVariant::kFused);
  EXPECT_EQ(two[1], GemmVariant::kSequential);
}

// matmul_reduce_scatter: K split over the ranks (k % world_size), the symmetric buffer holds its
// staging area [m, n] and then tile_push's flags, its collective is "reduce_scatter", it offers
// tile_push and tile_gemm and none of ag_gemm's pipelined and tile_flags.
TEST(AgGemmSpecTest, MatmulReduceScatterDerivedValuesAndVariants) {
  v1::JobSpec spec = ValidSpec();
  spec.set_kernel("matmul_reduce_scatter");
  EXPECT_TRUE(ValidateSpec(spec, Limits(int64_t{1} << 30)).ok());
  // 4096 x 6656 bf16 (a whole number of 256-byte blocks), then 2 ranks x 64 x 104 flags of
  // 32 x 64 tiles over the 2048-row shard.
  EXPECT_EQ(TilePushFlagOffset(4096, 6656, DType::kBf16), 4096LL * 6656 * 2);
  EXPECT_EQ(TilePushFlagBytes(4096, 6656, 2), 2LL * 64 * 104 * 4);
  EXPECT_EQ(GemmSymmetricBytes(spec, DType::kBf16), 4096LL * 6656 * 2 + 2LL * 64 * 104 * 4);
  // An area that is not a whole number of blocks is rounded up; partial tiles count whole.
  EXPECT_EQ(TilePushFlagOffset(100, 72, DType::kFp8E4m3), 14592);  // 100 x 72 bf16 = 14400
  EXPECT_EQ(TilePushFlagBytes(100, 72, 2), 2 * 2 * 2 * 4);
  const std::vector<GemmVariant> variants = GemmVariants(spec);
  ASSERT_EQ(variants.size(), 6u);
  EXPECT_EQ(GemmVariantName(variants[1], Computes::kGemmReduceScatter),
            std::string("reduce_scatter"));
  EXPECT_EQ(variants[4], GemmVariant::kTilePush);
  EXPECT_EQ(variants[5], GemmVariant::kTileGemm);
  EXPECT_STREQ(GemmVariantName(GemmVariant::kTilePush, Computes::kGemmReduceScatter), "tile_push");
  EXPECT_TRUE(IsCheckedGemmVariant(GemmVariant::kTilePush));
  EXPECT_FALSE(IsCheckedGemmVariant(GemmVariant::kTileGemm));
  EXPECT_FALSE(GathersIntoA(GemmVariant::kTilePush));
  spec.mutable_gemm()->add_variants("tile_gemm");
  spec.mutable_gemm()->add_variants("tile_push");
  EXPECT_TRUE(ValidateSpec(spec, Limits(int64_t{1} << 30)).ok());
  const std::vector<GemmVariant> named = GemmVariants(spec);
  ASSERT_EQ(named.size(), 2u);
  EXPECT_EQ(named[0], GemmVariant::kTilePush);  // in the offered order
  spec.mutable_gemm()->clear_variants();
  for (const char* agemm_only : {"pipelined", "tile_flags"}) {
    spec.mutable_gemm()->add_variants(agemm_only);
    ExpectRejected(spec, "gemm.variants[0]", absl::StatusCode::kInvalidArgument,
                   Limits(int64_t{1} << 30));
    spec.mutable_gemm()->clear_variants();
  }
  spec.mutable_gemm()->mutable_shapes(0)->set_k(16385);
  ExpectRejected(spec, "gemm.shapes[0].k", absl::StatusCode::kInvalidArgument,
                 Limits(int64_t{1} << 30));
}

// A tile waited when it waited more than 1 us; the mean is over every tile.
TEST(AgGemmSpecTest, TileWaitsSummary) {
  const TileWaits none = SummarizeTileWaits({});
  EXPECT_EQ(none.tiles, 0);
  EXPECT_EQ(none.mean_us, 0.0);
  const TileWaits waits = SummarizeTileWaits({0.0, 0.5, 3.0, 12.5});
  EXPECT_EQ(waits.tiles, 4);
  EXPECT_EQ(waits.waited, 2);
  EXPECT_DOUBLE_EQ(waits.max_us, 12.5);
  EXPECT_DOUBLE_EQ(waits.mean_us, 4.0);
  // Equal waits whose rounded sum over three is above 3 x 0.05: the mean stays at the max.
  const TileWaits equal = SummarizeTileWaits({0.05, 0.05, 0.05});
  EXPECT_LE(equal.mean_us, equal.max_us);
  EXPECT_DOUBLE_EQ(equal.mean_us, 0.05);
}

TEST(AgGemmSpecTest, AutoSplits) {
  EXPECT_EQ(AutoSplitsPerRank(16384, 2), 4);  // 8192-row shard: 4 chunks of 2048
  EXPECT_EQ(AutoSplitsPerRank(4096, 2), 2);
  EXPECT_EQ(AutoSplitsPerRank(2048, 2), 1);
  EXPECT_EQ(AutoSplitsPerRank(64, 4), 1);
}

}  // namespace
}  // namespace symmbench
