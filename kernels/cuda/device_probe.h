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

// Versions recorded with every job (MachineInfo). Empty where unknown.
struct CudaVersions {
  std::string driver;        // NVIDIA kernel module, e.g. "580.65.06" (/proc/driver/nvidia/version)
  std::string cuda_driver;   // cudaDriverGetVersion, e.g. "13.0"; empty without a driver
  std::string cuda_runtime;  // cudaRuntimeGetVersion (the runtime linked in), e.g. "13.0"
  std::string nccl;          // ncclGetVersion of the library loaded, e.g. "2.28.9"
};
CudaVersions ProbeCudaVersions();

// The module version in the text of /proc/driver/nvidia/version ("NVRM version: NVIDIA UNIX
// x86_64 Kernel Module  580.65.06  ..."): the first dotted number after "Module"; "" if none.
std::string ParseNvidiaDriverVersion(const std::string& proc_text);

}  // namespace symmbench
