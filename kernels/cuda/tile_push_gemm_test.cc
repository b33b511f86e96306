// The tile-push GEMM and its sum on one GPU: each owner's rows of P against cuBLASLt's P (bf16,
// FP8 tensor-wise and row-wise) with every tile's flag raised, the sum against a host sum of
// the slots, a sum that waits for flags raised late, and a flag never raised that times out
// into the error record. Skips without an sm_90 device. SYMMBENCH_GEMM_TIMING=1 also prints the
// GEMM's median time beside cuBLASLt's on the matmul_reduce_scatter anchors at 2 ranks (figures
// for docs/results, not asserted).
#include "kernels/cuda/tile_push_gemm.h"

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <thread>
#include <vector>

#include "kernels/cuda/ag_gemm_cublaslt.h"
#include "kernels/cuda/ag_gemm_kernels.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/cuda/tile_gemm_test_fixture.h"
#include "kernels/dtype.h"
#include "kernels/fp8.h"

namespace symmbench {
namespace {

#define ASSERT_CUDA(call) ASSERT_EQ((call), cudaSuccess) << #call

struct Shape {
  int m, n, k;  // k: one rank's slice of K
};

// The matmul_reduce_scatter anchors (M x N x K) at 2 ranks: K / 2 per rank.
constexpr Shape kAnchors[] = {
    {4096, 6656, 8192}, {8192, 8192, 4096}, {16384, 8192, 2048}, {2048, 8192, 4096}};

// bf16 values of `count` elements at `device`, as float.
std::vector<float> ReadBf16(const void* device, int64_t count) {
  std::vector<uint16_t> raw(count);
  EXPECT_EQ(cudaMemcpy(raw.data(), device, 2 * count, cudaMemcpyDeviceToHost), cudaSuccess);
  std::vector<float> out(count);
  for (int64_t i = 0; i < count; ++i) out[i] = LoadAsFloat(raw.data(), DType::kBf16, i);
  return out;
}

// Relative Frobenius error of `got` against `want`.
double RelativeError(const std::vector<float>& got, const std::vector<float>& want) {
  double diff = 0, norm = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    diff += (double{got[i]} - want[i]) * (double{got[i]} - want[i]);
    norm += double{want[i]} * want[i];
  }
  return std::sqrt(diff / norm);
}

class TilePushGemmTest : public TileGemmTest {
 protected:
  // Every anchor, split among `owners` slots of one allocation (slot o at o x (slot + 256
  // bytes), so a tile written to the wrong owner or row shows), against cuBLASLt's P; every
  // flag must read the epoch afterwards.
  void MatchesCublasLt(DeviceDType dtype, bool rowwise, int owners);
};

void TilePushGemmTest::MatchesCublasLt(DeviceDType dtype, bool rowwise, int owners) {
  absl::StatusOr<std::unique_ptr<CublasLtGemm>> cublas = CublasLtGemm::Create(0);
  ASSERT_TRUE(cublas.ok()) << cublas.status();
  const bool fp8 = dtype == DeviceDType::kFp8E4m3;
  const bool timing = std::getenv("SYMMBENCH_GEMM_TIMING") != nullptr;
  DevicePtr<float> scales;  // a_scale, b_scale, alpha 16 bytes apart (cuBLASLt's alignment)
  const float host_scales[9] = {1.0f / 448, 0, 0, 0, 1.0f / 448, 0, 0, 0, 1.0f / (448.0f * 448.0f)};
  ASSERT_CUDA(DeviceMalloc(0, sizeof(host_scales), &scales));
  ASSERT_CUDA(cudaMemcpy(scales.get(), host_scales, sizeof(host_scales), cudaMemcpyHostToDevice));
  for (const Shape& s : kAnchors) {
    SCOPED_TRACE(testing::Message() << s.m << "x" << s.n << "x" << s.k << " owners " << owners);
    const size_t elem = DeviceDTypeSize(dtype);
    const int64_t shard = s.m / owners;
    const size_t slot_bytes = size_t{2} * shard * s.n + 256;
    DevicePtr<void> a, b, p_ref, slots;
    DevicePtr<uint32_t> flags;
    const int64_t tiles = TilePushShardTiles(dtype, shard, s.n);
    ASSERT_CUDA(DeviceMalloc(0, elem * s.m * s.k, &a));
    ASSERT_CUDA(DeviceMalloc(0, elem * s.k * s.n, &b));
    ASSERT_CUDA(DeviceMalloc(0, size_t{2} * s.m * s.n, &p_ref));
    ASSERT_CUDA(DeviceMalloc(0, slot_bytes * owners, &slots));
    ASSERT_CUDA(DeviceMalloc(0, sizeof(uint32_t) * tiles * owners, &flags));
    ASSERT_CUDA(LaunchAgGemmFillUniform(a.get(), int64_t{s.m} * s.k, dtype, 7, 0, stream_));
    ASSERT_CUDA(LaunchAgGemmFillUniform(b.get(), int64_t{s.k} * s.n, dtype, 7, 1, stream_));
    ASSERT_CUDA(cudaMemsetAsync(slots.get(), 0xFF, slot_bytes * owners, stream_));
    ASSERT_CUDA(cudaMemsetAsync(flags.get(), 0, sizeof(uint32_t) * tiles * owners, stream_));
    GemmRhs rhs;
    rhs.dtype = fp8 ? DType::kFp8E4m3 : DType::kBf16;
    rhs.b = b.get();
    TilePushGemmArgs args;
    args.dtype = dtype;
    args.a = a.get();
    args.b = b.get();
    args.m = s.m;
    args.n = s.n;
    args.k = s.k;
    args.owners = owners;
    args.epoch = 5;
    args.first_owner = owners - 1;
    for (int o = 0; o < owners; ++o) {
      args.slots[o] = static_cast<char*>(slots.get()) + o * slot_bytes;
      args.flags[o] = flags.get() + o * tiles;
    }
    DevicePtr<float> row_scales, col_scales;
    if (fp8 && !rowwise) {
      rhs.a_scale = scales.get();
      rhs.b_scale = scales.get() + 4;
      args.alpha = scales.get() + 8;
    } else if (rowwise) {
      ASSERT_CUDA(DeviceMalloc(0, sizeof(float) * s.m, &row_scales));
      ASSERT_CUDA(DeviceMalloc(0, sizeof(float) * s.n, &col_scales));
      ASSERT_CUDA(LaunchFp8ScaleFill(row_scales.get(), s.m, 7, 2, stream_));
      ASSERT_CUDA(LaunchFp8ScaleFill(col_scales.get(), s.n, 7, 3, stream_));
      rhs.scaling = Fp8Scaling::kRowwise;
      rhs.a_scale = row_scales.get();
      rhs.b_scale = col_scales.get();
      args.row_scales = row_scales.get();
      args.col_scales = col_scales.get();
    }
    ASSERT_CUDA(LaunchTilePushGemm(args, stream_));
    const absl::Status reference =
        (*cublas)->Matmul(s.m, s.n, s.k, rhs, a.get(), 0, p_ref.get(), stream_);
    ASSERT_TRUE(reference.ok()) << reference;
    ASSERT_CUDA(cudaStreamSynchronize(stream_));
    const std::vector<float> want = ReadBf16(p_ref.get(), int64_t{s.m} * s.n);
    for (int o = 0; o < owners; ++o) {
      const std::vector<float> got = ReadBf16(args.slots[o], shard * s.n);
      const std::vector<float> want_rows(want.begin() + o * shard * s.n,
                                         want.begin() + (o + 1) * shard * s.n);
      EXPECT_LT(RelativeError(got, want_rows), 1e-2) << "owner " << o;
    }
    std::vector<uint32_t> raised(tiles * owners);
    ASSERT_CUDA(cudaMemcpy(raised.data(), flags.get(), sizeof(uint32_t) * raised.size(),
                           cudaMemcpyDeviceToHost));
    EXPECT_EQ(std::count(raised.begin(), raised.end(), 5u), static_cast<int64_t>(raised.size()));
    if (timing) {
      cudaEvent_t e[3];
      for (cudaEvent_t& event : e) cudaEventCreate(&event);
      TilePushGemmArgs no_flags = args;
      for (uint32_t*& f : no_flags.flags) f = nullptr;
      std::vector<float> push, bare, lt;
      for (int i = 0; i < 105; ++i) {
        cudaEventRecord(e[0], stream_);
        (void)LaunchTilePushGemm(i % 2 == 0 ? args : no_flags, stream_);
        cudaEventRecord(e[1], stream_);
        (void)(*cublas)->Matmul(s.m, s.n, s.k, rhs, a.get(), 0, p_ref.get(), stream_);
        cudaEventRecord(e[2], stream_);
        cudaEventSynchronize(e[2]);
        float t = 0;
        if (i < 5) continue;  // warm-up
        cudaEventElapsedTime(&t, e[0], e[1]);
        (i % 2 == 0 ? push : bare).push_back(1000 * t);
        cudaEventElapsedTime(&t, e[1], e[2]);
        lt.push_back(1000 * t);
      }
      for (std::vector<float>* v : {&push, &bare, &lt}) std::sort(v->begin(), v->end());
      const double median_lt = lt[lt.size() / 2];
      std::printf(
          "TILE-PUSH-GEMM %dx%dx%d %s owners %d: %.1f us with flags, %.1f us without, cublaslt "
          "%.1f us, ratios %.3f %.3f\n",
          s.m, s.n, s.k,
          rowwise ? "fp8 rowwise"
          : fp8   ? "fp8"
                  : "bf16",
          owners, push[push.size() / 2], bare[bare.size() / 2], median_lt,
          push[push.size() / 2] / median_lt, bare[bare.size() / 2] / median_lt);
      // The owner's sum alone over the `owners` slots (as `owners` sources of one shard, every
      // flag raised): its share of tile_push's time, and its bandwidth.
      TilePushSumArgs sum;
      sum.dtype = dtype;
      sum.sources = owners;
      for (int o = 0; o < owners; ++o) {
        sum.slots[o] = args.slots[o];
        sum.flags[o] = args.flags[o];
      }
      sum.out = p_ref.get();
      sum.shard_rows = static_cast<int>(shard);
      sum.n = s.n;
      sum.epoch = 5;
      sum.timeout_ns = 10'000'000'000ull;
      sum.error = error_.get();
      std::vector<float> sums;
      for (int i = 0; i < 25; ++i) {
        cudaEventRecord(e[0], stream_);
        (void)LaunchTilePushSum(sum, stream_);
        cudaEventRecord(e[1], stream_);
        cudaEventSynchronize(e[1]);
        float t = 0;
        cudaEventElapsedTime(&t, e[0], e[1]);
        if (i >= 5) sums.push_back(1000 * t);
      }
      std::sort(sums.begin(), sums.end());
      const double bytes = 2.0 * shard * s.n * (owners + 1);
      std::printf("TILE-PUSH-SUM %dx%d owners %d: %.1f us, %.0f GB/s\n", static_cast<int>(shard),
                  s.n, owners, sums[sums.size() / 2], bytes / sums[sums.size() / 2] * 1e-3);
      for (cudaEvent_t& event : e) cudaEventDestroy(event);
    }
  }
}

TEST_F(TilePushGemmTest, MatchesCublasLtInEveryOwnersRows) {
  MatchesCublasLt(DeviceDType::kBf16, false, 2);
  MatchesCublasLt(DeviceDType::kBf16, false, 4);
}

TEST_F(TilePushGemmTest, MatchesCublasLtInFp8) {
  MatchesCublasLt(DeviceDType::kFp8E4m3, false, 2);
  MatchesCublasLt(DeviceDType::kFp8E4m3, true, 2);
}

// The sum, slots and flags written late: launched while every flag is 0 and every slot NaN, it
// must wait; 20 ms later another stream writes the slots, then raises the flags. Its output
// must equal the host's rank-order fp32 sum of the slots, bitwise, and every tile's wait is
// recorded.
TEST_F(TilePushGemmTest, SumWaitsForTheFlagsAndAddsTheSlotsInRankOrder) {
  constexpr int kSources = 3;
  constexpr int kRows = 512, kCols = 768;
  const int64_t count = int64_t{kRows} * kCols;
  const int64_t tiles = TilePushShardTiles(DeviceDType::kBf16, kRows, kCols);
  DevicePtr<void> slots, values, out;
  DevicePtr<uint32_t> flags, raised;
  ASSERT_CUDA(DeviceMalloc(0, 2 * count * kSources, &slots));
  ASSERT_CUDA(DeviceMalloc(0, 2 * count * kSources, &values));
  ASSERT_CUDA(DeviceMalloc(0, 2 * count, &out));
  ASSERT_CUDA(DeviceMalloc(0, sizeof(uint32_t) * tiles * kSources, &flags));
  ASSERT_CUDA(DeviceMalloc(0, sizeof(uint32_t) * tiles * kSources, &raised));
  ASSERT_CUDA(
      LaunchAgGemmFillUniform(values.get(), count * kSources, DeviceDType::kBf16, 9, 4, stream_));
  ASSERT_CUDA(cudaMemsetAsync(slots.get(), 0xFF, 2 * count * kSources, stream_));
  ASSERT_CUDA(cudaMemsetAsync(flags.get(), 0, sizeof(uint32_t) * tiles * kSources, stream_));
  const std::vector<uint32_t> twos(tiles * kSources, 2u);
  ASSERT_CUDA(cudaMemcpy(raised.get(), twos.data(), sizeof(uint32_t) * twos.size(),
                         cudaMemcpyHostToDevice));
  ASSERT_CUDA(cudaStreamSynchronize(stream_));

  TilePushSumArgs sum;
  sum.sources = kSources;
  for (int p = 0; p < kSources; ++p) {
    sum.slots[p] = static_cast<char*>(slots.get()) + 2 * count * p;
    sum.flags[p] = flags.get() + tiles * p;
  }
  sum.out = out.get();
  sum.shard_rows = kRows;
  sum.n = kCols;
  sum.epoch = 2;
  sum.timeout_ns = 10'000'000'000ull;
  sum.error = error_.get();
  DevicePtr<uint32_t> waits;
  ASSERT_CUDA(DeviceMalloc(0, sizeof(uint32_t) * tiles, &waits));
  ASSERT_CUDA(cudaMemset(waits.get(), 0xFF, sizeof(uint32_t) * tiles));  // not recorded
  sum.wait_ns = waits.get();
  ASSERT_CUDA(LaunchTilePushSum(sum, stream_));
  cudaStream_t late = nullptr;
  ASSERT_CUDA(cudaStreamCreateWithFlags(&late, cudaStreamNonBlocking));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_CUDA(cudaMemcpyAsync(slots.get(), values.get(), 2 * count * kSources,
                              cudaMemcpyDeviceToDevice, late));
  ASSERT_CUDA(cudaMemcpyAsync(flags.get(), raised.get(), sizeof(uint32_t) * tiles * kSources,
                              cudaMemcpyDeviceToDevice, late));
  ASSERT_CUDA(cudaStreamSynchronize(late));
  ASSERT_CUDA(cudaStreamSynchronize(stream_));
  cudaStreamDestroy(late);
  EXPECT_EQ(ReadError().flag, 0u);
  // Every tile's wait was recorded (none left at the 0xFFFFFFFF fill).
  std::vector<uint32_t> waited(tiles);
  ASSERT_CUDA(
      cudaMemcpy(waited.data(), waits.get(), sizeof(uint32_t) * tiles, cudaMemcpyDeviceToHost));
  EXPECT_EQ(std::count(waited.begin(), waited.end(), 0xFFFFFFFFu), 0);
  const std::vector<float> in = ReadBf16(values.get(), count * kSources);
  const std::vector<float> got = ReadBf16(out.get(), count);
  int64_t wrong = 0;
  for (int64_t i = 0; i < count; ++i) {
    float want = 0;
    for (int p = 0; p < kSources; ++p) want += in[p * count + i];
    uint16_t rounded = 0;
    StoreFromFloat(&rounded, DType::kBf16, 0, want);
    if (got[i] != LoadAsFloat(&rounded, DType::kBf16, 0)) ++wrong;
  }
  EXPECT_EQ(wrong, 0);
}

// A flag never raised: the sum gives up after its timeout (1 ms), writes the error record
// (this rank, the silent source as the peer, phase kProgressFlag) and completes.
TEST_F(TilePushGemmTest, AFlagNeverRaisedTimesOutIntoTheErrorRecord) {
  constexpr int kRows = 128, kCols = 256;
  DevicePtr<void> slots, out;
  DevicePtr<uint32_t> flags;
  ASSERT_CUDA(DeviceMalloc(0, 2 * kRows * kCols * 2, &slots));
  ASSERT_CUDA(DeviceMalloc(0, 2 * kRows * kCols, &out));
  ASSERT_CUDA(DeviceMalloc(0, 2 * sizeof(uint32_t), &flags));
  const uint32_t host_flags[2] = {1, 0};  // source 0 raised its one tile, source 1 never
  ASSERT_CUDA(cudaMemcpy(flags.get(), host_flags, sizeof(host_flags), cudaMemcpyHostToDevice));
  TilePushSumArgs sum;
  sum.sources = 2;
  sum.slots[0] = slots.get();
  sum.slots[1] = static_cast<char*>(slots.get()) + 2 * kRows * kCols;
  sum.flags[0] = flags.get();
  sum.flags[1] = flags.get() + 1;
  sum.out = out.get();
  sum.shard_rows = kRows;
  sum.n = kCols;
  sum.epoch = 1;
  sum.timeout_ns = 1'000'000;
  sum.error = error_.get();
  sum.rank = 3;
  ASSERT_CUDA(LaunchTilePushSum(sum, stream_));
  ASSERT_CUDA(cudaStreamSynchronize(stream_));
  const DeviceErrorRecord record = ReadError();
  EXPECT_EQ(record.flag, 1u);
  EXPECT_EQ(record.rank, 3);
  EXPECT_EQ(record.peer, 1);
  EXPECT_EQ(record.phase, static_cast<int32_t>(BarrierPhase::kProgressFlag));
}

TEST_F(TilePushGemmTest, RefusesBadArguments) {
  EXPECT_FALSE(TilePushGemmRuns(DeviceDType::kBf16, 192, 256, 256, 2));  // 96 rows an owner
  EXPECT_FALSE(TilePushGemmRuns(DeviceDType::kBf16, 256, 260, 256, 2));  // n not 16-byte rows
  EXPECT_FALSE(TilePushGemmRuns(DeviceDType::kFp8E4m3, 256, 264, 256, 2));
  EXPECT_FALSE(TilePushGemmRuns(DeviceDType::kFp16, 256, 256, 256, 2));
  EXPECT_FALSE(TilePushGemmRuns(DeviceDType::kBf16, 256 * 9, 256, 256, 9));
  EXPECT_TRUE(TilePushGemmRuns(DeviceDType::kBf16, 256, 264, 256, 2));
  TilePushGemmArgs args;  // no A, B or slots
  args.m = 256;
  args.n = 256;
  args.k = 256;
  args.owners = 2;
  EXPECT_EQ(LaunchTilePushGemm(args, stream_), cudaErrorInvalidValue);
  TilePushSumArgs sum;  // no slots, flags or output
  sum.shard_rows = 128;
  sum.n = 256;
  sum.timeout_ns = 1;
  sum.error = error_.get();
  EXPECT_EQ(LaunchTilePushSum(sum, stream_), cudaErrorInvalidValue);
}

}  // namespace
}  // namespace symmbench
