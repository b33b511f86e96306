// BaselineStore: the named baselines of `symmbench gate` (a finished job's record with its rows,
// labels and machine), one SQLite table in the job database's file, keyed by name. Saving over
// an existing name is refused unless forced, so a baseline is never lost silently.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "proto/symmbench.pb.h"

struct sqlite3;

namespace symmbench {

inline constexpr size_t kMaxBaselineNameLength = 128;

// INVALID_ARGUMENT starting with "name: " unless `name` is 1..kMaxBaselineNameLength characters
// of [A-Za-z0-9._/+-] not starting with '.' or '/'.
absl::Status ValidateBaselineName(const std::string& name);

// Bounds of an imported baseline (a saved one comes from a job, well inside them).
inline constexpr int kMaxBaselineRows = 1024;
// Per row: as many as a per-iteration job's row holds (spec's kMaxPerIterationSamples), so every
// job that succeeded can be saved.
inline constexpr int kMaxBaselineSamples = 20000;
inline constexpr int kMaxBaselineWorldSize = 65536;
// The serialized baseline: GetBaseline's answer must fit gRPC's default 4 MiB message.
inline constexpr size_t kMaxBaselineBytes = size_t{3} << 20;

// Checks a baseline before it is stored: a valid name, a job with a kernel, world_size in
// [1, kMaxBaselineWorldSize], at most kMaxBaselineBytes serialized, 1..kMaxBaselineRows rows,
// each with at most kMaxBaselineSamples samples, every sample finite and > 0 with sample_iters >= 1
// (one per sample, or none), and finite times >= 0. INVALID_ARGUMENT naming the field (e.g.
// "baseline.job.rows: empty").
absl::Status ValidateBaseline(const v1::Baseline& baseline);

// The baseline `name` made of `job` (its whole record, rows included, less each rank's single
// iterations: RankTime.samples_us, InPlaceFigures.samples_us) at `now_unix_ms`.
// FAILED_PRECONDITION naming job_id when the job did not SUCCEED or has no rows.
absl::StatusOr<v1::Baseline> BaselineFromJob(const v1::Job& job, const std::string& name,
                                             int64_t now_unix_ms);

class BaselineStore {
 public:
  // Opens (creating its table) the SQLite database at `path`, the job database's file.
  static absl::StatusOr<std::unique_ptr<BaselineStore>> Open(const std::string& path);
  ~BaselineStore();

  // Validates and stores `baseline`. An existing baseline of the same name is replaced only
  // when `force` (`*replaced` then says so); otherwise ALREADY_EXISTS naming it and its source.
  absl::Status Put(const v1::Baseline& baseline, bool force, bool* replaced = nullptr);
  // NOT_FOUND naming the baseline when absent.
  absl::StatusOr<v1::Baseline> Get(const std::string& name) const;
  // The baselines named after `after` ("": from the first), by name, at most `limit` (0: all);
  // without rows unless `include_rows`; each with row_count set.
  absl::StatusOr<std::vector<v1::Baseline>> List(bool include_rows, const std::string& after = "",
                                                 int limit = 0) const;

 private:
  explicit BaselineStore(sqlite3* db) : db_(db) {}
  absl::StatusOr<v1::Baseline> GetLocked(const std::string& name) const;
  mutable std::mutex mu_;
  sqlite3* db_;
};

}  // namespace symmbench
