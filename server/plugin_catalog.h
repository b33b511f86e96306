// PluginCatalog: the plugin libraries of the daemon's --plugin-dir (plugin/symmbench_plugin.h),
// and the resolution of the plugin ops a job names ("<plugin>:<op>") into its spec. Each library
// is described by `symmbench-worker --describe-plugin` (a library that crashes while loading ends
// that short-lived process, not the daemon), again whenever its file changes; only libraries
// directly in the directory are offered. Descriptions run on the catalog's own threads, several
// libraries at once, never on a caller's: a library that hangs while loading delays nothing but
// the jobs that name it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

// The longest Plugin.error kept (a library's loader may print megabytes).
inline constexpr size_t kMaxPluginErrorBytes = 2048;

class PluginCatalog {
 public:
  // `dir`: the plugin directory (empty: no plugins; every plugin op is refused). `worker`: the
  // worker binary that describes a library. `backend`: what the daemon serves; a library built
  // for the other is listed with an error. `describe_timeout` bounds each description;
  // `describers` libraries are described at once.
  PluginCatalog(std::string dir, std::string worker, v1::Backend backend,
                std::chrono::milliseconds describe_timeout = std::chrono::seconds(20),
                int describers = 4);
  // Waits for the descriptions under way (each at most describe_timeout).
  ~PluginCatalog();
  PluginCatalog(const PluginCatalog&) = delete;
  PluginCatalog& operator=(const PluginCatalog&) = delete;

  const std::string& dir() const { return dir_; }

  // Every "*.so" directly in the directory (regular files and links to them), sorted by name.
  // Never waits for a description: a library whose file is new or changed since its last one
  // is queued to be described again and listed `stale` with its last known description (a new
  // one with an error saying it is being described). Empty without a directory or when it
  // cannot be read (logged). Thread-safe.
  std::vector<v1::Plugin> List();

  // Replaces spec->plugin_ops with the plugin ops ("<plugin>:<op>") that spec->kernel and
  // spec->sweep.compare_kernel name (nothing for built-in kernels), each with its library's
  // SHA-256. Waits (at most describe_timeout) for a named library whose file is new or changed
  // to be described. INVALID_ARGUMENT naming the field (kernel, sweep.compare_kernel): a plugin
  // name that is not a file name (empty, with '/', or starting with '.'), no --plugin-dir, no
  // such library, a library that cannot be used (its error: another ABI, a missing symbol,
  // another backend), an op the library does not have; UNAVAILABLE naming the field when the
  // library's description is not ready in time or its file cannot be read. Thread-safe.
  // A kernel name holding '@' names a build a baseline kept (server/kept_builds.h): it is looked
  // up with set_kept_builds' function (INVALID_ARGUMENT naming the field without one, or for a
  // build of the other backend).
  absl::Status Resolve(v1::JobSpec* spec);

  // How Resolve finds a kept build: (kernel, field) -> the op with its kept copy's path, or
  // INVALID_ARGUMENT naming the field. Set before the catalog is shared.
  using KeptBuildLookup =
      std::function<absl::StatusOr<v1::PluginOp>(const std::string&, const std::string&)>;
  void set_kept_builds(KeptBuildLookup lookup) { kept_builds_ = std::move(lookup); }

 private:
  struct FileStamp {
    int64_t size = -1;
    int64_t mtime_ns = -1;
    bool operator==(const FileStamp& o) const { return size == o.size && mtime_ns == o.mtime_ns; }
  };
  struct Entry {
    FileStamp file;       // the file as the last scan found it
    FileStamp described;  // the file `plugin` describes
    bool queued = false;  // waiting for or under description
    v1::Plugin plugin;    // the last description (name and path only before the first)
    bool current() const { return described == file; }
  };
  // The description of the library at `path` from the worker.
  v1::Plugin Describe(const std::string& path) const;
  // Brings entries_ up to the directory; queues the new and changed files. mu_ held.
  void ScanLocked();
  // What List shows of an entry. mu_ held.
  static v1::Plugin Shown(const Entry& entry);
  void DescriberLoop();
  // Adds the op `kernel` names (as `field`) to spec->plugin_ops when it is a plugin op.
  absl::Status ResolveOne(const std::string& kernel, const std::string& field, v1::JobSpec* spec);

  const std::string dir_;
  const std::string worker_;
  const v1::Backend backend_;
  const std::chrono::milliseconds describe_timeout_;
  const int describer_count_;
  KeptBuildLookup kept_builds_;
  std::mutex mu_;
  std::condition_variable queue_changed_;  // a path queued, or stopping
  std::condition_variable described_;      // a description stored
  std::map<std::string, Entry> entries_;   // by path; guarded by mu_
  std::deque<std::string> queue_;          // paths to describe; guarded by mu_
  bool stopping_ = false;                  // guarded by mu_
  std::vector<std::thread> describers_;    // started at the first queued path
};

// FAILED_PRECONDITION naming the library when a plugin op's file is not, by its SHA-256, the one
// resolved at submission (PluginOp.library_sha256; ops without one pass): the job would run
// another build than its record names. Read at the job's start, before its workers load it.
absl::Status CheckPluginLibraries(const v1::JobSpec& spec);

}  // namespace symmbench
