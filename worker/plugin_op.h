// The collective of a job's plugin op (JobSpec.plugin_ops): each worker opens the library itself
// (plugin/library.h) and hands the op to its backend.
#pragma once

#include <memory>

#include "absl/status/statusor.h"
#include "kernels/backend.h"
#include "kernels/collective.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

// Opens op.path(), finds op.op() and checks that it still computes what the coordinator resolved
// at submission, then creates it on `backend`. FAILED_PRECONDITION naming the kernel for a library
// that does not load, speaks another ABI, lacks the op or changed what it computes since; the
// backend's errors pass through.
absl::StatusOr<std::unique_ptr<Collective>> CreatePluginOpCollective(const v1::PluginOp& op,
                                                                     Backend* backend);

}  // namespace symmbench
