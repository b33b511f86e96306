// CudaAllReduceCollective: Prepare (exact inputs, NCCL symmetric windows, poisoned outputs), Run
// (the kernel), the NCCL references (plain and symmetric windows), Check (bitwise, on the device).
#include "kernels/cuda/all_reduce_collective.h"

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_dtype.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/cuda/device_compare.h"
#include "kernels/cuda/nccl_symmetric_windows.h"
#include "kernels/cuda/peer_sync.h"
#include "kernels/cuda/verify_kernels.h"
#include "kernels/dtype.h"
#include "kernels/rank_order_check.h"

namespace symmbench {
namespace {

// Byte pattern of the poisoned outputs: 0xFF.. is a NaN in bf16, fp16 and fp32, and the
// comparison kernel counts an element still holding it as wrong.
constexpr int kPoisonByte = 0xFF;

}  // namespace

CudaAllReduceCollective::CudaAllReduceCollective(const CudaContext* ctx, std::string name)
    : ctx_(ctx), name_(std::move(name)) {}

absl::Status CudaAllReduceCollective::Prepare(int64_t count, DType dtype, uint64_t seed) {
  return PrepareInputs(count, dtype, seed, /*random=*/false);
}

absl::Status CudaAllReduceCollective::PrepareRandom(int64_t count, DType dtype, uint64_t seed) {
  return PrepareInputs(count, dtype, seed, /*random=*/true);
}

absl::Status CudaAllReduceCollective::PrepareInputs(int64_t count, DType dtype, uint64_t seed,
                                                    bool random) {
  prepared_ = false;
  const int64_t elem = DTypeSize(dtype);
  const int64_t capacity =
      static_cast<int64_t>(std::min(ctx_->symm->region_bytes(), ctx_->out_bytes)) -
      ctx_->misalign_bytes;
  if (count < 1 || count > capacity / elem) {
    return absl::InvalidArgumentError(
        absl::StrCat(name_, ": count must be in [1, ", capacity / elem, "] for ", DTypeName(dtype),
                     " (buffers of ", capacity, " bytes per rank), got ", count));
  }
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  // First NCCL-side step, before anything is enqueued: on the first call it is collective.
  if (ctx_->nccl_windows == nullptr) {
    return absl::InternalError(absl::StrCat(name_, ": the backend has no NCCL symmetric windows"));
  }
  if (absl::Status s = ctx_->nccl_windows->Ensure(); !s.ok()) {
    return absl::Status(s.code(), absl::StrCat(name_, ": nccl_symmetric reference: ", s.message()));
  }
  if (absl::Status s = EnsureResources(static_cast<size_t>(count * elem), dtype); !s.ok()) return s;
  const DeviceDType ddtype = ToDeviceDType(dtype);
  int& max_blocks = max_blocks_[static_cast<int>(ddtype)];
  if (max_blocks == 0) {
    absl::StatusOr<int> agreed = AgreeOnGridCap(ddtype);
    if (!agreed.ok()) return agreed.status();
    max_blocks = *agreed;
  }
  if (absl::Status s = AwaitPeersDone(); !s.ok()) return s;
  void* const input = this->input();
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      random ? LaunchFillRandomInput(input, count, ddtype, seed, ctx_->rank, ctx_->stream)
             : LaunchFillExactInput(input, count, ddtype, seed, ctx_->rank, ctx_->stream),
      absl::StrCat(name_, ": fill ", random ? "random" : "exact", " input (", count, " x ",
                   DTypeName(dtype), ")"));
  const size_t bytes = static_cast<size_t>(count * elem);
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      cudaMemcpyAsync(Shifted(ctx_->nccl_windows->input()), input, bytes, cudaMemcpyDeviceToDevice,
                      ctx_->stream),
      absl::StrCat(name_, ": cudaMemcpyAsync(input -> nccl_symmetric input, ", bytes, ")"));
  count_ = count;
  dtype_ = dtype;
  seed_ = seed;
  random_ = random;
  prepared_ = true;
  return PoisonOutputs();
}

absl::StatusOr<int> CudaAllReduceCollective::AgreeOnGridCap(DeviceDType dtype) {
  int local = 0;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      MaxBlocks(dtype, &local), absl::StrCat(name_, ": max blocks (dtype ", static_cast<int>(dtype),
                                             ", world size ", ctx_->world_size, ")"));
  return symmbench::AgreeOnGridCap(
      *ctx_, absl::StrCat("grid_cap/", name_, "/", static_cast<int>(dtype)), local, name_);
}

absl::Status CudaAllReduceCollective::AwaitPeersDone() {
  return symmbench::AwaitPeersDone(*ctx_, absl::StrCat("prepare/", name_, "/", prepares_++), name_);
}

absl::Status CudaAllReduceCollective::PoisonOutputs() {
  if (!prepared_) return NotPrepared("PoisonOutputs");
  const size_t bytes = static_cast<size_t>(count_) * DTypeSize(dtype_);
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(output(), kPoisonByte, bytes, ctx_->stream),
                                 absl::StrCat(name_, ": cudaMemsetAsync(out, ", bytes, ")"));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(ref(), kPoisonByte, bytes, ctx_->stream),
                                 absl::StrCat(name_, ": cudaMemsetAsync(ref, ", bytes, ")"));
  return absl::OkStatus();
}

absl::Status CudaAllReduceCollective::Run() {
  if (!prepared_) return NotPrepared("Run");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(Launch(max_blocks_[static_cast<int>(ToDeviceDType(dtype_))]),
                                 absl::StrCat(name_, ": launch(", count_, " x ", DTypeName(dtype_),
                                              ", world size ", ctx_->world_size, ")"));
  return absl::OkStatus();
}

void* CudaAllReduceCollective::InputOf(int rank) const {
  return Shifted(ctx_->symm->region(rank, kSymmInputRegion));
}

absl::Status CudaAllReduceCollective::RunInPlace() {
  if (!prepared_) return NotPrepared("RunInPlace");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchInPlace(max_blocks_[static_cast<int>(ToDeviceDType(dtype_))]),
      absl::StrCat(name_, ": in-place launch(", count_, " x ", DTypeName(dtype_), ", world size ",
                   ctx_->world_size, ")"));
  return absl::OkStatus();
}

absl::Status CudaAllReduceCollective::RunReferenceInPlace() {
  if (!prepared_) return NotPrepared("RunReferenceInPlace");
  return RunNcclAllReduce(input(), input(), "nccl_all_reduce in place");
}

absl::StatusOr<CheckResult> CudaAllReduceCollective::CheckInPlace() {
  if (!prepared_) return NotPrepared("CheckInPlace");
  return CompareWithReference(input());
}

absl::Status CudaAllReduceCollective::RunNcclAllReduce(const void* input, void* output,
                                                       const char* what) const {
  if (ctx_->comm == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat(name_, ": the NCCL communicator was aborted after a timeout"));
  }
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_NCCL_ERROR(
      ncclAllReduce(input, output, static_cast<size_t>(count_), ToNcclDType(dtype_), ncclSum,
                    ctx_->comm, ctx_->stream),
      absl::StrCat(name_, ": ncclAllReduce(", what, ", ", count_, " x ", DTypeName(dtype_), ")"),
      ctx_->comm);
  return absl::OkStatus();
}

absl::Status CudaAllReduceCollective::RunReference() {
  if (!prepared_) return NotPrepared("RunReference");
  return RunNcclAllReduce(input(), ref(), "nccl_all_reduce");
}

absl::Status CudaAllReduceCollective::RunExtraReference(size_t index) {
  if (index != 0) {
    return absl::OutOfRangeError(
        absl::StrCat(name_, ": extra reference ", index, " (there is 1: nccl_symmetric)"));
  }
  if (!prepared_) return NotPrepared("RunExtraReference");
  return RunNcclAllReduce(Shifted(ctx_->nccl_windows->input()),
                          Shifted(ctx_->nccl_windows->output()), "nccl_symmetric");
}

absl::Status CudaAllReduceCollective::FlipOutputElement(int64_t index) {
  if (!prepared_) return NotPrepared("FlipOutputElement");
  if (index < 0 || index >= count_) {
    return absl::OutOfRangeError(
        absl::StrCat(name_, ": FlipOutputElement: index ", index, " outside [0, ", count_, ")"));
  }
  // Little-endian: the first byte holds the lowest mantissa bit of every dtype.
  char* byte = static_cast<char*>(output()) + index * DTypeSize(dtype_);
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(LaunchFlipLowestBit(byte, ctx_->stream),
                                 absl::StrCat(name_, ": FlipOutputElement(", index, ")"));
  return absl::OkStatus();
}

absl::Status CudaAllReduceCollective::RefillInput(uint64_t seed) {
  if (!prepared_) return NotPrepared("RefillInput");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchFillExactInput(input(), count_, device_dtype(), seed, ctx_->rank, ctx_->stream),
      absl::StrCat(name_, ": LaunchFillExactInput(race check)"));
  seed_ = seed;
  random_ = false;
  return absl::OkStatus();
}

absl::StatusOr<CheckResult> CudaAllReduceCollective::CheckExpected() {
  return CheckExpectedAt(output(), "CheckExpected");
}

absl::StatusOr<CheckResult> CudaAllReduceCollective::CheckExpectedInPlace() {
  return CheckExpectedAt(input(), "CheckExpectedInPlace");
}

absl::StatusOr<CheckResult> CudaAllReduceCollective::CheckExpectedAt(const void* got,
                                                                     const char* what) {
  if (!prepared_) return NotPrepared(what);
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchFillExactSum(ref(), count_, device_dtype(), seed_, ctx_->world_size, 0, ctx_->stream),
      absl::StrCat(name_, ": LaunchFillExactSum(race check)"));
  return CompareWithReference(got);
}

absl::StatusOr<CheckResult> CudaAllReduceCollective::Check() {
  if (!prepared_) return NotPrepared("Check");
  return CompareWithReference(output());
}

absl::StatusOr<CheckResult> CudaAllReduceCollective::CompareWithReference(const void* got) {
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  if (counters_ == nullptr) {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(DeviceMalloc(ctx_->device, sizeof(CompareCounters), &counters_),
                                   absl::StrCat(name_, ": cudaMalloc(compare counters)"));
  }
  return CompareOnDevice(got, ref(), count_, dtype_, counters_.get(), ctx_->stream, name_,
                         ctx_->deferred_checks);
}

absl::StatusOr<CheckResult> CudaAllReduceCollective::CheckRankOrderSum() {
  if (!prepared_) return NotPrepared("CheckRankOrderSum");
  if (!random_) {
    return absl::FailedPreconditionError(
        absl::StrCat(name_, ": CheckRankOrderSum after Prepare, not PrepareRandom"));
  }
  const size_t bytes = static_cast<size_t>(count_) * DTypeSize(dtype_);
  std::vector<unsigned char> host(bytes);
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      cudaMemcpyAsync(host.data(), output(), bytes, cudaMemcpyDeviceToHost, ctx_->stream),
      absl::StrCat(name_, ": CheckRankOrderSum: copy the output (", bytes, " bytes)"));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamSynchronize(ctx_->stream),
                                 absl::StrCat(name_, ": CheckRankOrderSum: synchronize"));
  return CompareWithRankOrderSum(host.data(), dtype_, count_, seed_, ctx_->world_size,
                                 zero_sign_may_differ());
}

absl::Status CudaAllReduceCollective::NotPrepared(const char* what) const {
  return absl::FailedPreconditionError(
      absl::StrCat(name_, ": ", what, " before a successful Prepare"));
}

}  // namespace symmbench
