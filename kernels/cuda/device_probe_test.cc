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

}  // namespace
}  // namespace symmbench
