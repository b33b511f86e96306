// The op a job runs, whether the registry's or a user's plugin op that the coordinator resolved
// into the spec at submission (JobSpec.plugin_ops): every process asks here rather than the
// registry alone, so that a plugin op is validated, planned, run and shown like a built-in one.
#pragma once

#include <optional>
#include <string_view>

#include "kernels/ops/registry.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

// The entry of spec.plugin_ops for kernel name `kernel`, or nullptr (also for an empty name).
const v1::PluginOp* FindPluginOp(const v1::JobSpec& spec, std::string_view kernel);

// The descriptor of op `kernel` in `spec`: the registry's, or a plugin op's (PluginOpDescriptor:
// its strings point into `spec`, which must outlive it). nullopt when it is neither, or a plugin
// op computes nothing known.
std::optional<OpDescriptor> JobOp(const v1::JobSpec& spec, std::string_view kernel);
// JobOp of the spec's own kernel.
inline std::optional<OpDescriptor> JobOp(const v1::JobSpec& spec) {
  return JobOp(spec, spec.kernel());
}

// Per-rank sizes of device memory a plugin op needs besides its fixed bytes: the service's own
// buffers of a swept collective (6, as the built-in ones) and its scratch per message byte.
int PluginBuffersPerRank(const v1::PluginOp& op);

}  // namespace symmbench
