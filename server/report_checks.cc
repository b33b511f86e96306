// CheckReportingRank, CheckReportedRow, RowKey.
#include "server/report_checks.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "absl/strings/str_cat.h"
#include "kernels/ops/registry.h"
#include "spec/dispatch.h"
#include "spec/gemm_spec.h"
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
  return absl::OkStatus();
}

int ExpectedRows(const v1::Job& job) {
  if (IsFamily(job.spec().kernel(), OpFamily::kCalibration)) return 1;
  if (IsFamily(job.spec().kernel(), OpFamily::kGemmCollective)) {
    return job.spec().gemm().shapes_size();
  }
  return job.plan().sizes_bytes_size();
}

}  // namespace symmbench
