// PeerErrorRecords: this rank's DeviceErrorRecord, and every peer's mapped here through cudaIpc,
// so that a rank that gives up can write "rank r gave up" into each of them: the peers' device
// waits, which poll their record's flag (kernels/cuda/signal_pad.cuh), then stop within
// microseconds instead of at their %globaltimer deadline (the CPU backend's abort word,
// kernels/cpu/cpu_barrier.h, on CUDA).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/statusor.h"
#include "kernels/cuda/cuda_owners.h"
#include "kernels/cuda/device_types.h"
#include "kernels/rendezvous.h"

namespace symmbench {

class PeerErrorRecords {
 public:
  // Collective: every rank calls it with its own record (`own`: a cudaMalloc'd, zeroed
  // DeviceErrorRecord on `device`, which must outlive the result), exchanges the records' IPC
  // handles through AllGather(tag) and opens every peer's. Errors: the rendezvous' as they come,
  // INTERNAL naming the CUDA call and peer.
  static absl::StatusOr<std::unique_ptr<PeerErrorRecords>> Create(int device,
                                                                  DeviceErrorRecord* own,
                                                                  Rendezvous* rendezvous,
                                                                  const char* tag);

  // Writes "rank `rank` gave up" (aborted_by = rank + 1; rank, block and phase -1, peer = rank)
  // into every rank's record, this rank's included, on `stream`: the fields, then the flag, in
  // stream order, so that a reader that sees the flag sees the fields. A record a timeout
  // already claimed is overwritten: either failure ends the job. Waits for the copies. Best
  // effort: a failed copy leaves that peer to its deadline; returns the first CUDA error.
  cudaError_t WriteAbort(int rank, cudaStream_t stream) const;

  // p + 1 if this rank's record says rank p gave up, else 0 (also when it cannot be read); read
  // on `stream`, beside whatever this rank's own stream is stuck on.
  int32_t AbortedBy(cudaStream_t stream) const;

 private:
  explicit PeerErrorRecords(int world_size) : records_(world_size, nullptr) {}

  std::vector<DeviceErrorRecord*> records_;  // by rank, as mapped here (own: records_[rank])
  DeviceErrorRecord* own_ = nullptr;
  std::vector<IpcMappingPtr> mappings_;  // the peers' records
};

}  // namespace symmbench
