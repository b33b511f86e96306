// Tests for parsing the worker's device probe and for CPU-slot inventories.
#include "server/device_inventory.h"

#include <gtest/gtest.h>
#include <sched.h>

namespace symmbench {
namespace {

TEST(DeviceInventoryTest, ParsesProbeOutput) {
  auto devices = ParseProbeOutput(
      R"({"cuda_devices":[{"index":0,"name":"NVIDIA H200","memory_bytes":150000000000,"sm_count":132},)"
      R"({"index":1,"name":"NVIDIA H200","memory_bytes":150000000000,"sm_count":132}]})");
  ASSERT_TRUE(devices.ok()) << devices.status();
  ASSERT_EQ(devices->size(), 2u);
  EXPECT_EQ((*devices)[1].index(), 1);
  EXPECT_EQ((*devices)[1].kind(), v1::cuda);
  EXPECT_EQ((*devices)[1].name(), "NVIDIA H200");
  EXPECT_EQ((*devices)[1].memory_bytes(), 150000000000);
}

TEST(DeviceInventoryTest, ParsesProbeVersionsAndToleratesTheirAbsence) {
  const v1::MachineInfo machine = ParseProbeVersions(
      R"({"cuda_devices":[],"driver_version":"580.65.06","cuda_driver_version":"13.0",)"
      R"("cuda_runtime_version":"13.0","nccl_version":"2.28.9"})");
  EXPECT_EQ(machine.driver_version(), "580.65.06");
  EXPECT_EQ(machine.cuda_driver_version(), "13.0");
  EXPECT_EQ(machine.cuda_runtime_version(), "13.0");
  EXPECT_EQ(machine.nccl_version(), "2.28.9");
  EXPECT_EQ(ParseProbeVersions(R"({"cuda_devices":[]})").nccl_version(), "");
  EXPECT_EQ(ParseProbeVersions("garbage").driver_version(), "");
}

TEST(DeviceInventoryTest, RejectsGarbageProbeOutput) {
  EXPECT_EQ(ParseProbeOutput("not json").status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(ParseProbeOutput(R"({"gpus":[]})").status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(DeviceInventoryTest, CpuBackendGivesTheRequestedSlots) {
  auto inventory = DiscoverDevices("cpu", "/nonexistent", 3);
  ASSERT_TRUE(inventory.ok()) << inventory.status();
  EXPECT_EQ(inventory->backend, v1::cpu);
  ASSERT_EQ(inventory->devices.size(), 3u);
  EXPECT_EQ(inventory->devices[2].index(), 2);
  EXPECT_GT(inventory->devices[0].memory_bytes(), 0);
}

TEST(DeviceInventoryTest, BadFlagsNameTheFlag) {
  auto bad_backend = DiscoverDevices("tpu", "/nonexistent", 1);
  ASSERT_FALSE(bad_backend.ok());
  EXPECT_NE(bad_backend.status().message().find("--backend"), std::string::npos);
  auto bad_slots = DiscoverDevices("cpu", "/nonexistent", -1);
  ASSERT_FALSE(bad_slots.ok());
  EXPECT_NE(bad_slots.status().message().find("--cpu-slots"), std::string::npos);
}

// Without --cpu-slots, one slot per core this process may run on (it was 4 on any machine).
TEST(DeviceInventoryTest, CpuSlotsDefaultToTheCores) {
  auto inventory = DiscoverDevices("cpu", "/nonexistent", 0);
  ASSERT_TRUE(inventory.ok()) << inventory.status();
  cpu_set_t set;
  CPU_ZERO(&set);
  ASSERT_EQ(sched_getaffinity(0, sizeof(set), &set), 0);
  EXPECT_EQ(static_cast<int>(inventory->devices.size()), CPU_COUNT(&set));
  EXPECT_EQ(CpuCores(), CPU_COUNT(&set));
}

TEST(DeviceInventoryTest, CudaBackendWithoutWorkerBinaryFails) {
  EXPECT_FALSE(DiscoverDevices("cuda", "/nonexistent/symmbench-worker", 1).ok());
}

}  // namespace
}  // namespace symmbench
