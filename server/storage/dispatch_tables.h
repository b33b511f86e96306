// The machine's records beside the jobs: dispatch tables (storage: one per dispatcher op, GPU
// model, world size and dtype; `symmbench tune --op` measures them, jobs of the dispatcher ops
// use them; validation and the built-in default are spec/dispatch.h) and calibrated ceilings
// (`symmbench calibrate`; rows get roofline fractions from them). Both live in the job
// database's SQLite file.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "proto/symmbench.pb.h"
#include "spec/dispatch.h"

struct sqlite3;

namespace symmbench {

// The dispatch tables' SQLite table since record format 5 (the op in the key): the store creates
// it, and the migration from format 4 rebuilds the older one into it.
inline constexpr char kDispatchTablesSchema[] =
    "CREATE TABLE IF NOT EXISTS dispatch_tables (op TEXT NOT NULL, gpu_model TEXT NOT NULL, "
    "world_size INTEGER NOT NULL, dtype TEXT NOT NULL, record BLOB NOT NULL, PRIMARY KEY (op, "
    "gpu_model, world_size, dtype))";

class DispatchTableStore {
 public:
  // Opens (creating its table) the SQLite database at `path`, the job database's file.
  static absl::StatusOr<std::unique_ptr<DispatchTableStore>> Open(const std::string& path);
  ~DispatchTableStore();

  // Validates and stores `table` (its op filled in when empty: DispatchTableOp), replacing the
  // one of the same (op, gpu_model, world_size, dtype).
  absl::Status Put(const v1::DispatchTable& table);
  // NOT_FOUND when nothing was stored for that key.
  absl::StatusOr<v1::DispatchTable> Get(const std::string& op, const std::string& gpu_model,
                                        int world_size, v1::DType dtype) const;
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
