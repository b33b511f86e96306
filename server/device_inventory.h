// Device inventory: the CUDA GPUs of this host (asked of the worker binary, so the daemon
// itself links no CUDA) or, without GPUs, a number of CPU slots.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

struct Inventory {
  std::string backend;               // "cuda" or "cpu"
  std::vector<v1::Device> devices;
};

// `backend_flag`: "auto" (CUDA if the probe finds GPUs, else CPU), "cuda" (FAILED_PRECONDITION
// when no GPU is found) or "cpu". CPU slots each get an equal share of physical memory.
absl::StatusOr<Inventory> DiscoverDevices(const std::string& backend_flag,
                                          const std::string& worker_path, int cpu_slots);

// Parses the worker's `--probe-devices` JSON ({"cuda_devices": [{index, name, memory_bytes,
// sm_count}]}). INVALID_ARGUMENT when it does not parse.
absl::StatusOr<std::vector<v1::Device>> ParseProbeOutput(const std::string& json);

}  // namespace symmbench
