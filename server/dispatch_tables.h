// The machine's records beside the jobs: all-reduce dispatch tables (validation, the built-in
// default, storage: one per GPU model, world size and dtype; `symmbench tune` measures them,
// jobs of kernel "all_reduce" use them) and calibrated ceilings (`symmbench calibrate`; rows
// get roofline fractions from them). Both live in the job database's SQLite file.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "proto/symmbench.pb.h"

struct sqlite3;

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
absl::Status CheckDispatchTableFor(const v1::DispatchTable& table, const std::string& backend,
                                   int ranks, const std::string& dtype);

// Used when nothing was tuned. On CUDA, from what `tune` measured (graph mode): at one rank
// NCCL at every size (its local copy, 1.5 us at 2 KiB against the one-shot's 2.4 us on one
// H100, docs/results/main_job_h100x1.md); on 2, 3 and 4 x H200
// (docs/results/all_reduce_graph_h200x2.md and scale_h200x4.md) at 2 ranks the push one-shot up
// to 4 MiB, the two-shot above; at 3 ranks push up to 1 MiB, two-shot up to 128 MiB, NCCL
// above; from 4 ranks push up to 256 KiB, two-shot up to 32 MiB, NCCL above (8 ranks: the
// 4-rank table, not measured). On the CPU backend (`backend` "cpu") the two-shot
// at every size: on 2 cores it beat the one-shot 1.4-3.9x from 2 KiB to 2 MiB at 2 and 4 ranks,
// and the push one-shot, whose receivers spin, by 15-260x (docs/results/cpu_dispatch.md).
v1::DispatchTable DefaultDispatchTable(const std::string& backend, const std::string& gpu_model,
                                       int world_size, const std::string& dtype);

// The algorithm `table` picks for `size_bytes`.
std::string ChooseAlgorithm(const v1::DispatchTable& table, int64_t size_bytes);

class DispatchTableStore {
 public:
  // Opens (creating its table) the SQLite database at `path`, the job database's file.
  static absl::StatusOr<std::unique_ptr<DispatchTableStore>> Open(const std::string& path);
  ~DispatchTableStore();

  // Validates and stores `table`, replacing the one of the same (gpu_model, world_size, dtype).
  absl::Status Put(const v1::DispatchTable& table);
  // NOT_FOUND when nothing was stored for that key.
  absl::StatusOr<v1::DispatchTable> Get(const std::string& gpu_model, int world_size,
                                        const std::string& dtype) const;
  absl::StatusOr<std::vector<v1::DispatchTable>> List() const;

  // The machine's calibrated ceilings (kernel "calibrate"), one per (gpu_model, world_size);
  // a new one replaces the old. INVALID_ARGUMENT for an empty gpu_model or world_size < 1.
  absl::Status PutCeilings(const v1::Ceilings& ceilings);
  // NOT_FOUND when the machine was never calibrated for that key.
  absl::StatusOr<v1::Ceilings> GetCeilings(const std::string& gpu_model, int world_size) const;

 private:
  explicit DispatchTableStore(sqlite3* db) : db_(db) {}
  mutable std::mutex mu_;
  sqlite3* db_;
};

}  // namespace symmbench

namespace symmbench {

// Sets row.busbw_fraction and floor_ratio (from the graph figures when the row has them: the
// floor is graph-measured) and tflops_fraction from `ceilings`; fields whose ceiling is 0 stay 0.
void ApplyRoofline(const v1::Ceilings& ceilings, v1::ResultRow* row);

}  // namespace symmbench
