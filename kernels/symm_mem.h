// SymmetricMemory: every rank allocates a buffer of the same size and a signal pad once, the
// handles are exchanged through the Rendezvous, and every rank maps every peer's buffer and
// signal pad (PyTorch c10d symm_mem's model). Implemented over CUDA IPC (kernels/cuda/) and
// over POSIX shared memory (kernels/cpu/).
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/symm_mem_layout.h"

namespace symmbench {

class SymmetricMemory {
 public:
  virtual ~SymmetricMemory() = default;
  virtual int rank() const = 0;
  virtual int world_size() const = 0;
  // Usable bytes of each rank's buffer.
  virtual size_t buffer_bytes() const = 0;
  // Address through which this process reaches `peer`'s buffer / signal pad (a device address
  // on CUDA, a host address on the CPU backend). peer in [0, world_size).
  virtual void* buffer(int peer) const = 0;
  virtual uint32_t* signal_pad(int peer) const = 0;
};

}  // namespace symmbench
