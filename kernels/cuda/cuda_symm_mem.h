// CudaSymmetricMemory: the SymmetricMemory of one CUDA rank over cudaIpc handles. Each rank
// cudaMallocs a buffer of `regions` equal regions and a zeroed signal pad, exchanges their 64-byte
// IPC handles through the Rendezvous and opens every peer's (docs/symmetric_memory.md says why
// cudaIpc, not VMM + fds, and which region the CUDA backend uses for what).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/rendezvous.h"
#include "kernels/symm_mem.h"

namespace symmbench {

class CudaSymmetricMemory final : public SymmetricMemory {
 public:
  // Collective: every rank of `rendezvous` calls it with the same `region_bytes`, `regions` and
  // `tag`, the current CUDA device being its own GPU. Allocates one buffer of `regions` regions
  // of region_bytes rounded up to kBufferAlignment each (zeroed; region i starts at
  // i x region_bytes(), so every region is kBufferAlignment-aligned), and kSignalPadBytes of
  // signal pad (zeroed, and the zeroing has
  // completed before the handles leave this process, so no peer's signal can be wiped), sends
  // both handles through AllGather(tag), and opens each peer's with
  // cudaIpcOpenMemHandle(cudaIpcMemLazyEnablePeerAccess). Errors: INVALID_ARGUMENT (bad
  // world size or rank, zero bytes or regions, ranks asking for different sizes),
  // RESOURCE_EXHAUSTED (cudaMalloc), INTERNAL naming the CUDA call and peer, the rendezvous' errors
  // as they come.
  static absl::StatusOr<std::unique_ptr<CudaSymmetricMemory>> Create(size_t region_bytes,
                                                                     int regions,
                                                                     Rendezvous* rendezvous,
                                                                     const std::string& tag);

  // Destruction (the owners below, on the device of Create) closes the peers' mappings, then
  // frees the pointer tables and this rank's pad and buffer. Not collective: the caller must
  // first make sure no peer still touches this rank's memory (every rank's kernels done, then
  // a Rendezvous barrier); a destructor cannot meet the other ranks. What a peer that still
  // accesses this memory after the free sees is undefined.

  CudaSymmetricMemory(const CudaSymmetricMemory&) = delete;
  CudaSymmetricMemory& operator=(const CudaSymmetricMemory&) = delete;

  int rank() const override { return rank_; }
  int world_size() const override { return world_size_; }
  // The whole buffer: regions() x region_bytes().
  size_t buffer_bytes() const override { return region_bytes_ * static_cast<size_t>(regions_); }
  // Device addresses valid in this process (peer's memory mapped through NVLink); buffer(p) is
  // region(p, 0). Null for a peer outside [0, world_size).
  void* buffer(int peer) const override;
  uint32_t* signal_pad(int peer) const override;

  // Bytes of each region (the requested size rounded up to kBufferAlignment).
  size_t region_bytes() const { return region_bytes_; }
  int regions() const { return regions_; }
  // Region `index` of `peer`'s buffer: buffer(peer) + index x region_bytes(). Null for a peer or
  // index out of range.
  void* region(int peer, int index) const;

  // Device arrays [world_size] of buffer(p) / signal_pad(p) (PyTorch's buffer_ptrs_dev /
  // signal_pad_ptrs_dev), for kernels that take the peer table by pointer. The one-shot kernel
  // takes it by value instead (kernel parameters: no dependent global load before its reads).
  void* const* buffer_ptrs_dev() const { return buffer_ptrs_dev_.get(); }
  uint32_t* const* signal_pad_ptrs_dev() const { return signal_pad_ptrs_dev_.get(); }

 private:
  CudaSymmetricMemory(int rank, int world_size, size_t region_bytes, int regions);

  const int rank_;
  const int world_size_;
  const size_t region_bytes_;
  const int regions_;
  std::vector<void*> buffers_;   // [world_size]; own entry = local_buffer_
  std::vector<uint32_t*> pads_;  // [world_size]; own entry = local_pad_
  // Owned, released on Create's device in reverse declaration order: the peers' mappings
  // (front to back, the order they were opened: libstdc++'s vector destroys its elements that
  // way), the pad table, the buffer table, this rank's pad, this rank's buffer.
  DevicePtr<void> local_buffer_;
  DevicePtr<uint32_t> local_pad_;
  DevicePtr<void*> buffer_ptrs_dev_;
  DevicePtr<uint32_t*> signal_pad_ptrs_dev_;
  std::vector<IpcMappingPtr> ipc_mappings_;  // opened peer allocations
};

}  // namespace symmbench
