// The Lamport push collectives on the CPU backend: one_shot_push_all_reduce,
// lamport_all_gather and lamport_reduce_scatter. No barriers; every rank writes what each rank
// needs into a receive slot of that rank and the data itself marks arrival (TensorRT-LLM's
// Lamport one-shot, the protocol of kernels/cuda/lamport_push.h, on host processes).
#pragma once

#include <cstdint>
#include <memory>

#include "kernels/collective.h"
#include "kernels/cpu/cpu_kernel.h"
#include "kernels/cpu/shm_symm_mem.h"
#include "kernels/cpu/swept_cpu_collective.h"

namespace symmbench {

// Input: this rank's symmetric input buffer (an all-gather's shard at its start). Output and
// reference output: private host buffers. Receive slots: a shared-memory allocation of its own
// (3 slots x world_size segments of the symmetric buffer's size), created collectively by the
// first Run through context.rendezvous. A segment is the input (all-reduce) or one shard
// (all-gather, reduce-scatter).
class LamportPushCpu : public SweptCpuCollective {
 public:
  // `kernel_name`: the op's registry name; `computes`: kAllReduceSum, kAllGather or
  // kReduceScatterSum.
  LamportPushCpu(const CpuKernelContext& context, const char* kernel_name, Computes computes);

  // Op e: write, with -0 (16-bit) / 0x80008000 (fp32) words replaced as on CUDA, this rank's
  // input (all-reduce, all-gather) or its shard p (reduce-scatter) into segment `rank` of slot
  // e % 3 of every rank p (relaxed 32-bit atomic stores; its own slot too, so every rank uses
  // the same replaced values); clear this rank's slot (e + 2) % 3; wait for every segment of
  // slot e % 3 word by word (acquire loads) until no word holds the sentinel; then out = the
  // sum over segments in rank order (float, rounded once), or, for an all-gather, segment p at
  // shard p of out. DEADLINE_EXCEEDED naming the peer when its data does not arrive within the
  // backend's timeout; the slots are then unusable (recreate the backend).
  absl::Status Run() override;
  // The sentinel substitution turns -0 into +0 (the CUDA kernel's contract).
  bool zero_sign_may_differ() const override { return true; }
  // In place: SweptCpuCollective::RunInPlace (an all-reduce: Run, then the output copied over
  // the input; the sharded ops: Run on nccl-tests' in-place layout).
  bool supports_in_place() const override { return true; }

 private:
  // Sets up the slots once. A failed setup is kept and returned by every later call: retrying
  // would enter the collective slot creation on this rank alone while its peers have moved on.
  absl::Status EnsureSlots();
  // The collective creation, the sentinel fill and the barrier; commits the slots only when all
  // of it succeeded.
  absl::Status SetUpSlots();
  uint32_t* Slot(int peer, int slot) const;

  std::unique_ptr<ShmSymmetricMemory> slots_;
  size_t segment_bytes_ = 0;  // per rank and slot: the symmetric buffer's bytes
  uint32_t epoch_ = 0;
  size_t used_words_[3] = {};  // words of each segment of each slot that hold pushed data
  bool broken_ = false;
  absl::Status setup_;  // the first failed slot setup, returned ever after
};

}  // namespace symmbench
