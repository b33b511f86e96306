// CudaSymmetricMemory over cudaIpc handles: allocation, handle exchange, peer mapping, RAII.
#include "kernels/cuda/cuda_symm_mem.h"

#include <cuda_runtime_api.h>

#include <cstring>
#include <utility>

#include "absl/memory/memory.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/rendezvous_bytes.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {
namespace {

// What each rank publishes: its sizes (checked equal everywhere) and its two IPC handles.
struct HandleRecord {
  uint64_t buffer_bytes;
  uint64_t signal_pad_bytes;
  cudaIpcMemHandle_t buffer;
  cudaIpcMemHandle_t signal_pad;
};
static_assert(sizeof(cudaIpcMemHandle_t) == 64, "cudaIpcMemHandle_t is 64 bytes");

size_t RoundUp(size_t n, size_t to) { return (n + to - 1) / to * to; }

}  // namespace

CudaSymmetricMemory::CudaSymmetricMemory(int rank, int world_size, size_t region_bytes, int regions)
    : rank_(rank),
      world_size_(world_size),
      region_bytes_(region_bytes),
      regions_(regions),
      buffers_(world_size, nullptr),
      pads_(world_size, nullptr) {}

absl::StatusOr<std::unique_ptr<CudaSymmetricMemory>> CudaSymmetricMemory::Create(
    size_t region_bytes, int regions, Rendezvous* rendezvous, const std::string& tag) {
  if (rendezvous == nullptr) return absl::InvalidArgumentError("symmetric memory: null rendezvous");
  const int rank = rendezvous->rank();
  const int world_size = rendezvous->world_size();
  if (world_size < 1 || world_size > kMaxWorldSize || rank < 0 || rank >= world_size) {
    return absl::InvalidArgumentError(absl::StrCat(
        "symmetric memory: world size must be in [1, ", kMaxWorldSize,
        "] and rank in [0, world size) (got rank ", rank, ", world size ", world_size, ")"));
  }
  if (region_bytes == 0 || regions < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("symmetric memory: region_bytes and regions must be positive (got ",
                     region_bytes, " bytes x ", regions, ")"));
  }
  int device = 0;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaGetDevice(&device), "cudaGetDevice");
  const size_t region = RoundUp(region_bytes, kBufferAlignment);
  const size_t bytes = region * static_cast<size_t>(regions);
  // From here on the object owns what is allocated (released on `device`, the caller may have
  // switched devices by then): an early return frees it.
  auto memory = absl::WrapUnique(new CudaSymmetricMemory(rank, world_size, region, regions));

  SYMMBENCH_RETURN_IF_CUDA_ERROR(DeviceMalloc(device, bytes, &memory->local_buffer_),
                                 absl::StrCat("cudaMalloc(symmetric buffer, ", bytes, " bytes)"));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      DeviceMalloc(device, kSignalPadBytes, &memory->local_pad_),
      absl::StrCat("cudaMalloc(signal pad, ", kSignalPadBytes, " bytes)"));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemset(memory->local_buffer_.get(), 0, bytes),
                                 "cudaMemset(symmetric buffer)");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemset(memory->local_pad_.get(), 0, kSignalPadBytes),
                                 "cudaMemset(signal pad)");
  // The pad must be zero before any peer can open it and signal (a late memset would erase
  // a peer's arrival).
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaDeviceSynchronize(), "cudaDeviceSynchronize(after zeroing)");

  HandleRecord mine;
  std::memset(&mine, 0, sizeof(mine));
  mine.buffer_bytes = bytes;
  mine.signal_pad_bytes = kSignalPadBytes;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaIpcGetMemHandle(&mine.buffer, memory->local_buffer_.get()),
                                 "cudaIpcGetMemHandle(symmetric buffer)");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaIpcGetMemHandle(&mine.signal_pad, memory->local_pad_.get()),
                                 "cudaIpcGetMemHandle(signal pad)");
  absl::StatusOr<std::vector<std::string>> records =
      AllGatherBytes(rendezvous, tag, &mine, sizeof(mine));
  if (!records.ok()) return records.status();

  for (int peer = 0; peer < world_size; ++peer) {
    HandleRecord theirs;
    std::memcpy(&theirs, (*records)[peer].data(), sizeof(theirs));
    if (theirs.buffer_bytes != bytes || theirs.signal_pad_bytes != kSignalPadBytes) {
      return absl::InvalidArgumentError(
          absl::StrCat("symmetric memory: rank ", peer, " allocated ", theirs.buffer_bytes, " + ",
                       theirs.signal_pad_bytes, " bytes, rank ", rank, " ", bytes, " + ",
                       kSignalPadBytes, " (every rank must ask for the same size)"));
    }
    if (peer == rank) {
      memory->buffers_[peer] = memory->local_buffer_.get();
      memory->pads_[peer] = memory->local_pad_.get();
      continue;
    }
    IpcMappingPtr mapped;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        OpenIpcMapping(device, theirs.buffer, cudaIpcMemLazyEnablePeerAccess, &mapped),
        absl::StrCat("cudaIpcOpenMemHandle(peer ", peer, " buffer)"));
    memory->buffers_[peer] = mapped.get();
    memory->ipc_mappings_.push_back(std::move(mapped));
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        OpenIpcMapping(device, theirs.signal_pad, cudaIpcMemLazyEnablePeerAccess, &mapped),
        absl::StrCat("cudaIpcOpenMemHandle(peer ", peer, " signal pad)"));
    memory->pads_[peer] = static_cast<uint32_t*>(mapped.get());
    memory->ipc_mappings_.push_back(std::move(mapped));
  }

  const size_t table_bytes = sizeof(void*) * static_cast<size_t>(world_size);
  SYMMBENCH_RETURN_IF_CUDA_ERROR(DeviceMalloc(device, table_bytes, &memory->buffer_ptrs_dev_),
                                 "cudaMalloc(buffer pointer table)");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(DeviceMalloc(device, table_bytes, &memory->signal_pad_ptrs_dev_),
                                 "cudaMalloc(signal pad pointer table)");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemcpy(memory->buffer_ptrs_dev_.get(), memory->buffers_.data(),
                                            table_bytes, cudaMemcpyHostToDevice),
                                 "cudaMemcpy(buffer pointer table)");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      cudaMemcpy(memory->signal_pad_ptrs_dev_.get(), memory->pads_.data(), table_bytes,
                 cudaMemcpyHostToDevice),
      "cudaMemcpy(signal pad pointer table)");
  return memory;
}

void* CudaSymmetricMemory::buffer(int peer) const {
  return (peer >= 0 && peer < world_size_) ? buffers_[peer] : nullptr;
}

uint32_t* CudaSymmetricMemory::signal_pad(int peer) const {
  return (peer >= 0 && peer < world_size_) ? pads_[peer] : nullptr;
}

void* CudaSymmetricMemory::region(int peer, int index) const {
  void* base = buffer(peer);
  if (base == nullptr || index < 0 || index >= regions_) return nullptr;
  return static_cast<char*>(base) + region_bytes_ * static_cast<size_t>(index);
}

}  // namespace symmbench
