// Two-shot all-reduce on the CPU backend: reduce-scatter of one slice per rank and its
// all-gather by pushes into every rank's symmetric output, between two barriers.
#include "kernels/cpu/two_shot_all_reduce_cpu.h"

#include "kernels/cpu/cpu_sum.h"
#include "kernels/ops/registry.h"

namespace symmbench {

TwoShotAllReduceCpu::TwoShotAllReduceCpu(const CpuKernelContext& context)
    : SweptCpuCollective(context, ops::kTwoShotAllReduce, Computes::kAllReduceSum,
                         OutputBuffer::kSymmetric) {}

TwoShotAllReduceCpu::Slice TwoShotAllReduceCpu::SliceOf(int64_t count, int rank, int world_size) {
  const int64_t per_rank = count / world_size;
  Slice slice;
  slice.begin = rank * per_rank;
  slice.count = rank == world_size - 1 ? count - slice.begin : per_rank;
  return slice;
}

absl::Status TwoShotAllReduceCpu::Run() { return RunInto(/*in_place=*/false); }

absl::Status TwoShotAllReduceCpu::RunInPlace() { return RunInto(/*in_place=*/true); }

absl::Status TwoShotAllReduceCpu::RunInto(bool in_place) {
  if (absl::Status s = CheckPrepared(in_place ? "RunInPlace" : "Run"); !s.ok()) return s;
  const ShmSymmetricMemory& memory = *context().memory;
  const int world_size = memory.world_size();
  const void* inputs[kMaxWorldSize];
  void* outputs[kMaxWorldSize];
  for (int p = 0; p < world_size; ++p) {
    inputs[p] = InputOf(p);
    outputs[p] = in_place ? InputOf(p) : OutputOf(p);
  }
  const Slice slice = SliceOf(count(), memory.rank(), world_size);

  // Entry: peers' inputs are written and their outputs free to receive (contract in .h).
  if (absl::Status s = context().EntryBarrier(); !s.ok()) return s;
  SumPeersChunked(dtype(), inputs, world_size, outputs, world_size, slice.begin, slice.count);
  // Exit: every push into this rank's output has landed before it returns.
  return context().ExitBarrier();
}

namespace {

std::unique_ptr<Collective> NewTwoShotAllReduceCpu(const CpuKernelContext& context) {
  return std::make_unique<TwoShotAllReduceCpu>(context);
}

[[maybe_unused]] const bool kRegistered =
    CpuCollectives().Add(ops::kTwoShotAllReduce, &NewTwoShotAllReduceCpu);

}  // namespace

}  // namespace symmbench
