// CudaShardedCollective: Prepare (exact inputs, NCCL symmetric windows, poisoned outputs), the
// NCCL references (plain and symmetric windows), Check (bitwise, on the device).
#include "kernels/cuda/sharded_collective.h"

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/device_compare.h"
#include "kernels/cuda/nccl_symmetric_windows.h"
#include "kernels/cuda/peer_sync.h"
#include "kernels/rank_order_check.h"

namespace symmbench {
namespace {

constexpr int kPoisonByte = 0xFF;  // a NaN in every dtype; the comparison counts it as wrong

}  // namespace

CudaShardedCollective::CudaShardedCollective(const CudaContext* ctx, const char* name,
                                             Computes computes)
    : ctx_(ctx), name_(name), computes_(computes) {}

std::string CudaShardedCollective::reference_name() const {
  return gathers() ? "nccl_all_gather" : "nccl_reduce_scatter";
}

absl::Status CudaShardedCollective::CheckPrepared(const char* what) const {
  if (prepared_) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat(name_, ": ", what, " before a successful Prepare"));
}

absl::Status CudaShardedCollective::Prepare(int64_t count, DType dtype, uint64_t seed) {
  return PrepareInputs(count, dtype, seed, /*random=*/false);
}

absl::Status CudaShardedCollective::PrepareRandom(int64_t count, DType dtype, uint64_t seed) {
  if (gathers()) {
    return absl::UnimplementedError(
        absl::StrCat(name_, ": an all-gather has no random-input verification"));
  }
  return PrepareInputs(count, dtype, seed, /*random=*/true);
}

absl::StatusOr<CheckResult> CudaShardedCollective::CheckRankOrderSum() {
  if (absl::Status s = CheckPrepared("CheckRankOrderSum"); !s.ok()) return s;
  if (!random_) {
    return absl::FailedPreconditionError(
        absl::StrCat(name_, ": CheckRankOrderSum after Prepare, not PrepareRandom"));
  }
  const size_t bytes = static_cast<size_t>(output_count()) * DTypeSize(dtype_);
  std::vector<unsigned char> host(bytes);
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      cudaMemcpyAsync(host.data(), out(), bytes, cudaMemcpyDeviceToHost, ctx_->stream),
      absl::StrCat(name_, ": CheckRankOrderSum: copy the output (", bytes, " bytes)"));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamSynchronize(ctx_->stream),
                                 absl::StrCat(name_, ": CheckRankOrderSum: synchronize"));
  return CompareWithRankOrderSum(host.data(), dtype_, output_count(), seed_, ctx_->world_size,
                                 /*zero_sign_may_differ=*/false,
                                 static_cast<int64_t>(ctx_->rank) * shard_);
}

absl::Status CudaShardedCollective::PrepareInputs(int64_t count, DType dtype, uint64_t seed,
                                                  bool random) {
  prepared_ = false;
  const int64_t elem = DTypeSize(dtype);
  // Misaligned buffers start misalign_bytes into each buffer.
  const int64_t capacity =
      static_cast<int64_t>(std::min(ctx_->symm->region_bytes(), ctx_->out_bytes)) -
      ctx_->misalign_bytes;
  if (count < 1 || count % ctx_->world_size != 0 || count > capacity / elem) {
    return absl::InvalidArgumentError(
        absl::StrCat(name_, ": count must be a multiple of world_size ", ctx_->world_size,
                     " in [1, ", capacity / elem, "] for ", DTypeName(dtype), " (buffers of ",
                     capacity, " bytes per rank), got ", count));
  }
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  // First NCCL-side step, before anything is enqueued: on the first call it is collective.
  if (ctx_->nccl_windows == nullptr) {
    return absl::InternalError(absl::StrCat(name_, ": the backend has no NCCL symmetric windows"));
  }
  if (absl::Status s = ctx_->nccl_windows->Ensure(); !s.ok()) {
    return absl::Status(s.code(), absl::StrCat(name_, ": nccl_symmetric reference: ", s.message()));
  }
  if (absl::Status s = EnsureResources(dtype); !s.ok()) return s;
  const DeviceDType ddtype = ToDeviceDType(dtype);
  int& cap = max_blocks_[static_cast<int>(ddtype)];
  if (cap == 0) {
    absl::StatusOr<int> agreed = AgreeOnGridCap(ddtype);
    if (!agreed.ok()) return agreed.status();
    cap = *agreed;
  }
  if (absl::Status s = AwaitPeersDone(); !s.ok()) return s;
  count_ = count;
  shard_ = count / ctx_->world_size;
  dtype_ = dtype;
  char* input = InputOf(ctx_->rank);
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      random ? LaunchFillRandomInput(input, input_count(), ddtype, seed, ctx_->rank, ctx_->stream)
             : LaunchFillExactInput(input, input_count(), ddtype, seed, ctx_->rank, ctx_->stream),
      absl::StrCat(name_, ": fill ", random ? "random" : "exact", " input (", input_count(), " x ",
                   DTypeName(dtype), ")"));
  if (gathers() && ctx_->rank > 0) {  // the in-place position too (shard `rank` of the region)
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        cudaMemcpyAsync(input + ctx_->rank * shard_bytes(), input, shard_bytes(),
                        cudaMemcpyDeviceToDevice, ctx_->stream),
        absl::StrCat(name_, ": cudaMemcpyAsync(input -> its in-place shard)"));
  }
  seed_ = seed;
  random_ = random;
  const size_t bytes = static_cast<size_t>(input_count() * elem);
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      cudaMemcpyAsync(ctx_->Shifted(ctx_->nccl_windows->input()), input, bytes,
                      cudaMemcpyDeviceToDevice, ctx_->stream),
      absl::StrCat(name_, ": cudaMemcpyAsync(input -> nccl_symmetric input, ", bytes, ")"));
  prepared_ = true;
  return PoisonOutputs();
}

absl::StatusOr<int> CudaShardedCollective::AgreeOnGridCap(DeviceDType dtype) {
  int local = 0;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      ShardedMaxBlocks(gathers(), dtype, ctx_->world_size, &local),
      absl::StrCat(name_, ": max blocks (world size ", ctx_->world_size, ")"));
  return symmbench::AgreeOnGridCap(
      *ctx_, absl::StrCat("grid_cap/", name_, "/", static_cast<int>(dtype)), local, name_);
}

absl::Status CudaShardedCollective::AwaitPeersDone() {
  return symmbench::AwaitPeersDone(*ctx_, absl::StrCat("prepare/", name_, "/", prepares_++), name_);
}

absl::Status CudaShardedCollective::PoisonOutputs() {
  if (absl::Status s = CheckPrepared("PoisonOutputs"); !s.ok()) return s;
  const size_t bytes = static_cast<size_t>(output_count()) * DTypeSize(dtype_);
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(out(), kPoisonByte, bytes, ctx_->stream),
                                 absl::StrCat(name_, ": cudaMemsetAsync(out, ", bytes, ")"));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(ref(), kPoisonByte, bytes, ctx_->stream),
                                 absl::StrCat(name_, ": cudaMemsetAsync(ref, ", bytes, ")"));
  return absl::OkStatus();
}

char* CudaShardedCollective::InputOf(int p) const {
  return ctx_->Shifted(ctx_->symm->region(p, kSymmInputRegion));
}

void* CudaShardedCollective::output() const { return in_place_ ? InPlaceOutput() : out(); }

void* CudaShardedCollective::InPlaceOutput() const {
  char* input = InputOf(ctx_->rank);
  return gathers() ? input : input + static_cast<size_t>(ctx_->rank) * shard_bytes();
}

const void* CudaShardedCollective::GatherSource(int p) const {
  const char* input = InputOf(p);
  return in_place_ ? input + static_cast<size_t>(p) * shard_bytes() : input;
}

absl::Status CudaShardedCollective::RunInPlace() {
  in_place_ = true;
  absl::Status s = Run();
  in_place_ = false;
  return s;
}

absl::Status CudaShardedCollective::RunReferenceInPlace() {
  if (absl::Status s = CheckPrepared("RunReferenceInPlace"); !s.ok()) return s;
  char* input = InputOf(ctx_->rank);
  char* own_shard = input + static_cast<size_t>(ctx_->rank) * shard_bytes();
  return gathers() ? RunNccl(own_shard, input, "in place") : RunNccl(input, own_shard, "in place");
}

absl::StatusOr<CheckResult> CudaShardedCollective::CheckInPlace() {
  if (absl::Status s = CheckPrepared("CheckInPlace"); !s.ok()) return s;
  return CompareWithReference(InPlaceOutput());
}

ShardedArgs CudaShardedCollective::PeerArgs() const {
  ShardedArgs args;
  for (int p = 0; p < ctx_->world_size; ++p) {
    args.inputs[p] =
        gathers() ? GatherSource(p) : InputOf(p) + static_cast<size_t>(ctx_->rank) * shard_bytes();
    args.signal_pads[p] = ctx_->symm->signal_pad(p);
  }
  args.output = output();
  args.shard = shard_;
  args.dtype = ToDeviceDType(dtype_);
  args.rank = ctx_->rank;
  args.world_size = ctx_->world_size;
  args.max_blocks = max_blocks();
  args.barrier_timeout_ns = ctx_->barrier_timeout_ns;
  args.error = ctx_->error;
  args.faults = ctx_->faults;
  return args;
}

absl::Status CudaShardedCollective::SignalPadBarrier(BarrierPhase phase) const {
  return EnqueueSignalPadBarrier(*ctx_, ctx_->stream, phase, name_);
}

absl::Status CudaShardedCollective::RunNccl(const void* input, void* output,
                                            const char* what) const {
  if (ctx_->comm == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat(name_, ": the NCCL communicator was aborted after a timeout"));
  }
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  // Both take the per-rank (shard) count, as nccl-tests' sendcount / recvcount.
  const size_t shard = static_cast<size_t>(shard_);
  const std::string call =
      absl::StrCat(name_, ": ", gathers() ? "ncclAllGather" : "ncclReduceScatter", "(", what, ", ",
                   shard, " x ", DTypeName(dtype_), ")");
  if (gathers()) {
    SYMMBENCH_RETURN_IF_NCCL_ERROR(
        ncclAllGather(input, output, shard, ToNcclDType(dtype_), ctx_->comm, ctx_->stream), call,
        ctx_->comm);
  } else {
    SYMMBENCH_RETURN_IF_NCCL_ERROR(ncclReduceScatter(input, output, shard, ToNcclDType(dtype_),
                                                     ncclSum, ctx_->comm, ctx_->stream),
                                   call, ctx_->comm);
  }
  return absl::OkStatus();
}

absl::Status CudaShardedCollective::RunReference() {
  if (absl::Status s = CheckPrepared("RunReference"); !s.ok()) return s;
  return RunNccl(InputOf(ctx_->rank), ref(), reference_name().c_str());
}

absl::Status CudaShardedCollective::RunExtraReference(size_t index) {
  if (index != 0) {
    return absl::OutOfRangeError(
        absl::StrCat(name_, ": extra reference ", index, " (there is 1: nccl_symmetric)"));
  }
  if (absl::Status s = CheckPrepared("RunExtraReference"); !s.ok()) return s;
  return RunNccl(ctx_->Shifted(ctx_->nccl_windows->input()),
                 ctx_->Shifted(ctx_->nccl_windows->output()), "nccl_symmetric");
}

absl::Status CudaShardedCollective::RefillInput(uint64_t seed) {
  if (absl::Status s = CheckPrepared("RefillInput"); !s.ok()) return s;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchFillExactInput(InputOf(ctx_->rank), input_count(), ToDeviceDType(dtype_), seed,
                           ctx_->rank, ctx_->stream),
      absl::StrCat(name_, ": LaunchFillExactInput(race check)"));
  seed_ = seed;
  random_ = false;
  return absl::OkStatus();
}

absl::Status CudaShardedCollective::RefillInPlaceInput(uint64_t seed) {
  if (!gathers()) return RefillInput(seed);
  if (absl::Status s = CheckPrepared("RefillInPlaceInput"); !s.ok()) return s;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchFillExactInput(InputOf(ctx_->rank) + static_cast<size_t>(ctx_->rank) * shard_bytes(),
                           shard_, ToDeviceDType(dtype_), seed, ctx_->rank, ctx_->stream),
      absl::StrCat(name_, ": LaunchFillExactInput(race check in place)"));
  seed_ = seed;
  random_ = false;
  return absl::OkStatus();
}

absl::StatusOr<CheckResult> CudaShardedCollective::CheckExpected() {
  return CheckExpectedAt(out(), "CheckExpected");
}

absl::StatusOr<CheckResult> CudaShardedCollective::CheckExpectedInPlace() {
  return CheckExpectedAt(InPlaceOutput(), "CheckExpectedInPlace");
}

absl::StatusOr<CheckResult> CudaShardedCollective::CheckExpectedAt(const void* got,
                                                                   const char* what) {
  if (absl::Status s = CheckPrepared(what); !s.ok()) return s;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  const DeviceDType ddtype = ToDeviceDType(dtype_);
  if (gathers()) {
    for (int p = 0; p < ctx_->world_size; ++p) {
      SYMMBENCH_RETURN_IF_CUDA_ERROR(
          LaunchFillExactInput(ref() + p * shard_bytes(), shard_, ddtype, seed_, p, ctx_->stream),
          absl::StrCat(name_, ": LaunchFillExactInput(race check, shard ", p, ")"));
    }
  } else {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchFillExactSum(ref(), shard_, ddtype, seed_, ctx_->world_size,
                           static_cast<int64_t>(ctx_->rank) * shard_, ctx_->stream),
        absl::StrCat(name_, ": LaunchFillExactSum(race check)"));
  }
  return CompareWithReference(got);
}

absl::StatusOr<CheckResult> CudaShardedCollective::Check() {
  if (absl::Status s = CheckPrepared("Check"); !s.ok()) return s;
  return CompareWithReference(out());
}

absl::StatusOr<CheckResult> CudaShardedCollective::CompareWithReference(const void* got) {
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  if (counters_ == nullptr) {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(DeviceMalloc(ctx_->device, sizeof(CompareCounters), &counters_),
                                   absl::StrCat(name_, ": cudaMalloc(compare counters)"));
  }
  return CompareOnDevice(got, ref(), output_count(), dtype_, counters_.get(), ctx_->stream, name_,
                         ctx_->deferred_checks);
}

absl::Status CudaShardedCollective::FlipOutputElement(int64_t index) {
  if (absl::Status s = CheckPrepared("FlipOutputElement"); !s.ok()) return s;
  if (index < 0 || index >= output_count()) {
    return absl::OutOfRangeError(absl::StrCat(name_, ": FlipOutputElement: index ", index,
                                              " outside [0, ", output_count(), ")"));
  }
  // Little-endian: the first byte holds the lowest mantissa bit of every dtype.
  char* byte = out() + index * DTypeSize(dtype_);
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(LaunchFlipLowestBit(byte, ctx_->stream),
                                 absl::StrCat(name_, ": FlipOutputElement(", index, ")"));
  return absl::OkStatus();
}

}  // namespace symmbench
