// CudaContext: the per-rank CUDA resources a CUDA Collective uses, owned by the CudaBackend
// (kernels/cuda/cuda_backend.cc) and lent to every Collective it creates; and the table of CUDA
// kernels each kernel file adds its op to (kernels/factory_table.h).
#pragma once

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <cstddef>
#include <cstdint>
#include <memory>

#include "absl/status/statusor.h"
#include "kernels/collective.h"
#include "kernels/cuda/cuda_symm_mem.h"
#include "kernels/cuda/device_types.h"
#include "kernels/factory_table.h"
#include "kernels/gemm_collective.h"
#include "kernels/rendezvous.h"

namespace symmbench {

class DeferredChecks;        // kernels/cuda/device_compare.h
class NcclSymmetricWindows;  // kernels/cuda/nccl_symmetric_windows.h

// Layout of each rank's symmetric buffer (CudaSymmetricMemory::region(peer, index)): the backend
// allocates kSymmRegions regions of max_bytes each (rounded up to kBufferAlignment), the same on
// every rank, so a region sits at the same offset in every rank's buffer.
//   kSymmInputRegion : the kernels' input, filled by Prepare and only read during an op (peers
//                      pull from it: one-shot and two-shot all-reduce; ag_gemm's A_shard).
//   kSymmOutputRegion: an output that peers write into (the two-shot all-reduce pushes its
//                      reduced slice into every rank's output region).
constexpr int kSymmInputRegion = 0;
constexpr int kSymmOutputRegion = 1;
constexpr int kSymmRegions = 2;

// Lifetime: the backend outlives its collectives (destroy every Collective first). Fields are
// set once at backend creation, except `comm`, which becomes null after ncclCommAbort (a
// Synchronize deadline): collectives must check it before each NCCL call.
struct CudaContext {
  int rank = 0;
  int world_size = 1;
  int device = 0;
  cudaStream_t stream = nullptr;        // non-blocking; every op of every collective
  ncclComm_t comm = nullptr;            // null once aborted
  CudaSymmetricMemory* symm = nullptr;  // kSymmRegions regions per rank (layout above)
  void* out = nullptr;                  // kernel output (local, not symmetric), out_bytes
  void* ref = nullptr;                  // reference output, out_bytes
  size_t out_bytes = 0;
  DeviceErrorRecord* error = nullptr;  // device memory; signal-pad barrier timeouts
  uint64_t barrier_timeout_ns = 0;     // per device-side barrier
  // BackendOptions::faults as the kernels with an exit barrier take them (none in a real job).
  DeviceFaults faults;
  // BackendOptions::misalign_bytes: where a collective with a misaligned form starts each buffer
  // past its aligned base (regions, out, ref, the NCCL windows).
  int64_t misalign_bytes = 0;
  // NCCL-registered symmetric buffers for the "nccl_symmetric" reference, allocated and
  // registered on first use (NcclSymmetricWindows::Ensure). Owned by the backend.
  NcclSymmetricWindows* nccl_windows = nullptr;
  // The job's rendezvous (outlives the backend), for collectives that set up symmetric memory
  // of their own on first use (the push one-shot's receive slots).
  Rendezvous* rendezvous = nullptr;
  // Where Check's comparisons go while a timing loop defers them (Backend::DeferChecks); owned
  // by the backend. Collectives pass it to CompareOnDevice.
  DeferredChecks* deferred_checks = nullptr;

  // Where an op's buffer starts in the aligned buffer `p` (a region, out, ref or an NCCL
  // window): misalign_bytes past it (misaligned buffers; 0 otherwise).
  char* Shifted(void* p) const { return static_cast<char*>(p) + misalign_bytes; }
};

using CudaCollectiveFactory = std::unique_ptr<Collective> (*)(const CudaContext* ctx);

// The CUDA backend's implementations, by op name (kernels/ops/registry.h), each added by its
// kernel file at start-up: CreateCollective looks kernels up here. A factory's `ctx` must
// outlive the Collective it returns.
FactoryTable<CudaCollectiveFactory>& CudaCollectives();

// A GEMM + collective op's factory: its set-up (streams, events, cuBLASLt) may fail.
using CudaGemmCollectiveFactory =
    absl::StatusOr<std::unique_ptr<GemmCollective>> (*)(const CudaContext* ctx);

// The CUDA backend's GEMM + collective ops (OpFamily::kGemmCollective), by op name, each added
// by its kernel file at start-up: CreateGemmCollective looks them up here.
FactoryTable<CudaGemmCollectiveFactory>& CudaGemmCollectives();

}  // namespace symmbench
