// "peer_copy" on the CPU backend: the shared-memory copy ceiling `symmbench calibrate` measures.
#pragma once

#include <memory>

#include "kernels/collective.h"
#include "kernels/cpu/cpu_kernel.h"

namespace symmbench {

// Run memcpy's `count` elements of the next rank's shm input ((rank + 1) % world_size) into a
// private buffer; RunBaseline copies this rank's own input. Check compares the copy with the
// next rank's ExactInputValue inputs (valid once every rank's Prepare is done: the caller
// meets the other ranks in between). Not an offered op (kernels/ops/registry.h): calibration only.
std::unique_ptr<Collective> NewPeerCopyCpu(const CpuKernelContext& context);

}  // namespace symmbench
