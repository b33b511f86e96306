// A user's plugin op on the CUDA backend: the CUDA collectives' bases (exact and random inputs
// in the symmetric input region, NCCL's references, the bitwise check) around the plugin's run
// on the backend's stream, with its symmetric scratch and signal pad in a cudaIpc allocation of
// its own.
#pragma once

#include <memory>

#include "kernels/collective.h"
#include "kernels/cuda/cuda_context.h"
#include "kernels/plugin_kernel.h"

namespace symmbench {

// `kernel` computes kAllReduceSum, kAllGather or kReduceScatterSum. The first Prepare allocates
// the op's scratch (PluginScratchFor the symmetric region's size; collective, through
// ctx->rendezvous) and calls its setup; a later Prepare of another dtype tears it down and sets
// it up again. `ctx` must outlive the collective.
std::unique_ptr<Collective> NewPluginCollectiveCuda(const CudaContext* ctx,
                                                    const PluginKernel& kernel);

}  // namespace symmbench
