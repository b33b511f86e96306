// CheckReportingRank, CheckReportedRow, RowKey.
#include "server/report_checks.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "absl/strings/str_cat.h"
#include "kernels/ops/registry.h"
#include "spec/dispatch.h"
#include "spec/gemm_spec.h"
#include "spec/job_op.h"
#include "spec/spec_validation.h"

namespace symmbench {

absl::Status CheckReportingRank(const v1::JobSpec& spec, int rank) {
  if (rank < 0 || rank >= spec.world_size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("rank: want [0, ", spec.world_size(), ") (got ", rank, ")"));
  }
  return absl::OkStatus();
}

absl::Status CheckReportedRow(const v1::Job& job, int rank, const v1::ResultRow& row) {
  const v1::JobSpec& spec = job.spec();
  if (absl::Status s = CheckReportingRank(spec, rank); !s.ok()) return s;
  if (rank != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("rank: rows come from rank 0 (got rank ", rank, ")"));
  }
  if (IsFamily(spec.kernel(), OpFamily::kCalibration)) return absl::OkStatus();
  if (IsFamily(spec.kernel(), OpFamily::kGemmCollective)) {
    const v1::GemmFigures& gemm = row.gemm();
    const bool known = std::any_of(
        spec.gemm().shapes().begin(), spec.gemm().shapes().end(), [&](const v1::GemmShape& shape) {
          return shape.m() == gemm.m() && shape.n() == gemm.n() && shape.k() == gemm.k();
        });
    if (!known) {
      return absl::InvalidArgumentError(absl::StrCat("gemm.m, n, k: ", gemm.m(), "x", gemm.n(), "x",
                                                     gemm.k(), " is not a shape of the job"));
    }
  } else {
    const auto& sizes = job.plan().sizes_bytes();
    if (std::find(sizes.begin(), sizes.end(), row.size_bytes()) == sizes.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat("size_bytes: ", row.size_bytes(), " is not a size of the job"));
    }
    const std::vector<v1::DType> dtypes = JobDTypes(spec, job.plan());
    if (row.dtype() != v1::DTYPE_UNSPECIFIED &&
        std::find(dtypes.begin(), dtypes.end(), row.dtype()) == dtypes.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat("dtype: ", v1::DType_Name(row.dtype()), " is not a dtype of the job"));
    }
  }
  for (double t : {row.time_us(), row.time_min_us(), row.time_max_us(), row.graph_time_us()}) {
    if (!std::isfinite(t) || t < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("time_us: times must be finite and >= 0 (got ", t, ")"));
    }
  }
  if (!IsFamily(spec.kernel(), OpFamily::kGemmCollective) && !row.partial() &&
      !(row.time_us() > 0)) {
    return absl::InvalidArgumentError("time_us: a final row's time must be > 0 (got 0)");
  }
  if (row.repeat_medians_us_size() > std::max(1, spec.repeats())) {
    return absl::InvalidArgumentError(absl::StrCat(
        "repeat_medians_us: ", row.repeat_medians_us_size(), " loop medians, more than the job's ",
        std::max(1, spec.repeats()), " passes"));
  }
  if (row.rank_times_size() > spec.world_size()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "rank_times: ", row.rank_times_size(), " ranks, more than the job's ", spec.world_size()));
  }
  for (const v1::RankTime& t : row.rank_times()) {
    for (double v : {t.time_us(), t.mean_us(), t.min_us()}) {
      if (!std::isfinite(v) || v < 0) {
        return absl::InvalidArgumentError(
            absl::StrCat("rank_times: times must be finite and >= 0 (got ", v, ")"));
      }
    }
  }
  if (row.has_in_place()) {
    const v1::InPlaceFigures& f = row.in_place();
    for (double v :
         {f.time_us(), f.algbw_gbps(), f.busbw_gbps(), f.graph_time_us(), f.reference_time_us(),
          f.reference_busbw_gbps(), f.speedup(), f.reference_graph_time_us()}) {
      if (!std::isfinite(v) || v < 0) {
        return absl::InvalidArgumentError(
            absl::StrCat("in_place: figures must be finite and >= 0 (got ", v, ")"));
      }
    }
    if (f.wrong() < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("in_place.wrong: must be >= 0 (got ", f.wrong(), ")"));
    }
  }
  const v1::IterationStats& stats = row.iteration_stats();
  for (double v : {stats.min_us(), stats.max_us(), stats.mean_us(), stats.p50_us(), stats.p95_us(),
                   stats.p99_us(), stats.cv()}) {
    if (!std::isfinite(v) || v < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("iteration_stats: figures must be finite and >= 0 (got ", v, ")"));
    }
  }
  return absl::OkStatus();
}

int ExpectedRows(const v1::Job& job) {
  if (IsFamily(job.spec().kernel(), OpFamily::kCalibration)) return 1;
  if (IsFamily(job.spec().kernel(), OpFamily::kGemmCollective)) {
    return job.spec().gemm().shapes_size();
  }
  return job.plan().sizes_bytes_size() * std::max(1, job.plan().dtypes_size());
}

absl::Status CheckReportedIdentity(int rank, const v1::RankIdentity& identity) {
  if (identity.rank() != rank) {
    return absl::InvalidArgumentError(
        absl::StrCat("identity.rank: rank ", rank, " reported rank ", identity.rank()));
  }
  const auto too_long = [](const std::string& field, const std::string& value, size_t max) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": at most ", max, " characters (got ", value.size(), ")"));
  };
  if (identity.host().size() > 255) return too_long("identity.host", identity.host(), 255);
  if (identity.device_name().size() > 255) {
    return too_long("identity.device_name", identity.device_name(), 255);
  }
  if (identity.bus_id().size() > 64) return too_long("identity.bus_id", identity.bus_id(), 64);
  if (identity.memory_used_bytes() < 0) {
    return absl::InvalidArgumentError(absl::StrCat("identity.memory_used_bytes: must be >= 0 (got ",
                                                   identity.memory_used_bytes(), ")"));
  }
  if (identity.env_size() > 64) {
    return absl::InvalidArgumentError(
        absl::StrCat("identity.env: at most 64 entries (got ", identity.env_size(), ")"));
  }
  for (const std::string& entry : identity.env()) {
    if (entry.size() > 4096) return too_long("identity.env[]", entry, 4096);
  }
  return absl::OkStatus();
}

}  // namespace symmbench
