// The benchmark loop, written once for every kernel and backend (nccl-tests' driver loop): for
// each size, verify against the reference, warm up, time batches of the kernel and of the
// reference, reduce the figures over ranks and report one row (rank 0).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "kernels/backend.h"
#include "kernels/rendezvous.h"
#include "proto/symmbench.pb.h"
#include "worker/run_plan.h"
#include "worker/timing.h"

namespace symmbench {

// Every rank's `mine` (T::Encode() text) gathered under `tag` and decoded with T::Decode, in
// rank order. Rendezvous errors and undecodable texts pass through.
template <typename T>
absl::StatusOr<std::vector<T>> GatherRankResults(Rendezvous* rendezvous, const std::string& tag,
                                                 const T& mine) {
  absl::StatusOr<std::vector<std::string>> gathered = rendezvous->AllGather(tag, mine.Encode());
  if (!gathered.ok()) return gathered.status();
  std::vector<T> results;
  for (const std::string& text : *gathered) {
    absl::StatusOr<T> r = T::Decode(text);
    if (!r.ok()) return r.status();
    results.push_back(*std::move(r));
  }
  return results;
}

// Receives each finished row (called on the job's rank 0 only).
using RowSink = std::function<absl::Status(const v1::ResultRow&)>;

// Runs `plan` over its sizes (bytes) and dtypes on `backend` in plan.loop.passes passes: each
// pass gives every size one timing loop of the kernel (its own warm-up; every timed batch
// checked) and one of every reference; the first pass also checks the operation right after
// Prepare and times the graph replays; the last reports the rows (docs/measurement.md).
// plan.delay adds its time to every timed op of the kernel at the sizes it covers; plan.fault's
// output faults wrap the kernel (InjectFaults). Returns the first
// failure: a backend error (device barrier timeout, CUDA/NCCL error), a rendezvous timeout, or,
// when verification finds wrong elements (after the row carrying `wrong` has been reported):
// DATA_LOSS on each rank whose result was wrong, with the size, rank, first bad index and the
// values, and ABORTED on the others (the worker leaves the report to the wrong rank).
//
// `rendezvous` spans the job: rows are gathered over every rank of it. Per-host teams
// (plan.per_host_teams): `backend` holds this host's team only (its rank and world size
// are the team's), and `job_all_reduce` (from backend->CreateJobAllReduce) is timed as one more
// reference over every rank, after its own verification (DATA_LOSS naming it when wrong); it
// never counts as the best reference, since it sums over more ranks than the kernel. Rows then
// carry team_size, and the kernel's busbw uses the team size. Null otherwise.
absl::Status RunBenchmark(const RunPlan& plan, Backend* backend, Rendezvous* rendezvous,
                          const RowSink& sink, JobAllReduce* job_all_reduce = nullptr);

}  // namespace symmbench
