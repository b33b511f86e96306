// The owners' releases and the helpers that create what they own (cuda_owners.h).
#include "kernels/cuda/cuda_owners.h"

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <utility>

namespace symmbench {

void SetDeviceForRelease(int device) {
  if (device != kCurrentDevice) (void)cudaSetDevice(device);
}

void CudaFreeDeleter::operator()(void* ptr) const {
  SetDeviceForRelease(device);
  (void)cudaFree(ptr);
}

void HostFreeDeleter::operator()(void* ptr) const { (void)cudaFreeHost(ptr); }

DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept
    : device_(other.device_), ptr_(std::move(other.ptr_)), bytes_(std::exchange(other.bytes_, 0)) {}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
  if (this != &other) {
    device_ = other.device_;
    ptr_ = std::move(other.ptr_);  // frees the held allocation on its own device first
    bytes_ = std::exchange(other.bytes_, 0);
  }
  return *this;
}

cudaError_t DeviceBuffer::Allocate(size_t bytes) {
  Reset();
  void* ptr = nullptr;
  const cudaError_t err = cudaMalloc(&ptr, bytes);
  if (err != cudaSuccess) {
    (void)cudaGetLastError();
    return err;
  }
  ptr_ = DevicePtr<void>(ptr, CudaFreeDeleter{device_});
  bytes_ = bytes;
  return cudaSuccess;
}

void DeviceBuffer::Reset() {
  ptr_.reset();
  bytes_ = 0;
}

void StreamDeleter::operator()(cudaStream_t stream) const {
  SetDeviceForRelease(device);
  (void)cudaStreamDestroy(stream);
}

cudaError_t CreateStream(int device, unsigned int flags, StreamPtr* out) {
  cudaStream_t stream = nullptr;
  const cudaError_t err = cudaStreamCreateWithFlags(&stream, flags);
  if (stream != nullptr) *out = StreamPtr(stream, StreamDeleter{device});
  return err;
}

cudaError_t CreateStreamWithPriority(int device, unsigned int flags, int priority, StreamPtr* out) {
  cudaStream_t stream = nullptr;
  const cudaError_t err = cudaStreamCreateWithPriority(&stream, flags, priority);
  if (stream != nullptr) *out = StreamPtr(stream, StreamDeleter{device});
  return err;
}

void EventDeleter::operator()(cudaEvent_t event) const {
  SetDeviceForRelease(device);
  (void)cudaEventDestroy(event);
}

cudaError_t CreateTimingEvent(int device, EventPtr* out) {
  cudaEvent_t event = nullptr;
  const cudaError_t err = cudaEventCreate(&event);
  if (event != nullptr) *out = EventPtr(event, EventDeleter{device});
  return err;
}

cudaError_t CreateEventWithFlags(int device, unsigned int flags, EventPtr* out) {
  cudaEvent_t event = nullptr;
  const cudaError_t err = cudaEventCreateWithFlags(&event, flags);
  if (event != nullptr) *out = EventPtr(event, EventDeleter{device});
  return err;
}

void GraphDeleter::operator()(cudaGraph_t graph) const {
  SetDeviceForRelease(device);
  (void)cudaGraphDestroy(graph);
}

void GraphExecDeleter::operator()(cudaGraphExec_t exec) const {
  SetDeviceForRelease(device);
  (void)cudaGraphExecDestroy(exec);
}

void IpcMappingDeleter::operator()(void* mapping) const {
  SetDeviceForRelease(device);
  (void)cudaIpcCloseMemHandle(mapping);
}

cudaError_t OpenIpcMapping(int device, const cudaIpcMemHandle_t& handle, unsigned int flags,
                           IpcMappingPtr* out) {
  void* mapping = nullptr;
  const cudaError_t err = cudaIpcOpenMemHandle(&mapping, handle, flags);
  if (mapping != nullptr) *out = IpcMappingPtr(mapping, IpcMappingDeleter{device});
  return err;
}

void NcclCommDeleter::operator()(ncclComm_t comm) const {
  SetDeviceForRelease(device);
  if (abort_unless_drained != nullptr && cudaStreamQuery(abort_unless_drained) != cudaSuccess) {
    (void)ncclCommAbort(comm);
  } else {
    (void)ncclCommDestroy(comm);
  }
}

void AbortNcclComm(NcclCommPtr* comm) {
  if (*comm != nullptr) (void)ncclCommAbort(comm->release());
}

void NcclMemDeleter::operator()(void* ptr) const {
  SetDeviceForRelease(device);
  (void)ncclMemFree(ptr);
}

ncclResult_t NcclMemAlloc(int device, size_t bytes, NcclMemPtr* out) {
  void* ptr = nullptr;
  const ncclResult_t result = ncclMemAlloc(&ptr, bytes);
  if (ptr != nullptr) *out = NcclMemPtr(ptr, NcclMemDeleter{device});
  return result;
}

void NcclWindowDeleter::operator()(ncclWindow_t window) const {
  SetDeviceForRelease(device);
  if (comm != nullptr && *comm != nullptr) (void)ncclCommWindowDeregister(*comm, window);
}

ncclResult_t RegisterNcclWindow(const ncclComm_t* comm, int device, void* buffer, size_t bytes,
                                int flags, NcclWindowPtr* out) {
  ncclWindow_t window = nullptr;
  const ncclResult_t result = ncclCommWindowRegister(*comm, buffer, bytes, &window, flags);
  if (window != nullptr) *out = NcclWindowPtr(window, NcclWindowDeleter{comm, device});
  return result;
}

}  // namespace symmbench
