// CUDA-graph capture for the CUDA backend (Backend::CaptureGraph): record a body of enqueued
// operations (our kernels, NCCL calls) on a stream once, replay it with one cudaGraphLaunch.
#pragma once

#include <cuda_runtime_api.h>

#include <functional>
#include <memory>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/backend.h"

namespace symmbench {

// Captures `repeats` calls of `body` on `stream` (device `device`) into one CUDA graph:
// cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal), body() x repeats,
// cudaStreamEndCapture, cudaGraphInstantiate. The returned Graph's Launch() is
// cudaGraphLaunch(exec, stream): one launch enqueues all `repeats` operations, in order.
// `body` must only enqueue work on `stream` (Collective::Run / RunReference / RunExtraReference
// after a Prepare outside the capture); what it enqueues is recorded, not run. Kernel arguments
// are frozen at capture time, so a collective must not be re-Prepared with another size or
// dtype while its graph is in use (re-Prepare, then capture again).
// ThreadLocal mode: this thread may not make capture-unsafe calls (cudaMalloc, synchronous
// copies, stream syncs) during the capture; other threads are unaffected.
// Errors (the capture is always ended and a partial graph discarded before returning):
// INVALID_ARGUMENT for repeats < 1; the body's own error, prefixed with "CaptureGraph: body
// call i of n:"; INTERNAL (or CudaStatus' code) naming cudaStreamBeginCapture,
// cudaStreamEndCapture (e.g. the capture was invalidated by an unsafe call) or
// cudaGraphInstantiate. The Graph must be destroyed before the stream (i.e. the backend).
absl::StatusOr<std::unique_ptr<Graph>> CaptureCudaGraph(int device, cudaStream_t stream,
                                                        const std::function<absl::Status()>& body,
                                                        int repeats);

}  // namespace symmbench
