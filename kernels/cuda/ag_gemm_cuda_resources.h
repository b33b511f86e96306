// RAII owners of the CUDA runtime objects ag_gemm holds (a device allocation, a stream, an
// event; each released in its destructor, errors ignored) and ResizeBuffers.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/types/span.h"

namespace symmbench {

// One cudaMalloc. Not copyable; Allocate frees the previous allocation first.
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  ~DeviceBuffer() { Reset(); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  // On failure the buffer is left empty and the (non-sticky) allocation error is cleared.
  cudaError_t Allocate(size_t bytes) {
    Reset();
    void* ptr = nullptr;
    const cudaError_t err = cudaMalloc(&ptr, bytes);
    if (err != cudaSuccess) {
      (void)cudaGetLastError();
      return err;
    }
    ptr_ = ptr;
    bytes_ = bytes;
    return cudaSuccess;
  }
  // cudaFree synchronises the device first, so queued work that uses the buffer completes.
  void Reset() {
    if (ptr_ != nullptr) (void)cudaFree(ptr_);
    ptr_ = nullptr;
    bytes_ = 0;
  }
  void* get() const { return ptr_; }
  char* bytes() const { return static_cast<char*>(ptr_); }
  size_t size() const { return bytes_; }

 private:
  void* ptr_ = nullptr;
  size_t bytes_ = 0;
};

// A non-blocking stream created at a given priority (lower number = higher priority).
class OwnedStream {
 public:
  OwnedStream() = default;
  ~OwnedStream() {
    if (stream_ != nullptr) (void)cudaStreamDestroy(stream_);
  }
  OwnedStream(const OwnedStream&) = delete;
  OwnedStream& operator=(const OwnedStream&) = delete;

  cudaError_t Create(int priority) {
    return cudaStreamCreateWithPriority(&stream_, cudaStreamNonBlocking, priority);
  }
  cudaStream_t get() const { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
};

// An event without timing (cheaper record / wait), used only for cross-stream ordering.
class OwnedEvent {
 public:
  OwnedEvent() = default;
  ~OwnedEvent() {
    if (event_ != nullptr) (void)cudaEventDestroy(event_);
  }
  OwnedEvent(const OwnedEvent&) = delete;
  OwnedEvent& operator=(const OwnedEvent&) = delete;

  cudaError_t Create() { return cudaEventCreateWithFlags(&event_, cudaEventDisableTiming); }
  cudaEvent_t get() const { return event_; }

 private:
  cudaEvent_t event_ = nullptr;
};

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
