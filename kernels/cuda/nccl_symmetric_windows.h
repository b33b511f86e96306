// NcclSymmetricWindows: the two buffers of the "nccl_symmetric" reference (input and output of
// NCCL's symmetric-memory all-reduce), from ncclMemAlloc and registered with
// ncclCommWindowRegister(NCCL_WIN_COLL_SYMMETRIC). Owned by the CUDA backend, created on first use.
#pragma once

#include <nccl.h>

#include <cstddef>

#include "absl/status/status.h"
#include "kernels/cuda/cuda_context.h"
#include "kernels/cuda/cuda_owners.h"

namespace symmbench {

class NcclSymmetricWindows {
 public:
  // `ctx` (device, stream, comm) must outlive this object; ctx->comm is read at each use (the
  // backend nulls it after an abort). `bytes` per buffer, > 0.
  // Destruction (the owners below, on ctx->device) deregisters both windows while the
  // communicator is alive (ctx->comm non-null; the backend destroys this object before
  // ncclCommDestroy), then ncclMemFree's both buffers. After an abort (ctx->comm null) the
  // communicator has released its registrations and only the memory is freed. Deregistration
  // is local to the rank (NCCL docs), so this is not a collective call; the caller must make
  // sure no NCCL operation still uses the buffers (stream drained).
  NcclSymmetricWindows(const CudaContext* ctx, size_t bytes);

  NcclSymmetricWindows(const NcclSymmetricWindows&) = delete;
  NcclSymmetricWindows& operator=(const NcclSymmetricWindows&) = delete;

  // Allocates both buffers (bytes() each, rounded up to NCCL_WIN_REQUIRED_ALIGNMENT) and
  // registers them, input first, then output, on the first call; later calls return at once.
  // Collective on the first call: every rank must reach its first Ensure in the same order with
  // respect to other NCCL calls (the backend's collectives call it first thing in Prepare,
  // after argument checks that agree on every rank). Must not run during a stream capture.
  // Errors: FAILED_PRECONDITION (communicator aborted; the stream is being captured), and,
  // once an allocation or registration has been attempted and failed, the same error on every
  // later call (sticky: a collective registration is not retried by one rank alone):
  // INTERNAL or INVALID_ARGUMENT naming ncclMemAlloc or ncclCommWindowRegister with NCCL's
  // message (NcclStatus), or FAILED_PRECONDITION when registration returned no window (a
  // communicator without symmetric-memory support: NCCL needs CUMEM and every rank
  // peer-accessible, typically NVLink in one node). A rank whose allocation fails does not
  // reach the registration, and its peers then wait inside ncclCommWindowRegister (NCCL's
  // bootstrap): the job's own timeouts must catch that.
  absl::Status Ensure();

  void* input() const { return input_.get(); }    // valid after a successful Ensure
  void* output() const { return output_.get(); }  // valid after a successful Ensure
  size_t bytes() const { return bytes_; }

 private:
  const CudaContext* const ctx_;
  const size_t bytes_;
  bool ready_ = false;
  absl::Status failure_;    // sticky, once set
  // Released in reverse declaration order: output window, input window (deregistered through
  // ctx_->comm unless it is null), then the output and input buffers.
  NcclMemPtr input_;
  NcclMemPtr output_;
  NcclWindowPtr input_window_;
  NcclWindowPtr output_window_;
};

}  // namespace symmbench
