// What a CPU kernel's Collective is built from, and the table of CPU kernels each kernel file
// adds its op to (kernels/factory_table.h).
#pragma once

#include <cstdlib>
#include <memory>
#include <string>

#include "kernels/backend.h"
#include "kernels/collective.h"
#include "kernels/cpu/cpu_barrier.h"
#include "kernels/cpu/shm_symm_mem.h"
#include "kernels/factory_table.h"
#include "kernels/gemm_collective.h"
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
  // This rank's private output and reference buffers (page-aligned, memory->buffer_bytes()
  // each), owned by the backend and shared by all its collectives, which run one at a time: the
  // two kernels of an A/B job, or a dispatcher's candidates, write the same addresses, so that
  // neither is timed on a luckier placement (two private buffers of one kernel in one job ran
  // 5.6% apart at 4 KiB, every loop alike).
  unsigned char* output = nullptr;
  unsigned char* reference = nullptr;
  // BackendOptions::misalign_bytes: where a kernel with a misaligned form starts each buffer.
  int64_t misalign_bytes = 0;
  // BackendOptions::faults: the bugs the kernels are made to have (none in a real job).
  KernelFaults faults;

  // Where an op's buffer starts in the aligned buffer `p` (a symmetric buffer, output or
  // reference): misalign_bytes past it (misaligned buffers; 0 otherwise).
  unsigned char* Shifted(void* p) const { return static_cast<unsigned char*>(p) + misalign_bytes; }

  // The barrier that opens a kernel's operation: every peer's input is written (and its
  // buffers free to receive). Under faults.skip_exit_barrier, faults.delayed_rank then waits
  // kFaultDelay; under faults.skip_peer_wait it only signals the peers.
  absl::Status EntryBarrier() const;
  // The barrier that closes it: every peer has finished reading this rank's buffers and writing
  // into them, so the caller may rewrite them. Skipped under faults.skip_exit_barrier; under
  // faults.skip_peer_wait it first consumes the entry signals, and faults.delayed_rank then
  // waits kFaultDelay.
  absl::Status ExitBarrier() const;
};

// A page-aligned host allocation (std::aligned_alloc), freed on destruction.
struct AlignedFree {
  void operator()(unsigned char* p) const { std::free(p); }
};
using PageBuffer = std::unique_ptr<unsigned char[], AlignedFree>;
// `bytes` rounded up to whole pages, page-aligned; null when the allocation fails.
PageBuffer AllocatePages(size_t bytes);

using CpuCollectiveFactory = std::unique_ptr<Collective> (*)(const CpuKernelContext& context);

// The CPU backend's implementations, by op name (kernels/ops/registry.h), each added by its
// kernel file at start-up: CreateCollective looks kernels up here.
FactoryTable<CpuCollectiveFactory>& CpuCollectives();

using CpuGemmCollectiveFactory =
    std::unique_ptr<GemmCollective> (*)(const CpuKernelContext& context);

// The CPU backend's GEMM + collective ops (OpFamily::kGemmCollective), by op name, each added by
// its kernel file at start-up: CreateGemmCollective looks them up here.
FactoryTable<CpuGemmCollectiveFactory>& CpuGemmCollectives();

}  // namespace symmbench
