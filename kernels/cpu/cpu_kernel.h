// What a CPU kernel's Collective is built from, and the factory type the CPU backend's
// registry holds (one registry line per kernel in cpu_backend.cc).
#pragma once

#include <memory>

#include "kernels/collective.h"
#include "kernels/cpu/cpu_barrier.h"
#include "kernels/cpu/shm_symm_mem.h"

namespace symmbench {

// Borrowed from the CpuBackend, which outlives every Collective it creates.
struct CpuKernelContext {
  // Every rank's input buffer, output buffer and signal pad (layout in shm_symm_mem.h).
  const ShmSymmetricMemory* memory = nullptr;
  CpuBarrier* barrier = nullptr;  // this rank's signal-pad barrier
};

using CpuCollectiveFactory = std::unique_ptr<Collective> (*)(const CpuKernelContext& context);

}  // namespace symmbench
