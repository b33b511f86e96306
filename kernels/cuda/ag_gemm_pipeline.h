// AgGemmPipeline: ag_gemm's "pipelined" variant on the CUDA backend, nvFuser's stream-pipelined
// AG+GEMM (Host IR's lowering of a stream-parallelized LinearOp): each rank's A_shard is split
// into S = splits_per_rank stages; stage s is one ncclAllGather of every rank's s-th split
// followed by its GEMMs, and the stages go round-robin over kStreams streams, so a stage's
// all-gather runs while the previous stage's GEMMs do.
#pragma once

#include <array>
#include <memory>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/cuda/ag_gemm_cublaslt.h"
#include "kernels/cuda/cuda_context.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/gemm_collective.h"

namespace symmbench {

class AgGemmPipeline {
 public:
  // Streams the stages go round-robin over (nvFuser's numberOfStreams).
  static constexpr int kStreams = 2;

  // The streams (non-blocking), their events and one cuBLASLt handle and workspace per stream,
  // on ctx->device. `ctx` must outlive the pipeline. INTERNAL / RESOURCE_EXHAUSTED naming the
  // call that failed.
  static absl::StatusOr<std::unique_ptr<AgGemmPipeline>> Create(const CudaContext* ctx);

  // Sizes the stage buffers for `problem` (m x k in all: every stage has its own, so no stage
  // waits for an earlier one to free it). RESOURCE_EXHAUSTED when they do not fit.
  absl::Status Prepare(const GemmProblem& problem);

  // Fills the stage buffers with 0xFF bytes (NaN in every input dtype) on ctx->stream, so that a
  // stage GEMM that does not wait for its all-gather reads poison. FAILED_PRECONDITION before
  // Prepare; the CUDA error otherwise.
  absl::Status Poison();

  // Enqueues C = all_gather(A_shard) @ B on ctx->stream: the streams wait for ctx->stream's
  // earlier work, then stage s on stream s % kStreams: ncclAllGather of rows
  // [s r, (s+1) r) of every rank's A_shard (r = m / (world_size x S)) into stage buffer s, then one
  // GEMM per rank of those r rows into their place in C (rank p's rows start at p m / world_size);
  // ctx->stream then waits for every stream. `a_shard` [m / world_size, k] (the problem's
  // dtype) and `c` [m, n] (GemmOutputDType) are row-major device buffers; `rhs` holds B and
  // FP8's scales (CublasLtGemm::Matmul). FAILED_PRECONDITION before Prepare or after an NCCL
  // abort; the NCCL, cuBLASLt or CUDA error naming the call otherwise.
  absl::Status Run(const void* a_shard, const GemmRhs& rhs, void* c);

 private:
  explicit AgGemmPipeline(const CudaContext* ctx) : ctx_(ctx) {}

  const CudaContext* const ctx_;
  // Released on ctx_->device, in reverse order: the stage buffers, the events, the streams'
  // cuBLASLt objects, the streams.
  std::array<StreamPtr, kStreams> streams_;
  std::array<std::unique_ptr<CublasLtGemm>, kStreams> gemms_;  // one workspace per stream
  EventPtr fork_;                                              // ctx->stream -> each stream
  std::array<EventPtr, kStreams> joins_;                       // each stream -> ctx->stream
  DeviceBuffer stages_{ctx_->device};                          // [S][world_size][r][k]
  GemmProblem problem_;
  bool prepared_ = false;
};

}  // namespace symmbench
