// CreatePluginOpCollective: the library opened in this worker, the op checked, the backend's
// plugin collective.
#include "worker/plugin_op.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "kernels/plugin_kernel.h"

namespace symmbench {

absl::StatusOr<std::unique_ptr<Collective>> CreatePluginOpCollective(const v1::PluginOp& op,
                                                                     Backend* backend) {
  absl::StatusOr<PluginKernel> kernel = OpenPluginKernel(op.path(), op.op(), op.kernel());
  if (!kernel.ok()) {
    // NOT_FOUND: FindOp's; the loader's errors name the path themselves.
    const bool op_missing = kernel.status().code() == absl::StatusCode::kNotFound;
    return absl::FailedPreconditionError(
        absl::StrCat(op.kernel(), ": ", kernel.status().message(),
                     op_missing ? " (the library changed since submission)" : ""));
  }
  if (kernel->op->computes != static_cast<int32_t>(op.computes())) {
    return absl::FailedPreconditionError(
        absl::StrCat(op.kernel(), ": the library now says the op computes ", kernel->op->computes,
                     ", not ", static_cast<int>(op.computes()), " as at submission"));
  }
  return backend->CreatePluginCollective(*kernel);
}

}  // namespace symmbench
