// PluginCatalog: the plugin libraries of the daemon's --plugin-dir (plugin/symmbench_plugin.h),
// and the resolution of the plugin ops a job names ("<plugin>:<op>") into its spec. Each library
// is described by `symmbench-worker --describe-plugin` (a library that crashes while loading ends
// that short-lived process, not the daemon), again whenever its file changes; only libraries
// directly in the directory are offered.
#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

class PluginCatalog {
 public:
  // `dir`: the plugin directory (empty: no plugins; every plugin op is refused). `worker`: the
  // worker binary that describes a library. `backend`: what the daemon serves; a library built
  // for the other is listed with an error. `describe_timeout` bounds each description.
  PluginCatalog(std::string dir, std::string worker, v1::Backend backend,
                std::chrono::milliseconds describe_timeout = std::chrono::seconds(20));

  const std::string& dir() const { return dir_; }

  // Every "*.so" directly in the directory (regular files and links to them), sorted by name,
  // each described anew when its size or modification time changed since the last call (or its
  // `error` saying why it cannot be used). Empty without a directory or when it cannot be read
  // (logged). Thread-safe.
  std::vector<v1::Plugin> List();

  // Replaces spec->plugin_ops with the plugin ops ("<plugin>:<op>") that spec->kernel and
  // spec->sweep.compare_kernel name (nothing for built-in kernels). INVALID_ARGUMENT naming the
  // field (kernel, sweep.compare_kernel): a plugin name that is not a file name (empty, with
  // '/', or starting with '.'), no --plugin-dir, no such library, a library that cannot be used
  // (its error: another ABI, a missing symbol, another backend), an op the library does not
  // have. Thread-safe.
  absl::Status Resolve(v1::JobSpec* spec);

 private:
  struct Entry {
    int64_t size = -1;
    int64_t mtime_ns = -1;
    v1::Plugin plugin;
  };
  // The description of the library at `path` from the worker.
  v1::Plugin Describe(const std::string& path) const;
  // Adds the op `kernel` names (as `field`) to spec->plugin_ops when it is a plugin op.
  absl::Status ResolveOne(const std::string& kernel, const std::string& field, v1::JobSpec* spec);

  const std::string dir_;
  const std::string worker_;
  const v1::Backend backend_;
  const std::chrono::milliseconds describe_timeout_;
  std::mutex mu_;
  std::map<std::string, Entry> entries_;  // by path; guarded by mu_
};

}  // namespace symmbench
