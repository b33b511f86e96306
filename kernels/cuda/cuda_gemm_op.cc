// CudaGemmOp: the CUDA GEMM ops' shared half (cuda_gemm_op.h).
#include "kernels/cuda/cuda_gemm_op.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/gemm_row_checks.h"

namespace symmbench {
namespace {

Computes ComputesOf(const char* name) {
  const OpDescriptor* op = FindOp(name);
  return op != nullptr ? op->computes : Computes::kAllGatherGemm;
}

}  // namespace

CudaGemmOp::CudaGemmOp(const CudaContext* ctx, const char* name, std::unique_ptr<CublasLtGemm> gemm,
                       uint32_t a_scale_stream, uint32_t b_scale_stream)
    : ctx_(ctx),
      name_(name),
      computes_(ComputesOf(name)),
      a_scale_stream_(a_scale_stream),
      b_scale_stream_(b_scale_stream),
      gemm_(std::move(gemm)) {}

absl::Status CudaGemmOp::Init() {
  int least = 0, greatest = 0;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaDeviceGetStreamPriorityRange(&least, &greatest),
                                 "cudaDeviceGetStreamPriorityRange");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      CreateStreamWithPriority(ctx_->device, cudaStreamNonBlocking, greatest, &copy_stream_),
      absl::StrCat(name_, ": cudaStreamCreateWithPriority(", greatest, ")"));
  for (EventPtr* event : {&start_, &done_}) {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        CreateEventWithFlags(ctx_->device, cudaEventDisableTiming, event),
        absl::StrCat(name_, ": cudaEventCreate"));
  }
  return absl::OkStatus();
}

absl::Status CudaGemmOp::Prepare(const GemmProblem& problem, uint64_t seed) {
  prepared_ = false;
  if (problem.dtype != DType::kBf16 && problem.dtype != DType::kFp16 &&
      problem.dtype != DType::kFp8E4m3) {
    return absl::InvalidArgumentError(absl::StrCat(name_, ": dtype ", DTypeName(problem.dtype),
                                                   " is not supported (bf16, fp16, fp8_e4m3)"));
  }
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  if (absl::Status s = PrepareResources(problem); !s.ok()) return s;
  const cudaStream_t main = ctx_->stream;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(LaunchGemmRowCheckReset(row_check_.get(), main),
                                 absl::StrCat(name_, ": reset the row checks"));
  if (absl::Status s = FillInputs(problem, seed); !s.ok()) return s;
  if (absl::Status s = scales_.Prepare(problem, seed, a_scale_stream_, b_scale_stream_, main,
                                       absl::StrCat(name_, " (", GemmProblemName(problem), ")"));
      !s.ok()) {
    return s;
  }
  rhs_ = scales_.Rhs(problem, b_.get());
  problem_ = problem;
  scale_seed_ = seed;
  prepared_ = true;
  return PoisonOutputs();
}

absl::Status CudaGemmOp::PoisonOutputs() {
  if (!prepared_) return NotPrepared("PoisonOutputs");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  return PoisonBuffers();
}

absl::Status CudaGemmOp::Run(GemmVariant variant) {
  if (!prepared_) return NotPrepared("Run");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  return RunVariant(variant);
}

absl::StatusOr<GemmCheck> CudaGemmOp::Check() {
  if (!prepared_) return NotPrepared("Check");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  return CheckOutputs();
}

double CudaGemmOp::tolerance() const {
  return GemmCheckTolerance(problem_, ctx_->world_size, computes_,
                            CheckTileRows(problem_, ctx_->world_size) * problem_.n);
}

absl::Status CudaGemmOp::RefillInputs(uint64_t seed) {
  if (!prepared_) return NotPrepared("RefillInputs");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  return FillInputs(problem_, seed);
}

absl::Status CudaGemmOp::CheckRows(uint64_t seed, int operation) {
  if (!prepared_) return NotPrepared("CheckRows");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  return EnqueueGemmRowCheck(RowCheckArgs(), problem_, ctx_->world_size, computes_, seed,
                             scale_seed_, operation, ctx_->stream, name_);
}

absl::StatusOr<GemmRowCheck> CudaGemmOp::TakeRowChecks() {
  if (!prepared_) return NotPrepared("TakeRowChecks");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  return TakeGemmRowChecks(row_check_.get(), ctx_->stream, name_);
}

absl::StatusOr<TileWaits> CudaGemmOp::ReadTileWaits(const DeviceBuffer& waits_ns) const {
  std::vector<uint32_t> ns(waits_ns.size() / sizeof(uint32_t));
  if (absl::Status s = ReadBack(ns.data(), waits_ns.get(), waits_ns.size(), "tile waits");
      !s.ok()) {
    return s;
  }
  std::vector<double> us(ns.begin(), ns.end());
  for (double& u : us) u /= 1e3;
  return SummarizeTileWaits(us);
}

absl::StatusOr<bool> DeviceRunsSm90a(int device) {
  int major = 0, minor = 0;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device),
      "cudaDeviceGetAttribute(compute capability major)");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device),
      "cudaDeviceGetAttribute(compute capability minor)");
  return major == 9 && minor == 0;
}

absl::Status CudaGemmOp::RefuseCapture() const {
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamIsCapturing(ctx_->stream, &capture),
                                 "cudaStreamIsCapturing");
  if (capture != cudaStreamCaptureStatusNone) {
    return absl::FailedPreconditionError(
        absl::StrCat(name_, ": the fused op cannot be captured into a CUDA graph"));
  }
  return absl::OkStatus();
}

absl::Status CudaGemmOp::ForkCopyStream() {
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaEventRecord(start_.get(), ctx_->stream),
                                 absl::StrCat(name_, ": cudaEventRecord(start)"));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamWaitEvent(copy_stream_.get(), start_.get(), 0),
                                 absl::StrCat(name_, ": cudaStreamWaitEvent(copy <- main)"));
  return absl::OkStatus();
}

absl::Status CudaGemmOp::JoinCopyStream() {
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaEventRecord(done_.get(), copy_stream_.get()),
                                 absl::StrCat(name_, ": cudaEventRecord(done)"));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamWaitEvent(ctx_->stream, done_.get(), 0),
                                 absl::StrCat(name_, ": cudaStreamWaitEvent(main <- copy)"));
  return absl::OkStatus();
}

absl::Status CudaGemmOp::CheckComm() const {
  if (ctx_->comm != nullptr) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat(name_, ": the NCCL communicator was aborted after a timeout"));
}

absl::Status CudaGemmOp::ReadBack(void* host, const void* device, size_t bytes,
                                  const char* what) const {
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      cudaMemcpyAsync(host, device, bytes, cudaMemcpyDeviceToHost, ctx_->stream),
      absl::StrCat(name_, ": cudaMemcpyAsync(", what, ")"));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamSynchronize(ctx_->stream),
                                 absl::StrCat(name_, ": cudaStreamSynchronize(", what, ")"));
  return absl::OkStatus();
}

absl::Status CudaGemmOp::NotPrepared(const char* what) const {
  return absl::FailedPreconditionError(
      absl::StrCat(name_, ": ", what, " before a successful Prepare"));
}

}  // namespace symmbench
