// GpuTelemetry: its argument checks and, where the host has NVIDIA GPUs (the driver's
// /proc/driver/nvidia/gpus lists their bus ids), real samples; without NVML, a clear refusal.
#include "worker/gpu_telemetry.h"

#include <dirent.h>

#include <string>
#include <thread>

#include "absl/status/status.h"
#include "gtest/gtest.h"

namespace symmbench {
namespace {

// The PCI bus id of the first GPU the NVIDIA driver lists, or "" without one.
std::string FirstGpuBusId() {
  DIR* dir = opendir("/proc/driver/nvidia/gpus");
  if (dir == nullptr) return "";
  std::string found;
  while (dirent* entry = readdir(dir)) {
    if (entry->d_name[0] != '.') {
      found = entry->d_name;
      break;
    }
  }
  closedir(dir);
  return found;
}

TEST(GpuTelemetryTest, RefusesAnEmptyBusIdAndAPeriodThatIsNotPositive) {
  EXPECT_EQ(GpuTelemetry::Open("", std::chrono::milliseconds(5)).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(GpuTelemetry::Open("0000:04:00.0", std::chrono::milliseconds(0)).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(GpuTelemetryTest, SamplesTheGpusClockAndPowerOrSaysWhyNot) {
  const std::string bus_id = FirstGpuBusId();
  absl::StatusOr<std::unique_ptr<GpuTelemetry>> telemetry =
      GpuTelemetry::Open(bus_id.empty() ? "0000:ff:1f.7" : bus_id, std::chrono::milliseconds(2));
  if (bus_id.empty()) {
    // No GPU here: NVML is missing, or it finds no such device; either way it says so.
    ASSERT_FALSE(telemetry.ok());
    EXPECT_EQ(telemetry.status().code(), absl::StatusCode::kFailedPrecondition);
    EXPECT_NE(telemetry.status().message().find("GPU telemetry"), std::string::npos);
    GTEST_SKIP() << "no NVIDIA GPU: " << telemetry.status();
  }
  ASSERT_TRUE(telemetry.ok()) << telemetry.status();
  EXPECT_EQ((*telemetry)->Summarize(3).samples, 0);
  (*telemetry)->Begin(3);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  (*telemetry)->End();
  const TelemetrySummary summary = (*telemetry)->Summarize(3);
  EXPECT_GE(summary.samples, 1);  // one at Begin, then every period
  EXPECT_GT(summary.sm_clock_mhz, 0);
  EXPECT_LT(summary.sm_clock_mhz, 10000);
  EXPECT_LE(summary.sm_clock_min_mhz, summary.sm_clock_mhz);
  EXPECT_GT(summary.power_w, 0);
  EXPECT_EQ((*telemetry)->Summarize(4).samples, 0);  // another series: untouched
  // Nothing is sampled while no series is open.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ((*telemetry)->Summarize(3).samples, summary.samples);
  (*telemetry)->Clear();
  EXPECT_EQ((*telemetry)->Summarize(3).samples, 0);
}

}  // namespace
}  // namespace symmbench
