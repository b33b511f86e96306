// CudaSweptCollective: Prepare (inputs, NCCL symmetric windows, poisoned outputs), Run (the
// kernel), the NCCL references (plain and symmetric windows), Check (bitwise, on the device),
// the race check's refills and fault injection, for the all-reduce and sharded shapes.
#include "kernels/cuda/swept_collective.h"

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/device_compare.h"
#include "kernels/cuda/nccl_symmetric_windows.h"
#include "kernels/cuda/peer_sync.h"
#include "kernels/rank_order_check.h"

namespace symmbench {
namespace {

// Byte pattern of the poisoned outputs: 0xFF.. is a NaN in bf16, fp16 and fp32, and the
// comparison kernel counts an element still holding it as wrong.
constexpr int kPoisonByte = 0xFF;

}  // namespace

CudaSweptCollective::CudaSweptCollective(const CudaContext* ctx, std::string name,
                                         Computes computes)
    : ctx_(ctx), name_(std::move(name)), computes_(computes) {}

std::string CudaSweptCollective::reference_name() const {
  switch (computes_) {
    case Computes::kAllGather:
      return "nccl_all_gather";
    case Computes::kReduceScatterSum:
      return "nccl_reduce_scatter";
    default:
      return "nccl_all_reduce";
  }
}

absl::Status CudaSweptCollective::CheckPrepared(const char* what) const {
  if (prepared_) return absl::OkStatus();
  return absl::FailedPreconditionError(
      absl::StrCat(name_, ": ", what, " before a successful Prepare"));
}

absl::Status CudaSweptCollective::Prepare(int64_t count, DType dtype, uint64_t seed) {
  return PrepareInputs(count, dtype, seed, /*random=*/false);
}

absl::Status CudaSweptCollective::PrepareRandom(int64_t count, DType dtype, uint64_t seed) {
  if (gathers()) {
    return absl::UnimplementedError(
        absl::StrCat(name_, ": an all-gather has no random-input verification"));
  }
  return PrepareInputs(count, dtype, seed, /*random=*/true);
}

absl::Status CudaSweptCollective::PrepareInputs(int64_t count, DType dtype, uint64_t seed,
                                                bool random) {
  prepared_ = false;
  const int64_t elem = DTypeSize(dtype);
  const int world_size = ctx_->world_size;
  // Misaligned buffers start misalign_bytes into each buffer.
  const int64_t capacity =
      static_cast<int64_t>(std::min(ctx_->symm->region_bytes(), ctx_->out_bytes)) -
      ctx_->misalign_bytes;
  if (count < 1 || count > capacity / elem || (sharded() && count % world_size != 0)) {
    return absl::InvalidArgumentError(
        absl::StrCat(name_, ": count must be ",
                     sharded() ? absl::StrCat("a multiple of world_size ", world_size, " ") : "",
                     "in [1, ", capacity / elem, "] for ", DTypeName(dtype), " (buffers of ",
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
  const int64_t shard = sharded() ? count / world_size : count;
  const int64_t input_count = gathers() ? shard : count;
  const size_t input_bytes = static_cast<size_t>(input_count * elem);
  if (absl::Status s = EnsureResources(input_bytes, dtype); !s.ok()) return s;
  const DeviceDType ddtype = ToDeviceDType(dtype);
  int& cap = max_blocks_[static_cast<int>(ddtype)];
  if (cap == 0) {
    absl::StatusOr<int> agreed = AgreeOnGridCap(ddtype);
    if (!agreed.ok()) return agreed.status();
    cap = *agreed;
  }
  if (absl::Status s = AwaitPeersDone(); !s.ok()) return s;
  count_ = count;
  shard_ = shard;
  dtype_ = dtype;
  char* const input = this->input();
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      random ? LaunchFillRandomInput(input, input_count, ddtype, seed, ctx_->rank, ctx_->stream)
             : LaunchFillExactInput(input, input_count, ddtype, seed, ctx_->rank, ctx_->stream),
      absl::StrCat(name_, ": fill ", random ? "random" : "exact", " input (", input_count, " x ",
                   DTypeName(dtype), ")"));
  if (gathers() && ctx_->rank > 0) {  // the in-place position too (shard `rank` of the region)
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        cudaMemcpyAsync(input + ctx_->rank * shard_bytes(), input, shard_bytes(),
                        cudaMemcpyDeviceToDevice, ctx_->stream),
        absl::StrCat(name_, ": cudaMemcpyAsync(input -> its in-place shard)"));
  }
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      cudaMemcpyAsync(Shifted(ctx_->nccl_windows->input()), input, input_bytes,
                      cudaMemcpyDeviceToDevice, ctx_->stream),
      absl::StrCat(name_, ": cudaMemcpyAsync(input -> nccl_symmetric input, ", input_bytes, ")"));
  seed_ = seed;
  random_ = random;
  prepared_ = true;
  return PoisonOutputs();
}

cudaError_t CudaSweptCollective::MaxBlocks(DeviceDType dtype, int* max_blocks) const {
  if (!sharded()) return cudaErrorNotSupported;  // every all-reduce kernel gives its own
  return ShardedMaxBlocks(gathers(), dtype, ctx_->world_size, max_blocks);
}

absl::StatusOr<int> CudaSweptCollective::AgreeOnGridCap(DeviceDType dtype) {
  int local = 0;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      MaxBlocks(dtype, &local), absl::StrCat(name_, ": max blocks (dtype ", static_cast<int>(dtype),
                                             ", world size ", ctx_->world_size, ")"));
  return symmbench::AgreeOnGridCap(
      *ctx_, absl::StrCat("grid_cap/", name_, "/", static_cast<int>(dtype)), local, name_);
}

absl::Status CudaSweptCollective::AwaitPeersDone() {
  return symmbench::AwaitPeersDone(*ctx_, absl::StrCat("prepare/", name_, "/", prepares_++), name_);
}

absl::Status CudaSweptCollective::PoisonOutputs() {
  if (absl::Status s = CheckPrepared("PoisonOutputs"); !s.ok()) return s;
  const size_t bytes = static_cast<size_t>(output_count()) * DTypeSize(dtype_);
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(output(), kPoisonByte, bytes, ctx_->stream),
                                 absl::StrCat(name_, ": cudaMemsetAsync(out, ", bytes, ")"));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(ref(), kPoisonByte, bytes, ctx_->stream),
                                 absl::StrCat(name_, ": cudaMemsetAsync(ref, ", bytes, ")"));
  return absl::OkStatus();
}

absl::Status CudaSweptCollective::Run() {
  if (absl::Status s = CheckPrepared(in_place_ ? "RunInPlace" : "Run"); !s.ok()) return s;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      in_place_ ? LaunchInPlace(max_blocks()) : Launch(max_blocks()),
      absl::StrCat(name_, in_place_ ? ": in-place launch(" : ": launch(", count_, " x ",
                   DTypeName(dtype_), ", world size ", ctx_->world_size, ")"));
  return absl::OkStatus();
}

absl::Status CudaSweptCollective::RunInPlace() {
  if (!supports_in_place()) {
    return absl::UnimplementedError(absl::StrCat(name_, ": no in-place form"));
  }
  in_place_ = true;
  absl::Status s = Run();
  in_place_ = false;
  return s;
}

char* CudaSweptCollective::InputOf(int p) const {
  return static_cast<char*>(Shifted(ctx_->symm->region(p, kSymmInputRegion)));
}

char* CudaSweptCollective::OutputRegionOf(int p) const {
  return static_cast<char*>(Shifted(ctx_->symm->region(p, kSymmOutputRegion)));
}

void* CudaSweptCollective::output() const {
  return in_place_ ? InPlaceOutput() : Shifted(ctx_->out);
}

char* CudaSweptCollective::InPlaceOutput() const {
  return computes_ == Computes::kReduceScatterSum ? input() + ctx_->rank * shard_bytes() : input();
}

const void* CudaSweptCollective::GatherSource(int p) const {
  const char* source = InputOf(p);
  return in_place_ ? source + static_cast<size_t>(p) * shard_bytes() : source;
}

int64_t CudaSweptCollective::first_index() const {
  return computes_ == Computes::kReduceScatterSum ? static_cast<int64_t>(ctx_->rank) * shard_ : 0;
}

ShardedArgs CudaSweptCollective::PeerArgs() const {
  ShardedArgs args;
  for (int p = 0; p < ctx_->world_size; ++p) {
    args.inputs[p] =
        gathers() ? GatherSource(p) : InputOf(p) + static_cast<size_t>(ctx_->rank) * shard_bytes();
    args.signal_pads[p] = ctx_->symm->signal_pad(p);
  }
  args.output = output();
  args.shard = shard_;
  args.dtype = device_dtype();
  args.rank = ctx_->rank;
  args.world_size = ctx_->world_size;
  args.max_blocks = max_blocks();
  args.barrier_timeout_ns = ctx_->barrier_timeout_ns;
  args.error = ctx_->error;
  args.faults = ctx_->faults;
  return args;
}

absl::Status CudaSweptCollective::SignalPadBarrier(BarrierPhase phase) const {
  return EnqueueSignalPadBarrier(*ctx_, ctx_->stream, phase, name_);
}

absl::Status CudaSweptCollective::RunNccl(const void* input, void* output, const char* what) const {
  if (ctx_->comm == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat(name_, ": the NCCL communicator was aborted after a timeout"));
  }
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  const ncclDataType_t type = ToNcclDType(dtype_);
  // The sharded calls take the per-rank (shard) count, as nccl-tests' sendcount / recvcount.
  const size_t n = static_cast<size_t>(shard_);
  const char* call = gathers()   ? "ncclAllGather"
                     : sharded() ? "ncclReduceScatter"
                                 : "ncclAllReduce";
  const std::string context =
      absl::StrCat(name_, ": ", call, "(", what, ", ", n, " x ", DTypeName(dtype_), ")");
  ncclResult_t result;
  if (gathers()) {
    result = ncclAllGather(input, output, n, type, ctx_->comm, ctx_->stream);
  } else if (sharded()) {
    result = ncclReduceScatter(input, output, n, type, ncclSum, ctx_->comm, ctx_->stream);
  } else {
    result = ncclAllReduce(input, output, n, type, ncclSum, ctx_->comm, ctx_->stream);
  }
  SYMMBENCH_RETURN_IF_NCCL_ERROR(result, context, ctx_->comm);
  return absl::OkStatus();
}

absl::Status CudaSweptCollective::RunReference() {
  if (absl::Status s = CheckPrepared("RunReference"); !s.ok()) return s;
  return RunNccl(input(), ref(), reference_name().c_str());
}

absl::Status CudaSweptCollective::RunReferenceInPlace() {
  if (absl::Status s = CheckPrepared("RunReferenceInPlace"); !s.ok()) return s;
  // All-gather: own shard -> the region; reduce-scatter: the region -> own shard; all-reduce:
  // the region onto itself.
  if (gathers()) {
    return RunNccl(input() + static_cast<size_t>(ctx_->rank) * shard_bytes(), input(), "in place");
  }
  return RunNccl(input(), InPlaceOutput(), "in place");
}

absl::StatusOr<CheckResult> CudaSweptCollective::CheckInPlace() {
  if (absl::Status s = CheckPrepared("CheckInPlace"); !s.ok()) return s;
  return CompareWithReference(InPlaceOutput());
}

absl::Status CudaSweptCollective::RunExtraReference(size_t index) {
  if (index != 0) {
    return absl::OutOfRangeError(
        absl::StrCat(name_, ": extra reference ", index, " (there is 1: nccl_symmetric)"));
  }
  if (absl::Status s = CheckPrepared("RunExtraReference"); !s.ok()) return s;
  return RunNccl(Shifted(ctx_->nccl_windows->input()), Shifted(ctx_->nccl_windows->output()),
                 "nccl_symmetric");
}

absl::Status CudaSweptCollective::RefillInput(uint64_t seed) {
  if (absl::Status s = CheckPrepared("RefillInput"); !s.ok()) return s;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchFillExactInput(input(), input_count(), device_dtype(), seed, ctx_->rank, ctx_->stream),
      absl::StrCat(name_, ": LaunchFillExactInput(race check)"));
  seed_ = seed;
  random_ = false;
  return absl::OkStatus();
}

absl::Status CudaSweptCollective::RefillInPlaceInput(uint64_t seed) {
  if (!gathers()) return RefillInput(seed);
  if (absl::Status s = CheckPrepared("RefillInPlaceInput"); !s.ok()) return s;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchFillExactInput(input() + static_cast<size_t>(ctx_->rank) * shard_bytes(), shard_,
                           device_dtype(), seed, ctx_->rank, ctx_->stream),
      absl::StrCat(name_, ": LaunchFillExactInput(race check in place)"));
  seed_ = seed;
  random_ = false;
  return absl::OkStatus();
}

absl::StatusOr<CheckResult> CudaSweptCollective::CheckExpected() {
  return CheckExpectedAt(output(), "CheckExpected");
}

absl::StatusOr<CheckResult> CudaSweptCollective::CheckExpectedInPlace() {
  return CheckExpectedAt(InPlaceOutput(), "CheckExpectedInPlace");
}

absl::StatusOr<CheckResult> CudaSweptCollective::CheckExpectedAt(const void* got,
                                                                 const char* what) {
  if (absl::Status s = CheckPrepared(what); !s.ok()) return s;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  if (gathers()) {
    for (int p = 0; p < ctx_->world_size; ++p) {
      SYMMBENCH_RETURN_IF_CUDA_ERROR(
          LaunchFillExactInput(ref() + p * shard_bytes(), shard_, device_dtype(), seed_, p,
                               ctx_->stream),
          absl::StrCat(name_, ": LaunchFillExactInput(race check, shard ", p, ")"));
    }
  } else {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchFillExactSum(ref(), output_count(), device_dtype(), seed_, ctx_->world_size,
                           first_index(), ctx_->stream),
        absl::StrCat(name_, ": LaunchFillExactSum(race check)"));
  }
  return CompareWithReference(got);
}

absl::StatusOr<CheckResult> CudaSweptCollective::Check() {
  if (absl::Status s = CheckPrepared("Check"); !s.ok()) return s;
  return CompareWithReference(output());
}

absl::StatusOr<CheckResult> CudaSweptCollective::CompareWithReference(const void* got) {
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  if (counters_ == nullptr) {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(DeviceMalloc(ctx_->device, sizeof(CompareCounters), &counters_),
                                   absl::StrCat(name_, ": cudaMalloc(compare counters)"));
  }
  return CompareOnDevice(got, ref(), output_count(), dtype_, counters_.get(), ctx_->stream, name_,
                         ctx_->deferred_checks);
}

absl::StatusOr<CheckResult> CudaSweptCollective::CheckRankOrderSum() {
  if (absl::Status s = CheckPrepared("CheckRankOrderSum"); !s.ok()) return s;
  if (!random_) {
    return absl::FailedPreconditionError(
        absl::StrCat(name_, ": CheckRankOrderSum after Prepare, not PrepareRandom"));
  }
  const size_t bytes = static_cast<size_t>(output_count()) * DTypeSize(dtype_);
  std::vector<unsigned char> host(bytes);
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      cudaMemcpyAsync(host.data(), output(), bytes, cudaMemcpyDeviceToHost, ctx_->stream),
      absl::StrCat(name_, ": CheckRankOrderSum: copy the output (", bytes, " bytes)"));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamSynchronize(ctx_->stream),
                                 absl::StrCat(name_, ": CheckRankOrderSum: synchronize"));
  return CompareWithRankOrderSum(host.data(), dtype_, output_count(), seed_, ctx_->world_size,
                                 zero_sign_may_differ(), first_index());
}

absl::Status CudaSweptCollective::FlipOutputElement(int64_t index) {
  if (absl::Status s = CheckPrepared("FlipOutputElement"); !s.ok()) return s;
  if (index < 0 || index >= output_count()) {
    return absl::OutOfRangeError(absl::StrCat(name_, ": FlipOutputElement: index ", index,
                                              " outside [0, ", output_count(), ")"));
  }
  // Little-endian: the first byte holds the lowest mantissa bit of every dtype.
  char* byte = static_cast<char*>(output()) + index * DTypeSize(dtype_);
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(ctx_->device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(LaunchFlipLowestBit(byte, ctx_->stream),
                                 absl::StrCat(name_, ": FlipOutputElement(", index, ")"));
  return absl::OkStatus();
}

}  // namespace symmbench
