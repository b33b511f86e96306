// RAII owners of the CUDA runtime and NCCL resources the CUDA backend holds: device
// allocations, pinned host memory, streams, events, CUDA graphs, peer IPC mappings, NCCL
// communicators, ncclMemAlloc buffers and NCCL window registrations. Each is movable, not
// copyable, and releases its resource when destroyed (or reset); release errors are ignored, as
// a destructor cannot report them.
// Device: an owner created with a device makes it current (cudaSetDevice, error ignored) right
// before each release; one created with kCurrentDevice releases on whatever device is current.
// The helpers that make a resource (DeviceMalloc, Create*, OpenIpcMapping, NcclMemAlloc,
// RegisterNcclWindow) make exactly one CUDA / NCCL call, on the current device, and return its
// result; a handle the call wrote is owned from then on (even one that came with an error, as
// when the call wrote into the owning member directly).
// Host code only (no absl), so that any host file of the backend can use it.
#pragma once

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <cstddef>
#include <memory>
#include <type_traits>

namespace symmbench {

// An owner's device when its release must not change the current device.
constexpr int kCurrentDevice = -1;

// cudaSetDevice(device), error ignored; nothing for kCurrentDevice. Owners call it before each
// release.
void SetDeviceForRelease(int device);

// cudaFree.
struct CudaFreeDeleter {
  int device = kCurrentDevice;
  void operator()(void* ptr) const;
};

// One cudaMalloc, typed (a record, a pointer table) or void.
template <typename T>
using DevicePtr = std::unique_ptr<T, CudaFreeDeleter>;

// cudaMalloc(bytes) into *out (freed on `device`).
template <typename T>
cudaError_t DeviceMalloc(int device, size_t bytes, DevicePtr<T>* out) {
  void* ptr = nullptr;
  const cudaError_t err = cudaMalloc(&ptr, bytes);
  if (ptr != nullptr) *out = DevicePtr<T>(static_cast<T*>(ptr), CudaFreeDeleter{device});
  return err;
}

// cudaFreeHost.
struct HostFreeDeleter {
  void operator()(void* ptr) const;
};

// One cudaHostAlloc: pinned host memory, also mapped into the device's address space.
template <typename T>
using PinnedHostPtr = std::unique_ptr<T, HostFreeDeleter>;

// cudaHostAlloc(bytes, cudaHostAllocMapped) into *out.
template <typename T>
cudaError_t HostAllocMapped(size_t bytes, PinnedHostPtr<T>* out) {
  void* ptr = nullptr;
  const cudaError_t err = cudaHostAlloc(&ptr, bytes, cudaHostAllocMapped);
  if (ptr != nullptr) *out = PinnedHostPtr<T>(static_cast<T*>(ptr));
  return err;
}

// One cudaMalloc that knows its size and can be reallocated (ag_gemm's per-problem buffers):
// Allocate frees the previous allocation first. The default one frees on the current device.
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(int device) : device_(device) {}
  DeviceBuffer(DeviceBuffer&& other) noexcept;
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  // On failure the buffer is left empty and the (non-sticky) allocation error is cleared.
  cudaError_t Allocate(size_t bytes);
  // cudaFree synchronises the device first, so queued work that uses the buffer completes.
  void Reset();
  void* get() const { return ptr_.get(); }
  char* bytes() const { return static_cast<char*>(ptr_.get()); }
  size_t size() const { return bytes_; }

 private:
  int device_ = kCurrentDevice;
  DevicePtr<void> ptr_;
  size_t bytes_ = 0;
};

// cudaStreamDestroy.
struct StreamDeleter {
  int device = kCurrentDevice;
  void operator()(cudaStream_t stream) const;
};
// A stream (cudaStream_t is a pointer to an opaque struct: the unique_ptr owns the pointee).
using StreamPtr = std::unique_ptr<std::remove_pointer_t<cudaStream_t>, StreamDeleter>;

// cudaStreamCreateWithFlags(flags) into *out (released on `device`).
cudaError_t CreateStream(int device, unsigned int flags, StreamPtr* out);
// cudaStreamCreateWithPriority(flags, priority; lower number = higher priority) into *out.
cudaError_t CreateStreamWithPriority(int device, unsigned int flags, int priority, StreamPtr* out);

// cudaEventDestroy.
struct EventDeleter {
  int device = kCurrentDevice;
  void operator()(cudaEvent_t event) const;
};
// An event: a timing one (CreateTimingEvent) or one made with flags, e.g. cudaEventDisableTiming
// for cross-stream ordering only (cheaper record / wait).
using EventPtr = std::unique_ptr<std::remove_pointer_t<cudaEvent_t>, EventDeleter>;

// cudaEventCreate (timing) into *out (released on `device`).
cudaError_t CreateTimingEvent(int device, EventPtr* out);
// cudaEventCreateWithFlags(flags) into *out (released on `device`).
cudaError_t CreateEventWithFlags(int device, unsigned int flags, EventPtr* out);

// cudaGraphDestroy.
struct GraphDeleter {
  int device = kCurrentDevice;
  void operator()(cudaGraph_t graph) const;
};
// A captured CUDA graph (the template an executable graph is instantiated from).
using GraphPtr = std::unique_ptr<std::remove_pointer_t<cudaGraph_t>, GraphDeleter>;

// cudaGraphExecDestroy.
struct GraphExecDeleter {
  int device = kCurrentDevice;
  void operator()(cudaGraphExec_t exec) const;
};
// An executable (instantiated) CUDA graph, independent of the graph it came from.
using GraphExecPtr = std::unique_ptr<std::remove_pointer_t<cudaGraphExec_t>, GraphExecDeleter>;

// cudaIpcCloseMemHandle.
struct IpcMappingDeleter {
  int device = kCurrentDevice;
  void operator()(void* mapping) const;
};
// A peer's allocation mapped into this process (cudaIpcOpenMemHandle).
using IpcMappingPtr = std::unique_ptr<void, IpcMappingDeleter>;

// cudaIpcOpenMemHandle(handle, flags) into *out (closed on `device`).
cudaError_t OpenIpcMapping(int device, const cudaIpcMemHandle_t& handle, unsigned int flags,
                           IpcMappingPtr* out);

// ncclCommDestroy, or ncclCommAbort when `abort_unless_drained` is non-null and still has work
// queued (cudaStreamQuery != cudaSuccess): a communicator whose operations may never complete
// (a peer died mid-op) can only be aborted.
struct NcclCommDeleter {
  int device = kCurrentDevice;
  cudaStream_t abort_unless_drained = nullptr;  // not owned; must outlive the communicator
  void operator()(ncclComm_t comm) const;
};
// An NCCL communicator. AbortNcclComm aborts it at once.
using NcclCommPtr = std::unique_ptr<std::remove_pointer_t<ncclComm_t>, NcclCommDeleter>;

// ncclCommAbort of the communicator *comm holds, if any (on the current device); *comm is empty
// afterwards.
void AbortNcclComm(NcclCommPtr* comm);

// ncclMemFree.
struct NcclMemDeleter {
  int device = kCurrentDevice;
  void operator()(void* ptr) const;
};
// One ncclMemAlloc buffer.
using NcclMemPtr = std::unique_ptr<void, NcclMemDeleter>;

// ncclMemAlloc(bytes) into *out (freed on `device`).
ncclResult_t NcclMemAlloc(int device, size_t bytes, NcclMemPtr* out);

// ncclCommWindowDeregister(*comm, window) if *comm is non-null at release; nothing otherwise (an
// aborted communicator has released its registrations). `comm` is read at release, not at
// registration: it points at the communicator's handle as its owner publishes it (e.g.
// CudaContext::comm, nulled after an abort) and must outlive the window.
struct NcclWindowDeleter {
  const ncclComm_t* comm = nullptr;
  int device = kCurrentDevice;
  void operator()(ncclWindow_t window) const;
};
// One NCCL window registration (ncclCommWindowRegister). Deregistration is local to the rank.
using NcclWindowPtr = std::unique_ptr<std::remove_pointer_t<ncclWindow_t>, NcclWindowDeleter>;

// ncclCommWindowRegister(*comm, buffer, bytes, flags) into *out (deregistered on `device`
// through `comm`, see NcclWindowDeleter). NCCL may return success and no window.
ncclResult_t RegisterNcclWindow(const ncclComm_t* comm, int device, void* buffer, size_t bytes,
                                int flags, NcclWindowPtr* out);

}  // namespace symmbench
