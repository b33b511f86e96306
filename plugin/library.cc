// PluginLibrary: dlopen, the ABI check, and the validation of a plugin's description.
#include "plugin/library.h"

#include <dlfcn.h>

#include <cstring>
#include <set>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace symmbench {
namespace {

constexpr char kAbiSymbol[] = "symmbench_plugin_abi_version";
constexpr char kDescribeSymbol[] = "symmbench_plugin_describe";
constexpr uint32_t kKnownDTypes = SYMMBENCH_DTYPE_BIT(SYMMBENCH_BF16) |
                                  SYMMBENCH_DTYPE_BIT(SYMMBENCH_FP16) |
                                  SYMMBENCH_DTYPE_BIT(SYMMBENCH_FP32);
constexpr uint32_t kKnownFlags = SYMMBENCH_OP_SUMS_IN_RANK_ORDER;

std::string DlError() {
  const char* text = dlerror();
  return text != nullptr ? text : "unknown error";
}

bool Speaks(uint32_t version) {
  for (uint32_t v : kPluginAbiVersions) {
    if (v == version) return true;
  }
  return false;
}

// INVALID_ARGUMENT naming the first bad field of `op` (at `index`) or nullptr-free OK.
absl::Status CheckOp(const symmbench_op& op, int index) {
  const std::string field = absl::StrCat("ops[", index, "]");
  if (op.name == nullptr || !IsValidPluginOpName(op.name)) {
    return absl::InvalidArgumentError(absl::StrCat(
        field, ".name: ", op.name == nullptr ? "null" : absl::StrCat("\"", op.name, "\""),
        " is not 1..", kMaxPluginOpNameLength, " characters of [a-z0-9_]"));
  }
  const std::string named = absl::StrCat(field, " (", op.name, ")");
  if (op.computes < SYMMBENCH_ALL_REDUCE_SUM || op.computes > SYMMBENCH_REDUCE_SCATTER_SUM) {
    return absl::InvalidArgumentError(
        absl::StrCat(named, ".computes: ", op.computes, " is not a symmbench_computes (1..3)"));
  }
  if (op.dtypes == 0 || (op.dtypes & ~kKnownDTypes) != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        named, ".dtypes: ", op.dtypes,
        op.dtypes == 0 ? " is empty" : " has bits of no symmbench_dtype (bf16, fp16, fp32)"));
  }
  if ((op.flags & ~kKnownFlags) != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(named, ".flags: unknown bits ", op.flags & ~kKnownFlags));
  }
  if (op.buffer_bytes_per_message_byte > kMaxBufferBytesPerMessageByte) {
    return absl::InvalidArgumentError(
        absl::StrCat(named, ".buffer_bytes_per_message_byte: ", op.buffer_bytes_per_message_byte,
                     " exceeds ", kMaxBufferBytesPerMessageByte));
  }
  if (op.buffer_bytes_fixed > kMaxPluginBufferBytesFixed) {
    return absl::InvalidArgumentError(
        absl::StrCat(named, ".buffer_bytes_fixed: ", op.buffer_bytes_fixed, " exceeds 1 TiB"));
  }
  if (op.signal_pad_bytes > kMaxPluginSignalPadBytes) {
    return absl::InvalidArgumentError(absl::StrCat(
        named, ".signal_pad_bytes: ", op.signal_pad_bytes, " exceeds ", kMaxPluginSignalPadBytes));
  }
  if (op.setup == nullptr || op.run == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat(named, op.setup == nullptr ? ".setup" : ".run", ": null"));
  }
  return absl::OkStatus();
}

// `version`: what symmbench_plugin_abi_version returned.
absl::Status CheckDescription(const symmbench_plugin* plugin, uint32_t version) {
  if (plugin == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(kDescribeSymbol, " returned null"));
  }
  if (plugin->abi_version != version) {
    return absl::InvalidArgumentError(absl::StrCat("abi_version: the description says ",
                                                   plugin->abi_version, ", ", kAbiSymbol, " said ",
                                                   version));
  }
  if (plugin->backend != SYMMBENCH_BACKEND_CPU && plugin->backend != SYMMBENCH_BACKEND_CUDA) {
    return absl::InvalidArgumentError(absl::StrCat(
        "backend: ", plugin->backend, " is not a symmbench_backend (1: cpu, 2: cuda)"));
  }
  if (plugin->num_ops < 1 || plugin->num_ops > kMaxPluginOps || plugin->ops == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("num_ops: ", plugin->num_ops,
                                                   plugin->ops == nullptr ? " with null ops" : "",
                                                   " (want 1..", kMaxPluginOps, " ops)"));
  }
  std::set<std::string> names;
  for (int i = 0; i < plugin->num_ops; ++i) {
    if (absl::Status s = CheckOp(plugin->ops[i], i); !s.ok()) return s;
    if (!names.insert(plugin->ops[i].name).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("ops[", i, "].name: \"", plugin->ops[i].name, "\" is declared twice"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

bool IsValidPluginOpName(std::string_view name) {
  if (name.empty() || name.size() > kMaxPluginOpNameLength) return false;
  for (char c : name) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  }
  return true;
}

std::string PluginErrorText(int32_t status, const char* error, size_t size) {
  std::string text(error, strnlen(error, size));
  if (!text.empty()) return text;
  switch (status) {
    case SYMMBENCH_ERR_INVALID_ARGUMENT:
      return "SYMMBENCH_ERR_INVALID_ARGUMENT";
    case SYMMBENCH_ERR_RESOURCE_EXHAUSTED:
      return "SYMMBENCH_ERR_RESOURCE_EXHAUSTED";
    case SYMMBENCH_ERR_TIMEOUT:
      return "SYMMBENCH_ERR_TIMEOUT";
    case SYMMBENCH_ERR_ABORTED:
      return "SYMMBENCH_ERR_ABORTED";
    case SYMMBENCH_ERR_INTERNAL:
      return "SYMMBENCH_ERR_INTERNAL";
    default:
      return absl::StrCat("status ", status);
  }
}

absl::StatusOr<std::shared_ptr<const PluginLibrary>> PluginLibrary::Open(const std::string& path) {
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat("plugin ", path, " does not load: ", DlError()));
  }
  // Owned from here: a failure below closes it.
  std::shared_ptr<PluginLibrary> library(new PluginLibrary(path, handle));
  dlerror();
  auto* abi = reinterpret_cast<uint32_t (*)()>(dlsym(handle, kAbiSymbol));
  if (abi == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat("plugin ", path, ": missing symbol ", kAbiSymbol, " (", DlError(), ")"));
  }
  const uint32_t version = abi();
  if (!Speaks(version)) {
    std::vector<uint32_t> spoken(std::begin(kPluginAbiVersions), std::end(kPluginAbiVersions));
    return absl::FailedPreconditionError(absl::StrCat("plugin ", path, " speaks plugin ABI ",
                                                      version, "; this build speaks ",
                                                      absl::StrJoin(spoken, ", ")));
  }
  auto* describe = reinterpret_cast<const symmbench_plugin* (*)()>(dlsym(handle, kDescribeSymbol));
  if (describe == nullptr) {
    return absl::FailedPreconditionError(
        absl::StrCat("plugin ", path, ": missing symbol ", kDescribeSymbol, " (", DlError(), ")"));
  }
  const symmbench_plugin* plugin = describe();
  if (absl::Status s = CheckDescription(plugin, version); !s.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat("plugin ", path, ": invalid description: ", s.message()));
  }
  library->plugin_ = plugin;
  return std::shared_ptr<const PluginLibrary>(std::move(library));
}

PluginLibrary::~PluginLibrary() { dlclose(handle_); }

absl::StatusOr<const symmbench_op*> PluginLibrary::FindOp(std::string_view name) const {
  std::vector<std::string> names;
  for (int i = 0; i < plugin_->num_ops; ++i) {
    if (name == plugin_->ops[i].name) return &plugin_->ops[i];
    names.emplace_back(plugin_->ops[i].name);
  }
  return absl::NotFoundError(absl::StrCat("plugin ", path_, " has no op \"", std::string(name),
                                          "\" (its ops: ", absl::StrJoin(names, ", "), ")"));
}

}  // namespace symmbench
