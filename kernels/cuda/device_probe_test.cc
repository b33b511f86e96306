// ProbeCudaDevices: the GPUs the driver lists (none in CI), with sane fields.
#include "kernels/cuda/device_probe.h"

#include <dirent.h>
#include <gtest/gtest.h>

#include <cstdlib>

namespace symmbench {
namespace {

// GPUs the NVIDIA kernel driver lists (one directory per PCI device under
// /proc/driver/nvidia/gpus), a source independent of the CUDA runtime; 0 without the driver.
size_t DriverGpuCount() {
  DIR* dir = opendir("/proc/driver/nvidia/gpus");
  if (dir == nullptr) return 0;
  size_t count = 0;
  while (const dirent* entry = readdir(dir)) {
    if (entry->d_name[0] != '.') ++count;
  }
  closedir(dir);
  return count;
}

TEST(DeviceProbeTest, FindsEveryGpuTheDriverLists) {
  // Without a driver (CI) the probe must find nothing rather than fail or invent a device;
  // with one (CUDA_VISIBLE_DEVICES unset), exactly the GPUs the driver lists.
  if (getenv("CUDA_VISIBLE_DEVICES") != nullptr) GTEST_SKIP() << "CUDA_VISIBLE_DEVICES is set";
  EXPECT_EQ(ProbeCudaDevices().size(), DriverGpuCount());
}

TEST(DeviceProbeTest, EmptyOrSaneFields) {
  const std::vector<CudaDeviceInfo> devices = ProbeCudaDevices();
  for (size_t i = 0; i < devices.size(); ++i) {
    const CudaDeviceInfo& d = devices[i];
    EXPECT_GE(d.index, 0);
    if (i > 0) {
      EXPECT_GT(d.index, devices[i - 1].index);
    }
    EXPECT_FALSE(d.name.empty()) << "device " << d.index;
    EXPECT_GT(d.memory_bytes, int64_t{1} << 30) << d.name;  // every CUDA GPU we target has > 1 GiB
    EXPECT_GT(d.sm_count, 0) << d.name;
  }
}

TEST(DeviceProbeTest, RepeatedProbesAgree) {
  const std::vector<CudaDeviceInfo> first = ProbeCudaDevices();
  const std::vector<CudaDeviceInfo> second = ProbeCudaDevices();
  ASSERT_EQ(first.size(), second.size());
  for (size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(first[i].index, second[i].index);
    EXPECT_EQ(first[i].name, second[i].name);
    EXPECT_EQ(first[i].memory_bytes, second[i].memory_bytes);
  }
}

TEST(DeviceProbeTest, ParsesTheDriverModuleVersion) {
  EXPECT_EQ(ParseNvidiaDriverVersion(
                "NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.65.06  Sun Jul 27 06:54:38 "
                "UTC 2025\nGCC version:  gcc version 12.2.0\n"),
            "580.65.06");
  EXPECT_EQ(ParseNvidiaDriverVersion("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  "
                                     "570.124.06  Release Build"),
            "570.124.06");
  EXPECT_EQ(ParseNvidiaDriverVersion("nothing here"), "");
}

TEST(DeviceProbeTest, VersionsAreEmptyOrDotted) {
  const CudaVersions versions = ProbeCudaVersions();
  EXPECT_FALSE(versions.cuda_runtime.empty());  // the runtime is linked in
  EXPECT_NE(versions.cuda_runtime.find('.'), std::string::npos) << versions.cuda_runtime;
  EXPECT_NE(versions.nccl.find('.'), std::string::npos) << versions.nccl;  // libnccl is loaded
  if (!versions.cuda_driver.empty()) {
    EXPECT_NE(versions.cuda_driver.find('.'), std::string::npos);
  }
}

}  // namespace
}  // namespace symmbench
