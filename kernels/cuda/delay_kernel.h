// Fault injection on CUDA (Backend::InjectDelay): a one-thread kernel that spins on the GPU's
// global timer for a fixed time, enqueued in order with the kernel under test. No absl here.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace symmbench {

// Enqueues on `stream` a kernel that returns once `nanoseconds` have passed on %globaltimer
// since it started (its launch gap comes on top, as for any kernel). The launch's error.
cudaError_t LaunchDelayKernel(uint64_t nanoseconds, cudaStream_t stream);

}  // namespace symmbench
