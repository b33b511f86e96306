// ProbeCudaDevices over the CUDA runtime (static cudart: loads libcuda at run time, if any).
#include "kernels/cuda/device_probe.h"

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <cctype>
#include <fstream>
#include <sstream>
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

namespace {

// 13000 -> "13.0" (CUDA encodes major * 1000 + minor * 10).
std::string CudaVersionText(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

bool IsDottedNumber(const std::string& token) {
  if (token.empty() || !std::isdigit(static_cast<unsigned char>(token[0]))) return false;
  bool dot = false;
  for (char c : token) {
    if (c == '.') {
      dot = true;
    } else if (!std::isdigit(static_cast<unsigned char>(c))) {
      return false;
    }
  }
  return dot;
}

}  // namespace

std::string ParseNvidiaDriverVersion(const std::string& proc_text) {
  const size_t module = proc_text.find("Module");
  if (module == std::string::npos) return "";
  std::istringstream in(proc_text.substr(module));
  std::string token;
  while (in >> token) {
    if (IsDottedNumber(token)) return token;
  }
  return "";
}

CudaVersions ProbeCudaVersions() {
  CudaVersions versions;
  std::ifstream proc("/proc/driver/nvidia/version");
  if (proc) {
    std::ostringstream text;
    text << proc.rdbuf();
    versions.driver = ParseNvidiaDriverVersion(text.str());
  }
  int version = 0;
  if (cudaDriverGetVersion(&version) == cudaSuccess && version > 0) {
    versions.cuda_driver = CudaVersionText(version);
  } else {
    (void)cudaGetLastError();
  }
  if (cudaRuntimeGetVersion(&version) == cudaSuccess && version > 0) {
    versions.cuda_runtime = CudaVersionText(version);
  }
  // NCCL >= 2.9 encodes major * 10000 + minor * 100 + patch.
  if (ncclGetVersion(&version) == ncclSuccess && version > 0) {
    versions.nccl = std::to_string(version / 10000) + "." + std::to_string(version % 10000 / 100) +
                    "." + std::to_string(version % 100);
  }
  return versions;
}

}  // namespace symmbench
