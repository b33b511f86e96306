// A user's plugin op on the CPU backend: the CPU swept collectives' base, SweptCpuCollective
// (exact and random inputs in the shared-memory input buffer, the plain reference, the bitwise
// check), around the plugin's run, with its symmetric scratch and signal pad in a shared-memory
// segment of its own.
#pragma once

#include <memory>

#include "kernels/collective.h"
#include "kernels/cpu/cpu_kernel.h"
#include "kernels/plugin_kernel.h"

namespace symmbench {

// `kernel` computes kAllReduceSum, kAllGather or kReduceScatterSum. The first Prepare allocates
// the op's scratch (PluginScratchFor the symmetric buffer's size: every rank's, collectively,
// through context.rendezvous) and calls its setup; a later Prepare of another dtype tears it down
// and sets it up again. `context` is borrowed from the backend, which outlives the collective.
std::unique_ptr<Collective> NewPluginCollectiveCpu(const CpuKernelContext& context,
                                                   const PluginKernel& kernel);

}  // namespace symmbench
