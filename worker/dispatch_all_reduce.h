// Kernel "all_reduce": a Collective that runs, at each size, the algorithm the job's dispatch
// table chooses (one-shot, two-shot or NCCL), over the backend's own collectives.
#pragma once

#include <memory>

#include "absl/status/statusor.h"
#include "kernels/backend.h"
#include "kernels/collective.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

// Creates the registry's dispatch candidates on `backend` and dispatches between them (and
// their primary reference, for "nccl") by `table`, which the coordinator validated at
// submission (spec/dispatch.h). Errors of the backend pass through.
absl::StatusOr<std::unique_ptr<Collective>> CreateDispatchAllReduce(
    Backend* backend, const v1::DispatchTable& table);

// The collective a job's kernel names: the dispatcher for the registry's kDispatcher op, else
// the backend's own.
absl::StatusOr<std::unique_ptr<Collective>> CreateCollectiveFor(const v1::JobSpec& spec,
                                                               Backend* backend);

}  // namespace symmbench
