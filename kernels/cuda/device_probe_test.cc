// ProbeCudaDevices: empty without a GPU or driver (CI), sane fields where GPUs exist.
#include "kernels/cuda/device_probe.h"

#include <gtest/gtest.h>

namespace symmbench {
namespace {

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
