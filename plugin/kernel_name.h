// How a job names a plugin op: "<plugin>:<op>", <plugin> being the library's file name in the
// daemon's --plugin-dir without ".so". Built-in op names never hold ':'.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace symmbench {

struct PluginKernelName {
  std::string plugin;  // may be anything the user typed: the catalog checks it
  std::string op;
};

// The two halves of `kernel` when it holds a ':' (split at the first), else nullopt.
inline std::optional<PluginKernelName> SplitPluginKernel(std::string_view kernel) {
  const size_t colon = kernel.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  return PluginKernelName{std::string(kernel.substr(0, colon)),
                          std::string(kernel.substr(colon + 1))};
}

// "<plugin>:<op>".
inline std::string JoinPluginKernel(std::string_view plugin, std::string_view op) {
  std::string name(plugin);
  name += ':';
  name += op;
  return name;
}

// The plugin name of the library at `path`: its file name without a trailing ".so".
inline std::string PluginNameOf(std::string_view path) {
  const size_t slash = path.rfind('/');
  std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  constexpr std::string_view kSuffix = ".so";
  if (name.size() >= kSuffix.size() && name.substr(name.size() - kSuffix.size()) == kSuffix) {
    name.remove_suffix(kSuffix.size());
  }
  return std::string(name);
}

}  // namespace symmbench
