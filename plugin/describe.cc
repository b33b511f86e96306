// DescribePlugin: a PluginLibrary's description as the API's v1::Plugin.
#include "plugin/describe.h"

#include "plugin/kernel_name.h"
#include "plugin/library.h"

namespace symmbench {

static_assert(static_cast<int>(v1::bf16) == SYMMBENCH_BF16 &&
                  static_cast<int>(v1::fp16) == SYMMBENCH_FP16 &&
                  static_cast<int>(v1::fp32) == SYMMBENCH_FP32,
              "symmbench_dtype must number the types as v1::DType");
static_assert(static_cast<int>(v1::all_reduce_sum) == SYMMBENCH_ALL_REDUCE_SUM &&
                  static_cast<int>(v1::all_gather) == SYMMBENCH_ALL_GATHER &&
                  static_cast<int>(v1::reduce_scatter_sum) == SYMMBENCH_REDUCE_SCATTER_SUM,
              "symmbench_computes must number the ops as v1::PluginComputes");

v1::Plugin DescribePlugin(const std::string& path) {
  v1::Plugin plugin;
  plugin.set_name(PluginNameOf(path));
  plugin.set_path(path);
  absl::StatusOr<std::shared_ptr<const PluginLibrary>> library = PluginLibrary::Open(path);
  if (!library.ok()) {
    plugin.set_error(std::string(library.status().message()));
    return plugin;
  }
  const symmbench_plugin& p = (*library)->plugin();
  plugin.set_abi_version(p.abi_version);
  plugin.set_description(p.name != nullptr ? p.name : "");
  plugin.set_version(p.version != nullptr ? p.version : "");
  plugin.set_backend(p.backend == SYMMBENCH_BACKEND_CUDA ? v1::cuda : v1::cpu);
  for (int i = 0; i < p.num_ops; ++i) {
    const symmbench_op& op = p.ops[i];
    v1::PluginOp* out = plugin.add_ops();
    out->set_kernel(JoinPluginKernel(plugin.name(), op.name));
    out->set_op(op.name);
    out->set_description(op.description != nullptr ? op.description : "");
    out->set_computes(static_cast<v1::PluginComputes>(op.computes));  // checked: 1..3
    for (int dtype : {SYMMBENCH_BF16, SYMMBENCH_FP16, SYMMBENCH_FP32}) {
      if ((op.dtypes & SYMMBENCH_DTYPE_BIT(dtype)) != 0) {
        out->add_dtypes(static_cast<v1::DType>(dtype));
      }
    }
    out->set_sums_in_rank_order((op.flags & SYMMBENCH_OP_SUMS_IN_RANK_ORDER) != 0);
    out->set_buffer_bytes_per_message_byte(static_cast<int32_t>(op.buffer_bytes_per_message_byte));
    out->set_buffer_bytes_fixed(static_cast<int64_t>(op.buffer_bytes_fixed));
    out->set_signal_pad_bytes(static_cast<int64_t>(op.signal_pad_bytes));
    out->set_path(path);
    out->set_abi_version(p.abi_version);
    out->set_plugin_version(plugin.version());
    out->set_backend(plugin.backend());
  }
  return plugin;
}

}  // namespace symmbench
