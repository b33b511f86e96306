// One-shot all-reduce on the CPU backend: each rank sums every peer's whole input (float
// accumulation over chunks, bulk conversions) into its private output.
#include "kernels/cpu/one_shot_all_reduce_cpu.h"

#include "kernels/cpu/cpu_sum.h"
#include "kernels/ops/registry.h"

namespace symmbench {

OneShotAllReduceCpu::OneShotAllReduceCpu(const CpuKernelContext& context)
    : SweptCpuCollective(context, ops::kOneShotAllReduce, Computes::kAllReduceSum) {}

absl::Status OneShotAllReduceCpu::Run() {
  if (absl::Status s = CheckPrepared("Run"); !s.ok()) return s;
  const SymmetricMemory& memory = *context().memory;
  const void* inputs[kMaxWorldSize];
  for (int p = 0; p < memory.world_size(); ++p) inputs[p] = InputOf(p);
  void* const outputs[] = {output()};

  // Entry: every peer's Prepare (input writes) is visible after this.
  if (absl::Status s = context().EntryBarrier(); !s.ok()) return s;
  SumPeersChunked(dtype(), inputs, memory.world_size(), outputs, 1, 0, count());
  // Exit: every peer has finished reading this rank's input before anyone returns.
  return context().ExitBarrier();
}

namespace {

std::unique_ptr<Collective> NewOneShotAllReduceCpu(const CpuKernelContext& context) {
  return std::make_unique<OneShotAllReduceCpu>(context);
}

[[maybe_unused]] const bool kRegistered =
    CpuCollectives().Add(ops::kOneShotAllReduce, &NewOneShotAllReduceCpu);

}  // namespace

}  // namespace symmbench
