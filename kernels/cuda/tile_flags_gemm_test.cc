// The tile-flag GEMM on one GPU: its C against cuBLASLt's on the anchor shapes (flags off, the
// GEMM alone), a GEMM launched before its A arrives that waits for each chunk's flag, and a
// flag never raised that times out into the error record. Skips without a CUDA device.
// SYMMBENCH_GEMM_TIMING=1 also prints each anchor shape's median time beside cuBLASLt's
// (figures for docs/results, not asserted), interleaved launch by launch.
#include "kernels/cuda/tile_flags_gemm.h"

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
#include <utility>
#include <vector>

#include "kernels/cuda/ag_gemm_cublaslt.h"
#include "kernels/cuda/ag_gemm_kernels.h"
#include "kernels/cuda/ag_gemm_stream_ops.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/cuda/tile_gemm_test_fixture.h"
#include "kernels/cuda/verify_kernels.h"
#include "kernels/dtype.h"
#include "kernels/fp8.h"

namespace symmbench {
namespace {

#define ASSERT_CUDA(call) ASSERT_EQ((call), cudaSuccess) << #call

struct Shape {
  int m, n, k;
};

// The AG-GEMM anchor shapes (M x N x K).
constexpr Shape kAnchors[] = {
    {4096, 6656, 16384}, {8192, 8192, 8192}, {16384, 8192, 4096}, {2048, 8192, 8192}};

class TileFlagsGemmTest : public TileGemmTest {
 protected:
  // A [m, k] and B [k, n] (fp8: Bt [n, k]) filled uniformly in [-1, 1) (fp8: times 448), C
  // [m, n] bf16 allocated.
  void Allocate(const Shape& s, DeviceDType dtype = DeviceDType::kBf16) {
    const size_t elem = DeviceDTypeSize(dtype);
    const size_t a = elem * s.m * s.k, b = elem * s.k * s.n, c = size_t{2} * s.m * s.n;
    dtype_ = dtype;
    ASSERT_CUDA(DeviceMalloc(0, a, &a_));
    ASSERT_CUDA(DeviceMalloc(0, b, &b_));
    ASSERT_CUDA(DeviceMalloc(0, c, &c_));
    ASSERT_CUDA(DeviceMalloc(0, c, &c_ref_));
    ASSERT_CUDA(LaunchAgGemmFillUniform(a_.get(), int64_t{s.m} * s.k, dtype, 7, 0, stream_));
    ASSERT_CUDA(LaunchAgGemmFillUniform(b_.get(), int64_t{s.k} * s.n, dtype, 7, 1, stream_));
  }

  TileFlagsGemmArgs Args(const Shape& s) const {
    TileFlagsGemmArgs args;
    args.dtype = dtype_;
    args.a = a_.get();
    args.b = b_.get();
    args.c = c_.get();
    args.m = s.m;
    args.n = s.n;
    args.k = s.k;
    return args;
  }

  // Args(s) waiting on `flags` (rows_per_flag rows each, epoch 1, a 10 s timeout into error_),
  // its tiles starting at first_row.
  TileFlagsGemmArgs WaitingArgs(const Shape& s, const uint32_t* flags, int rows_per_flag,
                                int first_row) const {
    TileFlagsGemmArgs args = Args(s);
    args.flags = flags;
    args.rows_per_flag = rows_per_flag;
    args.epoch = 1;
    args.timeout_ns = 10'000'000'000ull;
    args.error = error_.get();
    args.first_row = first_row;
    return args;
  }

  // Counts the elements of C and C_ref (count each) that differ bitwise.
  uint64_t BitwiseDifferences(int64_t count) {
    DevicePtr<CompareCounters> counters;
    EXPECT_EQ(DeviceMalloc(0, sizeof(CompareCounters), &counters), cudaSuccess);
    EXPECT_EQ(LaunchCompareBitwise(c_.get(), c_ref_.get(), count, DeviceDType::kBf16,
                                   counters.get(), stream_),
              cudaSuccess);
    CompareCounters host{};
    EXPECT_EQ(cudaMemcpyAsync(&host, counters.get(), sizeof(host), cudaMemcpyDeviceToHost, stream_),
              cudaSuccess);
    EXPECT_EQ(cudaStreamSynchronize(stream_), cudaSuccess);
    return host.wrong;
  }

  // Medians of `iters` timed launches of `first` and of `second`, microseconds (CUDA events,
  // after a warm-up), interleaved so that both see the same clocks.
  template <typename First, typename Second>
  std::pair<double, double> MedianUs(First first, Second second, int iters) {
    cudaEvent_t e[3];
    for (cudaEvent_t& event : e) cudaEventCreate(&event);
    for (int i = 0; i < 5; ++i) {
      first();
      second();
    }
    std::vector<float> a, b;
    for (int i = 0; i < iters; ++i) {
      cudaEventRecord(e[0], stream_);
      first();
      cudaEventRecord(e[1], stream_);
      second();
      cudaEventRecord(e[2], stream_);
      cudaEventSynchronize(e[2]);
      float t = 0;
      cudaEventElapsedTime(&t, e[0], e[1]);
      a.push_back(t);
      cudaEventElapsedTime(&t, e[1], e[2]);
      b.push_back(t);
    }
    for (cudaEvent_t& event : e) cudaEventDestroy(event);
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return {1000.0 * a[a.size() / 2], 1000.0 * b[b.size() / 2]};
  }

  // Every anchor shape in `dtype` against cuBLASLt (and, with SYMMBENCH_GEMM_TIMING, timed).
  void MatchesCublasLt(DeviceDType dtype, bool rowwise = false);
  void Fp8MatchesAHostReference(bool rowwise);

  DeviceDType dtype_ = DeviceDType::kBf16;
  DevicePtr<void> a_, b_, c_, c_ref_;
};

// Relative Frobenius error of `got` against `want` (bf16, count elements), on the host.
double RelativeError(const DevicePtr<void>& got, const DevicePtr<void>& want, int64_t count) {
  std::vector<uint16_t> g(count), w(count);
  cudaMemcpy(g.data(), got.get(), 2 * count, cudaMemcpyDeviceToHost);
  cudaMemcpy(w.data(), want.get(), 2 * count, cudaMemcpyDeviceToHost);
  double diff = 0, norm = 0;
  for (int64_t i = 0; i < count; ++i) {
    const double x = LoadAsFloat(g.data(), DType::kBf16, i);
    const double y = LoadAsFloat(w.data(), DType::kBf16, i);
    diff += (x - y) * (x - y);
    norm += y * y;
  }
  return std::sqrt(diff / norm);
}

// Flags off: C matches cuBLASLt's on every anchor shape to within bf16 rounding (tolerance 1e-2
// relative Frobenius error: both accumulate in fp32, perhaps in different orders, then round to
// bf16, whose unit roundoff is 3.9e-3), and C was written (poison is NaN). FP8 takes tensor-wise
// scales of 1/448 each (the inputs span e4m3's range), alpha their product, or `rowwise` one
// scale per row of A and per column of B ((1 + u/2) / 448, LaunchFp8ScaleFill's).
void TileFlagsGemmTest::MatchesCublasLt(DeviceDType dtype, bool rowwise) {
  absl::StatusOr<std::unique_ptr<CublasLtGemm>> cublas = CublasLtGemm::Create(0);
  ASSERT_TRUE(cublas.ok()) << cublas.status();
  const bool fp8 = dtype == DeviceDType::kFp8E4m3;
  const bool timing = std::getenv("SYMMBENCH_GEMM_TIMING") != nullptr;
  // a_scale, b_scale and alpha (their product) 16 bytes apart: cuBLASLt wants its scale
  // pointers 16-byte aligned (CUBLAS_STATUS_NOT_SUPPORTED otherwise).
  DevicePtr<float> scales;
  const float host_scales[9] = {1.0f / 448, 0, 0, 0, 1.0f / 448, 0, 0, 0, 1.0f / (448.0f * 448.0f)};
  ASSERT_CUDA(DeviceMalloc(0, sizeof(host_scales), &scales));
  ASSERT_CUDA(cudaMemcpy(scales.get(), host_scales, sizeof(host_scales), cudaMemcpyHostToDevice));
  for (const Shape& s : kAnchors) {
    SCOPED_TRACE(testing::Message() << s.m << "x" << s.n << "x" << s.k);
    Allocate(s, dtype);
    GemmRhs rhs;
    rhs.dtype = fp8 ? DType::kFp8E4m3 : DType::kBf16;
    rhs.b = b_.get();
    if (fp8) {
      rhs.scaling = Fp8Scaling::kTensorwise;
      rhs.a_scale = scales.get();
      rhs.b_scale = scales.get() + 4;
    }
    TileFlagsGemmArgs args = Args(s);
    if (fp8) args.alpha = scales.get() + 8;
    DevicePtr<float> row_scales, col_scales;
    if (rowwise) {
      ASSERT_CUDA(DeviceMalloc(0, sizeof(float) * s.m, &row_scales));
      ASSERT_CUDA(DeviceMalloc(0, sizeof(float) * s.n, &col_scales));
      ASSERT_CUDA(LaunchFp8ScaleFill(row_scales.get(), s.m, 7, 2, stream_));
      ASSERT_CUDA(LaunchFp8ScaleFill(col_scales.get(), s.n, 7, 3, stream_));
      rhs.scaling = Fp8Scaling::kRowwise;
      rhs.a_scale = row_scales.get();
      rhs.b_scale = col_scales.get();
      args.alpha = nullptr;
      args.row_scales = row_scales.get();
      args.col_scales = col_scales.get();
    }
    ASSERT_CUDA(cudaMemsetAsync(c_.get(), 0xFF, size_t{2} * s.m * s.n, stream_));
    ASSERT_CUDA(LaunchTileFlagsGemm(args, stream_));
    const absl::Status reference =
        (*cublas)->Matmul(s.m, s.n, s.k, rhs, a_.get(), 0, c_ref_.get(), stream_);
    ASSERT_TRUE(reference.ok()) << reference;
    ASSERT_CUDA(cudaStreamSynchronize(stream_));
    const double error = RelativeError(c_, c_ref_, int64_t{s.m} * s.n);
    EXPECT_LT(error, 1e-2);
    if (timing) {
      const auto [tile, lt] = MedianUs(
          [&] { LaunchTileFlagsGemm(args, stream_); },
          [&] { (void)(*cublas)->Matmul(s.m, s.n, s.k, rhs, a_.get(), 0, c_ref_.get(), stream_); },
          100);
      const double flops = 2.0 * s.m * s.n * s.k;
      std::printf(
          "TILE-FLAGS-GEMM %dx%dx%d %s: tile_flags %.1f us (%.0f TFLOP/s), cublaslt "
          "%.1f us (%.0f TFLOP/s), ratio %.3f, rel error %.2e\n",
          s.m, s.n, s.k,
          rowwise ? "fp8 rowwise"
          : fp8   ? "fp8"
                  : "bf16",
          tile, flops / tile * 1e-6, lt, flops / lt * 1e-6, tile / lt, error);
    }
  }
}

TEST_F(TileFlagsGemmTest, MatchesCublasLtOnTheAnchorShapes) { MatchesCublasLt(DeviceDType::kBf16); }

TEST_F(TileFlagsGemmTest, MatchesCublasLtInFp8OnTheAnchorShapes) {
  MatchesCublasLt(DeviceDType::kFp8E4m3);
}

TEST_F(TileFlagsGemmTest, MatchesCublasLtInFp8WithRowwiseScalesOnTheAnchorShapes) {
  MatchesCublasLt(DeviceDType::kFp8E4m3, /*rowwise=*/true);
}

// FP8 e4m3 against a host GEMM of the same codes in double, within bf16 rounding (1e-2 relative
// Frobenius error): a reference that is not another GPU GEMM. Tensor-wise: alpha = a_scale x
// b_scale = 1/448^2 (the inputs span e4m3's range); row-wise: a scale per row of A and per
// column of B, each 1/448 times a different factor in [0.5, 1.5).
void TileFlagsGemmTest::Fp8MatchesAHostReference(bool rowwise) {
  const Shape s{512, 768, 512};
  Allocate(s, DeviceDType::kFp8E4m3);
  const float alpha = 1.0f / (448.0f * 448.0f);
  std::vector<float> row_scale(s.m, 1.0f / 448), col_scale(s.n, 1.0f / 448);
  for (int i = 0; i < s.m; ++i) row_scale[i] *= 0.5f + static_cast<float>((i * 37) % 101) / 101;
  for (int j = 0; j < s.n; ++j) col_scale[j] *= 0.5f + static_cast<float>((j * 53) % 97) / 97;
  DevicePtr<float> device_alpha, device_rows, device_cols;
  ASSERT_CUDA(DeviceMalloc(0, sizeof(float), &device_alpha));
  ASSERT_CUDA(cudaMemcpy(device_alpha.get(), &alpha, sizeof(float), cudaMemcpyHostToDevice));
  ASSERT_CUDA(DeviceMalloc(0, sizeof(float) * s.m, &device_rows));
  ASSERT_CUDA(DeviceMalloc(0, sizeof(float) * s.n, &device_cols));
  ASSERT_CUDA(
      cudaMemcpy(device_rows.get(), row_scale.data(), sizeof(float) * s.m, cudaMemcpyHostToDevice));
  ASSERT_CUDA(
      cudaMemcpy(device_cols.get(), col_scale.data(), sizeof(float) * s.n, cudaMemcpyHostToDevice));
  TileFlagsGemmArgs args = Args(s);
  if (rowwise) {
    args.row_scales = device_rows.get();
    args.col_scales = device_cols.get();
  } else {
    args.alpha = device_alpha.get();
  }
  ASSERT_CUDA(cudaMemsetAsync(c_.get(), 0xFF, size_t{2} * s.m * s.n, stream_));
  ASSERT_CUDA(LaunchTileFlagsGemm(args, stream_));
  ASSERT_CUDA(cudaStreamSynchronize(stream_));
  std::vector<uint8_t> a(size_t{1} * s.m * s.k), bt(size_t{1} * s.n * s.k);
  std::vector<uint16_t> c(size_t{1} * s.m * s.n);
  ASSERT_CUDA(cudaMemcpy(a.data(), a_.get(), a.size(), cudaMemcpyDeviceToHost));
  ASSERT_CUDA(cudaMemcpy(bt.data(), b_.get(), bt.size(), cudaMemcpyDeviceToHost));
  ASSERT_CUDA(cudaMemcpy(c.data(), c_.get(), 2 * c.size(), cudaMemcpyDeviceToHost));
  std::vector<float> af(a.size()), bf(bt.size());
  for (size_t i = 0; i < a.size(); ++i) af[i] = E4m3ToFloat(a[i]);
  for (size_t i = 0; i < bt.size(); ++i) bf[i] = E4m3ToFloat(bt[i]);
  double diff = 0, norm = 0;
  for (int i = 0; i < s.m; ++i) {
    for (int j = 0; j < s.n; ++j) {
      double want = 0;
      for (int kk = 0; kk < s.k; ++kk)
        want += double{af[size_t{1} * i * s.k + kk]} * bf[size_t{1} * j * s.k + kk];
      want *= rowwise ? double{row_scale[i]} * col_scale[j] : alpha;
      const double got = LoadAsFloat(c.data(), DType::kBf16, int64_t{i} * s.n + j);
      diff += (got - want) * (got - want);
      norm += want * want;
    }
  }
  EXPECT_LT(std::sqrt(diff / norm), 1e-2);
}

TEST_F(TileFlagsGemmTest, Fp8MatchesAHostReference) { Fp8MatchesAHostReference(false); }

TEST_F(TileFlagsGemmTest, Fp8WithRowwiseScalesMatchesAHostReference) {
  Fp8MatchesAHostReference(/*rowwise=*/true);
}

// Launched before A has arrived: A is poison, the chunks land by copy engine 20 ms later, each
// followed by its flag; C is bitwise what the same kernel computes from the whole A at once,
// though this one starts its tiles at chunk 3 (first_row) and the reference at row 0.
TEST_F(TileFlagsGemmTest, WaitsForEachChunksFlag) {
  const Shape s{2048, 1024, 1024};
  constexpr int kChunks = 8;
  const int rows = s.m / kChunks;
  Allocate(s);
  const size_t a_bytes = size_t{2} * s.m * s.k;
  DevicePtr<void> staging;
  DevicePtr<uint32_t> flags;
  ASSERT_CUDA(DeviceMalloc(0, a_bytes, &staging));
  ASSERT_CUDA(DeviceMalloc(0, kChunks * sizeof(uint32_t), &flags));
  ASSERT_CUDA(cudaMemcpyAsync(staging.get(), a_.get(), a_bytes, cudaMemcpyDeviceToDevice, stream_));
  // The reference: the whole A, no flags.
  TileFlagsGemmArgs whole = Args(s);
  whole.c = c_ref_.get();
  ASSERT_CUDA(LaunchTileFlagsGemm(whole, stream_));
  ASSERT_CUDA(cudaMemsetAsync(a_.get(), 0xFF, a_bytes, stream_));
  ASSERT_CUDA(cudaMemsetAsync(c_.get(), 0xFF, size_t{2} * s.m * s.n, stream_));
  ASSERT_CUDA(cudaMemsetAsync(flags.get(), 0, kChunks * sizeof(uint32_t), stream_));
  ASSERT_CUDA(cudaStreamSynchronize(stream_));

  absl::StatusOr<StreamMemOps> ops = StreamMemOps::Load();  // before the GEMM waits
  ASSERT_TRUE(ops.ok()) << ops.status();
  ASSERT_CUDA(LaunchTileFlagsGemm(WaitingArgs(s, flags.get(), rows, 3 * rows), stream_));

  cudaStream_t copies = nullptr;
  ASSERT_CUDA(cudaStreamCreateWithFlags(&copies, cudaStreamNonBlocking));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  // Last chunk first: tiles of every chunk wait, whatever order the scheduler takes them in.
  for (int c = kChunks - 1; c >= 0; --c) {
    const size_t offset = size_t{2} * c * rows * s.k;
    ASSERT_CUDA(cudaMemcpyAsync(static_cast<char*>(a_.get()) + offset,
                                static_cast<char*>(staging.get()) + offset, size_t{2} * rows * s.k,
                                cudaMemcpyDeviceToDevice, copies));
    ASSERT_TRUE(ops->WriteValue32(copies, flags.get() + c, 1).ok());
  }
  ASSERT_CUDA(cudaStreamSynchronize(copies));
  ASSERT_CUDA(cudaStreamSynchronize(stream_));
  cudaStreamDestroy(copies);
  EXPECT_EQ(ReadError().flag, 0u);
  EXPECT_EQ(BitwiseDifferences(int64_t{s.m} * s.n), 0u);
}

// The tile order starts at first_row: with more tiles than CTAs (8192 x 4096: 1024 tiles) and
// only the flags of chunks 3..7 raised, a GEMM whose tiles start at chunk 3 finishes every tile of
// chunks 3..7 while it waits for chunk 0 (C read by copy engine meanwhile); raising the rest
// completes it.
TEST_F(TileFlagsGemmTest, TilesStartAtFirstRowAndWrapRound) {
  const Shape s{8192, 4096, 1024};
  constexpr int kChunks = 8;
  const int rows = s.m / kChunks;
  absl::StatusOr<StreamMemOps> ops = StreamMemOps::Load();  // before any GEMM waits
  ASSERT_TRUE(ops.ok()) << ops.status();
  Allocate(s);
  TileFlagsGemmArgs whole = Args(s);
  whole.c = c_ref_.get();
  ASSERT_CUDA(LaunchTileFlagsGemm(whole, stream_));
  DevicePtr<uint32_t> flags;
  ASSERT_CUDA(DeviceMalloc(0, kChunks * sizeof(uint32_t), &flags));
  const uint32_t raised[kChunks] = {0, 0, 0, 1, 1, 1, 1, 1};
  ASSERT_CUDA(
      cudaMemcpyAsync(flags.get(), raised, sizeof(raised), cudaMemcpyHostToDevice, stream_));
  ASSERT_CUDA(cudaMemsetAsync(c_.get(), 0xFF, size_t{2} * s.m * s.n, stream_));
  ASSERT_CUDA(cudaStreamSynchronize(stream_));

  ASSERT_CUDA(LaunchTileFlagsGemm(WaitingArgs(s, flags.get(), rows, 3 * rows), stream_));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));

  cudaStream_t side = nullptr;
  ASSERT_CUDA(cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking));
  const size_t row_bytes = size_t{2} * s.n;
  std::vector<uint16_t> got(size_t{5} * rows * s.n), want(got.size());
  ASSERT_CUDA(cudaMemcpyAsync(got.data(), static_cast<char*>(c_.get()) + 3 * rows * row_bytes,
                              5 * rows * row_bytes, cudaMemcpyDeviceToHost, side));
  ASSERT_CUDA(cudaMemcpyAsync(want.data(), static_cast<char*>(c_ref_.get()) + 3 * rows * row_bytes,
                              5 * rows * row_bytes, cudaMemcpyDeviceToHost, side));
  ASSERT_CUDA(cudaStreamSynchronize(side));
  EXPECT_EQ(cudaStreamQuery(stream_), cudaErrorNotReady) << "the GEMM did not wait for chunk 0";
  EXPECT_TRUE(got == want) << "chunks 3..7 not done while the GEMM waited for chunk 0";

  for (int c = 0; c < 3; ++c) ASSERT_TRUE(ops->WriteValue32(side, flags.get() + c, 1).ok());
  ASSERT_CUDA(cudaStreamSynchronize(side));
  ASSERT_CUDA(cudaStreamSynchronize(stream_));
  cudaStreamDestroy(side);
  EXPECT_EQ(ReadError().flag, 0u);
  EXPECT_EQ(BitwiseDifferences(int64_t{s.m} * s.n), 0u);
}

// A flag never raised: the waits give up after the timeout and say so in the error record
// (phase kProgressFlag, the flag's index); the kernel still completes.
TEST_F(TileFlagsGemmTest, AFlagNeverRaisedTimesOutIntoTheErrorRecord) {
  const Shape s{1024, 1024, 512};
  Allocate(s);
  DevicePtr<uint32_t> flags;
  ASSERT_CUDA(DeviceMalloc(0, 4 * sizeof(uint32_t), &flags));
  const uint32_t raised[4] = {5, 5, 4, 5};  // flag 2 is one behind epoch 5
  ASSERT_CUDA(cudaMemcpy(flags.get(), raised, sizeof(raised), cudaMemcpyHostToDevice));
  TileFlagsGemmArgs args = Args(s);
  args.flags = flags.get();
  args.rows_per_flag = s.m / 4;
  args.epoch = 5;
  args.timeout_ns = 2'000'000;
  args.error = error_.get();
  args.rank = 3;
  ASSERT_CUDA(LaunchTileFlagsGemm(args, stream_));
  ASSERT_CUDA(cudaStreamSynchronize(stream_));
  const DeviceErrorRecord record = ReadError();
  EXPECT_EQ(record.flag, 1u);
  EXPECT_EQ(record.rank, 3);
  EXPECT_EQ(record.peer, 2);
  EXPECT_EQ(record.phase, static_cast<int32_t>(BarrierPhase::kProgressFlag));
}

TEST_F(TileFlagsGemmTest, RefusesBadArguments) {
  const Shape s{256, 256, 256};
  Allocate(s);
  TileFlagsGemmArgs args = Args(s);
  args.n = 250;  // rows of 500 bytes: not whole 16-byte TMA boxes
  EXPECT_EQ(LaunchTileFlagsGemm(args, stream_), cudaErrorInvalidValue);
  args = Args(s);
  args.flags = reinterpret_cast<const uint32_t*>(c_.get());
  args.rows_per_flag = 64;  // flags without a timeout and an error record
  EXPECT_EQ(LaunchTileFlagsGemm(args, stream_), cudaErrorInvalidValue);
  args = Args(s);
  args.first_row = s.m;  // past the last row
  EXPECT_EQ(LaunchTileFlagsGemm(args, stream_), cudaErrorInvalidValue);
  args = Args(s);
  args.alpha = reinterpret_cast<const float*>(c_.get());  // an alpha for bf16
  EXPECT_EQ(LaunchTileFlagsGemm(args, stream_), cudaErrorInvalidValue);
  args = Args(s);
  args.row_scales = args.col_scales = reinterpret_cast<const float*>(c_.get());  // bf16
  EXPECT_EQ(LaunchTileFlagsGemm(args, stream_), cudaErrorInvalidValue);
  args = Args(s);
  args.row_scales = reinterpret_cast<const float*>(c_.get());  // without column scales
  EXPECT_EQ(LaunchTileFlagsGemm(args, stream_), cudaErrorInvalidValue);
}

}  // namespace
}  // namespace symmbench
