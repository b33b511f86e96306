// PluginLibrary: a plugin (plugin/symmbench_plugin.h) opened with dlopen, its ABI version checked
// before anything else is read, and its description validated, so that the code above it can
// trust every field. Used by the worker (which runs the ops) and by `symmbench-worker
// --describe-plugin` (which the daemon asks about each library of its --plugin-dir).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "plugin/symmbench_plugin.h"
#include "plugin/versions.h"

namespace symmbench {

class PluginLibrary {
 public:
  // Opens `path` (RTLD_NOW | RTLD_LOCAL), reads symmbench_plugin_abi_version and, when it is a
  // version this build speaks, symmbench_plugin_describe, and validates the description.
  // FAILED_PRECONDITION naming the path for a library that does not load (dlerror's text), a
  // missing symbol, another ABI version ("speaks plugin ABI 99; this build speaks 1, 2") or an
  // invalid description (the field: "ops[1].dtypes: empty").
  static absl::StatusOr<std::shared_ptr<const PluginLibrary>> Open(const std::string& path);

  ~PluginLibrary();  // dlclose
  PluginLibrary(const PluginLibrary&) = delete;
  PluginLibrary& operator=(const PluginLibrary&) = delete;

  const std::string& path() const { return path_; }
  const symmbench_plugin& plugin() const { return *plugin_; }
  // The op named `name`; NOT_FOUND naming the path and the ops it has.
  absl::StatusOr<const symmbench_op*> FindOp(std::string_view name) const;

 private:
  PluginLibrary(std::string path, void* handle) : path_(std::move(path)), handle_(handle) {}

  const std::string path_;
  void* const handle_;
  const symmbench_plugin* plugin_ = nullptr;
};

// Whether `name` is a valid op name: 1..kMaxPluginOpNameLength characters of [a-z0-9_].
bool IsValidPluginOpName(std::string_view name);

// The message of a failed plugin call: the text it wrote into `error` (NUL-terminated within
// `size` bytes, or cut there), or its status' name when it wrote none.
std::string PluginErrorText(int32_t status, const char* error, size_t size);

}  // namespace symmbench
