// JobOp: the registry's descriptor, or one made from a resolved plugin op.
#include "spec/job_op.h"

namespace symmbench {
namespace {

// The service's own buffers of a swept collective (kernels/ops/registry.h, buffers_per_rank).
constexpr int kServiceBuffersPerRank = 6;

std::optional<Computes> ComputesOf(v1::PluginComputes computes) {
  switch (computes) {
    case v1::all_reduce_sum:
      return Computes::kAllReduceSum;
    case v1::all_gather:
      return Computes::kAllGather;
    case v1::reduce_scatter_sum:
      return Computes::kReduceScatterSum;
    default:
      return std::nullopt;
  }
}

}  // namespace

const v1::PluginOp* FindPluginOp(const PluginOps& plugin_ops, std::string_view kernel) {
  if (kernel.empty()) return nullptr;
  for (const v1::PluginOp& op : plugin_ops) {
    if (op.kernel() == kernel) return &op;
  }
  return nullptr;
}

int PluginBuffersPerRank(const v1::PluginOp& op) {
  return kServiceBuffersPerRank + op.buffer_bytes_per_message_byte();
}

std::optional<OpDescriptor> PluginJobOp(const v1::PluginOp& plugin) {
  const std::optional<Computes> computes = ComputesOf(plugin.computes());
  if (!computes.has_value()) return std::nullopt;
  return PluginOpDescriptor(plugin.kernel().c_str(), plugin.description().c_str(), *computes,
                            PluginBuffersPerRank(plugin));
}

std::optional<OpDescriptor> JobOp(const PluginOps& plugin_ops, std::string_view kernel) {
  if (const OpDescriptor* op = FindOp(kernel); op != nullptr) return *op;
  const v1::PluginOp* plugin = FindPluginOp(plugin_ops, kernel);
  if (plugin == nullptr) return std::nullopt;
  return PluginJobOp(*plugin);
}

std::vector<v1::DType> KernelDTypes(const v1::JobSpec& spec) {
  if (const v1::PluginOp* plugin = FindPluginOp(spec, spec.kernel()); plugin != nullptr) {
    std::vector<v1::DType> dtypes;
    for (int dtype : plugin->dtypes()) dtypes.push_back(static_cast<v1::DType>(dtype));
    return dtypes;
  }
  if (!IsSizeSwept(spec.kernel())) return {};
  return {v1::bf16, v1::fp16, v1::fp32};
}

std::vector<v1::DType> JobDTypes(const v1::JobSpec& spec, const v1::JobPlan& plan) {
  if (plan.dtypes_size() == 0) return {spec.dtype()};
  std::vector<v1::DType> dtypes;
  for (int dtype : plan.dtypes()) dtypes.push_back(static_cast<v1::DType>(dtype));
  return dtypes;
}

}  // namespace symmbench
