// CudaAgGemm: Prepare (buffers, seeded fills), Run (fused copy-engine all-gather + chunked
// cuBLASLt GEMMs; NCCL / cuBLASLt references), Check (bitwise gathered A, Frobenius C) and the
// race check's refills and row checksums (gemm_row_check.h). The fused op's copy-stream barriers
// honour ctx->faults (test jobs) as EnqueueSignalPadBarrier does.
// Algorithm sources: PyTorch symm_mem `_pipelined_all_gather_and_consume` (side stream, local
// shard consumed first, ring order from rank + 1, barrier before and after) and Helion's
// all_gather_matmul example (copy-engine copies, one progress flag per chunk written with
// cuStreamWriteValue32, `splits_per_rank` chunks per shard). docs/ag_gemm.md explains choices.
#include "kernels/cuda/ag_gemm_cuda.h"

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <algorithm>
#include <cmath>
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
#include "kernels/cuda/ag_gemm_pipeline.h"
#include "kernels/cuda/ag_gemm_stream_ops.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_dtype.h"
#include "kernels/cuda/cuda_gemm_op.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/cuda/delay_kernel.h"
#include "kernels/cuda/gemm_row_check.h"
#include "kernels/cuda/verify_kernels.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

constexpr const char* kName = ops::kAgGemm;
constexpr int kPoisonByte = 0xFF;  // 0xFFFF: NaN in bf16 and fp16; 0xFF: NaN in e4m3
// FP8 scales' fill streams, apart from the ranks' A shards and B's: the same on every rank,
// since the gathered A has one set of row scales (tensorwise: one scale) and B one.
constexpr uint32_t kAScaleFillStream = 0x5CA1u;
constexpr uint32_t kBScaleFillStream = 0x5CA2u;
// Flag values wrap-safely compare (GEQ on the signed difference); restart well before 2^31.
constexpr uint32_t kMaxEpoch = 1u << 30;

// Check's device-side results, read back in one copy: the gathered A's counters, then one
// FrobeniusSums per tile of C (CheckBytes(tiles) bytes in all).
struct CheckSums {
  CompareCounters counters;  // gathered A vs A_ref, bitwise
  FrobeniusSums tiles[1];    // C vs C_ref, tile by tile (CheckTileRows)
};

size_t CheckBytes(int64_t tiles) {
  return offsetof(CheckSums, tiles) + sizeof(FrobeniusSums) * static_cast<size_t>(tiles);
}

// a * b * c without overflow (all positive); false if it would exceed int64.
bool Product(int64_t a, int64_t b, int64_t c, int64_t* out) {
  int64_t ab = 0;
  return !__builtin_mul_overflow(a, b, &ab) && !__builtin_mul_overflow(ab, c, out);
}

class CudaAgGemm final : public CudaGemmOp {
 public:
  CudaAgGemm(const CudaContext* ctx, StreamMemOps ops, std::unique_ptr<CublasLtGemm> gemm,
             std::unique_ptr<AgGemmPipeline> pipeline)
      : CudaGemmOp(ctx, kName, std::move(gemm), kAScaleFillStream, kBScaleFillStream),
        ops_(ops),
        pipeline_(std::move(pipeline)) {}

  std::string collective_name() const override { return "nccl_all_gather"; }

 private:
  absl::Status PrepareResources(const GemmProblem& problem) override {
    const int ws = ctx()->world_size;
    const int64_t elem = DTypeSize(problem.dtype);
    const int64_t out_elem = DTypeSize(GemmOutputDType(problem.dtype));
    int64_t a_bytes = 0, b_bytes = 0, c_bytes = 0;
    if (problem.m < 1 || problem.n < 1 || problem.k < 1 || problem.splits_per_rank < 1 ||
        problem.m % (static_cast<int64_t>(ws) * problem.splits_per_rank) != 0 ||
        !Product(problem.m, problem.k, elem, &a_bytes) ||
        !Product(problem.k, problem.n, elem, &b_bytes) ||
        !Product(problem.m, problem.n, out_elem, &c_bytes)) {
      return absl::InvalidArgumentError(absl::StrCat(
          kName, ": want positive m, n, k, splits_per_rank >= 1 and m divisible by world_size (",
          ws, ") x splits_per_rank (got ", GemmProblemName(problem), ")"));
    }
    const int64_t shard_bytes = a_bytes / ws;
    if (static_cast<uint64_t>(shard_bytes) > ctx()->symm->region_bytes()) {
      return absl::InvalidArgumentError(
          absl::StrCat(kName, ": A_shard [", problem.m / ws, ", ", problem.k, "] needs ",
                       shard_bytes, " bytes but the symmetric input region holds ",
                       ctx()->symm->region_bytes(), " (", GemmProblemName(problem), ")"));
    }
    const size_t flag_bytes = sizeof(uint32_t) * ws * problem.splits_per_rank;
    const size_t check_bytes = CheckBytes(problem.m / CheckTileRows(problem, ws));
    const BufferSize sizes[] = {{&gathered_, static_cast<size_t>(a_bytes)},
                                {&a_ref_, static_cast<size_t>(a_bytes)},
                                {&b_, static_cast<size_t>(b_bytes)},
                                {&c_, static_cast<size_t>(c_bytes)},
                                {&c_ref_, static_cast<size_t>(c_bytes)},
                                {&flags_, flag_bytes},
                                {&check_, check_bytes},
                                {&row_check_, GemmRowCheckWorkspaceBytes(problem.n, problem.k, 1)}};
    if (absl::Status s =
            ResizeBuffers(sizes, absl::StrCat(kName, ": buffers for ", GemmProblemName(problem)));
        !s.ok()) {
      return s;
    }
    // Flags restart at 0 with the epoch (main stream: ordered after every earlier Run's copy
    // stream, which each Run joins back into the main stream).
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(flags_.get(), 0, flag_bytes, ctx()->stream),
                                   absl::StrCat(kName, ": cudaMemsetAsync(flags)"));
    epoch_ = 0;
    return pipeline_->Prepare(problem);
  }

  // C [m, n] = A [m, k] @ B: row i of A is row i % (m / ws) of rank i / (m / ws)'s A_shard.
  GemmRowCheckArgs RowCheckArgs() const override {
    GemmRowCheckArgs args;
    args.c = c_.get();
    args.rows = args.m = problem().m;
    args.k_term = problem().k;
    args.term[0] = {/*a_fill_stream=*/0, shard_rows(), kAgGemmBFillStream, kAScaleFillStream,
                    kBScaleFillStream};
    args.workspace = row_check_.get();
    return args;
  }

  absl::Status PoisonBuffers() override {
    for (const DeviceBuffer* buffer : {&gathered_, &a_ref_, &c_, &c_ref_}) {
      SYMMBENCH_RETURN_IF_CUDA_ERROR(
          cudaMemsetAsync(buffer->get(), kPoisonByte, buffer->size(), ctx()->stream),
          absl::StrCat(kName, ": cudaMemsetAsync(poison, ", buffer->size(), " bytes)"));
    }
    return pipeline_->Poison();  // the pipelined variant's stage buffers
  }

  absl::Status RunVariant(GemmVariant variant) override {
    switch (variant) {
      case GemmVariant::kFused:
        last_checked_ = GemmVariant::kFused;
        return RunFused();
      case GemmVariant::kCollective:
        return RunAllGather();
      case GemmVariant::kGemm:
        return RunGemm();
      case GemmVariant::kSequential: {
        absl::Status s = RunAllGather();
        return s.ok() ? RunGemm() : s;
      }
      case GemmVariant::kPipelined:
        last_checked_ = GemmVariant::kPipelined;
        return pipeline_->Run(ctx()->symm->region(ctx()->rank, kSymmInputRegion), rhs(), c_.get());
    }
    return absl::InvalidArgumentError(
        absl::StrCat(kName, ": unknown variant ", static_cast<int>(variant)));
  }

  absl::StatusOr<GemmCheck> CheckOutputs() override {
    const GemmProblem& p = problem();
    const DeviceDType ddtype = ToDeviceDType(p.dtype);
    const DeviceDType out_ddtype = ToDeviceDType(out_dtype());
    const cudaStream_t main = ctx()->stream;
    auto* sums = static_cast<CheckSums*>(check_.get());
    // The gathered A is the fused op's; the pipelined variant gathers into stage buffers of its
    // own (an empty comparison then leaves the counters at zero).
    const int64_t a_elems = last_checked_ == GemmVariant::kFused ? p.m * p.k : 0;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchCompareBitwise(gathered_.get(), a_ref_.get(), a_elems, ddtype, &sums->counters, main),
        absl::StrCat(kName, ": LaunchCompareBitwise(gathered A, ", GemmProblemName(p), ")"));
    const int64_t tile_rows = CheckTileRows(p, ctx()->world_size);
    const int64_t tiles = p.m / tile_rows;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchRelFrobenius(c_.get(), c_ref_.get(), p.m * p.n, tile_rows * p.n, out_ddtype,
                           sums->tiles, main),
        absl::StrCat(kName, ": LaunchRelFrobenius(C, ", GemmProblemName(p), ", ", tiles,
                     " tiles)"));
    std::vector<unsigned char> host(CheckBytes(tiles));
    if (absl::Status s = ReadBack(host.data(), sums, host.size(), "check sums"); !s.ok()) return s;
    const auto* got = reinterpret_cast<const CheckSums*>(host.data());
    GemmCheck result;
    result.gathered_wrong = static_cast<int64_t>(got->counters.wrong);
    result.first_bad_index =
        got->counters.wrong != 0 ? static_cast<int64_t>(got->counters.first_bad) : -1;
    for (int64_t t = 0; t < tiles; ++t) {
      const FrobeniusSums& f = got->tiles[t];
      result.c_rel_error =
          std::max(result.c_rel_error, TileRelError(f.diff_sq, f.want_sq, f.nonfinite == 0));
    }
    return result;
  }

  // Enqueues the draws of this rank's A_shard (its symmetric input region) and of B [k, n] (FP8:
  // Bt [n, k], the same count of draws) from `seed`, on the main stream.
  absl::Status FillInputs(const GemmProblem& problem, uint64_t seed) override {
    const DeviceDType ddtype = ToDeviceDType(problem.dtype);
    const cudaStream_t main = ctx()->stream;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchAgGemmFillUniform(ctx()->symm->region(ctx()->rank, kSymmInputRegion),
                                problem.m / ctx()->world_size * problem.k, ddtype, seed,
                                static_cast<uint32_t>(ctx()->rank), main),
        absl::StrCat(kName, ": fill A_shard (", GemmProblemName(problem), ")"));
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchAgGemmFillUniform(b_.get(), problem.k * problem.n, ddtype, seed, kAgGemmBFillStream,
                                main),
        absl::StrCat(kName, ": fill B (", GemmProblemName(problem), ")"));
    return absl::OkStatus();
  }

  // Row `row` of a row-major A (dtype) with `cols` columns starting at `base`.
  char* Row(const DeviceBuffer& base, int64_t row, int64_t cols) const {
    return base.bytes() + row * cols * elem();
  }
  // Row `row` of C (GemmOutputDType) [m, n].
  char* RowOfC(int64_t row) const {
    return c_.bytes() + row * problem().n * DTypeSize(out_dtype());
  }
  uint32_t* Flag(int peer, int chunk) const {
    return static_cast<uint32_t*>(flags_.get()) + peer * problem().splits_per_rank + chunk;
  }

  absl::Status RunAllGather() {
    if (absl::Status s = CheckComm(); !s.ok()) return s;
    const size_t count = static_cast<size_t>(shard_rows() * problem().k);
    SYMMBENCH_RETURN_IF_NCCL_ERROR(
        ncclAllGather(ctx()->symm->region(ctx()->rank, kSymmInputRegion), a_ref_.get(), count,
                      ToNcclDType(problem().dtype), ctx()->comm, ctx()->stream),
        absl::StrCat(kName, ": ncclAllGather(", count, " per rank, ", GemmProblemName(problem()),
                     ")"),
        ctx()->comm);
    return absl::OkStatus();
  }

  absl::Status RunGemm() {
    return gemm().Matmul(problem().m, problem().n, problem().k, rhs(), a_ref_.get(), 0,
                         c_ref_.get(), ctx()->stream);
  }

  // Host order: [main] record start; [copy] wait start, whole copy schedule, record done;
  // [main] GEMM schedule (flag waits), wait done. Every flag's writer is enqueued before its
  // waiter, so the schedule cannot deadlock even if the driver serialised the two streams.
  // Eager only: each operation raises the flags to a new epoch, which a graph replaying fixed
  // values could not do (the spec validation refuses graph mode for ag_gemm; a capture is
  // refused here too rather than recorded with stale epochs).
  absl::Status RunFused() {
    if (absl::Status s = RefuseCapture(); !s.ok()) return s;
    if (epoch_ >= kMaxEpoch) {  // wrapped: zero the flags (stream-ordered) and count again
      SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(flags_.get(), 0, flags_.size(), ctx()->stream),
                                     absl::StrCat(kName, ": cudaMemsetAsync(flags)"));
      epoch_ = 0;
    }
    const uint32_t value = ++epoch_;
    if (absl::Status s = ForkCopyStream(); !s.ok()) return s;
    const absl::Status copies = EnqueueCopies(value);
    // Only wait for flags whose writers are all enqueued: after a failed copy schedule the
    // GEMMs are skipped (C stays as it was) and the error is returned.
    const absl::Status gemms = copies.ok() ? EnqueueGemms(value) : absl::OkStatus();
    // Always join, so that ctx->stream drained still implies the copy stream drained.
    if (absl::Status s = JoinCopyStream(); !s.ok()) return s;
    return copies.ok() ? gemms : copies;
  }

  // With ctx()->faults (test jobs): no exit barrier, and the delayed rank spins faults.delay_ns on
  // the copy stream right after its entry barrier (EnqueueSignalPadBarrier's faults).
  absl::Status Barrier(BarrierPhase phase) {
    if (phase == BarrierPhase::kExit && ctx()->faults.skip_exit_barrier != 0) {
      return absl::OkStatus();
    }
    AgGemmBarrierArgs args;
    for (int p = 0; p < ctx()->world_size; ++p) args.signal_pads[p] = ctx()->symm->signal_pad(p);
    args.rank = ctx()->rank;
    args.world_size = ctx()->world_size;
    args.timeout_ns = ctx()->barrier_timeout_ns;
    args.error = ctx()->error;
    args.phase = phase;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchAgGemmBarrier(args, copy_stream()),
        absl::StrCat(kName, ": LaunchAgGemmBarrier(",
                     phase == BarrierPhase::kEntry ? "entry" : "exit", ")"));
    if (phase == BarrierPhase::kEntry && ctx()->faults.skip_exit_barrier != 0 &&
        ctx()->faults.delayed_rank == ctx()->rank) {
      SYMMBENCH_RETURN_IF_CUDA_ERROR(LaunchDelayKernel(ctx()->faults.delay_ns, copy_stream()),
                                     absl::StrCat(kName, ": injected delay"));
    }
    return absl::OkStatus();
  }

  // Copy stream: entry barrier (every peer's A_shard is written), then ring order from
  // rank + 1, chunk by chunk: copy-engine copy of the peer's chunk into the gathered A, then
  // its flag; exit barrier (every peer has finished reading our shard); own shard last.
  absl::Status EnqueueCopies(uint32_t value) {
    const cudaStream_t copy = copy_stream();
    const int ws = ctx()->world_size;
    const int splits = problem().splits_per_rank;
    const size_t chunk_bytes = static_cast<size_t>(chunk_rows() * problem().k * elem());
    if (absl::Status s = Barrier(BarrierPhase::kEntry); !s.ok()) return s;
    for (int step = 1; step < ws; ++step) {
      const int peer = (ctx()->rank + step) % ws;
      const char* src = static_cast<const char*>(ctx()->symm->region(peer, kSymmInputRegion));
      for (int c = 0; c < splits; ++c) {
        const int64_t row = peer * shard_rows() + c * chunk_rows();
        SYMMBENCH_RETURN_IF_CUDA_ERROR(
            cudaMemcpyAsync(Row(gathered_, row, problem().k), src + c * chunk_bytes, chunk_bytes,
                            cudaMemcpyDeviceToDevice, copy),
            absl::StrCat(kName, ": cudaMemcpyAsync(peer ", peer, " chunk ", c, ", ", chunk_bytes,
                         " bytes)"));
        if (absl::Status s = ops_.WriteValue32(copy, Flag(peer, c), value); !s.ok()) return s;
      }
    }
    if (absl::Status s = Barrier(BarrierPhase::kExit); !s.ok()) return s;
    const size_t shard_bytes = chunk_bytes * splits;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        cudaMemcpyAsync(Row(gathered_, ctx()->rank * shard_rows(), problem().k),
                        ctx()->symm->region(ctx()->rank, kSymmInputRegion), shard_bytes,
                        cudaMemcpyDeviceToDevice, copy),
        absl::StrCat(kName, ": cudaMemcpyAsync(own shard, ", shard_bytes, " bytes)"));
    return absl::OkStatus();
  }

  // Main stream, in the copy order: first the own shard's chunks straight from the symmetric
  // buffer (no wait; the gaps between these GEMMs also let the copy stream's entry barrier
  // block onto an SM), then each peer chunk: wait for its flag, GEMM its rows of gathered A.
  absl::Status EnqueueGemms(uint32_t value) {
    const cudaStream_t main = ctx()->stream;
    const int64_t n = problem().n;
    const int64_t k = problem().k;
    const char* own = static_cast<const char*>(ctx()->symm->region(ctx()->rank, kSymmInputRegion));
    for (int step = 0; step < ctx()->world_size; ++step) {
      const int peer = (ctx()->rank + step) % ctx()->world_size;
      for (int c = 0; c < problem().splits_per_rank; ++c) {
        const int64_t row = peer * shard_rows() + c * chunk_rows();
        const void* a = own + c * chunk_rows() * k * elem();
        if (step > 0) {
          if (absl::Status s = ops_.WaitValue32(main, Flag(peer, c), value); !s.ok()) return s;
          a = Row(gathered_, row, k);
        }
        if (absl::Status s = gemm().Matmul(chunk_rows(), n, k, rhs(), a, row, RowOfC(row), main);
            !s.ok()) {
          return s;
        }
      }
    }
    return absl::OkStatus();
  }

  const StreamMemOps ops_;
  const std::unique_ptr<AgGemmPipeline> pipeline_;  // the kPipelined variant
  // [m,k], [m,k] (B, C and C_ref: the base's)
  DeviceBuffer gathered_{ctx()->device}, a_ref_{ctx()->device};
  DeviceBuffer flags_{ctx()->device};  // uint32 [world_size][splits_per_rank], progress per chunk
  DeviceBuffer check_{ctx()->device};  // CheckSums, CheckBytes(tiles of the prepared problem)
  uint32_t epoch_ = 0;  // flag value of the last kFused Run since the flags were zeroed
  // Which checked variant wrote C last (Check compares the gathered A after kFused only).
  GemmVariant last_checked_ = GemmVariant::kFused;
};

}  // namespace

absl::StatusOr<std::unique_ptr<GemmCollective>> NewCudaAgGemm(const CudaContext* ctx) {
  if (ctx == nullptr || ctx->symm == nullptr || ctx->stream == nullptr || ctx->error == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(kName, ": incomplete CUDA context"));
  }
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx->device), "cudaSetDevice");
  absl::StatusOr<StreamMemOps> ops = StreamMemOps::Load();
  if (!ops.ok()) return ops.status();
  absl::StatusOr<std::unique_ptr<CublasLtGemm>> gemm = CublasLtGemm::Create(ctx->device);
  if (!gemm.ok()) return gemm.status();
  absl::StatusOr<std::unique_ptr<AgGemmPipeline>> pipeline = AgGemmPipeline::Create(ctx);
  if (!pipeline.ok()) return pipeline.status();
  auto op = std::make_unique<CudaAgGemm>(ctx, *ops, *std::move(gemm), *std::move(pipeline));
  if (absl::Status s = op->Init(); !s.ok()) return s;
  return std::unique_ptr<GemmCollective>(std::move(op));
}

namespace {
[[maybe_unused]] const bool kRegistered = CudaGemmCollectives().Add(ops::kAgGemm, &NewCudaAgGemm);
}  // namespace

}  // namespace symmbench
