// ProbeCudaDevices over the CUDA runtime (static cudart: loads libcuda at run time, if any).
#include "kernels/cuda/device_probe.h"

#include <cuda_runtime_api.h>

#include <utility>

namespace symmbench {

std::vector<CudaDeviceInfo> ProbeCudaDevices() {
  std::vector<CudaDeviceInfo> devices;
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    (void)cudaGetLastError();  // no driver / no device: not an error for a probe
    return devices;
  }
  for (int i = 0; i < count; ++i) {
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, i) != cudaSuccess) {
      (void)cudaGetLastError();
      continue;
    }
    CudaDeviceInfo info;
    info.index = i;
    info.name = prop.name;
    info.memory_bytes = static_cast<int64_t>(prop.totalGlobalMem);
    info.sm_count = prop.multiProcessorCount;
    devices.push_back(std::move(info));
  }
  return devices;
}

}  // namespace symmbench
