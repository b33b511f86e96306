// CreatePluginOpCollective: the library opened in this worker, the op checked, the backend's
// plugin collective.
#include "worker/plugin_op.h"

#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "plugin/library.h"

namespace symmbench {
namespace {

std::optional<Computes> ComputesOf(int32_t computes) {
  switch (computes) {
    case SYMMBENCH_ALL_REDUCE_SUM:
      return Computes::kAllReduceSum;
    case SYMMBENCH_ALL_GATHER:
      return Computes::kAllGather;
    case SYMMBENCH_REDUCE_SCATTER_SUM:
      return Computes::kReduceScatterSum;
    default:
      return std::nullopt;
  }
}

}  // namespace

absl::StatusOr<std::unique_ptr<Collective>> CreatePluginOpCollective(const v1::PluginOp& op,
                                                                     Backend* backend) {
  absl::StatusOr<std::shared_ptr<const PluginLibrary>> library = PluginLibrary::Open(op.path());
  if (!library.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat(op.kernel(), ": ", library.status().message()));
  }
  absl::StatusOr<const symmbench_op*> found = (*library)->FindOp(op.op());
  if (!found.ok()) {
    return absl::FailedPreconditionError(absl::StrCat(op.kernel(), ": ", found.status().message(),
                                                      " (the library changed since submission)"));
  }
  if ((*found)->computes != static_cast<int32_t>(op.computes())) {
    return absl::FailedPreconditionError(
        absl::StrCat(op.kernel(), ": the library now says the op computes ", (*found)->computes,
                     ", not ", static_cast<int>(op.computes()), " as at submission"));
  }
  PluginKernel kernel;
  kernel.library = *std::move(library);
  kernel.op = *found;
  kernel.name = op.kernel();
  kernel.computes = *ComputesOf(kernel.op->computes);  // validated by PluginLibrary::Open
  return backend->CreatePluginCollective(kernel);
}

}  // namespace symmbench
