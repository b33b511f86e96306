// CudaGemmOp: what the CUDA GEMM + collective ops (ag_gemm, matmul_reduce_scatter) share as a
// GemmCollective, so that each op's file holds its own schedule only: the context and the
// cuBLASLt GEMM, a copy stream of the highest priority with the events that fork it from the
// main stream and join it back, B, C, C_ref, the row checks' workspace and the FP8 scales, the
// prepared problem, and the calls every op makes alike (Prepare's order, the guards, the race
// check's refills and row checks, the tolerance).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/cuda/ag_gemm_cublaslt.h"
#include "kernels/cuda/cuda_context.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/cuda/gemm_fp8_scales.h"
#include "kernels/cuda/gemm_row_check.h"
#include "kernels/gemm_collective.h"
#include "kernels/ops/registry.h"

namespace symmbench {

// Whether `device` runs sm_90a code (compute capability 9.0: H100, H200), which the tile GEMMs
// (CUTLASS, wgmma + TMA) need. INTERNAL naming the attribute when it cannot be read.
absl::StatusOr<bool> DeviceRunsSm90a(int device);

class CudaGemmOp : public GemmCollective {
 public:
  // Creates the copy stream (non-blocking, the device's highest priority, so that its barrier
  // kernels and copies start ahead of pending GEMM blocks) and the fork and join events.
  // INTERNAL naming the call on failure.
  absl::Status Init();

  // Refuses a dtype other than bf16, fp16 and fp8_e4m3 (INVALID_ARGUMENT), then, in order:
  // PrepareResources (the op's checks and buffers), the row checks reset, FillInputs, the FP8
  // scales (from `seed` and the fill streams given at construction), and PoisonOutputs.
  absl::Status Prepare(const GemmProblem& problem, uint64_t seed) final;
  absl::Status PoisonOutputs() final;
  // OK: every variant the op offers runs (an op with device limits overrides it).
  absl::Status CanRun(GemmVariant /*variant*/) const override { return absl::OkStatus(); }
  absl::Status Run(GemmVariant variant) final;
  absl::StatusOr<GemmCheck> Check() final;
  // GemmCheckTolerance of the prepared problem for what the op computes, over its check tiles.
  double tolerance() const final;
  absl::Status RefillInputs(uint64_t seed) final;
  absl::Status CheckRows(uint64_t seed, int operation) final;
  absl::StatusOr<GemmRowCheck> TakeRowChecks() final;
  std::string gemm_name() const final { return "cublaslt"; }

 protected:
  // `name`: the op's registry name (every error names it); `a_scale_stream`, `b_scale_stream`:
  // the FP8 scales' fill streams (GemmFp8Scales::Prepare). `ctx` must outlive the object.
  CudaGemmOp(const CudaContext* ctx, const char* name, std::unique_ptr<CublasLtGemm> gemm,
             uint32_t a_scale_stream, uint32_t b_scale_stream);

  // The op's own part of Prepare, after the dtype check and before any fill: its shape checks
  // (INVALID_ARGUMENT naming the problem) and buffers (b_, c_, c_ref_ and row_check_ included,
  // through ResizeBuffers), and whatever it resets per problem.
  virtual absl::Status PrepareResources(const GemmProblem& problem) = 0;
  // Enqueues the draws of this rank's A and B for `problem` from `seed` on the main stream.
  virtual absl::Status FillInputs(const GemmProblem& problem, uint64_t seed) = 0;
  // Poisons every output and every buffer a peer writes, on the main stream.
  virtual absl::Status PoisonBuffers() = 0;
  virtual absl::Status RunVariant(GemmVariant variant) = 0;
  // The comparison of C (and the op's other outputs) with the references, read back.
  virtual absl::StatusOr<GemmCheck> CheckOutputs() = 0;
  // The row check's arguments the op fills in (c, rows, first_row, m, k_term, terms, term,
  // workspace: EnqueueGemmRowCheck).
  virtual GemmRowCheckArgs RowCheckArgs() const = 0;

  // FAILED_PRECONDITION while the main stream is being captured: the fused ops run eager only.
  absl::Status RefuseCapture() const;
  // Forks the copy stream off the main stream (it starts after the main stream's earlier work).
  absl::Status ForkCopyStream();
  // Joins the copy stream back into the main stream, so that the main stream drained implies
  // the copy stream drained (Backend::Synchronize polls the main stream).
  absl::Status JoinCopyStream();
  // FAILED_PRECONDITION when the NCCL communicator was aborted after a timeout.
  absl::Status CheckComm() const;
  // Copies `bytes` of a device result to `host` on the main stream and waits for it (bounded
  // work after a completed Synchronize: no deadline).
  absl::Status ReadBack(void* host, const void* device, size_t bytes, const char* what) const;
  // How long a tile GEMM's tiles waited for their flags (uint32 ns per tile in `waits_ns`, as
  // TileFlagsGemmArgs::wait_ns and TilePushSumArgs::wait_ns write them), read back on the main
  // stream and summarized. ReadBack's errors.
  absl::StatusOr<TileWaits> ReadTileWaits(const DeviceBuffer& waits_ns) const;

  const CudaContext* ctx() const { return ctx_; }
  const char* name() const { return name_; }
  const GemmProblem& problem() const { return problem_; }
  int64_t shard_rows() const { return problem_.m / ctx_->world_size; }
  int64_t chunk_rows() const { return shard_rows() / problem_.splits_per_rank; }
  int64_t elem() const { return DTypeSize(problem_.dtype); }  // A's and B's
  // C's element type: bf16 for fp8_e4m3 inputs, else the inputs'.
  DType out_dtype() const { return GemmOutputDType(problem_.dtype); }
  CublasLtGemm& gemm() const { return *gemm_; }
  cudaStream_t copy_stream() const { return copy_stream_.get(); }
  const GemmRhs& rhs() const { return rhs_; }

 private:
  absl::Status NotPrepared(const char* what) const;

  const CudaContext* const ctx_;
  const char* const name_;
  const Computes computes_;
  const uint32_t a_scale_stream_;
  const uint32_t b_scale_stream_;
  // Released on ctx_->device after the op's own members, in reverse order: the buffers, the
  // events, the copy stream, then gemm_ (its plans, workspace and handle).
  const std::unique_ptr<CublasLtGemm> gemm_;
  StreamPtr copy_stream_;
  EventPtr start_;  // main -> copy: the copy stream starts after earlier main-stream work
  EventPtr done_;   // copy -> main: the op ends on the main stream

 protected:
  // B (FP8: Bt), C and C_ref of the op's shapes, and the row checks' counters; sized by the
  // op's PrepareResources.
  DeviceBuffer b_{ctx_->device}, c_{ctx_->device}, c_ref_{ctx_->device};
  DeviceBuffer row_check_{ctx_->device};

 private:
  GemmFp8Scales scales_{ctx_->device};  // fp8_e4m3 only
  GemmRhs rhs_;  // dtype, b_ and the scales, for every GEMM of the prepared problem
  GemmProblem problem_;
  uint64_t scale_seed_ = 0;  // Prepare's seed: the FP8 scales', which RefillInputs keeps
  bool prepared_ = false;
};

}  // namespace symmbench
