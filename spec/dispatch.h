// Dispatch tables, the pure part: what an "all_reduce" job runs at each size (validation, the
// built-in default, the choice by size). No storage here: the worker and the coordinator both
// use it; the coordinator stores tables (server/storage/dispatch_tables.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

// Bounds of a stored or submitted table (it is copied into every all_reduce job's record).
inline constexpr int kMaxDispatchEntries = 64;
inline constexpr size_t kMaxGpuModelBytes = 256;
inline constexpr int kMaxDispatchWorldSize = 4096;

// INVALID_ARGUMENT naming the field: empty gpu_model or one over kMaxGpuModelBytes, world_size
// outside [1, kMaxDispatchWorldSize], unknown dtype, no entries or more than
// kMaxDispatchEntries, an unknown algorithm, max_bytes not ascending, or a last entry that is
// bounded.
absl::Status ValidateDispatchTable(const v1::DispatchTable& table);

// A valid table given in a job's spec, against that job: its world_size must be `ranks` (the
// ranks the kernel runs over), its dtype the job's, and "nccl_symmetric" needs the CUDA
// backend. INVALID_ARGUMENT naming the field otherwise, so that the job is refused at
// submission rather than failing when it runs.
absl::Status CheckDispatchTableFor(const v1::DispatchTable& table, v1::Backend backend, int ranks,
                                   v1::DType dtype);

// Used when nothing was tuned. On CUDA, from what `tune` measured (graph mode): at one rank
// NCCL at every size (its local copy, 1.5 us at 2 KiB against the one-shot's 2.4 us on one
// H100, docs/results/main_job_h100x1.md); on 2, 3 and 4 x H200
// (docs/results/all_reduce_graph_h200x2.md and scale_h200x4.md) at 2 ranks the push one-shot up
// to 4 MiB, the two-shot above; at 3 ranks push up to 1 MiB, two-shot up to 128 MiB, NCCL
// above; from 4 ranks push up to 256 KiB, two-shot up to 32 MiB, NCCL above (8 ranks: the
// 4-rank table, not measured). On the CPU backend (`backend` cpu) the two-shot
// at every size: on 2 cores it beat the one-shot 1.4-3.9x from 2 KiB to 2 MiB at 2 and 4 ranks,
// and the push one-shot, whose receivers spin, by 15-260x (docs/results/cpu_dispatch.md).
v1::DispatchTable DefaultDispatchTable(v1::Backend backend, const std::string& gpu_model,
                                       int world_size, v1::DType dtype);

// The algorithm `table` picks for `size_bytes`.
std::string ChooseAlgorithm(const v1::DispatchTable& table, int64_t size_bytes);

}  // namespace symmbench
