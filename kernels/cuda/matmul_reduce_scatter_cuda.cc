// "matmul_reduce_scatter" on the CUDA backend (a row-parallel linear layer): rank r holds
// A [m, k/n] and B [k/n, n_cols] (its slice of K, n = world size) and ends with C_shard, rows
// [r m/n, (r+1) m/n) of the sum over ranks of A @ B.
//
// Algorithm (PyTorch symm_mem's fused_matmul_reduce_scatter: GEMM chunks produced in the order
// their owners need them, each chunk sent while the next computes, a local reduction at the end),
// with the sends as copy-engine pushes into the owner's symmetric buffer:
//   copy stream: entry barrier (every peer has finished summing its staging area of the previous
//     op), then for each chunk as its GEMM completes (an event per chunk), one cudaMemcpyAsync of
//     its rows into slot r of the owner's staging area (peer memory through the IPC mapping);
//     exit barrier (every peer's pushes into this rank's staging area have completed: each peer's
//     copies precede its barrier kernel on its copy stream).
//   main stream: the GEMM of each chunk into a local partials buffer, owners in the order r + 1,
//     r + 2, ... (splits_per_rank chunks each), then this rank's own rows straight into its own
//     slot; after the copy stream's exit barrier, the sum of the n staged slots in rank order
//     (LaunchReduceScatterSum: fp32, one rounding) into C_shard.
// Staging area: this rank's symmetric input region, n slots of [m/n, n_cols] (m x n_cols in all).
// References: kGemm, one cuBLASLt GEMM of the whole A into P_ref [m, n_cols]; kCollective,
// ncclReduceScatter(P_ref -> C_ref); kSequential, both. Check: C_shard against C_ref, tile by
// tile relative Frobenius error (the chunk GEMMs may pick other algorithms than the whole one).
// bf16 and fp16, and fp8_e4m3: A [m, k/n] and Bt [n_cols, k/n] in e4m3 with this rank's own
// scales (tensorwise, or rowwise: m for A's rows, n_cols for B's columns), the GEMM's output
// bf16, so the partials, the pushes, the staging area, the sum and C_shard are all bf16.
// tile_push and tile_gemm: one tile-push GEMM (matmul_reduce_scatter_tile_push.h has the
// schedule), its pushes into the same staging area, its flags in the symmetric output region.
// Eager only: a stream capture is refused, as ag_gemm's. The barriers are
// EnqueueSignalPadBarrier's, which honour ctx->faults (test jobs). The race check
// (RefillInputs, CheckRows: gemm_row_check.h) checks C_shard's rows against every rank's
// generators, one term per rank's K slice.
#include <cuda_runtime_api.h>
#include <nccl.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "kernels/cuda/ag_gemm_cublaslt.h"
#include "kernels/cuda/ag_gemm_cuda_resources.h"
#include "kernels/cuda/ag_gemm_kernels.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_context.h"
#include "kernels/cuda/cuda_dtype.h"
#include "kernels/cuda/cuda_gemm_op.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/cuda/gemm_row_check.h"
#include "kernels/cuda/matmul_reduce_scatter_tile_push.h"
#include "kernels/cuda/peer_sync.h"
#include "kernels/cuda/sharded_kernels.h"
#include "kernels/dtype.h"
#include "kernels/gemm_collective.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

constexpr const char* kName = ops::kMatmulReduceScatter;
constexpr int kPoisonByte = 0xFF;  // 0xFFFF: NaN in bf16 and fp16
// Fill streams of LaunchAgGemmFillUniform, apart from ag_gemm's: A and B of rank r, and with
// fp8_e4m3 their scales.
constexpr uint32_t kFillStreamA = 0xA000u;
constexpr uint32_t kFillStreamB = 0xB000u;
constexpr uint32_t kFillStreamAScale = 0x5A00u;
constexpr uint32_t kFillStreamBScale = 0x5B00u;

class CudaMatmulReduceScatter final : public CudaGemmOp {
 public:
  // `sm90`: whether the device runs sm_90a code (the tile-push GEMM's).
  CudaMatmulReduceScatter(const CudaContext* ctx, std::unique_ptr<CublasLtGemm> gemm, bool sm90)
      : CudaGemmOp(ctx, kName, std::move(gemm), kFillStreamAScale + ctx->rank,
                   kFillStreamBScale + ctx->rank),
        sm90_(sm90) {}

  std::string collective_name() const override { return "nccl_reduce_scatter"; }

  // tile_push and tile_gemm: MatmulReduceScatterTilePush::CanRun; the others always.
  absl::Status CanRun(GemmVariant variant) const override {
    if (variant != GemmVariant::kTilePush && variant != GemmVariant::kTileGemm) {
      return absl::OkStatus();
    }
    return MatmulReduceScatterTilePush::CanRun(sm90_, problem(), ctx()->world_size);
  }

 private:
  absl::Status PrepareResources(const GemmProblem& problem) override {
    const int ws = ctx()->world_size;
    if (problem.m < 1 || problem.n < 1 || problem.k < 1 || problem.splits_per_rank < 1 ||
        problem.m % (static_cast<int64_t>(ws) * problem.splits_per_rank) != 0 ||
        problem.k % ws != 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          kName, ": want positive m, n, k, splits_per_rank >= 1, m divisible by world_size (", ws,
          ") x splits_per_rank and k by world_size (got ", GemmProblemName(problem), ")"));
    }
    const int64_t elem = DTypeSize(problem.dtype);
    const DType out_dtype = GemmOutputDType(problem.dtype);
    const int64_t k_local = problem.k / ws;
    // m, n, k <= 2^20 (validation): no overflow.
    const int64_t mn_bytes = problem.m * problem.n * DTypeSize(out_dtype);
    if (static_cast<uint64_t>(mn_bytes) > ctx()->symm->region_bytes()) {
      return absl::InvalidArgumentError(
          absl::StrCat(kName, ": the staging area [", problem.m, ", ", problem.n, "] needs ",
                       mn_bytes, " bytes but the symmetric input region holds ",
                       ctx()->symm->region_bytes(), " (", GemmProblemName(problem), ")"));
    }
    const int64_t tiles = problem.m / ws / CheckTileRows(problem, ws);
    const size_t c_bytes = static_cast<size_t>(mn_bytes / ws);
    const BufferSize sizes[] = {{&a_, static_cast<size_t>(problem.m * k_local * elem)},
                                {&b_, static_cast<size_t>(k_local * problem.n * elem)},
                                {&partials_, static_cast<size_t>(mn_bytes)},
                                {&p_ref_, static_cast<size_t>(mn_bytes)},
                                {&c_, c_bytes},
                                {&c_ref_, c_bytes},
                                {&sums_, sizeof(FrobeniusSums) * static_cast<size_t>(tiles)},
                                {&row_check_, GemmRowCheckWorkspaceBytes(problem.n, k_local, ws)}};
    if (absl::Status s =
            ResizeBuffers(sizes, absl::StrCat(kName, ": buffers for ", GemmProblemName(problem)));
        !s.ok()) {
      return s;
    }
    // One event per pushed chunk, kept across problems.
    const size_t chunks = static_cast<size_t>(ws) * problem.splits_per_rank;
    while (chunk_ready_.size() < chunks) {
      EventPtr event;
      SYMMBENCH_RETURN_IF_CUDA_ERROR(
          CreateEventWithFlags(ctx()->device, cudaEventDisableTiming, &event),
          absl::StrCat(kName, ": cudaEventCreate(chunk ", chunk_ready_.size(), ")"));
      chunk_ready_.push_back(std::move(event));
    }
    if (absl::Status s = tile_push_.Prepare(*ctx(), sm90_, problem); !s.ok()) return s;
    const size_t wait_bytes =
        sizeof(uint32_t) * static_cast<size_t>(std::max<int64_t>(1, tile_push_.tiles()));
    const BufferSize waits[] = {{&tile_waits_, wait_bytes}};
    if (absl::Status s = ResizeBuffers(waits, absl::StrCat(kName, ": tile waits")); !s.ok()) {
      return s;
    }
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        cudaMemsetAsync(tile_waits_.get(), 0, tile_waits_.size(), ctx()->stream),
        absl::StrCat(kName, ": cudaMemsetAsync(tile waits)"));
    last_checked_ = GemmVariant::kFused;
    const DeviceDType sum_ddtype = ToDeviceDType(out_dtype);
    if (max_blocks_[static_cast<int>(sum_ddtype)] == 0) {
      SYMMBENCH_RETURN_IF_CUDA_ERROR(ShardedMaxBlocks(/*gather=*/false, sum_ddtype, ws,
                                                      &max_blocks_[static_cast<int>(sum_ddtype)]),
                                     absl::StrCat(kName, ": the local sum's grid cap"));
    }
    return absl::OkStatus();
  }

  // Also this rank's staging area, so that a push landing after the local sum read its slot (a
  // late push, a missing exit barrier) leaves NaN in C_shard rather than the previous operation's
  // equal partial. Safe on the main stream: the last fused op's exit barrier, which the main
  // stream waited for, completed once every peer's pushes into this area had landed; and peers
  // push the next op's chunks only after its entry barrier, which this rank's copy stream
  // reaches after this memset in stream order (it waits for an event recorded on the main stream
  // after it).
  absl::Status PoisonBuffers() override {
    for (const DeviceBuffer* buffer : {&partials_, &p_ref_, &c_, &c_ref_}) {
      SYMMBENCH_RETURN_IF_CUDA_ERROR(
          cudaMemsetAsync(buffer->get(), kPoisonByte, buffer->size(), ctx()->stream),
          absl::StrCat(kName, ": cudaMemsetAsync(poison, ", buffer->size(), " bytes)"));
    }
    const size_t staging_bytes = ctx()->world_size * shard_rows() * row_bytes();  // m x n
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        cudaMemsetAsync(Staging(ctx()->rank, 0, 0), kPoisonByte, staging_bytes, ctx()->stream),
        absl::StrCat(kName, ": cudaMemsetAsync(poison the staging area, ", staging_bytes,
                     " bytes)"));
    return absl::OkStatus();
  }

  // C_shard: rows [rank m/ws, (rank+1) m/ws) of the sum over ranks p of A_p @ B_p, each with
  // rank p's own fill and scale streams.
  GemmRowCheckArgs RowCheckArgs() const override {
    GemmRowCheckArgs args;
    args.c = c_.get();
    args.rows = shard_rows();
    args.first_row = ctx()->rank * shard_rows();
    args.m = problem().m;
    args.k_term = k_local();
    args.terms = ctx()->world_size;
    for (uint32_t p = 0; p < static_cast<uint32_t>(ctx()->world_size); ++p) {
      args.term[p] = {kFillStreamA + p, problem().m, kFillStreamB + p, kFillStreamAScale + p,
                      kFillStreamBScale + p};
    }
    args.workspace = row_check_.get();
    return args;
  }

  absl::Status RunVariant(GemmVariant variant) override {
    switch (variant) {
      case GemmVariant::kFused:
        last_checked_ = GemmVariant::kFused;
        return RunFused();
      case GemmVariant::kCollective:
        return RunReduceScatter();
      case GemmVariant::kGemm:
        return RunGemm();
      case GemmVariant::kSequential: {
        absl::Status s = RunGemm();
        return s.ok() ? RunReduceScatter() : s;
      }
      case GemmVariant::kTilePush:
        if (absl::Status s = RefuseCapture(); !s.ok()) return s;
        last_checked_ = GemmVariant::kTilePush;
        return tile_push_.Run(*ctx(), rhs(), a_.get(), c_.get(),
                              static_cast<uint32_t*>(tile_waits_.get()));
      case GemmVariant::kTileGemm:
        return tile_push_.RunGemmAlone(*ctx(), rhs(), a_.get(), p_ref_.get());
      case GemmVariant::kPipelined:
      case GemmVariant::kTileFlags:
        break;  // ag_gemm's only
    }
    return absl::InvalidArgumentError(
        absl::StrCat(kName, ": unknown variant ", static_cast<int>(variant)));
  }

  absl::StatusOr<GemmCheck> CheckOutputs() override {
    const int64_t tile_rows = CheckTileRows(problem(), ctx()->world_size);
    const int64_t tiles = shard_rows() / tile_rows;
    auto* sums = static_cast<FrobeniusSums*>(sums_.get());
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchRelFrobenius(c_.get(), c_ref_.get(), shard_rows() * problem().n,
                           tile_rows * problem().n, ToDeviceDType(out_dtype()), sums,
                           ctx()->stream),
        absl::StrCat(kName, ": LaunchRelFrobenius(C_shard, ", GemmProblemName(problem()), ", ",
                     tiles, " tiles)"));
    std::vector<FrobeniusSums> host(static_cast<size_t>(tiles));
    if (absl::Status s =
            ReadBack(host.data(), sums, sizeof(FrobeniusSums) * host.size(), "check sums");
        !s.ok()) {
      return s;
    }
    GemmCheck result;
    for (const FrobeniusSums& f : host) {
      result.c_rel_error =
          std::max(result.c_rel_error, TileRelError(f.diff_sq, f.want_sq, f.nonfinite == 0));
    }
    if (last_checked_ == GemmVariant::kTilePush) {
      absl::StatusOr<TileWaits> waits = ReadTileWaits(tile_waits_);
      if (!waits.ok()) return waits.status();
      result.tile_waits = *waits;
    }
    return result;
  }

  // Enqueues the draws of this rank's A [m, k/ws] and B [k/ws, n] (FP8: Bt [n, k/ws], the same
  // count of draws) from `seed`, on the main stream.
  absl::Status FillInputs(const GemmProblem& problem, uint64_t seed) override {
    const DeviceDType ddtype = ToDeviceDType(problem.dtype);
    const int64_t k_local = problem.k / ctx()->world_size;
    const uint32_t rank = static_cast<uint32_t>(ctx()->rank);
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchAgGemmFillUniform(a_.get(), problem.m * k_local, ddtype, seed, kFillStreamA + rank,
                                ctx()->stream),
        absl::StrCat(kName, ": fill A (", GemmProblemName(problem), ")"));
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchAgGemmFillUniform(b_.get(), k_local * problem.n, ddtype, seed, kFillStreamB + rank,
                                ctx()->stream),
        absl::StrCat(kName, ": fill B (", GemmProblemName(problem), ")"));
    return absl::OkStatus();
  }

  int64_t k_local() const { return problem().k / ctx()->world_size; }
  size_t row_bytes() const { return static_cast<size_t>(problem().n * DTypeSize(out_dtype())); }
  // Slot `slot` of `peer`'s staging area, row `row` within the slot.
  char* Staging(int peer, int slot, int64_t row) const {
    return static_cast<char*>(ctx()->symm->region(peer, kSymmInputRegion)) +
           (slot * shard_rows() + row) * row_bytes();
  }

  absl::Status RunGemm() {
    return gemm().Matmul(problem().m, problem().n, k_local(), rhs(), a_.get(), 0, p_ref_.get(),
                         ctx()->stream);
  }

  absl::Status RunReduceScatter() {
    if (absl::Status s = CheckComm(); !s.ok()) return s;
    const size_t count = static_cast<size_t>(shard_rows() * problem().n);
    SYMMBENCH_RETURN_IF_NCCL_ERROR(
        ncclReduceScatter(p_ref_.get(), c_ref_.get(), count, ToNcclDType(out_dtype()), ncclSum,
                          ctx()->comm, ctx()->stream),
        absl::StrCat(kName, ": ncclReduceScatter(", count, " per rank, ",
                     GemmProblemName(problem()), ")"),
        ctx()->comm);
    return absl::OkStatus();
  }

  absl::Status Barrier(BarrierPhase phase) {
    return EnqueueSignalPadBarrier(*ctx(), copy_stream(), phase, kName);
  }

  // Host order: [main] record start; [copy] wait start, entry barrier; per peer chunk: [main]
  // GEMM, record its event; [copy] wait the event, push; [main] own rows into the own slot;
  // [copy] exit barrier, record done; [main] wait done, local sum. Every event is recorded before
  // it is waited for, so the schedule cannot deadlock however the driver orders the streams.
  absl::Status RunFused() {
    const cudaStream_t main = ctx()->stream;
    if (absl::Status s = RefuseCapture(); !s.ok()) return s;
    if (absl::Status s = ForkCopyStream(); !s.ok()) return s;
    absl::Status status = EnqueueChunks();
    // Always close the copy stream's schedule and join it, so that peers are not left waiting
    // at the exit barrier and ctx->stream drained still implies the copy stream drained.
    absl::Status exit = Barrier(BarrierPhase::kExit);
    if (absl::Status s = JoinCopyStream(); !s.ok()) return s;
    if (!status.ok()) return status;
    if (!exit.ok()) return exit;
    ShardedArgs sum;
    for (int p = 0; p < ctx()->world_size; ++p) sum.inputs[p] = Staging(ctx()->rank, p, 0);
    sum.output = c_.get();
    sum.shard = shard_rows() * problem().n;
    sum.dtype = ToDeviceDType(out_dtype());
    sum.rank = ctx()->rank;
    sum.world_size = ctx()->world_size;
    sum.max_blocks = max_blocks_[static_cast<int>(sum.dtype)];
    sum.barriers = false;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchReduceScatterSum(sum, main),
        absl::StrCat(kName, ": the local sum (", GemmProblemName(problem()), ")"));
    return absl::OkStatus();
  }

  absl::Status EnqueueChunks() {
    const cudaStream_t main = ctx()->stream;
    const cudaStream_t copy = copy_stream();
    const int ws = ctx()->world_size;
    const int splits = problem().splits_per_rank;
    const size_t chunk_bytes = chunk_rows() * row_bytes();
    if (absl::Status s = Barrier(BarrierPhase::kEntry); !s.ok()) return s;
    for (int step = 1; step <= ws; ++step) {
      const int owner = (ctx()->rank + step) % ws;
      const bool own = owner == ctx()->rank;  // last: straight into the own slot, no push
      for (int c = 0; c < splits; ++c) {
        const int64_t row = owner * shard_rows() + c * chunk_rows();
        const char* a_rows = a_.bytes() + row * k_local() * elem();
        char* out = own ? Staging(ctx()->rank, ctx()->rank, c * chunk_rows())
                        : partials_.bytes() + row * row_bytes();
        if (absl::Status s =
                gemm().Matmul(chunk_rows(), problem().n, k_local(), rhs(), a_rows, row, out, main);
            !s.ok()) {
          return s;
        }
        if (own) continue;
        cudaEvent_t ready = chunk_ready_[static_cast<size_t>(owner * splits + c)].get();
        SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaEventRecord(ready, main),
                                       absl::StrCat(kName, ": cudaEventRecord(chunk)"));
        SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamWaitEvent(copy, ready, 0),
                                       absl::StrCat(kName, ": cudaStreamWaitEvent(chunk)"));
        SYMMBENCH_RETURN_IF_CUDA_ERROR(
            cudaMemcpyAsync(Staging(owner, ctx()->rank, c * chunk_rows()), out, chunk_bytes,
                            cudaMemcpyDeviceToDevice, copy),
            absl::StrCat(kName, ": cudaMemcpyAsync(chunk ", c, " to rank ", owner, ", ",
                         chunk_bytes, " bytes)"));
      }
    }
    return absl::OkStatus();
  }

  std::vector<EventPtr> chunk_ready_;  // [owner * splits + chunk]: its GEMM has completed
  // [m, k/n], [m, n_cols] x 2, FrobeniusSums per tile (B [k/n, n_cols], C_shard and C_ref
  // [m/n, n_cols]: the base's)
  DeviceBuffer a_{ctx()->device}, partials_{ctx()->device}, p_ref_{ctx()->device},
      sums_{ctx()->device};
  std::array<int, 4> max_blocks_{};  // the local sum's grid cap by DeviceDType; 0 = not yet
  const bool sm90_;                  // the device runs sm_90a code (kTilePush, kTileGemm)
  MatmulReduceScatterTilePush tile_push_;
  // uint32 ns per tile of this rank's shard: how long the last kTilePush's sum waited for each
  // tile's flags.
  DeviceBuffer tile_waits_{ctx()->device};
  GemmVariant last_checked_ = GemmVariant::kFused;  // kFused or kTilePush: what wrote C_shard
};

absl::StatusOr<std::unique_ptr<GemmCollective>> NewCudaMatmulReduceScatter(const CudaContext* ctx) {
  if (ctx == nullptr || ctx->symm == nullptr || ctx->stream == nullptr || ctx->error == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(kName, ": incomplete CUDA context"));
  }
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx->device), "cudaSetDevice");
  absl::StatusOr<std::unique_ptr<CublasLtGemm>> gemm = CublasLtGemm::Create(ctx->device);
  if (!gemm.ok()) return gemm.status();
  absl::StatusOr<bool> sm90 = DeviceRunsSm90a(ctx->device);
  if (!sm90.ok()) return sm90.status();
  auto op = std::make_unique<CudaMatmulReduceScatter>(ctx, *std::move(gemm), *sm90);
  if (absl::Status s = op->Init(); !s.ok()) return s;
  return std::unique_ptr<GemmCollective>(std::move(op));
}

[[maybe_unused]] const bool kRegistered =
    CudaGemmCollectives().Add(ops::kMatmulReduceScatter, &NewCudaMatmulReduceScatter);

}  // namespace
}  // namespace symmbench
