// GpuTelemetry: NVML opened with dlopen, one sampling thread per GPU.
#include "worker/gpu_telemetry.h"

#include <dlfcn.h>

#include <condition_variable>
#include <mutex>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "worker/timing.h"

namespace symmbench {
namespace {

// NVML's C ABI (nvml.h): nvmlReturn_t is an int enum with NVML_SUCCESS = 0; a device handle is
// an opaque pointer; NVML_CLOCK_SM = 1; power in milliwatts.
using NvmlReturn = int;
using NvmlDevice = void*;
constexpr NvmlReturn kNvmlSuccess = 0;
constexpr int kNvmlClockSm = 1;
constexpr const char* kLibrary = "libnvidia-ml.so.1";

struct Nvml {
  NvmlReturn (*init)() = nullptr;                                      // nvmlInit_v2
  NvmlReturn (*shutdown)() = nullptr;                                  // nvmlShutdown
  NvmlReturn (*device_by_bus_id)(const char*, NvmlDevice*) = nullptr;  // ..._v2
  NvmlReturn (*clock)(NvmlDevice, int, unsigned int*) = nullptr;       // nvmlDeviceGetClockInfo
  NvmlReturn (*power)(NvmlDevice, unsigned int*) = nullptr;            // nvmlDeviceGetPowerUsage
};

}  // namespace

struct GpuTelemetry::State {
  void* library = nullptr;
  Nvml nvml;
  NvmlDevice device = nullptr;
  std::chrono::milliseconds period{1};
  mutable std::mutex mu;
  std::condition_variable wake;
  int series = -1;  // the open series, -1 when idle
  bool stop = false;
  std::vector<double> clocks[kMaxSeries];  // MHz
  std::vector<double> powers[kMaxSeries];  // W
  std::thread thread;

  // The sampling loop: one sample as soon as a series opens, then every period.
  void Run() {
    std::unique_lock<std::mutex> lock(mu);
    while (!stop) {
      if (series < 0) {
        wake.wait(lock, [this] { return stop || series >= 0; });
        continue;
      }
      const int into = series;
      lock.unlock();
      unsigned int mhz = 0, milliwatts = 0;
      const bool clock_ok = nvml.clock(device, kNvmlClockSm, &mhz) == kNvmlSuccess;
      const bool power_ok = nvml.power(device, &milliwatts) == kNvmlSuccess;
      lock.lock();
      if (series == into) {  // not closed while NVML answered
        if (clock_ok) clocks[into].push_back(mhz);
        if (power_ok) powers[into].push_back(milliwatts / 1000.0);
      }
      wake.wait_for(lock, period, [this, into] { return stop || series != into; });
    }
  }
};

GpuTelemetry::GpuTelemetry(std::unique_ptr<State> state) : state_(std::move(state)) {}

GpuTelemetry::~GpuTelemetry() {
  {
    std::lock_guard<std::mutex> lock(state_->mu);
    state_->stop = true;
  }
  state_->wake.notify_all();
  if (state_->thread.joinable()) state_->thread.join();
  state_->nvml.shutdown();
  // The library stays mapped: NVML keeps process-wide state that another GpuTelemetry may use.
}

absl::StatusOr<std::unique_ptr<GpuTelemetry>> GpuTelemetry::Open(const std::string& bus_id,
                                                                 std::chrono::milliseconds period) {
  if (bus_id.empty()) return absl::InvalidArgumentError("GPU telemetry: empty PCI bus id");
  if (period.count() <= 0) {
    return absl::InvalidArgumentError("GPU telemetry: the sampling period must be positive");
  }
  auto state = std::make_unique<State>();
  state->period = period;
  state->library = dlopen(kLibrary, RTLD_NOW | RTLD_LOCAL);
  if (state->library == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat("GPU telemetry: dlopen(", kLibrary, "): ", dlerror()));
  }
  const auto resolve = [&](const char* name, auto* fn) -> absl::Status {
    void* symbol = dlsym(state->library, name);
    if (symbol == nullptr) {
      return absl::FailedPreconditionError(
          absl::StrCat("GPU telemetry: ", kLibrary, " lacks ", name));
    }
    *fn = reinterpret_cast<std::remove_pointer_t<decltype(fn)>>(symbol);
    return absl::OkStatus();
  };
  Nvml& nvml = state->nvml;
  for (absl::Status s :
       {resolve("nvmlInit_v2", &nvml.init), resolve("nvmlShutdown", &nvml.shutdown),
        resolve("nvmlDeviceGetHandleByPciBusId_v2", &nvml.device_by_bus_id),
        resolve("nvmlDeviceGetClockInfo", &nvml.clock),
        resolve("nvmlDeviceGetPowerUsage", &nvml.power)}) {
    if (!s.ok()) return s;
  }
  if (const NvmlReturn r = nvml.init(); r != kNvmlSuccess) {
    return absl::FailedPreconditionError(absl::StrCat("GPU telemetry: nvmlInit_v2 returned ", r));
  }
  if (const NvmlReturn r = nvml.device_by_bus_id(bus_id.c_str(), &state->device);
      r != kNvmlSuccess) {
    nvml.shutdown();
    return absl::FailedPreconditionError(
        absl::StrCat("GPU telemetry: nvmlDeviceGetHandleByPciBusId_v2(", bus_id, ") returned ", r));
  }
  State* raw = state.get();
  state->thread = std::thread([raw] { raw->Run(); });
  return std::unique_ptr<GpuTelemetry>(new GpuTelemetry(std::move(state)));
}

void GpuTelemetry::Begin(int series) {
  if (series < 0 || series >= kMaxSeries) return;
  {
    std::lock_guard<std::mutex> lock(state_->mu);
    state_->series = series;
  }
  state_->wake.notify_all();
}

void GpuTelemetry::End() {
  {
    std::lock_guard<std::mutex> lock(state_->mu);
    state_->series = -1;
  }
  state_->wake.notify_all();
}

TelemetrySummary GpuTelemetry::Summarize(int series) const {
  TelemetrySummary summary;
  if (series < 0 || series >= kMaxSeries) return summary;
  std::lock_guard<std::mutex> lock(state_->mu);
  // Summarize (worker/timing.h): the median and the lowest of any series, 0 for none.
  const TimingStats clocks = symmbench::Summarize(state_->clocks[series]);
  summary.samples = static_cast<int>(clocks.samples_us.size());
  summary.sm_clock_mhz = clocks.median_us;
  summary.sm_clock_min_mhz = clocks.min_us;
  summary.power_w = symmbench::Summarize(state_->powers[series]).median_us;
  return summary;
}

void GpuTelemetry::Clear() {
  std::lock_guard<std::mutex> lock(state_->mu);
  for (int i = 0; i < kMaxSeries; ++i) {
    state_->clocks[i].clear();
    state_->powers[i].clear();
  }
}

}  // namespace symmbench
