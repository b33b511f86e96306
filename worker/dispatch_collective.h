// The dispatcher ops ("all_reduce", "all_gather", "reduce_scatter"): a Collective that runs, at
// each size, the algorithm the job's dispatch table chooses (one of the op's dispatch candidates
// or NCCL), over the backend's own collectives.
#pragma once

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "kernels/backend.h"
#include "kernels/collective.h"
#include "proto/symmbench.pb.h"
#include "worker/run_plan.h"

namespace symmbench {

// Creates the dispatch candidates of `table`'s op (DispatchCandidates of what it computes) on
// `backend` and dispatches between them (and their primary reference, for "nccl") by `table`,
// which the coordinator validated at submission (spec/dispatch.h). INVALID_ARGUMENT for a table
// whose op is not a dispatcher; errors of the backend pass through.
absl::StatusOr<std::unique_ptr<Collective>> CreateDispatchCollective(
    Backend* backend, const v1::DispatchTable& table);

// The collective of `kernel` in `plan` (its kernel or its compare_kernel): the dispatcher for
// the registry's kDispatcher ops (with the plan's table), the plugin's for a plugin op
// (worker/plugin_op.h), else the backend's own.
absl::StatusOr<std::unique_ptr<Collective>> CreateCollectiveFor(const RunPlan& plan,
                                                                const std::string& kernel,
                                                                Backend* backend);

}  // namespace symmbench
