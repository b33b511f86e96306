// Dispatch tables, the pure part: what a dispatcher job ("all_reduce", "all_gather",
// "reduce_scatter") runs at each size (validation, the built-in default, the choice by size). No
// storage here: the worker and the coordinator both use it; the coordinator stores tables
// (server/storage/dispatch_tables.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

// Bounds of a stored or submitted table (it is copied into every dispatcher job's record).
inline constexpr int kMaxDispatchEntries = 64;
inline constexpr size_t kMaxGpuModelBytes = 256;
inline constexpr int kMaxDispatchWorldSize = 4096;

// The dispatcher op a table is for: its `op`, "all_reduce" when empty.
std::string DispatchTableOp(const v1::DispatchTable& table);

// INVALID_ARGUMENT naming the field: an op that is not a dispatcher, empty gpu_model or one over
// kMaxGpuModelBytes, world_size outside [1, kMaxDispatchWorldSize], unknown dtype (or
// fp8_e4m3), no entries or more than kMaxDispatchEntries, an algorithm that is not one of the
// op's (IsDispatchAlgorithm), max_bytes not ascending, or a last entry that is bounded.
absl::Status ValidateDispatchTable(const v1::DispatchTable& table);

// A valid table given in a job's spec, against that job: its op must be the job's `kernel`, its
// world_size `ranks` (the ranks the kernel runs over), its dtype the job's, and
// "nccl_symmetric" needs the CUDA backend. INVALID_ARGUMENT naming the field otherwise, so that
// the job is refused at submission rather than failing when it runs.
absl::Status CheckDispatchTableFor(const v1::DispatchTable& table, const std::string& kernel,
                                   v1::Backend backend, int ranks, v1::DType dtype);

// Used when nothing was tuned, for dispatcher `op` (its `op` field is set). all_reduce: on CUDA,
// from what `tune` measured (graph mode): at one rank
// NCCL at every size (its local copy, 1.5 us at 2 KiB against the one-shot's 2.4 us on one
// H100, docs/results/main_job_h100x1.md); on 2, 3 and 4 x H200
// (docs/results/all_reduce_graph_h200x2.md and scale_h200x4.md) at 2 ranks the push one-shot up
// to 4 MiB, the two-shot above; at 3 ranks push up to 1 MiB, two-shot up to 128 MiB, NCCL
// above; from 4 ranks push up to 256 KiB, two-shot up to 32 MiB, NCCL above (8 ranks: the
// 4-rank table, not measured). On the CPU backend (`backend` cpu) the two-shot
// at every size: on 2 cores it beat the one-shot 1.4-3.9x from 2 KiB to 2 MiB at 2 and 4 ranks,
// and the push one-shot, whose receivers spin, by 15-260x (docs/results/cpu_dispatch.md).
// all_gather and reduce_scatter (sizes of the whole buffer, as nccl-tests'): on CUDA at one rank
// NCCL; from 2 ranks the Lamport push kernel up to 4 MiB (the reduce-scatter at 3 ranks up to
// 16 MiB), above it the SM one-shot (the all-gather from 3 ranks: NCCL's symmetric kernels). On 2,
// 3 and 4 x H200, graph, against nccl-tests 2.19.6 in the same call
// (docs/results/collectives_at_the_limit_h200.md): the Lamport kernels 1.3-2.6x nccl-tests' best
// up to 4 MiB at 2 and 4 ranks (1.1-1.9x at 3); above, the one-shot 1.1-1.7x for the
// reduce-scatter, and for the all-gather the one-shot 1.1-1.4x at 2 ranks while NCCL's
// symmetric kernels beat it by 4-7% from 16 MiB at 4 ranks. 8 ranks: the 4-rank tables, not
// measured. On the CPU backend the one-shot at every size: neither kernel wins consistently on
// 2 cores (docs/results/sharded_dispatch_h100x2.md).
v1::DispatchTable DefaultDispatchTable(v1::Backend backend, const std::string& op,
                                       const std::string& gpu_model, int world_size,
                                       v1::DType dtype);

// The algorithm `table` picks for `size_bytes`.
std::string ChooseAlgorithm(const v1::DispatchTable& table, int64_t size_bytes);

}  // namespace symmbench
