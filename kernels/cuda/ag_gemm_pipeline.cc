// AgGemmPipeline: nvFuser's stream-pipelined all-gather + GEMM (stages of NCCL all-gather then
// GEMMs, round-robin over streams).
#include "kernels/cuda/ag_gemm_pipeline.h"

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <utility>

#include "absl/strings/str_cat.h"
#include "kernels/cuda/ag_gemm_cuda_resources.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_dtype.h"
#include "kernels/dtype.h"

namespace symmbench {
namespace {

constexpr char kName[] = "ag_gemm (pipelined)";

}  // namespace

absl::StatusOr<std::unique_ptr<AgGemmPipeline>> AgGemmPipeline::Create(const CudaContext* ctx) {
  std::unique_ptr<AgGemmPipeline> pipeline(new AgGemmPipeline(ctx));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      CreateEventWithFlags(ctx->device, cudaEventDisableTiming, &pipeline->fork_),
      absl::StrCat(kName, ": cudaEventCreate(fork)"));
  int least = 0, greatest = 0;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaDeviceGetStreamPriorityRange(&least, &greatest),
                                 "cudaDeviceGetStreamPriorityRange");
  for (int i = 0; i < kStreams; ++i) {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        CreateStreamWithPriority(ctx->device, cudaStreamNonBlocking, least, &pipeline->streams_[i]),
        absl::StrCat(kName, ": cudaStreamCreate(", i, ")"));
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        CreateEventWithFlags(ctx->device, cudaEventDisableTiming, &pipeline->joins_[i]),
        absl::StrCat(kName, ": cudaEventCreate(join ", i, ")"));
    absl::StatusOr<std::unique_ptr<CublasLtGemm>> gemm = CublasLtGemm::Create(ctx->device);
    if (!gemm.ok()) return gemm.status();
    pipeline->gemms_[i] = *std::move(gemm);
  }
  return pipeline;
}

absl::Status AgGemmPipeline::Prepare(const GemmProblem& problem) {
  prepared_ = false;
  const BufferSize sizes[] = {
      {&stages_, static_cast<size_t>(problem.m * problem.k * DTypeSize(problem.dtype))}};
  if (absl::Status s = ResizeBuffers(sizes, absl::StrCat(kName, ": stage buffers")); !s.ok()) {
    return s;
  }
  problem_ = problem;
  prepared_ = true;
  return absl::OkStatus();
}

absl::Status AgGemmPipeline::Poison() {
  if (!prepared_) {
    return absl::FailedPreconditionError(
        absl::StrCat(kName, ": Poison before a successful Prepare"));
  }
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(stages_.get(), 0xFF, stages_.size(), ctx_->stream),
                                 absl::StrCat(kName, ": cudaMemsetAsync(poison the stage buffers, ",
                                              stages_.size(), " bytes)"));
  return absl::OkStatus();
}

absl::Status AgGemmPipeline::Run(const void* a_shard, const GemmRhs& rhs, void* c) {
  if (!prepared_) {
    return absl::FailedPreconditionError(absl::StrCat(kName, ": Run before a successful Prepare"));
  }
  if (ctx_->comm == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat(kName, ": the NCCL communicator was aborted after a timeout"));
  }
  const int ws = ctx_->world_size;
  const int stages = problem_.splits_per_rank;
  const int64_t elem = DTypeSize(problem_.dtype);
  const int64_t out_elem = DTypeSize(GemmOutputDType(problem_.dtype));
  const int64_t shard_rows = problem_.m / ws;
  const int64_t rows = shard_rows / stages;  // per rank and stage
  const int64_t stage_elems = rows * problem_.k;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaEventRecord(fork_.get(), ctx_->stream),
                                 absl::StrCat(kName, ": cudaEventRecord(fork)"));
  for (const StreamPtr& stream : streams_) {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamWaitEvent(stream.get(), fork_.get(), 0),
                                   absl::StrCat(kName, ": cudaStreamWaitEvent(fork)"));
  }
  absl::Status status = absl::OkStatus();
  for (int s = 0; s < stages && status.ok(); ++s) {
    const int lane = s % kStreams;
    const cudaStream_t stream = streams_[lane].get();
    const char* send = static_cast<const char*>(a_shard) + s * stage_elems * elem;
    char* gathered = stages_.bytes() + static_cast<int64_t>(s) * ws * stage_elems * elem;
    const ncclResult_t nccl = ncclAllGather(send, gathered, static_cast<size_t>(stage_elems),
                                            ToNcclDType(problem_.dtype), ctx_->comm, stream);
    if (nccl != ncclSuccess) {
      status = NcclStatus(nccl, absl::StrCat(kName, ": ncclAllGather(stage ", s, ")"), ctx_->comm);
      break;
    }
    for (int p = 0; p < ws && status.ok(); ++p) {
      const int64_t row = p * shard_rows + s * rows;  // in A and C
      status =
          gemms_[lane]->Matmul(rows, problem_.n, problem_.k, rhs, gathered + p * stage_elems * elem,
                               row, static_cast<char*>(c) + row * problem_.n * out_elem, stream);
    }
  }
  // Always join, so that ctx->stream drained still implies every stream drained.
  for (int i = 0; i < kStreams; ++i) {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaEventRecord(joins_[i].get(), streams_[i].get()),
                                   absl::StrCat(kName, ": cudaEventRecord(join)"));
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamWaitEvent(ctx_->stream, joins_[i].get(), 0),
                                   absl::StrCat(kName, ": cudaStreamWaitEvent(join)"));
  }
  return status;
}

}  // namespace symmbench
