// CudaLamportCollective: what the three Lamport push collectives on the CUDA backend
// (one_shot_push_all_reduce, lamport_all_gather, lamport_reduce_scatter) share as a
// CudaSweptCollective: their receive slots (a symmetric allocation of their own, kPushSlots x
// world_size x the input region per rank, made collectively by the first Prepare through
// ctx->rendezvous), their push state, and the launch (LaunchLamportPush with the op's PushOp).
// A subclass gives its registry name, what it computes and its output. References and check:
// CudaSweptCollective.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <memory>

#include "absl/status/status.h"
#include "kernels/cuda/cuda_context.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/cuda/cuda_symm_mem.h"
#include "kernels/cuda/lamport_push.h"
#include "kernels/cuda/swept_collective.h"

namespace symmbench {

class CudaLamportCollective : public CudaSweptCollective {
 public:
  // `computes` kAllReduceSum, kAllGather or kReduceScatterSum (the PushOp launched). `ctx` must
  // outlive this object.
  CudaLamportCollective(const CudaContext* ctx, const char* name, Computes computes);

  // The sentinel substitution: -0 inputs are pushed as +0 (lamport_push.h).
  bool zero_sign_may_differ() const override { return true; }
  // In place (nccl-tests' layout): race-free as lamport_push.h's LamportPushArgs::output says.
  bool supports_in_place() const override { return true; }

 protected:
  cudaError_t MaxBlocks(DeviceDType dtype, int* max_blocks) const override;
  cudaError_t Launch(int max_blocks) const override;

 private:
  // Sets up the slots and the push state once. A failed setup is kept and returned by every
  // later call: retrying would enter the collective slot creation on this rank alone while its
  // peers have moved on (a hang until the rendezvous timeout).
  absl::Status EnsureResources(size_t bytes, DType dtype) override;
  // The collective step first (every rank reaches it whatever fails locally), then this rank's
  // state; everything is held in locals until the last step succeeds, so a failure leaks
  // nothing.
  absl::Status SetUp();

  const PushOp op_;
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

}  // namespace symmbench
