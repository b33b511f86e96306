// Device inventory: the CUDA GPUs of this host (asked of the worker binary, so the daemon
// itself links no CUDA) or, without GPUs, a number of CPU slots.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

struct Inventory {
  v1::Backend backend = v1::cpu;  // cuda or cpu
  std::vector<v1::Device> devices;
  // Driver, CUDA and NCCL versions from the probe (empty on the CPU backend); the daemon adds
  // the hostname and the job manager the rest.
  v1::MachineInfo machine;
};

// The CPUs this process may run on (sched_getaffinity: a cgroup's or taskset's limit included),
// at least 1.
int CpuCores();

// `backend_flag`: "auto" (CUDA if the probe finds GPUs, else CPU), "cuda" (FAILED_PRECONDITION
// when no GPU is found) or "cpu". `cpu_slots`: the CPU ranks offered, 0 for one per core
// (CpuCores()); each slot gets an equal share of physical memory. INVALID_ARGUMENT naming
// --cpu-slots when it is negative.
absl::StatusOr<Inventory> DiscoverDevices(const std::string& backend_flag,
                                          const std::string& worker_path, int cpu_slots);

// For a daemon whose workers a cluster places (--launcher slurm or command): `ranks` devices of
// `backend` ("cpu" or "cuda") named `name` ("slurm-task", "cluster-rank"), so that the scheduler
// admits at most that many ranks at once and a job's world_size is bounded by it. No versions
// (the compute nodes are not probed).
absl::StatusOr<Inventory> ClusterInventory(const std::string& backend, int ranks,
                                           const std::string& name);

// Parses the worker's `--probe-devices` JSON ({"cuda_devices": [{index, name, memory_bytes,
// sm_count}]}). INVALID_ARGUMENT when it does not parse.
absl::StatusOr<std::vector<v1::Device>> ParseProbeOutput(const std::string& json);

// The versions in the probe's JSON ("driver_version", "cuda_driver_version",
// "cuda_runtime_version", "nccl_version"; each may be missing) as a MachineInfo.
v1::MachineInfo ParseProbeVersions(const std::string& json);

}  // namespace symmbench
