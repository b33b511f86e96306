// The op a job runs, whether the registry's or a user's plugin op that the coordinator resolved
// into the spec at submission (JobSpec.plugin_ops): every process asks here rather than the
// registry alone, so that a plugin op is validated, planned, run and shown like a built-in one.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "kernels/ops/registry.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

// Resolved plugin ops, as JobSpec.plugin_ops holds them.
using PluginOps = google::protobuf::RepeatedPtrField<v1::PluginOp>;

// The entry of `plugin_ops` for kernel name `kernel`, or nullptr (also for an empty name).
const v1::PluginOp* FindPluginOp(const PluginOps& plugin_ops, std::string_view kernel);
// FindPluginOp of spec.plugin_ops.
inline const v1::PluginOp* FindPluginOp(const v1::JobSpec& spec, std::string_view kernel) {
  return FindPluginOp(spec.plugin_ops(), kernel);
}

// The descriptor of a resolved plugin op (PluginOpDescriptor: its strings point into `plugin`,
// which must outlive it); nullopt when it computes nothing known.
std::optional<OpDescriptor> PluginJobOp(const v1::PluginOp& plugin);

// The descriptor of op `kernel`: the registry's, or one of `plugin_ops` (PluginOpDescriptor:
// its strings point into `plugin_ops`, which must outlive it). nullopt when it is neither, or a
// plugin op computes nothing known.
std::optional<OpDescriptor> JobOp(const PluginOps& plugin_ops, std::string_view kernel);
// JobOp of spec.plugin_ops (the strings point into `spec`).
inline std::optional<OpDescriptor> JobOp(const v1::JobSpec& spec, std::string_view kernel) {
  return JobOp(spec.plugin_ops(), kernel);
}
// JobOp of the spec's own kernel.
inline std::optional<OpDescriptor> JobOp(const v1::JobSpec& spec) {
  return JobOp(spec, spec.kernel());
}

// Whether a job of `op` times its in-place form beside the out-of-place one: the op has one and
// the job does not opt out (SweepSpec.placement). The coordinator refuses PLACEMENT_BOTH for an
// op without one.
inline bool TimesInPlace(const OpDescriptor& op, v1::Placement placement) {
  return op.in_place && placement != v1::PLACEMENT_OUT_OF_PLACE;
}

// The dtypes op `spec.kernel()` takes, in order: a plugin op's declared ones, else bf16, fp16
// and fp32 for a size-swept op (fp8_e4m3 is the GEMM ops'); empty for an unknown kernel.
std::vector<v1::DType> KernelDTypes(const v1::JobSpec& spec);

// The dtypes each size of the job runs in: plan.dtypes (SweepSpec.all_dtypes), else the spec's.
std::vector<v1::DType> JobDTypes(const v1::JobSpec& spec, const v1::JobPlan& plan);

// Per-rank sizes of device memory a plugin op needs besides its fixed bytes: the service's own
// buffers of a swept collective (6, as the built-in ones) and its scratch per message byte.
int PluginBuffersPerRank(const v1::PluginOp& op);

}  // namespace symmbench
