// The fixture the tile GEMMs' one-GPU tests share (tile_flags_gemm_test, tile_push_gemm_test):
// skips without an sm_90 device (the kernels are sm_90a code), else a non-blocking stream on
// device 0 and a zeroed error record for the kernels' flag-wait timeouts.
#pragma once

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include "kernels/cuda/cuda_owners.h"
#include "kernels/cuda/device_probe.h"
#include "kernels/cuda/device_types.h"

namespace symmbench {

class TileGemmTest : public testing::Test {
 protected:
  void SetUp() override {
    if (ProbeCudaDevices().empty()) GTEST_SKIP() << "no CUDA device";
    cudaDeviceProp prop{};
    ASSERT_EQ(cudaGetDeviceProperties(&prop, 0), cudaSuccess);
    if (prop.major != 9) GTEST_SKIP() << "sm_90a kernel, device is sm_" << prop.major;
    ASSERT_EQ(cudaSetDevice(0), cudaSuccess);
    ASSERT_EQ(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), cudaSuccess);
    ASSERT_EQ(DeviceMalloc(0, sizeof(DeviceErrorRecord), &error_), cudaSuccess);
    ASSERT_EQ(cudaMemset(error_.get(), 0, sizeof(DeviceErrorRecord)), cudaSuccess);
  }
  void TearDown() override {
    if (stream_ != nullptr) cudaStreamDestroy(stream_);
  }

  // The error record as the kernels left it.
  DeviceErrorRecord ReadError() {
    DeviceErrorRecord record{};
    EXPECT_EQ(cudaMemcpy(&record, error_.get(), sizeof(record), cudaMemcpyDeviceToHost),
              cudaSuccess);
    return record;
  }

  cudaStream_t stream_ = nullptr;
  DevicePtr<DeviceErrorRecord> error_;
};

}  // namespace symmbench
