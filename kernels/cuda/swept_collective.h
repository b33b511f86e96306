// CudaSweptCollective: what every swept symmetric-memory collective on the CUDA backend (sum
// all-reduce, all-gather, reduce-scatter) shares as a Collective: exact or random inputs in this
// rank's symmetric input region, poisoned outputs, the NCCL references (plain and symmetric
// windows), the bitwise check on the device, the race check's refills, fault injection and
// in-place runs. A kernel adds its launch (and, where it has them, its grid cap, output buffer
// and resources).
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
#include "kernels/cuda/sharded_kernels.h"
#include "kernels/cuda/verify_kernels.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"

namespace symmbench {

// Shapes, by `computes` (Prepare's `count` is nccl-tests' count):
//   kAllReduceSum: the input is count elements of this rank's symmetric input region,
//     ExactInputValue(seed, rank, i); the output is count elements (output(): the kernel's
//     buffer), the elementwise sum over ranks.
//   kAllGather: count is the whole buffer, world_size shards of shard() = count / world_size
//     elements; the input is shard() elements at the start of the region; the output is count
//     elements of ctx->out, shard p from rank p.
//   kReduceScatterSum: the input is count elements of the region; the output is shard()
//     elements of ctx->out, the sum over ranks of shard `rank` of their inputs.
// Misaligned buffers: every buffer (the regions, ctx->out, ctx->ref, the NCCL windows) starts
// ctx->misalign_bytes past its aligned base (CudaContext::Shifted).
// References, all on ctx->stream, on the same input values (ncclSum where it sums):
//   RunReference         "nccl_all_reduce" / "nccl_all_gather" / "nccl_reduce_scatter": input
//                        region -> ctx->ref, the reference of Check.
//   RunExtraReference(0) "nccl_symmetric": the same NCCL call between the backend's
//                        NCCL-registered symmetric windows (Prepare copies the input there), so
//                        NCCL can pick its symmetric-memory kernels. Timed, not checked.
// Check: the output against ctx->ref, bitwise (exact inputs make every sum exact).
// In place (nccl-tests' layout), for the kernels that say supports_in_place: an all-reduce's
// result lands over this rank's input region; an all-gather's input is shard `rank` of the
// region and the region is its output; a reduce-scatter's output is shard `rank` of its input.
class CudaSweptCollective : public Collective {
 public:
  // Checks the size (sharded shapes: count a multiple of world_size; input and output within
  // the region and ctx->out), makes sure the NCCL symmetric windows exist (collective on the
  // first call: NcclSymmetricWindows::Ensure; its errors are returned, e.g. an NCCL without
  // symmetric-memory support), lets the kernel make its resources (EnsureResources), agrees
  // with the other ranks on the kernel's grid cap for the dtype (once), waits until every
  // rank's earlier operations have completed (AwaitPeersDone), fills the input, copies it to
  // the NCCL symmetric input and poisons the outputs; the fill and what follows are enqueued on
  // the stream. Collective: every rank calls it in the same order. INVALID_ARGUMENT for a size
  // that does not fit or split.
  absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) final;
  // As Prepare, with RandomInputValue inputs. UNIMPLEMENTED for an all-gather (it sums nothing).
  absl::Status PrepareRandom(int64_t count, DType dtype, uint64_t seed) final;
  // Copies the output to the host (waiting for the stream) and compares it with
  // CompareWithRankOrderSum (a reduce-scatter's from first index rank x shard).
  // FAILED_PRECONDITION unless the last Prepare was PrepareRandom.
  absl::StatusOr<CheckResult> CheckRankOrderSum() final;
  // Every built-in kernel that sums keeps the contract (all_reduce_device.cuh): fp32, rank
  // order from rank 0's value, one rounding. An all-gather sums nothing; a plugin op says.
  bool sums_in_rank_order() const override { return computes_ != Computes::kAllGather; }
  bool zero_sign_may_differ() const override { return false; }
  absl::Status PoisonOutputs() final;
  // Enqueues the kernel on the stream: Launch (LaunchInPlace within RunInPlace) with the agreed
  // grid cap. A kernel whose launch is not one cudaError_t (copy-engine variants, a plugin op)
  // overrides Run.
  absl::Status Run() override;
  absl::Status RunReference() final;
  absl::StatusOr<CheckResult> Check() final;
  std::string reference_name() const final;
  std::vector<std::string> extra_reference_names() const final { return {"nccl_symmetric"}; }
  absl::Status RunExtraReference(size_t index) final;
  // Run with in_place() true (output() and GatherSource() point into the input region).
  // UNIMPLEMENTED unless supports_in_place.
  absl::Status RunInPlace() final;
  // NCCL's call with nccl-tests' in-place pointers.
  absl::Status RunReferenceInPlace() final;
  // The in-place result against ctx->ref, on the device.
  absl::StatusOr<CheckResult> CheckInPlace() final;
  // Flips the lowest bit of output element `index` with a one-thread kernel on the stream (in
  // order with the operations, capturable into a graph). Fault injection only. OUT_OF_RANGE
  // outside the output.
  absl::Status FlipOutputElement(int64_t index) final;
  // The race check, on the stream, nothing waited for (no AwaitPeersDone: a kernel's own exit
  // barrier is what keeps a peer from reading the input being rewritten): the input refilled
  // from `seed` (an all-gather's shard at the start of the region); the output against ctx->ref
  // filled with what every rank's exact inputs of that seed make (the sum, or the gathered
  // shards, or this rank's shard of the sum), compared on the device as Check (deferred when
  // the backend defers checks).
  absl::Status RefillInput(uint64_t seed) final;
  absl::StatusOr<CheckResult> CheckExpected() final;
  // In place: an all-gather's own shard refilled at its place in the region (the others
  // refill as RefillInput), and the in-place result compared as CheckExpected compares.
  absl::Status RefillInPlaceInput(uint64_t seed) final;
  absl::StatusOr<CheckResult> CheckExpectedInPlace() final;

 protected:
  // `name` is the kernel's registry name (error messages); `computes` kAllReduceSum,
  // kAllGather or kReduceScatterSum. `ctx` must outlive this object.
  CudaSweptCollective(const CudaContext* ctx, std::string name, Computes computes);

  // The kernel's output on this rank. Default: ctx->out (Shifted), and within RunInPlace the
  // in-place output. An all-reduce whose output is elsewhere (a symmetric region) overrides it.
  virtual void* output() const;
  // The kernel's co-resident grid cap for `dtype` at ctx()->world_size on the current device.
  // Default: ShardedMaxBlocks for the sharded shapes; an all-reduce must override it.
  virtual cudaError_t MaxBlocks(DeviceDType dtype, int* max_blocks) const;
  // Enqueues one operation on ctx()->stream with the grid cap `max_blocks`; the .cu launcher's
  // error (cudaGetLastError included). Default: cudaErrorNotSupported (a kernel that overrides
  // Run).
  virtual cudaError_t Launch(int /*max_blocks*/) const { return cudaErrorNotSupported; }
  // Enqueues one in-place operation. Default: Launch, which sees in_place() (a sharded kernel
  // whose pointers come from output(), GatherSource() and PeerArgs()).
  virtual cudaError_t LaunchInPlace(int max_blocks) const { return Launch(max_blocks); }
  // Called by Prepare after the size check and before any work is enqueued, on every rank in
  // the same order: a kernel that needs memory of its own allocates it here (collectively, on
  // the first call). `bytes` is this rank's input size. Default: nothing to do.
  virtual absl::Status EnsureResources(size_t /*bytes*/, DType /*dtype*/) {
    return absl::OkStatus();
  }

  // FAILED_PRECONDITION naming `what` before a successful Prepare.
  absl::Status CheckPrepared(const char* what) const;
  // Where an operation's buffer starts in an aligned allocation `p` (CudaContext::Shifted).
  void* Shifted(void* p) const { return ctx_->Shifted(p); }
  // Whether the op's buffers are 16-byte aligned (no misalignment): which kernel instantiation
  // runs, and so whose grid cap MaxBlocks gives.
  bool aligned() const { return ctx_->misalign_bytes % 16 == 0; }
  // Rank p's symmetric input region, as mapped here (Shifted).
  char* InputOf(int p) const;
  // This rank's input region (where Prepare writes the inputs; an all-reduce's in-place output).
  char* input() const { return InputOf(ctx_->rank); }
  // Rank p's symmetric output region, as mapped here (Shifted): where a kernel pushes into its
  // peers' outputs, or stages what it copied.
  char* OutputRegionOf(int p) const;
  // An all-gather's source of shard p as mapped here: the start of rank p's input region, or
  // in place shard p of it.
  const void* GatherSource(int p) const;
  // The ShardedArgs every sharded kernel starts from: peer pointers (inputs[p]: rank p's shard
  // for an all-gather; this rank's shard of rank p's input for a reduce-scatter), output(),
  // signal pads, sizes, grid cap, timeout, faults.
  ShardedArgs PeerArgs() const;
  // Enqueues a signal-pad barrier kernel among every rank (LaunchSignalPadBarrier), for the
  // copy-engine variants, whose data moves with no kernel of theirs to hold the barrier.
  absl::Status SignalPadBarrier(BarrierPhase phase) const;

  bool in_place() const { return in_place_; }
  const CudaContext* ctx() const { return ctx_; }
  const char* name() const { return name_.c_str(); }
  // Prepare's count (an all-reduce's elements per rank; a sharded op's whole buffer).
  int64_t count() const { return count_; }
  int64_t shard() const { return shard_; }
  size_t shard_bytes() const { return static_cast<size_t>(shard_) * DTypeSize(dtype_); }
  DType dtype() const { return dtype_; }
  DeviceDType device_dtype() const { return ToDeviceDType(dtype_); }
  int max_blocks() const { return max_blocks_[static_cast<int>(device_dtype())]; }
  bool gathers() const { return computes_ == Computes::kAllGather; }
  bool sharded() const { return computes_ != Computes::kAllReduceSum; }

 private:
  // Prepare's work, with random (PrepareRandom) or exact inputs.
  absl::Status PrepareInputs(int64_t count, DType dtype, uint64_t seed, bool random);
  // The grid cap of every rank for `dtype` (MaxBlocks), the smallest (peer_sync.h's
  // AgreeOnGridCap). Collective.
  absl::StatusOr<int> AgreeOnGridCap(DeviceDType dtype);
  // Before this rank's input is overwritten: peer_sync.h's AwaitPeersDone, one tag per call.
  absl::Status AwaitPeersDone();
  // The shape's NCCL call (ncclAllReduce, ncclAllGather or ncclReduceScatter; the sharded ones
  // take the shard count, as nccl-tests' sendcount / recvcount) from `input` to `output`.
  absl::Status RunNccl(const void* input, void* output, const char* what) const;
  // `got` (output_count() elements) against ref(), bitwise, on the device.
  absl::StatusOr<CheckResult> CompareWithReference(const void* got);
  // The race check's comparison: what the last refill's inputs make into ref(), then `got`
  // against it.
  absl::StatusOr<CheckResult> CheckExpectedAt(const void* got, const char* what);
  // Elements of the input and of the output on this rank.
  int64_t input_count() const { return gathers() ? shard_ : count_; }
  int64_t output_count() const {
    return computes_ == Computes::kReduceScatterSum ? shard_ : count_;
  }
  // The in-place output: this rank's input region (all-reduce, all-gather) or shard `rank` of
  // it (reduce-scatter). Outside RunInPlace, output() is the out-of-place one.
  char* InPlaceOutput() const;
  // The first element of this rank's output in the whole result's numbering: rank x shard for a
  // reduce-scatter, else 0 (the rank-order and exact sums' first index).
  int64_t first_index() const;
  // The reference's output (Shifted ctx->ref).
  char* ref() const { return static_cast<char*>(Shifted(ctx_->ref)); }

  const CudaContext* const ctx_;
  const std::string name_;
  const Computes computes_;
  int64_t count_ = 0;
  int64_t shard_ = 0;  // count_ / world_size for the sharded shapes, count_ for an all-reduce
  DType dtype_ = DType::kBf16;
  uint64_t seed_ = 0;
  bool random_ = false;  // the last Prepare was PrepareRandom
  bool prepared_ = false;
  bool in_place_ = false;                // within RunInPlace
  std::array<int, 3> max_blocks_{};      // by DeviceDType, agreed by every rank; 0 = not yet
  int64_t prepares_ = 0;                 // AwaitPeersDone barriers so far (their tags)
  DevicePtr<CompareCounters> counters_;  // allocated by the first Check, freed on ctx_->device
};

}  // namespace symmbench
