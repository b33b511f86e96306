// What a CPU kernel's Collective is built from, and the factory type the CPU backend's
// registry holds (one registry line per kernel in cpu_backend.cc).
#pragma once

#include <memory>
#include <string>

#include "kernels/collective.h"
#include "kernels/cpu/cpu_barrier.h"
#include "kernels/cpu/shm_symm_mem.h"
#include "kernels/rendezvous.h"

namespace symmbench {

// Borrowed from the CpuBackend, which outlives every Collective it creates.
struct CpuKernelContext {
  // Every rank's input buffer, output buffer and signal pad (layout in shm_symm_mem.h).
  const ShmSymmetricMemory* memory = nullptr;
  CpuBarrier* barrier = nullptr;  // this rank's signal-pad barrier
  // The job's rendezvous (outlives the backend) and id, for kernels that set up shared memory
  // of their own on first use (the push one-shot's receive slots).
  Rendezvous* rendezvous = nullptr;
  std::string job_id;
};

using CpuCollectiveFactory = std::unique_ptr<Collective> (*)(const CpuKernelContext& context);

}  // namespace symmbench
