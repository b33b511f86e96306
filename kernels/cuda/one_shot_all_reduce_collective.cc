// one_shot_all_reduce on the CUDA backend: Prepare (exact inputs, poisoned outputs), Run (the
// one-shot kernel), RunBaseline (ncclAllReduce), Check (bitwise, on the device).
#include "kernels/cuda/one_shot_all_reduce_collective.h"

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/one_shot_all_reduce.h"
#include "kernels/cuda/verify_kernels.h"
#include "kernels/dtype.h"

namespace symmbench {
namespace {

constexpr char kName[] = "one_shot_all_reduce";
// Byte pattern of the poisoned outputs: 0xFF.. is a NaN in bf16, fp16 and fp32, and the
// comparison kernel counts an element still holding it as wrong.
constexpr int kPoisonByte = 0xFF;

DeviceDType ToDeviceDType(DType dtype) {
  switch (dtype) {
    case DType::kBf16: return DeviceDType::kBf16;
    case DType::kFp16: return DeviceDType::kFp16;
    case DType::kFp32: return DeviceDType::kFp32;
  }
  return DeviceDType::kFp32;
}

ncclDataType_t ToNcclDType(DType dtype) {
  switch (dtype) {
    case DType::kBf16: return ncclBfloat16;
    case DType::kFp16: return ncclFloat16;
    case DType::kFp32: return ncclFloat32;
  }
  return ncclFloat32;
}

class OneShotAllReduceCollective final : public Collective {
 public:
  explicit OneShotAllReduceCollective(const CudaContext* ctx) : ctx_(ctx) {}

  ~OneShotAllReduceCollective() override {
    if (counters_ != nullptr) {
      (void)cudaSetDevice(ctx_->device);
      (void)cudaFree(counters_);
    }
  }

  absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) override {
    prepared_ = false;
    const int64_t elem = DTypeSize(dtype);
    const int64_t capacity =
        static_cast<int64_t>(std::min(ctx_->symm->buffer_bytes(), ctx_->out_bytes));
    if (count < 1 || count > capacity / elem) {
      return absl::InvalidArgumentError(absl::StrCat(
          kName, ": count must be in [1, ", capacity / elem, "] for ", DTypeName(dtype),
          " (buffers of ", capacity, " bytes per rank), got ", count));
    }
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    const DeviceDType ddtype = ToDeviceDType(dtype);
    int& max_blocks = max_blocks_[static_cast<int>(ddtype)];
    if (max_blocks == 0) {  // co-resident grid cap, once per dtype (same on identical GPUs)
      SYMMBENCH_RETURN_IF_CUDA_ERROR(OneShotMaxBlocks(ddtype, ctx_->world_size, &max_blocks),
                                     absl::StrCat(kName, ": OneShotMaxBlocks(", DTypeName(dtype),
                                                  ", world size ", ctx_->world_size, ")"));
    }
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchFillExactInput(ctx_->symm->buffer(ctx_->rank), count, ddtype, seed, ctx_->rank,
                             ctx_->stream),
        absl::StrCat(kName, ": LaunchFillExactInput(", count, " x ", DTypeName(dtype), ")"));
    count_ = count;
    dtype_ = dtype;
    prepared_ = true;
    return PoisonOutputs();
  }

  absl::Status PoisonOutputs() override {
    if (!prepared_) return NotPrepared("PoisonOutputs");
    const size_t bytes = static_cast<size_t>(count_) * DTypeSize(dtype_);
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(ctx_->out, kPoisonByte, bytes, ctx_->stream),
                                   absl::StrCat(kName, ": cudaMemsetAsync(out, ", bytes, ")"));
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(ctx_->ref, kPoisonByte, bytes, ctx_->stream),
                                   absl::StrCat(kName, ": cudaMemsetAsync(ref, ", bytes, ")"));
    return absl::OkStatus();
  }

  absl::Status Run() override {
    if (!prepared_) return NotPrepared("Run");
    const DeviceDType ddtype = ToDeviceDType(dtype_);
    OneShotArgs args;
    for (int p = 0; p < ctx_->world_size; ++p) {
      args.inputs[p] = ctx_->symm->buffer(p);
      args.signal_pads[p] = ctx_->symm->signal_pad(p);
    }
    args.output = ctx_->out;
    args.count = count_;
    args.dtype = ddtype;
    args.rank = ctx_->rank;
    args.world_size = ctx_->world_size;
    args.max_blocks = max_blocks_[static_cast<int>(ddtype)];
    args.barrier_timeout_ns = ctx_->barrier_timeout_ns;
    args.error = ctx_->error;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchOneShotAllReduce(args, ctx_->stream),
        absl::StrCat(kName, ": LaunchOneShotAllReduce(", count_, " x ", DTypeName(dtype_),
                     ", world size ", ctx_->world_size, ")"));
    return absl::OkStatus();
  }

  absl::Status RunBaseline() override {
    if (!prepared_) return NotPrepared("RunBaseline");
    if (ctx_->comm == nullptr) {
      return absl::FailedPreconditionError(
          absl::StrCat(kName, ": the NCCL communicator was aborted after a timeout"));
    }
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    SYMMBENCH_RETURN_IF_NCCL_ERROR(
        ncclAllReduce(ctx_->symm->buffer(ctx_->rank), ctx_->ref, static_cast<size_t>(count_),
                      ToNcclDType(dtype_), ncclSum, ctx_->comm, ctx_->stream),
        absl::StrCat(kName, ": ncclAllReduce(", count_, " x ", DTypeName(dtype_), ")"), ctx_->comm);
    return absl::OkStatus();
  }

  absl::StatusOr<CheckResult> Check() override {
    if (!prepared_) return NotPrepared("Check");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    if (counters_ == nullptr) {
      SYMMBENCH_RETURN_IF_CUDA_ERROR(
          cudaMalloc(reinterpret_cast<void**>(&counters_), sizeof(CompareCounters)),
          absl::StrCat(kName, ": cudaMalloc(compare counters)"));
    }
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchCompareBitwise(ctx_->out, ctx_->ref, count_, ToDeviceDType(dtype_), counters_,
                             ctx_->stream),
        absl::StrCat(kName, ": LaunchCompareBitwise(", count_, ")"));
    CompareCounters host{};
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        cudaMemcpyAsync(&host, counters_, sizeof(host), cudaMemcpyDeviceToHost, ctx_->stream),
        absl::StrCat(kName, ": cudaMemcpyAsync(counters)"));
    // Bounded work (compare + copy) on an otherwise idle stream: no timeout needed here.
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamSynchronize(ctx_->stream),
                                   absl::StrCat(kName, ": cudaStreamSynchronize(check)"));
    CheckResult result;
    result.wrong = static_cast<int64_t>(host.wrong);
    if (host.wrong != 0) {
      result.first_bad_index = static_cast<int64_t>(host.first_bad);
      const size_t elem = DTypeSize(dtype_);
      const size_t offset = host.first_bad * elem;
      uint32_t got = 0;
      uint32_t want = 0;
      SYMMBENCH_RETURN_IF_CUDA_ERROR(
          cudaMemcpy(&got, static_cast<const char*>(ctx_->out) + offset, elem,
                     cudaMemcpyDeviceToHost),
          absl::StrCat(kName, ": cudaMemcpy(out[", host.first_bad, "])"));
      SYMMBENCH_RETURN_IF_CUDA_ERROR(
          cudaMemcpy(&want, static_cast<const char*>(ctx_->ref) + offset, elem,
                     cudaMemcpyDeviceToHost),
          absl::StrCat(kName, ": cudaMemcpy(ref[", host.first_bad, "])"));
      result.got = LoadAsFloat(&got, dtype_, 0);
      result.want = LoadAsFloat(&want, dtype_, 0);
    }
    return result;
  }

  std::string baseline_name() const override { return "nccl_all_reduce"; }

 private:
  absl::Status NotPrepared(const char* what) const {
    return absl::FailedPreconditionError(
        absl::StrCat(kName, ": ", what, " before a successful Prepare"));
  }

  const CudaContext* const ctx_;
  int64_t count_ = 0;
  DType dtype_ = DType::kBf16;
  bool prepared_ = false;
  std::array<int, 3> max_blocks_{};      // by DeviceDType; 0 = not computed yet
  CompareCounters* counters_ = nullptr;  // device, owned
};

}  // namespace

std::unique_ptr<Collective> NewOneShotAllReduceCollective(const CudaContext* ctx) {
  return std::make_unique<OneShotAllReduceCollective>(ctx);
}

}  // namespace symmbench
