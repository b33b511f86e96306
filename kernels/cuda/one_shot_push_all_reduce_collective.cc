// The "one_shot_push_all_reduce" kernel on the CUDA backend as a Collective: the barrier-free
// push one-shot (TensorRT-LLM's Lamport scheme) checked against ncclAllReduce.
// Input: this rank's symmetric input region (ExactInputValue(seed, rank, i)); output: ctx->out;
// references and check: CudaSweptCollective. Receive slots: a symmetric allocation of its
// own (kPushSlots x world_size x max_bytes per rank), made collectively by the first Prepare
// through ctx->rendezvous. `ctx` must outlive it.
#include <cuda_runtime_api.h>

#include <memory>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/cuda/cuda_symm_mem.h"
#include "kernels/cuda/one_shot_push_all_reduce.h"
#include "kernels/cuda/swept_collective.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

class OneShotPushAllReduceCollective final : public CudaSweptCollective {
 public:
  explicit OneShotPushAllReduceCollective(const CudaContext* ctx)
      : CudaSweptCollective(ctx, ops::kOneShotPushAllReduce, Computes::kAllReduceSum) {}

  // The sentinel substitution: -0 inputs are pushed as +0 (one_shot_push_all_reduce.h).
  bool zero_sign_may_differ() const override { return true; }

 private:
  void* output() const override { return Shifted(ctx()->out); }

  cudaError_t MaxBlocks(DeviceDType dtype, int* max_blocks) const override {
    return OneShotPushMaxBlocks(dtype, ctx()->world_size, max_blocks, aligned());
  }

  // Sets up the slots and the push state once. A failed setup is kept and returned by every
  // later call: retrying would enter the collective slot creation on this rank alone while its
  // peers have moved on (a hang until the rendezvous timeout).
  absl::Status EnsureResources(size_t /*bytes*/, DType /*dtype*/) override {
    if (slots_ != nullptr) return absl::OkStatus();
    if (!setup_.ok()) return setup_;
    setup_ = SetUp();
    return setup_;
  }

  // The collective step first (every rank reaches it whatever fails locally), then this rank's
  // state; everything is held in locals until the last step succeeds, so a failure leaks
  // nothing.
  absl::Status SetUp() {
    const CudaContext& c = *ctx();
    if (c.rendezvous == nullptr) {
      return absl::FailedPreconditionError(
          "one_shot_push_all_reduce: the backend has no rendezvous");
    }
    // Every message the backend accepts fits: the input region's size per rank.
    const size_t slot_bytes = PushSlotBytes(c.symm->region_bytes(), c.world_size);
    // Allocate and map (collective), fill this rank's slots with the sentinel, and meet at a
    // barrier: no rank pushes before every rank's fill has completed.
    const std::string tag = c.rendezvous->UniqueTag("cuda_push_slots");
    absl::StatusOr<std::unique_ptr<CudaSymmetricMemory>> slots =
        CudaSymmetricMemory::Create(slot_bytes * kPushSlots, 1, c.rendezvous, tag + "/handles");
    if (!slots.ok()) {
      return absl::Status(slots.status().code(),
                          absl::StrCat("one_shot_push_all_reduce: ", slots.status().message()));
    }
    DevicePtr<PushState> state;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(DeviceMalloc(c.device, sizeof(PushState), &state),
                                   "one_shot_push_all_reduce: cudaMalloc(push state)");
    void* own = (*slots)->region(c.rank, 0);
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        LaunchPushInit(own, slot_bytes * kPushSlots, state.get(), c.stream),
        absl::StrCat("one_shot_push_all_reduce: LaunchPushInit(", slot_bytes * kPushSlots, ")"));
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamSynchronize(c.stream),
                                   "one_shot_push_all_reduce: cudaStreamSynchronize(init)");
    // No peer may push before every rank's fill is done.
    if (absl::Status s = c.rendezvous->Barrier(tag + "/ready"); !s.ok()) return s;
    slot_bytes_ = slot_bytes;
    state_ = std::move(state);
    slots_ = *std::move(slots);
    return absl::OkStatus();
  }

  // In place: output = input. Race-free as it stands: this rank's input is read by this rank
  // alone (peers receive pushes), and the thread that stores element i read it first.
  bool supports_in_place() const override { return true; }
  cudaError_t Launch(int max_blocks) const override { return LaunchInto(max_blocks, output()); }
  cudaError_t LaunchInPlace(int max_blocks) const override {
    return LaunchInto(max_blocks, input());
  }

  cudaError_t LaunchInto(int max_blocks, void* output) const {
    const CudaContext& c = *ctx();
    OneShotPushArgs args;
    args.input = input();
    for (int p = 0; p < c.world_size; ++p) args.slots[p] = slots_->region(p, 0);
    args.slot_bytes = slot_bytes_;
    args.state = state_.get();
    args.output = output;
    args.count = count();
    args.dtype = device_dtype();
    args.rank = c.rank;
    args.world_size = c.world_size;
    args.max_blocks = max_blocks;
    args.timeout_ns = c.barrier_timeout_ns;
    args.error = c.error;
    args.faults = c.faults;
    return LaunchOneShotPushAllReduce(args, c.stream);
  }

  // Members are destroyed in reverse order, each on ctx()->device: the state, then the slots
  // (unmapped, freed); the base class's counters after them. By then the stream has drained
  // (the backend's contract before destroying collectives), so no kernel of ours touches the
  // slots; peers only write into them while they wait for our data, which they have all
  // received once our last op completed.
  std::unique_ptr<CudaSymmetricMemory> slots_;
  size_t slot_bytes_ = 0;
  DevicePtr<PushState> state_;
  absl::Status setup_;  // the first failed setup, returned ever after
};

std::unique_ptr<Collective> NewOneShotPushAllReduceCollective(const CudaContext* ctx) {
  return std::make_unique<OneShotPushAllReduceCollective>(ctx);
}

[[maybe_unused]] const bool kRegistered =
    CudaCollectives().Add(ops::kOneShotPushAllReduce, &NewOneShotPushAllReduceCollective);

}  // namespace
}  // namespace symmbench
