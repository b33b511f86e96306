// CudaAgGemm: the CUDA "ag_gemm" op (NewCudaAgGemm in ag_gemm_cuda.h makes one; docs/ag_gemm.md
// explains its choices). Its methods live in two files: ag_gemm_cuda.cc (Prepare, the NCCL and
// cuBLASLt references, Check, the race check's arguments, the factory) and ag_gemm_overlap.cc
// (the overlapped variants: the copy stream's copies, progress flags and barriers beside the
// chunked cuBLASLt GEMMs of kFused or the one tile-flag GEMM of kTileFlags).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/cuda/ag_gemm_cublaslt.h"
#include "kernels/cuda/ag_gemm_pipeline.h"
#include "kernels/cuda/ag_gemm_stream_ops.h"
#include "kernels/cuda/cuda_context.h"
#include "kernels/cuda/cuda_gemm_op.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/cuda/device_types.h"
#include "kernels/cuda/gemm_row_check.h"
#include "kernels/dtype.h"
#include "kernels/gemm_collective.h"
#include "kernels/ops/registry.h"

namespace symmbench {

class CudaAgGemm final : public CudaGemmOp {
 public:
  // `sm90`: whether the device runs sm_90a code (the tile-flag GEMM's).
  CudaAgGemm(const CudaContext* ctx, StreamMemOps ops, std::unique_ptr<CublasLtGemm> gemm,
             std::unique_ptr<AgGemmPipeline> pipeline, bool sm90)
      : CudaGemmOp(ctx, kName, std::move(gemm), kAScaleFillStream, kBScaleFillStream),
        ops_(ops),
        pipeline_(std::move(pipeline)),
        sm90_(sm90) {}

  std::string collective_name() const override { return "nccl_all_gather"; }

  // The tile-flag GEMM's limits: sm_90a, bf16 or FP8, 16-byte rows of A and B.
  absl::Status CanRun(GemmVariant variant) const override;

 private:
  static constexpr const char* kName = ops::kAgGemm;
  // FP8 scales' fill streams, apart from the ranks' A shards and B's: the same on every rank,
  // since the gathered A has one set of row scales (tensorwise: one scale) and B one.
  static constexpr uint32_t kAScaleFillStream = 0x5CA1u;
  static constexpr uint32_t kBScaleFillStream = 0x5CA2u;
  // Flag values wrap-safely compare (GEQ on the signed difference); restart well before 2^31.
  static constexpr uint32_t kMaxEpoch = 1u << 30;

  // ag_gemm_cuda.cc: Prepare's part, the references, Check and the race check's arguments.
  absl::Status PrepareResources(const GemmProblem& problem) override;

  // C [m, n] = A [m, k] @ B: row i of A is row i % (m / ws) of rank i / (m / ws)'s A_shard.
  GemmRowCheckArgs RowCheckArgs() const override;

  absl::Status PoisonBuffers() override;

  absl::Status RunVariant(GemmVariant variant) override;

  absl::StatusOr<GemmCheck> CheckOutputs() override;

  // Enqueues the draws of this rank's A_shard (its symmetric input region) and of B [k, n] (FP8:
  // Bt [n, k], the same count of draws) from `seed`, on the main stream.
  absl::Status FillInputs(const GemmProblem& problem, uint64_t seed) override;

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

  absl::Status RunAllGather();

  absl::Status RunGemm();

  // ag_gemm_overlap.cc: the overlapped variants.

  // kFused or kTileFlags. Host order: [main] record start; [copy] wait start, whole copy
  // schedule, record done; [main] the GEMMs (kFused: per chunk behind stream flag waits;
  // kTileFlags: one GEMM whose tiles wait on the flags), wait done. Every flag's writer is
  // enqueued before its waiter, so the schedule cannot deadlock even if the driver serialised the
  // two streams. Eager only: each operation raises the flags to a new epoch, which a graph
  // replaying fixed values could not do (the spec validation refuses graph mode for ag_gemm; a
  // capture is refused here too rather than recorded with stale epochs).
  absl::Status RunOverlapped(GemmVariant variant);

  // With ctx()->faults (test jobs): no exit barrier, and the delayed rank spins faults.delay_ns on
  // the copy stream right after its entry barrier (EnqueueSignalPadBarrier's faults).
  absl::Status Barrier(BarrierPhase phase);

  // Copy stream: entry barrier (every peer's A_shard is written), then ring order from
  // rank + 1, chunk by chunk: copy-engine copy of the peer's chunk into the gathered A, then
  // its flag; exit barrier (every peer has finished reading our shard); own shard last.
  // `tile_flags`: the own shard first instead, chunk by chunk with its flags (the tile-flag GEMM
  // reads every row from the gathered A), and the main stream joins right after the entry
  // barrier. The persistent GEMM then holds every SM, so the barrier kernel must have run before
  // it starts (the exit barrier gets an SM as the GEMM's last tiles finish); and a copy within
  // the device runs on SMs, so the own shard is copied before the GEMM starts (docs/ag_gemm.md).
  absl::Status EnqueueCopies(uint32_t value, bool tile_flags);

  // Main stream: the tile-flag GEMM, C [m, n] = A [m, k] @ B over all of `a`, its tiles from
  // this rank's own rows on (the order the copies arrive in). epoch > 0: each tile first waits
  // for the flags of its rows to reach `epoch`; 0: no waits (kTileGemm, the GEMM alone).
  absl::Status LaunchTileGemm(const void* a, void* c, uint32_t epoch);

  // Main stream, in the copy order: first the own shard's chunks straight from the symmetric
  // buffer (no wait; the gaps between these GEMMs also let the copy stream's entry barrier
  // block onto an SM), then each peer chunk: wait for its flag, GEMM its rows of gathered A.
  absl::Status EnqueueGemms(uint32_t value);

  const StreamMemOps ops_;
  const std::unique_ptr<AgGemmPipeline> pipeline_;  // the kPipelined variant
  const bool sm90_;  // the device runs sm_90a code (kTileFlags, kTileGemm)
  // [m,k], [m,k] (B, C and C_ref: the base's)
  DeviceBuffer gathered_{ctx()->device}, a_ref_{ctx()->device};
  DeviceBuffer flags_{ctx()->device};  // uint32 [world_size][splits_per_rank], progress per chunk
  DeviceBuffer check_{ctx()->device};  // CheckSums, CheckBytes(tiles of the prepared problem)
  // uint32 ns per tile of the tile-flag GEMM: how long the last kTileFlags' tiles waited.
  DeviceBuffer tile_waits_{ctx()->device};
  uint32_t epoch_ = 0;  // flag value of the last kFused or kTileFlags Run since zeroed
  // Which checked variant wrote C last (Check compares the gathered A after kFused and
  // kTileFlags only).
  GemmVariant last_checked_ = GemmVariant::kFused;
};

}  // namespace symmbench
