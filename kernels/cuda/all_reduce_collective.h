// CudaAllReduceCollective: what every symmetric-memory all-reduce (sum) on the CUDA backend shares
// as a Collective: exact inputs in this rank's symmetric input region, poisoned outputs, the NCCL
// references and the bitwise check. A kernel adds its output buffer, grid cap and launch.
#pragma once

#include <cuda_runtime_api.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/collective.h"
#include "kernels/cuda/cuda_context.h"
#include "kernels/cuda/cuda_dtype.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/cuda/device_types.h"
#include "kernels/cuda/verify_kernels.h"
#include "kernels/dtype.h"

namespace symmbench {

// Input: this rank's symmetric input region (ExactInputValue(seed, rank, i)).
// References, all on ctx->stream, all ncclSum on the same input values:
//   RunReference        "nccl_all_reduce": ncclAllReduce(input region -> ctx->ref), the reference
//                      of Check.
//   RunExtraReference(0) "nccl_symmetric": ncclAllReduce between the backend's NCCL-registered
//                      symmetric windows (ctx->nccl_windows; Prepare copies the input there), so
//                      NCCL can pick its symmetric-memory kernels. Not checked.
// Check: output() against ctx->ref, bitwise (exact inputs make every partial sum exact).
// Sizes: count elements per rank, at most min(region bytes, out_bytes) / element size.
class CudaAllReduceCollective : public Collective {
 public:
  // Checks the size, agrees with the other ranks on the kernel's grid cap for the dtype (once),
  // makes sure the NCCL symmetric windows exist (collective on the first call:
  // NcclSymmetricWindows::Ensure; its errors are returned, e.g. an NCCL without
  // symmetric-memory support), waits until every rank's earlier operations have completed
  // (AwaitPeersDone), fills the input, copies it to the NCCL symmetric input, and poisons the
  // outputs; the fill and what follows are enqueued on the stream. Collective: every rank
  // calls it in the same order.
  absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) final;
  absl::Status PoisonOutputs() final;
  // Every kernel here keeps the contract (all_reduce_device.cuh): fp32, rank order, one rounding.
  // (A plugin op says whether it does.)
  bool sums_in_rank_order() const override { return true; }
  bool zero_sign_may_differ() const override { return false; }
  // As Prepare, with RandomInputValue inputs.
  absl::Status PrepareRandom(int64_t count, DType dtype, uint64_t seed) final;
  // Copies the output to the host (waiting for the stream) and compares it there with
  // CompareWithRankOrderSum. FAILED_PRECONDITION unless the last Prepare was PrepareRandom.
  absl::StatusOr<CheckResult> CheckRankOrderSum() final;
  // Launch on the stream. A kernel whose launch is not one cudaError_t (a plugin op's, which
  // returns the plugin's message) overrides Run instead.
  absl::Status Run() override;
  absl::Status RunReference() final;
  absl::StatusOr<CheckResult> Check() final;
  // In place, for a kernel with LaunchInPlace (it also says supports_in_place): the result over
  // this rank's symmetric input region. The reference's in-place form is ncclAllReduce on that
  // region; CheckInPlace compares the region with ctx->ref on the device.
  absl::Status RunInPlace() final;
  absl::Status RunReferenceInPlace() final;
  absl::StatusOr<CheckResult> CheckInPlace() final;
  std::string reference_name() const final { return "nccl_all_reduce"; }
  std::vector<std::string> extra_reference_names() const final { return {"nccl_symmetric"}; }
  absl::Status RunExtraReference(size_t index) final;
  // Flips the lowest bit of output element `index` with a one-thread kernel on the stream (in
  // order with the operations, capturable into a graph). Fault injection only.
  absl::Status FlipOutputElement(int64_t index) final;
  // The race check, on the stream, nothing waited for (no AwaitPeersDone: a kernel's own exit
  // barrier is what keeps a peer from reading the input being rewritten): the input refilled
  // from `seed`; the output against ctx->ref filled with the sum of every rank's exact inputs of
  // that seed (LaunchFillExactSum), compared on the device as Check (deferred when the backend
  // defers checks).
  absl::Status RefillInput(uint64_t seed) final;
  absl::StatusOr<CheckResult> CheckExpected() final;
  // The in-place race check: the input region (the in-place result) against the exact sum.
  absl::StatusOr<CheckResult> CheckExpectedInPlace() final;

 protected:
  // `name` is the kernel's registry name (error messages). `ctx` must outlive this object.
  CudaAllReduceCollective(const CudaContext* ctx, std::string name);

  // The kernel's output on this rank: count elements, Shifted from a 16-byte-aligned allocation
  // of at least out_bytes.
  virtual void* output() const = 0;
  // The kernel's co-resident grid cap for `dtype` at ctx()->world_size on the current device.
  virtual cudaError_t MaxBlocks(DeviceDType dtype, int* max_blocks) const = 0;
  // Enqueues one operation on ctx()->stream for count() elements of device_dtype(), with the
  // grid cap `max_blocks`; the .cu launcher's error (cudaGetLastError included).
  virtual cudaError_t Launch(int max_blocks) const = 0;
  // Enqueues one in-place operation, as Launch with this rank's symmetric input region as the
  // output. Default: cudaErrorNotSupported (no in-place form).
  virtual cudaError_t LaunchInPlace(int /*max_blocks*/) const { return cudaErrorNotSupported; }
  // Where an operation's buffer starts in an aligned allocation `p` (CudaContext::Shifted).
  void* Shifted(void* p) const { return ctx_->Shifted(p); }
  // Whether the op's buffers are 16-byte aligned (no misalignment): which kernel instantiation
  // runs, and so whose grid cap MaxBlocks gives.
  bool aligned() const { return ctx_->misalign_bytes % 16 == 0; }
  // Rank `rank`'s input in its symmetric input region, as mapped here (Shifted).
  void* InputOf(int rank) const;
  // This rank's input (where Prepare writes the inputs).
  void* input() const { return InputOf(ctx_->rank); }
  // Called by Prepare after the size check and before any work is enqueued, on every rank in
  // the same order: a kernel that needs memory of its own allocates it here (collectively, on
  // the first call). `bytes` is the message size per rank. Default: nothing to do.
  virtual absl::Status EnsureResources(size_t /*bytes*/, DType /*dtype*/) {
    return absl::OkStatus();
  }

  const CudaContext* ctx() const { return ctx_; }
  int64_t count() const { return count_; }
  DType dtype() const { return dtype_; }
  // FAILED_PRECONDITION naming `what` before a successful Prepare.
  absl::Status CheckPrepared(const char* what) const {
    return prepared_ ? absl::OkStatus() : NotPrepared(what);
  }
  DeviceDType device_dtype() const { return ToDeviceDType(dtype_); }

 private:
  absl::Status NotPrepared(const char* what) const;
  // Prepare's work, with random (PrepareRandom) or exact inputs.
  absl::Status PrepareInputs(int64_t count, DType dtype, uint64_t seed, bool random);
  // The grid cap of every rank for `dtype` (MaxBlocks), the smallest (peer_sync.h's
  // AgreeOnGridCap). Collective.
  absl::StatusOr<int> AgreeOnGridCap(DeviceDType dtype);
  // Before this rank's input is overwritten: peer_sync.h's AwaitPeersDone, one tag per call.
  absl::Status AwaitPeersDone();
  absl::Status RunNcclAllReduce(const void* input, void* output, const char* what) const;
  // The reference's output (Shifted ctx->ref).
  void* ref() const { return Shifted(ctx_->ref); }
  // `got` (count_ elements) against ref(), bitwise, on the device.
  absl::StatusOr<CheckResult> CompareWithReference(const void* got);
  // The race check's comparison: the exact sum of the last refill's inputs into ref(), then
  // `got` against it.
  absl::StatusOr<CheckResult> CheckExpectedAt(const void* got, const char* what);

  const CudaContext* const ctx_;
  const std::string name_;
  int64_t count_ = 0;
  DType dtype_ = DType::kBf16;
  uint64_t seed_ = 0;
  bool random_ = false;  // the last Prepare was PrepareRandom
  bool prepared_ = false;
  std::array<int, 3> max_blocks_{};      // by DeviceDType, agreed by every rank; 0 = not yet
  int64_t prepares_ = 0;                 // AwaitPeersDone barriers so far (their tags)
  DevicePtr<CompareCounters> counters_;  // allocated by the first Check, freed on ctx_->device
};

}  // namespace symmbench
