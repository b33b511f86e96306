// What a worker may report about its job: the checks behind WorkerReport. A worker holds its
// job's secret, so these are not about trust in the caller but about keeping a buggy or
// compromised worker from writing a record the job could not have produced.
#pragma once

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

// INVALID_ARGUMENT naming rank unless 0 <= rank < spec.world_size().
absl::Status CheckReportingRank(const v1::JobSpec& spec, int rank);

// A row of `job`, reported by `rank`: rows come from rank 0; a size-swept kernel's row is for
// one of the plan's sizes, an ag_gemm row for one of the spec's shapes; times are finite, and
// positive in a size-swept kernel's final row; at most JobSpec.repeats loop medians; at most
// world_size rank_times; rank_times and iteration_stats finite and >= 0.
// INVALID_ARGUMENT naming the field otherwise.
absl::Status CheckReportedRow(const v1::Job& job, int rank, const v1::ResultRow& row);

// Rank `rank`'s identity (ReportPlacementRequest.identity): its own rank, names of at most 255
// characters, a bus id of at most 64, memory >= 0, at most 64 environment entries of at most
// 4096 characters each. INVALID_ARGUMENT naming the field otherwise.
absl::Status CheckReportedIdentity(int rank, const v1::RankIdentity& identity);

// How many final rows the job has: one per size (and dtype) of its plan, per shape, or one for
// calibrate.
int ExpectedRows(const v1::Job& job);

}  // namespace symmbench
