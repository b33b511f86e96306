// PeerErrorRecords: the error records' IPC exchange, the abort write and its read.
#include "kernels/cuda/peer_error_records.h"

#include <cstring>
#include <utility>

#include "absl/memory/memory.h"
#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/rendezvous_bytes.h"

namespace symmbench {

absl::StatusOr<std::unique_ptr<PeerErrorRecords>> PeerErrorRecords::Create(int device,
                                                                           DeviceErrorRecord* own,
                                                                           Rendezvous* rendezvous,
                                                                           const char* tag) {
  auto records = absl::WrapUnique(new PeerErrorRecords(rendezvous->world_size()));
  const int rank = rendezvous->rank();
  records->own_ = own;
  records->records_[rank] = own;
  cudaIpcMemHandle_t mine;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaIpcGetMemHandle(&mine, own),
                                 "cudaIpcGetMemHandle(error record)");
  absl::StatusOr<std::vector<std::string>> handles =
      AllGatherBytes(rendezvous, tag, &mine, sizeof(mine));
  if (!handles.ok()) return handles.status();
  for (int peer = 0; peer < rendezvous->world_size(); ++peer) {
    if (peer == rank) continue;
    cudaIpcMemHandle_t theirs;
    std::memcpy(&theirs, (*handles)[peer].data(), sizeof(theirs));
    IpcMappingPtr mapped;
    SYMMBENCH_RETURN_IF_CUDA_ERROR(
        OpenIpcMapping(device, theirs, cudaIpcMemLazyEnablePeerAccess, &mapped),
        absl::StrCat("cudaIpcOpenMemHandle(peer ", peer, " error record)"));
    records->records_[peer] = static_cast<DeviceErrorRecord*>(mapped.get());
    records->mappings_.push_back(std::move(mapped));
  }
  return records;
}

cudaError_t PeerErrorRecords::WriteAbort(int rank, cudaStream_t stream) const {
  DeviceErrorRecord record{};
  record.claimed = 1;  // no device thread claims it after this
  record.rank = -1;
  record.peer = rank;
  record.block = -1;
  record.phase = -1;
  record.aborted_by = rank + 1;
  const uint32_t flag = 1;
  cudaError_t first = cudaSuccess;
  for (DeviceErrorRecord* theirs : records_) {
    cudaError_t err =
        cudaMemcpyAsync(theirs, &record, sizeof(record), cudaMemcpyHostToDevice, stream);
    if (err == cudaSuccess) {
      err = cudaMemcpyAsync(&theirs->flag, &flag, sizeof(flag), cudaMemcpyHostToDevice, stream);
    }
    if (first == cudaSuccess) first = err;
  }
  const cudaError_t synced = cudaStreamSynchronize(stream);  // the sources live on this frame
  return first != cudaSuccess ? first : synced;
}

int32_t PeerErrorRecords::AbortedBy(cudaStream_t stream) const {
  DeviceErrorRecord record{};
  if (cudaMemcpyAsync(&record, own_, sizeof(record), cudaMemcpyDeviceToHost, stream) !=
          cudaSuccess ||
      cudaStreamSynchronize(stream) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return record.flag != 0 ? record.aborted_by : 0;
}

}  // namespace symmbench
