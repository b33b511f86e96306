// The tile-push GEMM and its owner's sum (tile_push_gemm.h) on CUTLASS 4's Hopper collectives:
// the cooperative warp-specialized persistent kernel (TMA loads, wgmma, a TMA epilogue) in
// clusters of 2 x 1, tiles of 128 bytes of K (128 x 256 for bf16, 128 x 128 for FP8), the tile
// order of tile_gemm::ChunkOrderScheduler, and OwnerEpilogue: CUTLASS's TMA epilogue with one
// set of parameters (one TMA descriptor of D) per owner, so that each tile is stored straight
// into its owner's slot, followed by the tile's flag.
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <limits>

#include "cute/tensor.hpp"
#include "cutlass/arch/barrier.h"
#include "cutlass/cutlass.h"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/gemm/device/gemm_universal_adapter.h"
#include "cutlass/gemm/kernel/gemm_universal.hpp"
#include "kernels/cuda/device_types.h"
#include "kernels/cuda/signal_pad.cuh"
#include "kernels/cuda/tile_gemm_parts.cuh"
#include "kernels/cuda/tile_push_gemm.h"

namespace symmbench {
namespace {

using namespace cute;  // NOLINT: CUTLASS's shape vocabulary (Shape, _128, ...)
using tile_gemm::ChunkOrderSchedulerTag;
using tile_gemm::ClusterShape;
using tile_gemm::Output;

constexpr int kTileM = 128;
constexpr int kConsumerThreads = 256;  // the cooperative kernel's two MMA warp groups
constexpr int kMaxPending = 64;        // flags noted before a batch is raised

// NOTE [tile-push flags: memory-ordering contract]
// Writer (OwnerEpilogue, the 256 consumer threads of a CTA): CUTLASS's TMA epilogue stores each
// tile into its owner's slot (TMA stores, the async proxy, issued by warp 0; through NVLink for a
// peer), and thread 0 notes the tile's flag in shared memory. The flags are raised in batches,
// when kMaxPending tiles are noted and once at the kernel's end (store_tail), because a
// system-scope fence costs microseconds (it waits until the SM's writes are visible to every GPU
// and the host): one per tile cost 6-7 us a tile on H200. A batch:
//   every thread: cp.async.bulk.wait_group 0 (the TMA stores it issued have written the slot;
//   none for the threads that issued none), then fence.proxy.async.global (those async-proxy
//   writes ordered before its generic-proxy operations that follow);
//   named barrier over the 256 threads (CTA-scope synchronization: every store's completion,
//   and thread 0's notes, are observed by warp 0);
//   warp 0: fence.acq_rel.sys (one fence for the warp, cumulative over the writes the barrier
//   made it observe), then lane i: st.relaxed.sys(flag, epoch) for the noted flags i, i + 32...
// Reader (TilePushSumKernel, on the owner, per tile): thread p < sources spins on
// ld.acquire.sys(flags[p][t]) until (int32_t)(flag - epoch) >= 0, then __syncthreads, so every
// thread's loads of the slots come after all the acquires (and the acquire invalidates the
// SM's L1, so no stale line of a previous operation is read).
// The sum runs after the owner's own GEMM on its stream, so raising flags late costs nothing:
// what matters is that a flag never rises before its tile's data.
// Epochs grow by one per operation (wrap-safe comparison), so flags are never reset between
// operations; the caller zeroes them once, before the first operation, and orders a slot's
// reuse (the next operation's pushes) after its owner's sum (an entry barrier).
// Timeouts: the sum's waits give up after timeout_ns, writing the error record (phase
// kProgressFlag, the source rank as the peer), so the kernel always completes and the job fails
// on the record; they also stop early once any record is written.

// The epilogue: CUTLASS's TMA epilogue `Base` per owner. Its parameters hold one Base::Params
// per owner, each for D = that owner's slot [shard_rows, n] (its own TMA descriptor: a peer's
// slot is a peer-mapped address, which TMA stores reach over NVLink); a tile of rows
// [owner x shard_rows + i x 128, ...) is stored by a Base built on the owner's parameters as
// tile i of the owner's slot. The store pipeline and shared memory are shared by all owners,
// as they are by the tiles of one GEMM. Tiles never straddle owners (shard_rows is a multiple of
// kTileM). Then the flags, in batches (the NOTE above).
template <class Base>
class OwnerEpilogue : public Base {
 public:
  struct Arguments {
    typename Base::Arguments owners[kMaxWorldSize];  // D = owner o's slot, its scales
    int count = 1;                                   // owners
    uint32_t* flags[kMaxWorldSize] = {};             // all null: no flags
    int tiles_n = 1;                                 // tile columns: ceil(n / tile_n)
    uint32_t epoch = 0;
  };
  struct Params {
    typename Base::Params owners[kMaxWorldSize];
    int count = 1;
    int tiles_m = 1;  // tile rows per owner: shard_rows / kTileM
    uint32_t* flags[kMaxWorldSize] = {};
    int tiles_n = 1;
    uint32_t epoch = 0;
    uint32_t tma_transaction_bytes = 0;  // of the epilogue's loads: the base's (none without C)
  };
  struct TensorStorage {
    typename Base::TensorStorage base;
    uint32_t* pending[kMaxPending];  // flags of tiles stored, not raised yet
  };
  struct SharedStorage {
    TensorStorage tensors;
    typename Base::PipelineStorage pipeline;
  };

  // problem_shape is the whole GEMM's (m, n, k, 1); each owner's D is [m / count, n].
  template <class ProblemShape>
  static Params to_underlying_arguments(ProblemShape const& problem_shape, Arguments const& args,
                                        void* workspace) {
    Params params;
    params.count = args.count;
    const ProblemShape shard = OwnerShape(problem_shape, args.count);
    for (int o = 0; o < args.count; ++o) {
      params.owners[o] = Base::to_underlying_arguments(shard, args.owners[o], workspace);
      params.flags[o] = args.flags[o];
    }
    params.tiles_m = static_cast<int>(get<0>(shard)) / kTileM;
    params.tiles_n = args.tiles_n;
    params.epoch = args.epoch;
    params.tma_transaction_bytes = params.owners[0].tma_transaction_bytes;
    return params;
  }
  template <class ProblemShape>
  static size_t get_workspace_size(ProblemShape const& problem_shape, Arguments const& args) {
    return Base::get_workspace_size(OwnerShape(problem_shape, args.count), args.owners[0]);
  }
  template <class ProblemShape>
  static cutlass::Status initialize_workspace(ProblemShape const& problem_shape,
                                              Arguments const& args, void* workspace,
                                              cudaStream_t stream,
                                              cutlass::CudaHostAdapter* adapter = nullptr) {
    return Base::initialize_workspace(OwnerShape(problem_shape, args.count), args.owners[0],
                                      workspace, stream, adapter);
  }
  template <class ProblemShape>
  static bool can_implement(ProblemShape const& problem_shape, Arguments const& args) {
    if (args.count < 1 || args.count > kMaxWorldSize || get<0>(problem_shape) % args.count != 0 ||
        get<0>(problem_shape) / args.count % kTileM != 0) {
      return false;
    }
    for (int o = 0; o < args.count; ++o) {
      if (!Base::can_implement(OwnerShape(problem_shape, args.count), args.owners[o])) return false;
    }
    return true;
  }
  CUTLASS_DEVICE static void prefetch_tma_descriptors(Params const& params) {
    for (int o = 0; o < params.count; ++o) Base::prefetch_tma_descriptors(params.owners[o]);
  }

  CUTLASS_DEVICE OwnerEpilogue(Params const& params, TensorStorage& shared)
      : Base(params.owners[0], shared.base), params_(params), shared_(shared) {}

  // No source C (is_producer_load_needed() is false): nothing to load.
  template <class... Rest>
  CUTLASS_DEVICE auto load(typename Base::LoadPipeline, typename Base::LoadPipelineState load_state,
                           Rest&&...) {
    return load_state;
  }

  template <class ProblemShapeMNKL, class TileShapeMNK, class TileCoordMNKL, class AccEngine,
            class AccLayout, class TiledMma>
  CUTLASS_DEVICE auto store(typename Base::LoadPipeline load_pipeline,
                            typename Base::LoadPipelineState load_state,
                            typename Base::StorePipeline store_pipeline,
                            typename Base::StorePipelineState store_state,
                            ProblemShapeMNKL problem_shape, TileShapeMNK tile_shape,
                            TileCoordMNKL tile_coord,
                            cute::Tensor<AccEngine, AccLayout> accumulators, TiledMma tiled_mma,
                            int thread_idx, TensorStorage& shared, int subtile_index = -1) {
    static_assert(size(TiledMma{}) == kConsumerThreads, "the cooperative kernel's consumers");
    static_assert(size<0>(TileShapeMNK{}) == kTileM, "tiles of kTileM rows");
    const int m_tile = static_cast<int>(get<0>(tile_coord));
    const int owner = m_tile / params_.tiles_m;
    const int local_m = m_tile - owner * params_.tiles_m;
    auto local_coord =
        make_coord(local_m, get<1>(tile_coord), get<2>(tile_coord), get<3>(tile_coord));
    Base base(params_.owners[owner], shared.base);
    auto states = base.store(load_pipeline, load_state, store_pipeline, store_state,
                             OwnerShape(problem_shape, params_.count), tile_shape, local_coord,
                             accumulators, tiled_mma, thread_idx, shared.base, subtile_index);
    thread_idx_ = thread_idx;
    if (params_.flags[owner] != nullptr) {
      if (thread_idx == 0) {
        shared_.pending[pending_] = params_.flags[owner] +
                                    static_cast<int64_t>(local_m) * params_.tiles_n +
                                    static_cast<int>(get<1>(tile_coord));
      }
      if (++pending_ == kMaxPending) RaisePendingFlags();
    }
    return states;
  }

  CUTLASS_DEVICE auto store_tail(typename Base::LoadPipeline load_pipeline,
                                 typename Base::LoadPipelineState load_state,
                                 typename Base::StorePipeline store_pipeline,
                                 typename Base::StorePipelineState store_state) {
    auto states = Base::store_tail(load_pipeline, load_state, store_pipeline, store_state);
    RaisePendingFlags();
    return states;
  }

 private:
  template <class ProblemShape>
  CUTLASS_HOST_DEVICE static ProblemShape OwnerShape(ProblemShape shape, int count) {
    get<0>(shape) = get<0>(shape) / count;
    return shape;
  }

  // Raises the noted flags (the NOTE above). Every consumer thread calls it with the same
  // pending_ (they stored the same tiles).
  CUTLASS_DEVICE void RaisePendingFlags() {
    if (pending_ == 0) return;
    asm volatile(
        "cp.async.bulk.wait_group 0;\n"
        "fence.proxy.async.global;" ::
            : "memory");
    cutlass::arch::NamedBarrier::sync(kConsumerThreads,
                                      cutlass::arch::ReservedNamedBarriers::EpilogueBarrier);
    if (thread_idx_ < 32) {
      asm volatile("fence.acq_rel.sys;" ::: "memory");
      for (int i = thread_idx_; i < pending_; i += 32) {
        asm volatile("st.relaxed.sys.global.u32 [%0], %1;" ::"l"(shared_.pending[i]),
                     "r"(params_.epoch)
                     : "memory");
      }
      __syncwarp();  // every lane has read its notes before thread 0 notes the next batch
    }
    pending_ = 0;
  }

  Params const& params_;
  TensorStorage& shared_;
  int pending_ = 0;  // flags noted in shared_.pending
  int thread_idx_ = 0;
};

// The kernel for one input type: A row-major [m, k]; B [k, n] row-major for bf16, or Bt [n, k]
// row-major (B column-major) for FP8. Tiles are kTileM x kTileN x (128 bytes of K).
template <class Input, class LayoutB, int kTileN, bool kRowwiseScales = false>
struct TilePushKernel {
  static constexpr int kInputAlignment = 16 / sizeof(Input);
  static constexpr int kTileNValue = kTileN;
  static constexpr bool kRowwise = kRowwiseScales;
  using TileShape = Shape<Int<kTileM>, Int<kTileN>, Int<128 / sizeof(Input)>>;
  using BaseEpilogue = tile_gemm::TmaEpilogue<TileShape, kRowwiseScales>;
  using Epilogue = OwnerEpilogue<BaseEpilogue>;
  using Mainloop = typename cutlass::gemm::collective::CollectiveBuilder<
      cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, Input, cutlass::layout::RowMajor,
      kInputAlignment, Input, LayoutB, kInputAlignment, float, TileShape, ClusterShape,
      cutlass::gemm::collective::StageCountAutoCarveout<static_cast<int>(
          sizeof(typename Epilogue::SharedStorage))>,
      cutlass::gemm::KernelTmaWarpSpecializedCooperative>::CollectiveOp;
  using Kernel = cutlass::gemm::kernel::GemmUniversal<Shape<int, int, int, int>, Mainloop, Epilogue,
                                                      ChunkOrderSchedulerTag>;
  using Gemm = cutlass::gemm::device::GemmUniversalAdapter<Kernel>;
};

using Bf16Kernel = TilePushKernel<cutlass::bfloat16_t, cutlass::layout::RowMajor, 256>;
using Fp8Kernel = TilePushKernel<cutlass::float_e4m3_t, cutlass::layout::ColumnMajor, 128>;
using Fp8RowwiseKernel =
    TilePushKernel<cutlass::float_e4m3_t, cutlass::layout::ColumnMajor, 128, /*rowwise=*/true>;

int TileN(DeviceDType dtype) {
  return dtype == DeviceDType::kFp8E4m3 ? Fp8Kernel::kTileNValue : Bf16Kernel::kTileNValue;
}

bool ValidArgs(const TilePushGemmArgs& args) {
  if (!TilePushGemmRuns(args.dtype, args.m, args.n, args.k, args.owners) || args.a == nullptr ||
      args.b == nullptr || args.first_owner < 0 || args.first_owner >= args.owners) {
    return false;
  }
  if (!tile_gemm::ValidScales(args.dtype, args.alpha, args.row_scales, args.col_scales)) {
    return false;
  }
  const bool flags = args.flags[0] != nullptr;
  for (int o = 0; o < args.owners; ++o) {
    if (args.slots[o] == nullptr || reinterpret_cast<uintptr_t>(args.slots[o]) % 16 != 0 ||
        (args.flags[o] != nullptr) != flags) {
      return false;
    }
  }
  return true;
}

template <class K>
cudaError_t Launch(const TilePushGemmArgs& args, cudaStream_t stream) {
  using Kernel = typename K::Kernel;
  using Input = typename Kernel::ElementA;
  const int64_t m = args.m, n = args.n, k = args.k;

  typename Kernel::MainloopArguments mainloop{};
  tile_gemm::SetOperands<Input>(mainloop, args.a, args.b, m, n, k);

  typename K::Epilogue::Arguments epilogue;
  const int64_t shard_rows = m / args.owners;
  epilogue.count = args.owners;
  for (int o = 0; o < args.owners; ++o) {
    const float* row_scales =
        args.row_scales != nullptr ? args.row_scales + o * shard_rows : nullptr;
    epilogue.owners[o] = tile_gemm::EpilogueArgs<typename K::BaseEpilogue, K::kRowwise>(
        static_cast<Output*>(args.slots[o]), shard_rows, n, args.alpha, row_scales,
        args.col_scales);
    epilogue.flags[o] = args.flags[o];
  }
  epilogue.tiles_n = static_cast<int>((n + K::kTileNValue - 1) / K::kTileNValue);
  epilogue.epoch = args.epoch;

  return tile_gemm::LaunchGemm<typename K::Gemm>(
      args.m, args.n, args.k, mainloop, epilogue,
      static_cast<int>(args.first_owner * shard_rows / kTileM), stream);
}

constexpr int kSumThreads = 256;
constexpr int kVec = 8;  // bf16 per 16-byte access

// The owner's sum, one CTA per tile at a time (grid-stride over the shard's tiles): wait for
// every source's flag of the tile (the NOTE above), then out = sum over p of slots[p] in rank
// order, 8 columns per thread per step.
__global__ void __launch_bounds__(kSumThreads)
    TilePushSumKernel(TilePushSumArgs args, int tile_n, int tiles_n, int64_t tiles) {
  const uint64_t start = signal_pad::GlobalTimerNs();
  for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    const uint64_t wait_start = signal_pad::GlobalTimerNs();
    const int p = static_cast<int>(threadIdx.x);
    if (p < args.sources) {
      const uint32_t* flag = args.flags[p] + t;
      for (uint32_t attempt = 1;; ++attempt) {
        uint32_t value;
        asm volatile("ld.acquire.sys.global.u32 %0, [%1];" : "=r"(value) : "l"(flag) : "memory");
        if (static_cast<int32_t>(value - args.epoch) >= 0) break;
        if (signal_pad::GlobalTimerNs() - start > args.timeout_ns) {
          signal_pad::RecordTimeout(args.error, args.rank, p, BarrierPhase::kProgressFlag);
          break;
        }
        if (attempt % signal_pad::kErrorPollInterval == 0 &&
            signal_pad::ErrorRecorded(args.error)) {
          break;
        }
      }
    }
    __syncthreads();
    if (args.wait_ns != nullptr && threadIdx.x == 0) {
      const uint64_t waited = signal_pad::GlobalTimerNs() - wait_start;
      args.wait_ns[t] = waited > 0xFFFFFFFFull ? 0xFFFFFFFFu : static_cast<uint32_t>(waited);
    }
    const int tile_m = static_cast<int>(t / tiles_n);
    const int col0 = static_cast<int>(t % tiles_n) * tile_n;
    const int vecs = (min(tile_n, args.n - col0)) / kVec;  // per row
#pragma unroll 4
    for (int v = threadIdx.x; v < kTileM * vecs; v += kSumThreads) {
      const int64_t offset =
          static_cast<int64_t>(tile_m * kTileM + v / vecs) * args.n + col0 + (v % vecs) * kVec;
      float sum[kVec] = {};
      for (int s = 0; s < args.sources; ++s) {
        const uint4 raw = *reinterpret_cast<const uint4*>(
            static_cast<const __nv_bfloat16*>(args.slots[s]) + offset);
        const __nv_bfloat162* pairs = reinterpret_cast<const __nv_bfloat162*>(&raw);
#pragma unroll
        for (int j = 0; j < kVec / 2; ++j) {
          const float2 f = __bfloat1622float2(pairs[j]);
          sum[2 * j] += f.x;
          sum[2 * j + 1] += f.y;
        }
      }
      uint4 packed;
      __nv_bfloat162* out_pairs = reinterpret_cast<__nv_bfloat162*>(&packed);
#pragma unroll
      for (int j = 0; j < kVec / 2; ++j) {
        out_pairs[j] = __floats2bfloat162_rn(sum[2 * j], sum[2 * j + 1]);
      }
      *reinterpret_cast<uint4*>(static_cast<__nv_bfloat16*>(args.out) + offset) = packed;
    }
    __syncthreads();  // the next tile's waits start once this tile's loads are done
  }
}

}  // namespace

bool TilePushGemmRuns(DeviceDType dtype, int64_t m, int64_t n, int64_t k, int owners) {
  if (dtype != DeviceDType::kBf16 && dtype != DeviceDType::kFp8E4m3) return false;
  const int64_t alignment = dtype == DeviceDType::kFp8E4m3 ? 16 : 8;  // 16-byte rows
  const int64_t most = std::numeric_limits<int>::max();
  if (owners < 1 || owners > kMaxWorldSize) return false;
  return m >= 1 && n >= 1 && k >= 1 && m <= most && n <= most && k <= most && n % alignment == 0 &&
         k % alignment == 0 && m % owners == 0 && (m / owners) % kTileM == 0;
}

int64_t TilePushShardTiles(DeviceDType dtype, int64_t shard_rows, int64_t n) {
  const int64_t tile_n = TileN(dtype);
  return shard_rows / kTileM * ((n + tile_n - 1) / tile_n);
}

cudaError_t LaunchTilePushGemm(const TilePushGemmArgs& args, cudaStream_t stream) {
  if (!ValidArgs(args)) return cudaErrorInvalidValue;
  if (args.dtype == DeviceDType::kBf16) return Launch<Bf16Kernel>(args, stream);
  return args.row_scales != nullptr ? Launch<Fp8RowwiseKernel>(args, stream)
                                    : Launch<Fp8Kernel>(args, stream);
}

cudaError_t LaunchTilePushSum(const TilePushSumArgs& args, cudaStream_t stream) {
  if (args.sources < 1 || args.sources > kMaxWorldSize || args.out == nullptr ||
      args.shard_rows < kTileM || args.shard_rows % kTileM != 0 || args.n < kVec ||
      args.n % kVec != 0 || args.timeout_ns == 0 || args.error == nullptr ||
      (args.dtype != DeviceDType::kBf16 && args.dtype != DeviceDType::kFp8E4m3)) {
    return cudaErrorInvalidValue;
  }
  for (int p = 0; p < args.sources; ++p) {
    if (args.slots[p] == nullptr || args.flags[p] == nullptr ||
        reinterpret_cast<uintptr_t>(args.slots[p]) % 16 != 0) {
      return cudaErrorInvalidValue;
    }
  }
  if (reinterpret_cast<uintptr_t>(args.out) % 16 != 0) return cudaErrorInvalidValue;
  int device = 0, sms = 0;
  cudaError_t err = cudaGetDevice(&device);
  if (err == cudaSuccess)
    err = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  if (err != cudaSuccess) return err;
  const int tile_n = TileN(args.dtype);
  const int tiles_n = (args.n + tile_n - 1) / tile_n;
  const int64_t tiles = TilePushShardTiles(args.dtype, args.shard_rows, args.n);
  const int64_t most_blocks = static_cast<int64_t>(sms) * 4;
  const int blocks = static_cast<int>(tiles < most_blocks ? tiles : most_blocks);
  TilePushSumKernel<<<blocks, kSumThreads, 0, stream>>>(args, tile_n, tiles_n, tiles);
  return cudaGetLastError();
}

}  // namespace symmbench
