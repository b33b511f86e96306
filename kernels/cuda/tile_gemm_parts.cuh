// The parts of the tile GEMMs (tile_flags_gemm.cu, tile_push_gemm.cu) on CUTLASS 4's Hopper
// collectives: the mainloop whose producer waits on progress flags before it loads a tile's rows
// of A, and the persistent tile scheduler that visits the rows from a given tile on. Device code;
// include from .cu files only, after CUTLASS's headers.
#pragma once

#include <cstdint>

#include "cute/tensor.hpp"
#include "cutlass/cutlass.h"
#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/epilogue/fusion/sm90_callbacks_tma_warpspecialized.hpp"
#include "cutlass/gemm/kernel/sm90_tile_scheduler.hpp"
#include "cutlass/gemm/kernel/tile_scheduler.hpp"
#include "kernels/cuda/device_types.h"
#include "kernels/cuda/signal_pad.cuh"

namespace symmbench {
namespace tile_gemm {

using namespace cute;  // NOLINT: CUTLASS's shape vocabulary (Shape, _128, ...)

// Clusters of two CTAs along M (B's tile multicast to both).
using ClusterShape = Shape<_2, _1, _1>;

// What the producer waits on (TileFlagsGemmArgs' flag fields), in the mainloop's params; flags
// null: nothing (every tile loads at once).
struct ProgressFlags {
  const uint32_t* flags = nullptr;
  int rows_per_flag = 1;
  int m = 0;
  uint32_t epoch = 0;
  uint64_t timeout_ns = 0;
  DeviceErrorRecord* error = nullptr;
  int rank = 0;
  uint32_t* wait_ns = nullptr;  // per tile (TileFlagsGemmArgs::wait_ns); null: not recorded
  int tiles_n = 1;
};

// NOTE [progress flags: memory-ordering contract]
// Writer (the copy stream): cudaMemcpyAsync of a chunk of A, then cuStreamWriteValue32(flag,
// epoch) with default flags, which issues a system-scope fence before the write: once the flag
// reads `epoch`, every byte of the chunk is in A's memory.
// Reader (the mainloop's producer warp, once per output tile, before its first TMA load of A):
//   wait : ld.acquire.sys(flag) until (int32_t)(flag - epoch) >= 0, one lane per flag the tile's
//          rows span; __syncwarp, so the elected lane that issues the loads is ordered after
//          every lane's acquire;
//   fence: fence.proxy.async.global, because TMA reads global memory through the async proxy,
//          which the generic-proxy acquire does not order by itself.
// Only A is gated: B and C are the GEMM's own. The epoch grows by one per operation (wrap-safe
// comparison, as cuStreamWaitValue32's GEQ), so flags are never reset between operations; the
// caller orders the next operation's copies into A after this GEMM (stream order).
// Timeouts: a wait not satisfied timeout_ns after it began writes the error record (phase
// kProgressFlag, the flag's index as the peer) and lets the tile compute with what A holds, so
// the kernel always completes and the job fails on the record; waits also stop early once any
// record is written.

// The calling warp waits until the flags of rows [row0, row0 + rows) ∩ [0, m) are raised (the
// contract above): lane i polls flags first + i, first + i + 32, ... Lane 0 then records the
// wait of tile (row0 / rows, tile_n) in p.wait_ns.
__device__ __forceinline__ void WaitForRows(const ProgressFlags& p, int row0, int rows,
                                            int tile_n) {
  if (p.flags == nullptr || row0 >= p.m) return;
  const uint64_t start = signal_pad::GlobalTimerNs();
  const int lane = static_cast<int>(threadIdx.x % 32);
  const int first = row0 / p.rows_per_flag;
  const int last_row = (row0 + rows < p.m ? row0 + rows : p.m) - 1;
  const int last = last_row / p.rows_per_flag;
  for (int f = first + lane; f <= last; f += 32) {
    const uint64_t deadline = signal_pad::GlobalTimerNs() + p.timeout_ns;
    for (uint32_t attempt = 1;; ++attempt) {
      uint32_t value;
      asm volatile("ld.acquire.sys.global.u32 %0, [%1];"
                   : "=r"(value)
                   : "l"(p.flags + f)
                   : "memory");
      if (static_cast<int32_t>(value - p.epoch) >= 0) break;
      if (signal_pad::GlobalTimerNs() > deadline) {
        signal_pad::RecordTimeout(p.error, p.rank, f, BarrierPhase::kProgressFlag);
        break;
      }
      if (attempt % signal_pad::kErrorPollInterval == 0 && signal_pad::ErrorRecorded(p.error)) {
        break;
      }
    }
  }
  __syncwarp();
  asm volatile("fence.proxy.async.global;" ::: "memory");
  if (p.wait_ns != nullptr && lane == 0) {
    const uint64_t waited = signal_pad::GlobalTimerNs() - start;
    p.wait_ns[static_cast<int64_t>(row0 / rows) * p.tiles_n + tile_n] =
        waited > 0xFFFFFFFFull ? 0xFFFFFFFFu : static_cast<uint32_t>(waited);
  }
}

// CUTLASS's sm90 TMA warp-specialized mainloop whose load (the producer warp, once per output
// tile) first waits for the flags of the tile's A rows. Everything else is the base's.
template <class Base>
struct FlagWaitingMainloop : Base {
  struct Arguments : Base::Arguments {
    ProgressFlags progress;
  };
  struct Params : Base::Params {
    ProgressFlags progress;
  };

  template <class ProblemShape>
  static Params to_underlying_arguments(ProblemShape const& problem_shape, Arguments const& args,
                                        void* workspace) {
    Params params{};
    static_cast<typename Base::Params&>(params) =
        Base::to_underlying_arguments(problem_shape, args, workspace);
    params.progress = args.progress;
    return params;
  }

  template <class TensorA, class TensorB, class KTileIterator, class BlockCoord>
  CUTLASS_DEVICE void load(Params const& params, typename Base::MainloopPipeline pipeline,
                           typename Base::PipelineState smem_pipe_write,
                           cute::tuple<TensorA, TensorB> const& load_inputs,
                           BlockCoord const& blk_coord, KTileIterator k_tile_iter, int k_tile_count,
                           int thread_idx, uint32_t block_rank_in_cluster,
                           typename Base::TensorStorage& shared_tensors) {
    constexpr int kBlockM = size<0>(typename Base::TileShape{});
    WaitForRows(params.progress, static_cast<int>(get<0>(blk_coord)) * kBlockM, kBlockM,
                static_cast<int>(get<1>(blk_coord)));
    Base::load(params, pipeline, smem_pipe_write, load_inputs, blk_coord, k_tile_iter, k_tile_count,
               thread_idx, block_rank_in_cluster, shared_tensors);
  }
};

// The tile order: CUTLASS's static persistent scheduler (along N, so that consecutive tiles share
// their rows of A) with the M tile index rotated to start at `first_tile_m`, rounded down to a
// whole cluster: the rows a rank holds itself come first, then the rows after them, wrapping
// round, which is the order the copy engine gathers the other ranks' shards in (rank + 1, ...).
class ChunkOrderScheduler : public cutlass::gemm::kernel::detail::PersistentTileSchedulerSm90 {
  using Base = cutlass::gemm::kernel::detail::PersistentTileSchedulerSm90;

 public:
  struct Arguments : Base::Arguments {
    int first_tile_m = 0;
  };
  struct Params : Base::Params {
    int rotate_m = 0;  // a multiple of the cluster's M
    int tiles_m = 1;   // CTA tiles along M, rounded up to whole clusters
  };

  template <class ProblemShapeMNKL, class TileShapeMNK, class ClusterShapeMNK>
  static Params to_underlying_arguments(ProblemShapeMNKL problem_shape, TileShapeMNK tile_shape,
                                        ClusterShapeMNK cluster_shape,
                                        cutlass::KernelHardwareInfo const& hw_info,
                                        Arguments const& args, void* workspace = nullptr,
                                        uint32_t epilogue_subtile = 1,
                                        uint32_t ktile_start_alignment_count = 1u) {
    Params params{};
    static_cast<Base::Params&>(params) =
        Base::to_underlying_arguments(problem_shape, tile_shape, cluster_shape, hw_info, args,
                                      workspace, epilogue_subtile, ktile_start_alignment_count);
    const int cluster_m = static_cast<int>(params.cluster_shape_m_);
    params.tiles_m = static_cast<int>(params.problem_tiles_m_) * cluster_m;
    if (params.tiles_m < 1) params.tiles_m = 1;
    params.rotate_m = (args.first_tile_m / cluster_m * cluster_m) % params.tiles_m;
    return params;
  }

  CUTLASS_DEVICE explicit ChunkOrderScheduler(Params const& params)
      : Base(params), rotate_m_(params.rotate_m), tiles_m_(params.tiles_m) {}

  template <class ClusterShapeMNK>
  CUTLASS_DEVICE WorkTileInfo initial_work_tile_info(ClusterShapeMNK cluster_shape) {
    return Rotate(Base::initial_work_tile_info(cluster_shape), rotate_m_);
  }

  CUTLASS_DEVICE auto fetch_next_work(WorkTileInfo work_tile_info) {
    auto [next, increment] = Base::fetch_next_work(Rotate(work_tile_info, tiles_m_ - rotate_m_));
    return cute::make_tuple(Rotate(next, rotate_m_), increment);
  }

  template <class Pipeline, class PipelineState>
  CUTLASS_DEVICE auto fetch_next_work(WorkTileInfo work_tile_info, Pipeline& /*pipeline*/,
                                      PipelineState /*state*/) {
    return fetch_next_work(work_tile_info);
  }

 private:
  CUTLASS_DEVICE WorkTileInfo Rotate(WorkTileInfo work, int by) const {
    if (work.is_valid()) work.M_idx = (work.M_idx + by) % tiles_m_;
    return work;
  }

  int rotate_m_ = 0;
  int tiles_m_ = 1;
};

struct ChunkOrderSchedulerTag {};

using Output = cutlass::bfloat16_t;  // C, row-major, bf16
constexpr int kOutputAlignment = 8;  // elements: 16 bytes

// The epilogue operations: alpha x acc (CUTLASS's linear combination, beta 0 and no C), or row-wise
// FP8 scales, acc x col_scales[j] then x row_scales[i] (an epilogue visitor tree of two
// broadcasts).
using AlphaEpilogue = cutlass::epilogue::fusion::LinearCombination<Output, float, void, float>;
template <class TileShape>
using RowwiseScalesEpilogue = cutlass::epilogue::fusion::Sm90EVT<
    cutlass::epilogue::fusion::Sm90Compute<cutlass::multiplies, Output, float,
                                           cutlass::FloatRoundStyle::round_to_nearest>,
    cutlass::epilogue::fusion::Sm90ColBroadcast<0, TileShape, float, float,
                                                Stride<_1, _0, int64_t>>,
    cutlass::epilogue::fusion::Sm90EVT<
        cutlass::epilogue::fusion::Sm90Compute<cutlass::multiplies, float, float,
                                               cutlass::FloatRoundStyle::round_to_nearest>,
        cutlass::epilogue::fusion::Sm90RowBroadcast<0, TileShape, float, float,
                                                    Stride<_0, _1, int64_t>>,
        cutlass::epilogue::fusion::Sm90AccFetch>>;

// CUTLASS's TMA epilogue (warp-specialized cooperative, no C) with alpha or the row-wise scales.
template <class TileShape, bool kRowwiseScales>
using TmaEpilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, TileShape, ClusterShape,
    cutlass::epilogue::collective::EpilogueTileAuto, float, float, void, cutlass::layout::RowMajor,
    kOutputAlignment, Output, cutlass::layout::RowMajor, kOutputAlignment,
    cutlass::epilogue::TmaWarpSpecializedCooperative,
    cute::conditional_t<kRowwiseScales, RowwiseScalesEpilogue<TileShape>,
                        AlphaEpilogue>>::CollectiveOp;

// TmaEpilogue's arguments for D [m, n] row-major: x *alpha (null: 1), or with kRowwiseScales
// x col_scales[j] x row_scales[i] (float [n] and [m] on the device).
template <class Epilogue, bool kRowwiseScales>
typename Epilogue::Arguments EpilogueArgs(Output* d, int64_t m, int64_t n, const float* alpha,
                                          const float* row_scales, const float* col_scales) {
  typename Epilogue::Arguments epilogue{};
  if constexpr (kRowwiseScales) {
    // {row scales [m], {col scales [n], acc, x}, x}: each broadcast's {pointer, default, stride}.
    epilogue.thread = {{row_scales, 0.0f, {_1{}, _0{}, int64_t{0}}},
                       {{col_scales, 0.0f, {_0{}, _1{}, int64_t{0}}}, {}, {}},
                       {}};
  } else {
    epilogue.thread.alpha = 1.0f;
    epilogue.thread.alpha_ptr = alpha;  // FP8's a_scale x b_scale; null: alpha
    epilogue.thread.beta = 0.0f;
  }
  epilogue.ptr_C = nullptr;
  get<0>(epilogue.dC) = n;
  get<2>(epilogue.dC) = m * n;
  epilogue.ptr_D = d;
  get<0>(epilogue.dD) = n;
  get<2>(epilogue.dD) = m * n;
  return epilogue;
}

// Whether the epilogue scales fit `dtype`: bf16 none; FP8 alpha (tensor-wise, null: 1) or both
// row_scales and col_scales (row-wise), never both kinds. Host code.
inline bool ValidScales(DeviceDType dtype, const float* alpha, const float* row_scales,
                        const float* col_scales) {
  if (dtype == DeviceDType::kBf16 && alpha != nullptr) return false;
  if ((row_scales == nullptr) != (col_scales == nullptr)) return false;
  return row_scales == nullptr || (dtype == DeviceDType::kFp8E4m3 && alpha == nullptr);
}

// Sets A [m, k] row-major and B (bf16: [k, n] row-major; FP8: Bt [n, k] row-major, the K-major
// operand FP8 wgmma takes) in a mainloop's arguments.
template <class Input, class MainloopArguments>
void SetOperands(MainloopArguments& mainloop, const void* a, const void* b, int64_t m, int64_t n,
                 int64_t k) {
  mainloop.ptr_A = static_cast<const Input*>(a);
  get<0>(mainloop.dA) = k;
  get<2>(mainloop.dA) = m * k;
  mainloop.ptr_B = static_cast<const Input*>(b);
  if constexpr (cute::is_same_v<Input, cutlass::float_e4m3_t>) {
    get<0>(mainloop.dB) = k;  // Bt [n, k]: column n of B is row n of Bt
  } else {
    get<1>(mainloop.dB) = n;  // B [k, n]
  }
  get<2>(mainloop.dB) = k * n;
}

// Launches `Gemm` (a GemmUniversalAdapter of a kernel on ChunkOrderScheduler, which needs no
// workspace) for C [m, n] = A [m, k] @ B on `stream`, on every SM of the current device, its
// tiles along N from M tile `first_tile_m` on. Errors: cudaErrorInvalidValue when CUTLASS cannot
// implement the arguments; otherwise the launch's (cudaGetLastError included).
template <class Gemm>
cudaError_t LaunchGemm(int m, int n, int k,
                       typename Gemm::GemmKernel::MainloopArguments const& mainloop,
                       typename Gemm::GemmKernel::EpilogueArguments const& epilogue,
                       int first_tile_m, cudaStream_t stream) {
  using Kernel = typename Gemm::GemmKernel;
  int device = 0;
  if (const cudaError_t err = cudaGetDevice(&device); err != cudaSuccess) return err;
  cutlass::KernelHardwareInfo hw_info;
  hw_info.device_id = device;
  hw_info.sm_count = cutlass::KernelHardwareInfo::query_device_multiprocessor_count(device);
  typename Kernel::TileSchedulerArguments scheduler{};
  // Along N: consecutive tiles share their rows of A, so tiles run in the order rows arrive.
  scheduler.raster_order = Kernel::TileScheduler::RasterOrderOptions::AlongN;
  scheduler.max_swizzle_size = 1;
  scheduler.first_tile_m = first_tile_m;
  typename Gemm::Arguments arguments{cutlass::gemm::GemmUniversalMode::kGemm,
                                     {m, n, k, 1},
                                     mainloop,
                                     epilogue,
                                     hw_info,
                                     scheduler};
  Gemm gemm;
  if (gemm.can_implement(arguments) != cutlass::Status::kSuccess) return cudaErrorInvalidValue;
  if (Gemm::get_workspace_size(arguments) != 0) return cudaErrorInvalidValue;  // none needed
  if (gemm.initialize(arguments, nullptr, stream) != cutlass::Status::kSuccess) {
    const cudaError_t last = cudaGetLastError();
    return last != cudaSuccess ? last : cudaErrorInvalidValue;
  }
  const cutlass::Status status = gemm.run(stream);
  const cudaError_t last = cudaGetLastError();
  if (last != cudaSuccess) return last;
  return status == cutlass::Status::kSuccess ? cudaSuccess : cudaErrorLaunchFailure;
}

}  // namespace tile_gemm
}  // namespace symmbench

namespace cutlass::gemm::kernel::detail {

template <class TileShape, class ClusterShape, uint32_t SchedulerPipelineStageCount>
struct TileSchedulerSelector<symmbench::tile_gemm::ChunkOrderSchedulerTag, arch::Sm90, TileShape,
                             ClusterShape, SchedulerPipelineStageCount> {
  using Scheduler = symmbench::tile_gemm::ChunkOrderScheduler;
};

}  // namespace cutlass::gemm::kernel::detail
