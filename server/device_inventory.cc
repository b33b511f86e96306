// DiscoverDevices: CUDA devices through `symmbench-worker --probe-devices`, or CPU slots.
#include "server/device_inventory.h"

#include <sched.h>
#include <unistd.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "absl/strings/str_cat.h"

namespace symmbench {
namespace {

absl::StatusOr<std::string> RunProbe(const std::string& worker_path) {
  if (access(worker_path.c_str(), X_OK) != 0) {
    return absl::NotFoundError(absl::StrCat("worker binary ", worker_path, " not found"));
  }
  const std::string command = absl::StrCat("'", worker_path, "' --probe-devices 2>/dev/null");
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return absl::InternalError(absl::StrCat("popen(", command, ") failed"));
  std::string output;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof(buffer), pipe)) > 0) output.append(buffer, n);
  const int status = pclose(pipe);
  if (status != 0) {
    return absl::InternalError(absl::StrCat(command, " failed with status ", status));
  }
  return output;
}

}  // namespace

int CpuCores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) != 0) return 1;
  return std::max(1, CPU_COUNT(&set));
}

namespace {

std::vector<v1::Device> CpuSlots(int cpu_slots) {
  const int64_t physical = static_cast<int64_t>(sysconf(_SC_PHYS_PAGES)) * sysconf(_SC_PAGESIZE);
  std::vector<v1::Device> devices;
  for (int i = 0; i < cpu_slots; ++i) {
    v1::Device d;
    d.set_index(i);
    d.set_kind(v1::cpu);
    d.set_name("cpu-slot");
    d.set_memory_bytes(physical / std::max(1, cpu_slots));
    devices.push_back(d);
  }
  return devices;
}

}  // namespace

absl::StatusOr<Inventory> ClusterInventory(const std::string& backend, int ranks,
                                           const std::string& name) {
  if (backend != "cpu" && backend != "cuda") {
    return absl::InvalidArgumentError(absl::StrCat(
        "backend: want cpu or cuda for workers placed by a cluster (got \"", backend, "\")"));
  }
  if (ranks < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("cluster ranks: must be >= 1 (got ", ranks, ")"));
  }
  Inventory inventory;
  inventory.backend = backend == "cuda" ? v1::cuda : v1::cpu;
  for (int i = 0; i < ranks; ++i) {
    v1::Device d;
    d.set_index(i);
    d.set_kind(inventory.backend);
    d.set_name(name);
    inventory.devices.push_back(d);
  }
  return inventory;
}

absl::StatusOr<std::vector<v1::Device>> ParseProbeOutput(const std::string& json) {
  nlohmann::json parsed = nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded() || !parsed.contains("cuda_devices") ||
      !parsed["cuda_devices"].is_array()) {
    return absl::InvalidArgumentError(absl::StrCat("device probe output: not understood: ", json));
  }
  std::vector<v1::Device> devices;
  for (const nlohmann::json& entry : parsed["cuda_devices"]) {
    v1::Device d;
    d.set_index(entry.value("index", 0));
    d.set_kind(v1::cuda);
    d.set_name(entry.value("name", "cuda"));
    d.set_memory_bytes(entry.value("memory_bytes", int64_t{0}));
    devices.push_back(d);
  }
  return devices;
}

v1::MachineInfo ParseProbeVersions(const std::string& json) {
  v1::MachineInfo machine;
  const nlohmann::json parsed = nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (!parsed.is_object()) return machine;
  auto text = [&](const char* key) {
    const auto it = parsed.find(key);
    return it != parsed.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  machine.set_driver_version(text("driver_version"));
  machine.set_cuda_driver_version(text("cuda_driver_version"));
  machine.set_cuda_runtime_version(text("cuda_runtime_version"));
  machine.set_nccl_version(text("nccl_version"));
  return machine;
}

absl::StatusOr<Inventory> DiscoverDevices(const std::string& backend_flag,
                                          const std::string& worker_path, int cpu_slots) {
  if (backend_flag != "auto" && backend_flag != "cuda" && backend_flag != "cpu") {
    return absl::InvalidArgumentError(
        absl::StrCat("--backend: want auto, cuda or cpu (got ", backend_flag, ")"));
  }
  if (cpu_slots < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("--cpu-slots: must be >= 1, or 0 for one per core (got ", cpu_slots, ")"));
  }
  Inventory inventory;
  if (backend_flag != "cpu") {
    absl::StatusOr<std::string> output = RunProbe(worker_path);
    if (!output.ok()) return output.status();
    absl::StatusOr<std::vector<v1::Device>> gpus = ParseProbeOutput(*output);
    if (!gpus.ok()) return gpus.status();
    if (!gpus->empty()) {
      inventory.backend = v1::cuda;
      inventory.devices = *std::move(gpus);
      inventory.machine = ParseProbeVersions(*output);
      return inventory;
    }
    if (backend_flag == "cuda") {
      return absl::FailedPreconditionError("--backend cuda: no CUDA device found on this host");
    }
  }
  inventory.backend = v1::cpu;
  inventory.devices = CpuSlots(cpu_slots > 0 ? cpu_slots : CpuCores());
  return inventory;
}

}  // namespace symmbench
