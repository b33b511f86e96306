// ResizeBuffers: ag_gemm's per-problem reallocation of its DeviceBuffers. The owners themselves
// (DeviceBuffer, StreamPtr, EventPtr...) are in cuda_owners.h, included here for the files that
// still reach DeviceBuffer through this header.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/types/span.h"
#include "kernels/cuda/cuda_owners.h"

namespace symmbench {

// One buffer and the size it must have.
struct BufferSize {
  DeviceBuffer* buffer;
  size_t bytes;
};

// Gives every buffer its size, reallocating only those whose size changes: frees them first,
// checks cudaMemGetInfo for the sum of the new sizes, then allocates. RESOURCE_EXHAUSTED
// "<what> need N more bytes, F of T free" (or naming the failed cudaMalloc) otherwise; INTERNAL
// when cudaMemGetInfo fails. On error, resized buffers may be left empty.
inline absl::Status ResizeBuffers(absl::Span<const BufferSize> sizes, const std::string& what) {
  size_t needed = 0;
  for (const BufferSize& s : sizes) {
    if (s.buffer->size() == s.bytes) continue;
    s.buffer->Reset();  // cudaFree waits for queued work that may still use it
    needed += s.bytes;
  }
  if (needed == 0) return absl::OkStatus();
  size_t free_bytes = 0, total_bytes = 0;
  const cudaError_t info = cudaMemGetInfo(&free_bytes, &total_bytes);
  if (info != cudaSuccess) {
    return absl::InternalError(absl::StrCat(what, ": cudaMemGetInfo: ", cudaGetErrorString(info)));
  }
  if (needed > free_bytes) {
    return absl::ResourceExhaustedError(absl::StrCat(what, " need ", needed, " more bytes, ",
                                                     free_bytes, " of ", total_bytes, " free"));
  }
  for (const BufferSize& s : sizes) {
    if (s.buffer->size() == s.bytes) continue;
    const cudaError_t err = s.buffer->Allocate(s.bytes);
    if (err != cudaSuccess) {
      return absl::ResourceExhaustedError(
          absl::StrCat(what, ": cudaMalloc(", s.bytes, " bytes): ", cudaGetErrorString(err)));
    }
  }
  return absl::OkStatus();
}

}  // namespace symmbench
