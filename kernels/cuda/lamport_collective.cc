// CudaLamportCollective: the receive slots, push state and launch of the Lamport collectives.
#include "kernels/cuda/lamport_collective.h"

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"

namespace symmbench {
namespace {

PushOp PushOpOf(Computes computes) {
  switch (computes) {
    case Computes::kAllGather:
      return PushOp::kAllGather;
    case Computes::kReduceScatterSum:
      return PushOp::kReduceScatter;
    default:
      return PushOp::kAllReduce;
  }
}

}  // namespace

CudaLamportCollective::CudaLamportCollective(const CudaContext* ctx, const char* name,
                                             Computes computes)
    : CudaSweptCollective(ctx, name, computes), op_(PushOpOf(computes)) {}

cudaError_t CudaLamportCollective::MaxBlocks(DeviceDType dtype, int* max_blocks) const {
  return LamportPushMaxBlocks(op_, dtype, ctx()->world_size, max_blocks, aligned());
}

absl::Status CudaLamportCollective::EnsureResources(size_t /*bytes*/, DType /*dtype*/) {
  if (slots_ != nullptr) return absl::OkStatus();
  if (!setup_.ok()) return setup_;
  setup_ = SetUp();
  return setup_;
}

absl::Status CudaLamportCollective::SetUp() {
  const CudaContext& c = *ctx();
  if (c.rendezvous == nullptr) {
    return absl::FailedPreconditionError(absl::StrCat(name(), ": the backend has no rendezvous"));
  }
  // Every segment the backend accepts fits: an all-reduce's input, a shard of the others, is at
  // most the input region per rank.
  const size_t slot_bytes = PushSlotBytes(c.symm->region_bytes(), c.world_size);
  // Allocate and map (collective), fill this rank's slots with the sentinel, and meet at a
  // barrier: no rank pushes before every rank's fill has completed.
  const std::string tag = c.rendezvous->UniqueTag("cuda_push_slots");
  absl::StatusOr<std::unique_ptr<CudaSymmetricMemory>> slots =
      CudaSymmetricMemory::Create(slot_bytes * kPushSlots, 1, c.rendezvous, tag + "/handles");
  if (!slots.ok()) {
    return absl::Status(slots.status().code(),
                        absl::StrCat(name(), ": ", slots.status().message()));
  }
  DevicePtr<PushState> state;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(DeviceMalloc(c.device, sizeof(PushState), &state),
                                 absl::StrCat(name(), ": cudaMalloc(push state)"));
  void* own = (*slots)->region(c.rank, 0);
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchPushInit(own, slot_bytes * kPushSlots, state.get(), c.stream),
      absl::StrCat(name(), ": LaunchPushInit(", slot_bytes * kPushSlots, ")"));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamSynchronize(c.stream),
                                 absl::StrCat(name(), ": cudaStreamSynchronize(init)"));
  // No peer may push before every rank's fill is done.
  if (absl::Status s = c.rendezvous->Barrier(tag + "/ready"); !s.ok()) return s;
  slot_bytes_ = slot_bytes;
  state_ = std::move(state);
  slots_ = *std::move(slots);
  return absl::OkStatus();
}

// The input and output as nccl-tests lays them out: an all-gather's own shard (GatherSource,
// in place inside the output), a reduce-scatter's whole input, output() (in place: the input
// region, or shard `rank` of it).
cudaError_t CudaLamportCollective::Launch(int max_blocks) const {
  const CudaContext& c = *ctx();
  LamportPushArgs args;
  args.op = op_;
  args.input = op_ == PushOp::kAllGather ? GatherSource(c.rank) : input();
  for (int p = 0; p < c.world_size; ++p) args.slots[p] = slots_->region(p, 0);
  args.slot_bytes = slot_bytes_;
  args.state = state_.get();
  args.output = output();
  args.count = op_ == PushOp::kAllReduce ? count() : shard();
  args.dtype = device_dtype();
  args.rank = c.rank;
  args.world_size = c.world_size;
  args.max_blocks = max_blocks;
  args.timeout_ns = c.barrier_timeout_ns;
  args.error = c.error;
  args.faults = c.faults;
  return LaunchLamportPush(args, c.stream);
}

}  // namespace symmbench
