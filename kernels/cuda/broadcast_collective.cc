// "broadcast" on the CUDA backend: every rank copies rank 0's symmetric input into its output by
// copy engine (cudaMemcpyAsync over NVLink, no SMs), between two signal-pad barriers; checked
// against ncclBroadcast from rank 0.
//   Run: entry barrier (rank 0's input is ready) -> cudaMemcpyAsync(out <- rank 0's input region)
//        -> exit barrier (every rank's copy out of rank 0's input has completed, so rank 0 may
//        overwrite it). Rank 0 copies its own input locally, so every rank ends with the data
//        (nccl-tests' out-of-place broadcast).
//   RunInPlace (nccl-tests' in-place broadcast: the output is the input): the same, each rank
//        other than 0 copying into its own input region; rank 0's already holds the result.
//   RunReference: ncclBroadcast(input region -> ctx->ref, root 0).
//   RunReferenceInPlace: ncclBroadcast(input region -> input region, root 0) (timed only).
//   Check: the output against ctx->ref, bitwise on the device; CheckInPlace: the input region.
// Sizes: count elements per rank, at most (min(region bytes, out_bytes) - misalign) / element
// size. Misaligned buffers: every buffer starts ctx->misalign_bytes past its aligned base.
#include <cuda_runtime_api.h>
#include <nccl.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "kernels/collective.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_context.h"
#include "kernels/cuda/cuda_dtype.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/cuda/device_compare.h"
#include "kernels/cuda/peer_sync.h"
#include "kernels/cuda/verify_kernels.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

constexpr int kRoot = 0;
constexpr int kPoisonByte = 0xFF;  // a NaN in every dtype; CompareBitwise counts it as wrong

class BroadcastCollective final : public Collective {
 public:
  explicit BroadcastCollective(const CudaContext* ctx) : ctx_(ctx) {}

  // Collective: drains this rank's stream and meets every rank before overwriting the input,
  // so that no peer's copy still reads it.
  absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) override {
    prepared_ = false;
    const int64_t elem = DTypeSize(dtype);
    const int64_t capacity =
        static_cast<int64_t>(std::min(ctx_->symm->region_bytes(), ctx_->out_bytes)) -
        ctx_->misalign_bytes;
    if (count < 1 || count > capacity / elem) {
      return absl::InvalidArgumentError(absl::StrCat(
          ops::kBroadcast, ": count must be in [1, ", capacity / elem, "] for ", DTypeName(dtype),
          " (buffers of ", capacity, " bytes per rank), got ", count));
    }
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    if (absl::Status s =
            AwaitPeersDone(*ctx_, absl::StrCat("prepare/broadcast/", prepares_++), ops::kBroadcast);
        !s.ok()) {
      return s;
    }
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchFillExactInput(InputOf(ctx_->rank), count, ToDeviceDType(dtype), seed, ctx_->rank,
                             ctx_->stream),
        absl::StrCat("broadcast: fill exact input (", count, " x ", DTypeName(dtype), ")"));
    count_ = count;
    dtype_ = dtype;
    seed_ = seed;
    bytes_ = static_cast<size_t>(count * elem);
    prepared_ = true;
    return PoisonOutputs();
  }

  // The race check, on the stream, nothing waited for: this rank's input refilled from `seed`
  // (rank 0's is the one copied); the output against ctx->ref filled with rank 0's exact input
  // of that seed, compared on the device as Check.
  absl::Status RefillInput(uint64_t seed) override {
    if (!prepared_) return NotPrepared("RefillInput");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchFillExactInput(InputOf(ctx_->rank), count_, ToDeviceDType(dtype_), seed, ctx_->rank,
                             ctx_->stream),
        "broadcast: LaunchFillExactInput(race check)");
    seed_ = seed;
    return absl::OkStatus();
  }
  absl::StatusOr<CheckResult> CheckExpected() override {
    return CheckExpectedAt(out(), "CheckExpected");
  }
  // In place: every rank's input (the root's own, refilled, included).
  absl::StatusOr<CheckResult> CheckExpectedInPlace() override {
    return CheckExpectedAt(InputOf(ctx_->rank), "CheckExpectedInPlace");
  }

  absl::Status PoisonOutputs() override {
    if (!prepared_) return NotPrepared("PoisonOutputs");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(out(), kPoisonByte, bytes_, ctx_->stream),
                                   "broadcast: cudaMemsetAsync(out)");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(ref(), kPoisonByte, bytes_, ctx_->stream),
                                   "broadcast: cudaMemsetAsync(ref)");
    return absl::OkStatus();
  }

  absl::Status Run() override { return CopyFromRoot(out(), "Run"); }

  bool supports_in_place() const override { return true; }
  absl::Status RunInPlace() override { return CopyFromRoot(InputOf(ctx_->rank), "RunInPlace"); }

  absl::Status RunReference() override { return RunNccl(ref(), "RunReference"); }
  absl::Status RunReferenceInPlace() override {
    return RunNccl(InputOf(ctx_->rank), "RunReferenceInPlace");
  }

  absl::StatusOr<CheckResult> Check() override { return Compare(out(), "Check"); }
  absl::StatusOr<CheckResult> CheckInPlace() override {
    return Compare(InputOf(ctx_->rank), "CheckInPlace");
  }

  std::string reference_name() const override { return "nccl_broadcast"; }

  // Flips the lowest bit of output element `index` on the stream (fault injection).
  absl::Status FlipOutputElement(int64_t index) override {
    if (!prepared_) return NotPrepared("FlipOutputElement");
    if (index < 0 || index >= count_) {
      return absl::OutOfRangeError(absl::StrCat("broadcast: FlipOutputElement: index ", index,
                                                " outside [0, ", count_, ")"));
    }
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchFlipLowestBit(out() + index * DTypeSize(dtype_), ctx_->stream),
        absl::StrCat("broadcast: FlipOutputElement(", index, ")"));
    return absl::OkStatus();
  }

 private:
  // Entry barrier (rank 0's input is ready), rank 0's input into `dst` by copy engine (unless
  // it is that input), exit barrier (every rank's copy out of rank 0's input has completed).
  absl::Status CopyFromRoot(char* dst, const char* what) {
    if (!prepared_) return NotPrepared(what);
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    if (absl::Status s = Barrier(BarrierPhase::kEntry); !s.ok()) return s;
    const char* src = InputOf(kRoot);
    if (dst != src) {
      SYMMBENCH_RETURN_IF_CUDA_ERROR(
          cudaMemcpyAsync(dst, src, bytes_, cudaMemcpyDeviceToDevice, ctx_->stream),
          absl::StrCat("broadcast: ", what, ": cudaMemcpyAsync(", bytes_, " bytes from rank ",
                       kRoot, ")"));
    }
    return Barrier(BarrierPhase::kExit);
  }

  // ncclBroadcast from rank 0's input region into `dst` on every rank.
  absl::Status RunNccl(char* dst, const char* what) const {
    if (!prepared_) return NotPrepared(what);
    if (ctx_->comm == nullptr) {
      return absl::FailedPreconditionError(
          "broadcast: the NCCL communicator was aborted after a timeout");
    }
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    SYMMBENCH_RETURN_IF_NCCL_ERROR(
        ncclBroadcast(InputOf(ctx_->rank), dst, static_cast<size_t>(count_), ToNcclDType(dtype_),
                      kRoot, ctx_->comm, ctx_->stream),
        absl::StrCat("broadcast: ", what, ": ncclBroadcast(", count_, " x ", DTypeName(dtype_),
                     ")"),
        ctx_->comm);
    return absl::OkStatus();
  }

  // `got` (count_ elements) against ref(), bitwise on the device.
  absl::StatusOr<CheckResult> Compare(const char* got, const char* what) {
    if (!prepared_) return NotPrepared(what);
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    if (counters_.get() == nullptr) {
      SYMMBENCH_RETURN_IF_CUDA_ERROR(counters_.Allocate(sizeof(CompareCounters)),
                                     "broadcast: cudaMalloc(compare counters)");
    }
    return CompareOnDevice(got, ref(), count_, dtype_,
                           static_cast<CompareCounters*>(counters_.get()), ctx_->stream,
                           ops::kBroadcast, ctx_->deferred_checks);
  }

  // Rank `rank`'s input region, its output and the reference, misaligned as the job asks.
  char* InputOf(int rank) const {
    return ctx_->Shifted(ctx_->symm->region(rank, kSymmInputRegion));
  }
  char* out() const { return ctx_->Shifted(ctx_->out); }
  char* ref() const { return ctx_->Shifted(ctx_->ref); }

  absl::Status Barrier(BarrierPhase phase) const {
    return EnqueueSignalPadBarrier(*ctx_, ctx_->stream, phase, ops::kBroadcast);
  }

  absl::Status NotPrepared(const char* what) const {
    return absl::FailedPreconditionError(
        absl::StrCat("broadcast: ", what, " before a successful Prepare"));
  }

  // The race check's comparison: the root's exact input of the last refill into ref, then `got`
  // against it.
  absl::StatusOr<CheckResult> CheckExpectedAt(const char* got, const char* what) {
    if (!prepared_) return NotPrepared(what);
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchFillExactInput(ref(), count_, ToDeviceDType(dtype_), seed_, kRoot, ctx_->stream),
        "broadcast: LaunchFillExactInput(race check, expected)");
    return Compare(got, what);
  }

  const CudaContext* const ctx_;
  int64_t count_ = 0;
  DType dtype_ = DType::kBf16;
  uint64_t seed_ = 0;  // of the inputs now in place (Prepare or RefillInput)
  size_t bytes_ = 0;
  bool prepared_ = false;
  int64_t prepares_ = 0;   // Prepare barriers so far (their tags)
  DeviceBuffer counters_;  // one CompareCounters
};

std::unique_ptr<Collective> NewBroadcastCollective(const CudaContext* ctx) {
  return std::make_unique<BroadcastCollective>(ctx);
}

[[maybe_unused]] const bool kRegistered =
    CudaCollectives().Add(ops::kBroadcast, &NewBroadcastCollective);

}  // namespace
}  // namespace symmbench
