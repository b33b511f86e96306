// The tile-flag GEMM (tile_flags_gemm.h) on CUTLASS 4's Hopper collectives: the cooperative
// warp-specialized persistent kernel (TMA loads, wgmma, a TMA epilogue) in clusters of 2 x 1,
// tiles of 128 bytes of K (128 x 256 for bf16, 128 x 128 for FP8), with the mainloop's producer
// extended by the progress-flag wait and the tile order by ChunkOrderScheduler. Epilogue: alpha
// (bf16, tensor-wise FP8) or the row-wise FP8 scales as an epilogue visitor tree.
#include <cuda_runtime.h>

#include <cstdint>
#include <limits>

#include "cute/tensor.hpp"
#include "cutlass/cutlass.h"
#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/epilogue/fusion/sm90_callbacks_tma_warpspecialized.hpp"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/gemm/device/gemm_universal_adapter.h"
#include "cutlass/gemm/kernel/gemm_universal.hpp"
#include "kernels/cuda/device_types.h"
#include "kernels/cuda/tile_flags_gemm.h"
#include "kernels/cuda/tile_gemm_parts.cuh"

namespace symmbench {
namespace {

using namespace cute;  // NOLINT: CUTLASS's shape vocabulary (Shape, _128, ...)
using tile_gemm::ChunkOrderSchedulerTag;
using tile_gemm::ClusterShape;
using tile_gemm::FlagWaitingMainloop;
using tile_gemm::Output;

// The kernel for one input type: A row-major [m, k]; B [k, n] row-major for bf16, or Bt [n, k]
// row-major (B column-major) for FP8, whose wgmma takes K-major operands only. Tiles are
// 128 x kTileN x (128 bytes of K).
template <class Input, class LayoutB, int kTileN, class Schedule, bool kRowwiseScales = false>
struct TileFlagsKernel {
  static constexpr int kInputAlignment = 16 / sizeof(Input);
  static constexpr bool kRowwise = kRowwiseScales;
  using TileShape = Shape<_128, Int<kTileN>, Int<128 / sizeof(Input)>>;
  using Epilogue = tile_gemm::TmaEpilogue<TileShape, kRowwiseScales>;
  using BaseMainloop = typename cutlass::gemm::collective::CollectiveBuilder<
      cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, Input, cutlass::layout::RowMajor,
      kInputAlignment, Input, LayoutB, kInputAlignment, float, TileShape, ClusterShape,
      cutlass::gemm::collective::StageCountAutoCarveout<static_cast<int>(
          sizeof(typename Epilogue::SharedStorage))>,
      Schedule>::CollectiveOp;
  using Kernel = cutlass::gemm::kernel::GemmUniversal<Shape<int, int, int, int>,
                                                      FlagWaitingMainloop<BaseMainloop>, Epilogue,
                                                      ChunkOrderSchedulerTag>;
  using Gemm = cutlass::gemm::device::GemmUniversalAdapter<Kernel>;
};

// FP8 promotes wgmma's partial sums into a second fp32 accumulator every 4 K blocks (CUTLASS's
// default; cuBLASLt's results match it to 6e-5, FP8FastAccum's only to 4e-3), and keeps both
// accumulators in registers with 128 x 128 tiles.
using Bf16Kernel = TileFlagsKernel<cutlass::bfloat16_t, cutlass::layout::RowMajor, 256,
                                   cutlass::gemm::KernelTmaWarpSpecializedCooperative>;
using Fp8Kernel = TileFlagsKernel<cutlass::float_e4m3_t, cutlass::layout::ColumnMajor, 128,
                                  cutlass::gemm::KernelTmaWarpSpecializedCooperative>;
using Fp8RowwiseKernel =
    TileFlagsKernel<cutlass::float_e4m3_t, cutlass::layout::ColumnMajor, 128,
                    cutlass::gemm::KernelTmaWarpSpecializedCooperative, /*kRowwiseScales=*/true>;
static_assert(size<0>(Bf16Kernel::TileShape{}) == 128 && size<1>(Bf16Kernel::TileShape{}) == 256 &&
                  size<0>(Fp8Kernel::TileShape{}) == 128 && size<1>(Fp8Kernel::TileShape{}) == 128,
              "TileFlagsGemmTiles assumes these tiles");

bool ValidArgs(const TileFlagsGemmArgs& args) {
  if (!TileFlagsGemmRuns(args.dtype, args.m, args.n, args.k) || args.a == nullptr ||
      args.b == nullptr || args.c == nullptr || args.first_row < 0 || args.first_row >= args.m) {
    return false;
  }
  if (!tile_gemm::ValidScales(args.dtype, args.alpha, args.row_scales, args.col_scales)) {
    return false;
  }
  return args.flags == nullptr ||
         (args.rows_per_flag >= 1 && args.timeout_ns > 0 && args.error != nullptr);
}

template <class K>
cudaError_t Launch(const TileFlagsGemmArgs& args, cudaStream_t stream) {
  using Kernel = typename K::Kernel;
  using Input = typename Kernel::ElementA;
  const int64_t m = args.m, n = args.n, k = args.k;

  typename Kernel::MainloopArguments mainloop{};
  tile_gemm::SetOperands<Input>(mainloop, args.a, args.b, m, n, k);
  mainloop.progress.flags = args.flags;
  mainloop.progress.rows_per_flag = args.flags != nullptr ? args.rows_per_flag : 1;
  mainloop.progress.m = args.m;
  mainloop.progress.epoch = args.epoch;
  mainloop.progress.timeout_ns = args.timeout_ns;
  mainloop.progress.error = args.error;
  mainloop.progress.rank = args.rank;
  mainloop.progress.wait_ns = args.flags != nullptr ? args.wait_ns : nullptr;
  mainloop.progress.tiles_n = static_cast<int>((n + size<1>(typename K::TileShape{}) - 1) /
                                               size<1>(typename K::TileShape{}));

  typename Kernel::EpilogueArguments epilogue =
      tile_gemm::EpilogueArgs<typename Kernel::CollectiveEpilogue, K::kRowwise>(
          static_cast<Output*>(args.c), m, n, args.alpha, args.row_scales, args.col_scales);

  return tile_gemm::LaunchGemm<typename K::Gemm>(args.m, args.n, args.k, mainloop, epilogue,
                                                 args.first_row / size<0>(typename K::TileShape{}),
                                                 stream);
}

}  // namespace

bool TileFlagsGemmRuns(DeviceDType dtype, int64_t m, int64_t n, int64_t k) {
  if (dtype != DeviceDType::kBf16 && dtype != DeviceDType::kFp8E4m3) return false;
  const int64_t alignment = dtype == DeviceDType::kFp8E4m3 ? 16 : 8;  // 16-byte rows
  const int64_t most = std::numeric_limits<int>::max();
  return m >= 1 && n >= 1 && k >= 1 && m <= most && n <= most && k <= most && n % alignment == 0 &&
         k % alignment == 0;
}

int64_t TileFlagsGemmTiles(const TileFlagsGemmArgs& args, int64_t* tiles_n) {
  const int64_t tile_n = args.dtype == DeviceDType::kFp8E4m3 ? 128 : 256;  // the kernels' tiles
  const int64_t n_tiles = (static_cast<int64_t>(args.n) + tile_n - 1) / tile_n;
  if (tiles_n != nullptr) *tiles_n = n_tiles;
  return (static_cast<int64_t>(args.m) + 127) / 128 * n_tiles;
}

cudaError_t LaunchTileFlagsGemm(const TileFlagsGemmArgs& args, cudaStream_t stream) {
  if (!ValidArgs(args)) return cudaErrorInvalidValue;
  if (args.dtype == DeviceDType::kBf16) return Launch<Bf16Kernel>(args, stream);
  return args.row_scales != nullptr ? Launch<Fp8RowwiseKernel>(args, stream)
                                    : Launch<Fp8Kernel>(args, stream);
}

}  // namespace symmbench
