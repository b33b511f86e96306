// CudaShardedCollective: what the all-gathers and reduce-scatters on the CUDA backend share as a
// Collective: exact inputs in this rank's symmetric input region, poisoned outputs, the NCCL
// references (plain and symmetric windows) and the bitwise check. A kernel adds only Run.
#pragma once

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

// Sizes (nccl-tests' convention): Prepare's `count` is the whole buffer, world_size shards of
// shard() = count / world_size elements.
//   all-gather: the input is shard() elements of this rank's symmetric input region,
//     ExactInputValue(seed, rank, i); the output is count elements of ctx->out, shard p from
//     rank p.
//   reduce-scatter: the input is count elements of the region; the output is shard()
//     elements of ctx->out, the sum over ranks of shard `rank` of their inputs.
// Misaligned buffers: every buffer (the regions, ctx->out, ctx->ref, the NCCL windows) starts
// ctx->misalign_bytes past its aligned base (CudaContext::Shifted).
// References, on ctx->stream:
//   RunReference         "nccl_all_gather" / "nccl_reduce_scatter" (ncclSum): input region ->
//                        ctx->ref, the reference of Check.
//   RunExtraReference(0) "nccl_symmetric": the same NCCL call between the backend's
//                        NCCL-registered symmetric windows (Prepare copies the input there), so
//                        NCCL can pick its symmetric-memory kernels. Timed, not checked.
// Check: the output against ctx->ref, bitwise (exact inputs make every sum exact).
class CudaShardedCollective : public Collective {
 public:
  // Checks the size (count a multiple of world_size, input and output within the region and
  // ctx->out), makes sure the NCCL symmetric windows exist (collective on the first call),
  // agrees with the other ranks on the grid cap for the dtype (once), waits until every rank's
  // earlier operations have completed, fills the input, copies it to the NCCL symmetric input
  // and poisons the outputs. Collective: every rank calls it in the same order.
  // INVALID_ARGUMENT for a size that does not fit or split.
  absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) final;
  // A reduce-scatter's kernels sum in fp32 in rank order from rank 0's value, rounded once
  // (LaunchReduceScatterSum), so it is also checked on random floats; an all-gather sums nothing.
  bool sums_in_rank_order() const override { return !gathers(); }
  // As Prepare, with RandomInputValue inputs. UNIMPLEMENTED for an all-gather.
  absl::Status PrepareRandom(int64_t count, DType dtype, uint64_t seed) final;
  // Copies the output to the host (waiting for the stream) and compares it with
  // CompareWithRankOrderSum of this rank's shard (first index rank x shard).
  // FAILED_PRECONDITION unless the last Prepare was PrepareRandom.
  absl::StatusOr<CheckResult> CheckRankOrderSum() final;
  absl::Status PoisonOutputs() final;
  absl::Status RunReference() final;
  absl::StatusOr<CheckResult> Check() final;
  std::string reference_name() const final;
  std::vector<std::string> extra_reference_names() const final { return {"nccl_symmetric"}; }
  absl::Status RunExtraReference(size_t index) final;
  // In place (nccl-tests' layout), for the kernels that opt in (supports_in_place): an
  // all-gather's input is shard `rank` of its symmetric input region and the region is its
  // output; a reduce-scatter's output is shard `rank` of its input. RunInPlace runs Run with
  // output() and GatherSource() pointing there; Prepare writes an all-gather's input at both
  // places. The reference in place is NCCL's call with nccl-tests' in-place pointers.
  absl::Status RunInPlace() final;
  absl::Status RunReferenceInPlace() final;
  absl::StatusOr<CheckResult> CheckInPlace() final;
  // Flips the lowest bit of output element `index` on the stream (fault injection).
  absl::Status FlipOutputElement(int64_t index) final;
  // The race check, on the stream, nothing waited for (no AwaitPeersDone): the input refilled
  // from `seed` (an all-gather's shard: the race check runs out of place); the output against
  // ctx->ref filled with what every rank's exact inputs of that seed make (the gathered shards,
  // or this rank's shard of their sum), compared on the device as Check.
  absl::Status RefillInput(uint64_t seed) final;
  absl::StatusOr<CheckResult> CheckExpected() final;
  // In place: a gather's own shard refilled at its place in the input region, and the in-place
  // result compared as CheckExpected compares the output.
  absl::Status RefillInPlaceInput(uint64_t seed) final;
  absl::StatusOr<CheckResult> CheckExpectedInPlace() final;

 protected:
  // `name` is the kernel's registry name, `computes` kAllGather or kReduceScatterSum. `ctx`
  // must outlive this object.
  CudaShardedCollective(const CudaContext* ctx, const char* name, Computes computes);

  // FAILED_PRECONDITION before a successful Prepare.
  absl::Status CheckPrepared(const char* what) const;
  // The ShardedArgs every kernel of this op starts from: peer pointers (inputs[p]: rank p's
  // shard for an all-gather; this rank's shard of rank p's input for a reduce-scatter), the
  // output (ctx->out), signal pads, sizes, grid cap, timeout.
  ShardedArgs PeerArgs() const;
  // Rank p's input in its symmetric input region, as mapped here (misaligned as the job asks).
  char* InputOf(int p) const;
  // The op's output: ctx->out, or in place this rank's input (all-gather) or shard `rank` of it
  // (reduce-scatter).
  void* output() const;
  // An all-gather's source of shard p as mapped here: the start of rank p's input region, or in
  // place shard p of it.
  const void* GatherSource(int p) const;
  bool in_place() const { return in_place_; }
  // Enqueues a signal-pad barrier kernel among every rank (LaunchSignalPadBarrier), for the
  // copy-engine variants, whose data moves with no kernel of theirs to hold the barrier.
  absl::Status SignalPadBarrier(BarrierPhase phase) const;

  // Called by Prepare after the size check and before any work is enqueued, on every rank in
  // the same order: a kernel that needs resources of its own (a plugin op's setup) makes them
  // here, collectively on the first call. Default: nothing to do.
  virtual absl::Status EnsureResources(DType /*dtype*/) { return absl::OkStatus(); }
  // Prepare's count: the whole buffer, world_size shards.
  int64_t whole_count() const { return count_; }

  const CudaContext* ctx() const { return ctx_; }
  const char* name() const { return name_; }
  int64_t shard() const { return shard_; }
  size_t shard_bytes() const { return static_cast<size_t>(shard_) * DTypeSize(dtype_); }
  DType dtype() const { return dtype_; }
  int max_blocks() const { return max_blocks_[static_cast<int>(ToDeviceDType(dtype_))]; }
  bool gathers() const { return computes_ == Computes::kAllGather; }

 private:
  absl::Status PrepareInputs(int64_t count, DType dtype, uint64_t seed, bool random);
  absl::StatusOr<int> AgreeOnGridCap(DeviceDType dtype);
  absl::Status AwaitPeersDone();
  absl::Status RunNccl(const void* input, void* output, const char* what) const;
  // `got` (output_count() elements) against ctx->ref, bitwise, on the device.
  absl::StatusOr<CheckResult> CompareWithReference(const void* got);
  // The race check's comparison: what the last refill's inputs make into ref(), then `got`
  // against it.
  absl::StatusOr<CheckResult> CheckExpectedAt(const void* got, const char* what);
  int64_t input_count() const { return gathers() ? shard_ : count_; }
  int64_t output_count() const { return gathers() ? count_ : shard_; }
  // ctx->out and ctx->ref, where the op's output and the reference's start.
  char* out() const { return ctx_->Shifted(ctx_->out); }
  char* ref() const { return ctx_->Shifted(ctx_->ref); }

  const CudaContext* const ctx_;
  const char* const name_;
  const Computes computes_;
  int64_t count_ = 0;
  int64_t shard_ = 0;
  DType dtype_ = DType::kBf16;
  uint64_t seed_ = 0;
  bool random_ = false;  // the last Prepare was PrepareRandom
  bool prepared_ = false;
  std::array<int, 3> max_blocks_{};  // by DeviceDType, agreed by every rank; 0 = not yet
  int64_t prepares_ = 0;             // AwaitPeersDone barriers so far (their tags)
  DevicePtr<CompareCounters> counters_;
  bool in_place_ = false;  // within RunInPlace
  // The in-place output: this rank's symmetric input region (all-gather) or shard `rank` of it.
  void* InPlaceOutput() const;
};

}  // namespace symmbench
