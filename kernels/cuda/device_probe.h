// ProbeCudaDevices: which CUDA GPUs this process sees, without failing where there are none
// (the GPU-less CI machine, a machine without the driver: libcuda is never linked).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace symmbench {

struct CudaDeviceInfo {
  int index = 0;             // CUDA ordinal (after CUDA_VISIBLE_DEVICES)
  std::string name;          // e.g. "NVIDIA H200"
  int64_t memory_bytes = 0;  // total global memory
  int sm_count = 0;          // multiprocessors
};

// Every visible device, in ordinal order. Empty, not an error, when the driver is missing or
// there is no GPU (cudaGetDeviceCount fails or reports 0); a device whose properties cannot
// be read is left out.
std::vector<CudaDeviceInfo> ProbeCudaDevices();

}  // namespace symmbench
