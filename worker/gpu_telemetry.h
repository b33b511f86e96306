// GpuTelemetry: the SM clock and board power of one GPU, sampled through NVML on a thread of its
// own while a loop runs, so that a row can say what clocks its times were measured at (a GEMM
// under sustained load clocks down; a ratio of two loops is a clock effect when their clocks
// differ). NVML (libnvidia-ml.so.1, part of the driver) is opened with dlopen: its header ships
// with the CUDA toolkit's NVML component, which a build host may lack, so the five entry points
// used are declared here as NVML's stable C ABI declares them.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"

namespace symmbench {

// What the samples of one series say.
struct TelemetrySummary {
  double sm_clock_mhz = 0;      // median of the SM clock samples
  double sm_clock_min_mhz = 0;  // lowest SM clock sample
  double power_w = 0;           // median of the board power samples, watts
  int samples = 0;              // 0: nothing sampled (the other fields are then 0)
};

class GpuTelemetry {
 public:
  // Series are numbered 0 .. kMaxSeries - 1 (e.g. one per GEMM variant).
  static constexpr int kMaxSeries = 16;

  // Opens NVML for the GPU at PCI bus id `bus_id` ("0000:04:00.0", cudaDeviceGetPCIBusId's
  // form) and starts the sampling thread, idle until Begin; it samples every `period` while a
  // series is open. FAILED_PRECONDITION naming the reason when the library, an entry point or
  // the device cannot be found (callers run without telemetry then); INVALID_ARGUMENT for an
  // empty bus id or a period <= 0.
  static absl::StatusOr<std::unique_ptr<GpuTelemetry>> Open(const std::string& bus_id,
                                                            std::chrono::milliseconds period);
  ~GpuTelemetry();  // stops and joins the thread, then shuts NVML down
  GpuTelemetry(const GpuTelemetry&) = delete;
  GpuTelemetry& operator=(const GpuTelemetry&) = delete;

  // Samples into `series` (0 .. kMaxSeries - 1; others are ignored) from now until End, one
  // sample at once and then every period, appending to what the series already holds.
  void Begin(int series);
  void End();
  // The series' samples so far, and forgetting every series' samples.
  TelemetrySummary Summarize(int series) const;
  void Clear();

 private:
  struct State;
  explicit GpuTelemetry(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace symmbench
