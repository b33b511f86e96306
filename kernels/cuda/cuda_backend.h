// The CUDA Backend (CreateCudaBackend, declared in kernels/backend.h): one GPU per rank, a
// non-blocking stream, an NCCL communicator, cudaIpc symmetric memory, CUDA graphs, and the
// kernels of CudaCollectives() (cuda_context.h).
#pragma once

#include <string>
#include <vector>

#include "kernels/backend.h"

namespace symmbench {

// Kernel names CreateCollective accepts on the CUDA backend (CudaCollectives()), sorted;
// a name added twice appears twice.
std::vector<std::string> CudaKernelNames();

// Notes on CreateCudaBackend / the backend it returns:
// - Sets NCCL_NVLS_ENABLE=0 in the process environment before NCCL is touched: NVLink
//   multicast must stay off on the target machine (shared notes, gpu-machine.md).
// - Rendezvous tags used (once per job): "nccl_unique_id", "cuda_symm_mem_handles".
// - Device-side signal-pad barriers give up after options.timeout / 2, so that a hung peer
//   is reported by Synchronize as INTERNAL "signal-pad barrier timed out: rank R waiting for
//   rank P (block B, entry|exit)" before the host-side deadline (options.timeout, which
//   aborts the NCCL communicator and returns DEADLINE_EXCEEDED). Either error leaves the
//   backend unusable for symmetric-memory kernels: recreate it.
// - Symmetric memory: each rank's buffer holds kSymmRegions regions of max_bytes (input, and an
//   output peers write into: cuda_context.h), so 2 x max_bytes per rank, plus out and ref
//   (max_bytes each) and, from the first all-reduce Prepare on, the two NCCL-registered
//   buffers of the "nccl_symmetric" reference (max_bytes each, ncclMemAlloc).
// - CaptureGraph: a CUDA stream capture of `body` x repeats on the backend's stream, instantiated
//   once (cuda_graph.h). Prepare every collective before capturing.
// - Every Collective, Timer and Graph must be destroyed before the backend.
// - The destructor waits for the stream (at most options.timeout), deregisters and frees the
//   NCCL symmetric windows, destroys the NCCL communicator (aborts it first if the stream did
//   not drain), closes the peers' IPC mappings and frees memory. It cannot meet the other ranks:
//   before destroying the backend, the caller should Synchronize and then Barrier on the
//   Rendezvous, so no peer still reads this rank's symmetric memory when it is freed.

}  // namespace symmbench
