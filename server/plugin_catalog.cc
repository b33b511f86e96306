// PluginCatalog: the directory listing, the worker's descriptions, and a job's plugin op
// resolved against them.
#include "server/plugin_catalog.h"

#include <spdlog/spdlog.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/did_you_mean.h"
#include "common/file_sha256.h"
#include "common/quote.h"
#include "google/protobuf/util/json_util.h"
#include "plugin/kernel_name.h"
#include "server/kept_builds.h"
#include "server/launch/subprocess.h"

namespace symmbench {
namespace {

// Whether `name` may name a library of the directory: a file name, nothing that climbs out of
// it or hides (no '/', no leading '.', so neither "." nor ".." nor ".../x").
bool IsLibraryName(const std::string& name) {
  return !name.empty() && name.find('/') == std::string::npos && name[0] != '.' &&
         name.find('\0') == std::string::npos;
}

}  // namespace

PluginCatalog::PluginCatalog(std::string dir, std::string worker, v1::Backend backend,
                             std::chrono::milliseconds describe_timeout, int describers)
    : dir_(std::move(dir)),
      worker_(std::move(worker)),
      backend_(backend),
      describe_timeout_(describe_timeout),
      describer_count_(std::max(1, describers)) {}

PluginCatalog::~PluginCatalog() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  queue_changed_.notify_all();
  described_.notify_all();
  for (std::thread& t : describers_) t.join();
}

v1::Plugin PluginCatalog::Describe(const std::string& path) const {
  v1::Plugin plugin;
  plugin.set_name(PluginNameOf(path));
  plugin.set_path(path);
  absl::StatusOr<CommandOutput> run =
      RunCommand({worker_, "--describe-plugin", path}, nullptr, describe_timeout_);
  if (!run.ok()) {
    plugin.set_error(BoundedMessage(
        absl::StrCat("plugin ", path, ": describing it failed: ", run.status().message()),
        kMaxPluginErrorBytes));
    return plugin;
  }
  if (run->exit_code != 0) {
    plugin.set_error(BoundedMessage(
        absl::StrCat("plugin ", path, ": describing it ended the worker with exit code ",
                     run->exit_code, run->exit_code > 128 ? " (a signal: the library crashed)" : "",
                     run->err.empty() ? "" : ": ", run->err),
        kMaxPluginErrorBytes));
    return plugin;
  }
  v1::Plugin described;
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = true;
  if (!google::protobuf::util::JsonStringToMessage(run->out, &described, options).ok()) {
    plugin.set_error(BoundedMessage(
        absl::StrCat("plugin ", path, ": the worker's description does not parse: ", run->out),
        kMaxPluginErrorBytes));
    return plugin;
  }
  if (described.error().empty() && described.backend() != backend_) {
    described.set_error(absl::StrCat("plugin ", path, " is built for the ",
                                     v1::Backend_Name(described.backend()),
                                     " backend; this daemon serves ", v1::Backend_Name(backend_)));
  }
  described.set_error(BoundedMessage(described.error(), kMaxPluginErrorBytes));
  return described;
}

void PluginCatalog::ScanLocked() {
  std::vector<std::string> paths;
  std::error_code error;
  for (const auto& item : std::filesystem::directory_iterator(dir_, error)) {
    const std::string path = item.path().string();
    if (!absl::EndsWith(path, ".so") || !IsLibraryName(item.path().filename().string())) continue;
    std::error_code type_error;
    if (!std::filesystem::is_regular_file(item.path(), type_error)) continue;  // follows links
    paths.push_back(path);
  }
  if (error) {
    spdlog::warn("--plugin-dir {}: cannot list it: {}", dir_, error.message());
    entries_.clear();
    return;
  }
  std::map<std::string, Entry> kept;
  for (const std::string& path : paths) {
    struct stat st {};
    if (stat(path.c_str(), &st) != 0) continue;
    auto found = entries_.find(path);
    Entry entry = found != entries_.end() ? std::move(found->second) : Entry{};
    if (found == entries_.end()) {
      entry.plugin.set_name(PluginNameOf(path));
      entry.plugin.set_path(path);
    }
    entry.file = {st.st_size,
                  static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec};
    if (!entry.current() && !entry.queued) {
      entry.queued = true;
      queue_.push_back(path);
      queue_changed_.notify_one();
    }
    kept.emplace(path, std::move(entry));
  }
  entries_ = std::move(kept);
  // The describers start with the first library: a daemon without plugins runs none.
  while (!queue_.empty() && static_cast<int>(describers_.size()) < describer_count_) {
    describers_.emplace_back([this] { DescriberLoop(); });
  }
}

void PluginCatalog::DescriberLoop() {
  std::unique_lock<std::mutex> lock(mu_);
  while (true) {
    queue_changed_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (stopping_) return;
    const std::string path = queue_.front();
    queue_.pop_front();
    auto it = entries_.find(path);
    if (it == entries_.end()) continue;
    const FileStamp file = it->second.file;  // what this description will be of
    lock.unlock();
    v1::Plugin plugin = Describe(path);
    lock.lock();
    it = entries_.find(path);
    if (it == entries_.end()) continue;  // gone from the directory meanwhile
    Entry& entry = it->second;
    entry.queued = false;
    entry.plugin = std::move(plugin);
    entry.described = file;
    if (!entry.plugin.error().empty()) {
      spdlog::warn("--plugin-dir: a library cannot be used: {}", entry.plugin.error());
    } else {
      spdlog::info("plugin {}: {} op(s), ABI {}, version \"{}\"", path, entry.plugin.ops_size(),
                   entry.plugin.abi_version(), entry.plugin.version());
    }
    described_.notify_all();
  }
}

v1::Plugin PluginCatalog::Shown(const Entry& entry) {
  v1::Plugin shown = entry.plugin;
  if (!entry.current()) {
    shown.set_stale(true);
    if (entry.described.size < 0) {
      shown.set_error(absl::StrCat("plugin ", shown.path(),
                                   ": being described (a new library); list again shortly"));
    }
  }
  return shown;
}

std::vector<v1::Plugin> PluginCatalog::List() {
  std::vector<v1::Plugin> plugins;
  if (dir_.empty()) return plugins;
  std::lock_guard<std::mutex> lock(mu_);
  ScanLocked();
  for (const auto& [path, entry] : entries_) plugins.push_back(Shown(entry));
  return plugins;
}

absl::Status PluginCatalog::Resolve(v1::JobSpec* spec) {
  spec->clear_plugin_ops();
  if (absl::Status s = ResolveOne(spec->kernel(), "kernel", spec); !s.ok()) return s;
  const std::string& compare = spec->sweep().compare_kernel();
  if (compare.empty() || compare == spec->kernel()) return absl::OkStatus();
  return ResolveOne(compare, "sweep.compare_kernel", spec);
}

absl::Status PluginCatalog::ResolveOne(const std::string& kernel, const std::string& field_name,
                                       v1::JobSpec* spec) {
  const std::optional<PluginKernelName> name = SplitPluginKernel(kernel);
  if (!name.has_value()) return absl::OkStatus();
  const std::string field = absl::StrCat(field_name, ": ", Quote(kernel));
  if (IsKeptBuildKernel(kernel)) {
    if (!kept_builds_) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, " names a kept build, and this daemon keeps none"));
    }
    absl::StatusOr<v1::PluginOp> kept = kept_builds_(kernel, field_name);
    if (!kept.ok()) return kept.status();
    if (kept->backend() != backend_) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": a build for backend ", v1::Backend_Name(kept->backend()),
                       ", and this daemon runs ", v1::Backend_Name(backend_)));
    }
    *spec->add_plugin_ops() = *std::move(kept);
    return absl::OkStatus();
  }
  if (!IsLibraryName(name->plugin)) {
    return absl::InvalidArgumentError(absl::StrCat(
        field, ": the plugin ", Quote(name->plugin),
        " must be a library of the daemon's --plugin-dir, named by its file name without .so "
        "(no '/', not starting with '.')"));
  }
  if (dir_.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, " names a plugin op, and this daemon has no --plugin-dir"));
  }
  std::vector<std::string> names;
  std::unique_lock<std::mutex> lock(mu_);
  ScanLocked();
  // The library this job names must be described as its file is now (its ops may have
  // changed); the others are not waited for.
  const auto named = [&] {
    return std::find_if(entries_.begin(), entries_.end(),
                        [&](const auto& e) { return PluginNameOf(e.first) == name->plugin; });
  };
  const auto ready = [&] {
    auto it = named();
    return stopping_ || it == entries_.end() || it->second.current();
  };
  if (!described_.wait_for(lock, describe_timeout_ + std::chrono::seconds(1), ready)) {
    return absl::UnavailableError(absl::StrCat(
        field, ": plugin ", name->plugin, " changed and is still being described (at most ",
        describe_timeout_.count() / 1000, " s); submit again shortly"));
  }
  for (const auto& [entry_path, entry] : entries_) {
    const v1::Plugin& plugin = entry.plugin;
    if (PluginNameOf(entry_path) != name->plugin) {
      names.push_back(PluginNameOf(entry_path));
      continue;
    }
    if (!entry.current()) break;  // stopping
    if (!plugin.error().empty()) {
      return absl::InvalidArgumentError(absl::StrCat(field, ": ", plugin.error()));
    }
    std::vector<std::string> ops;
    for (const v1::PluginOp& op : plugin.ops()) {
      if (op.op() == name->op) {
        v1::PluginOp* chosen = spec->add_plugin_ops();
        *chosen = op;
        // The file as it is now, which the description above is of: a job that finds another
        // at its start fails then (JobManager::StartJob).
        absl::StatusOr<std::string> sha256 = FileSha256(entry_path);
        if (!sha256.ok()) {
          return absl::UnavailableError(absl::StrCat(field, ": ", sha256.status().message()));
        }
        chosen->set_library_sha256(*sha256);
        return absl::OkStatus();
      }
      ops.push_back(op.op());
    }
    return absl::InvalidArgumentError(absl::StrCat(field, ": plugin ", plugin.name(), " has no op ",
                                                   Quote(name->op), DidYouMeanSuffix(name->op, ops),
                                                   " (its ops: ", absl::StrJoin(ops, ", "), ")"));
  }
  return absl::InvalidArgumentError(
      absl::StrCat(field, ": no plugin ", Quote(name->plugin), " in the daemon's --plugin-dir ",
                   dir_, DidYouMeanSuffix(name->plugin, names),
                   " (plugins: ", names.empty() ? "none" : absl::StrJoin(names, ", "), ")"));
}

absl::Status CheckPluginLibraries(const v1::JobSpec& spec) {
  for (const v1::PluginOp& op : spec.plugin_ops()) {
    if (op.library_sha256().empty()) continue;
    absl::StatusOr<std::string> now = FileSha256(op.path());
    if (!now.ok()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "plugin ", op.path(), " cannot be read at the job's start: ", now.status().message()));
    }
    if (*now != op.library_sha256()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "plugin ", op.path(), " changed after the job was submitted (SHA-256 ",
          op.library_sha256().substr(0, 12), "... at submission, ", now->substr(0, 12),
          "... now); not run, since its record names the build submitted: submit it again"));
    }
  }
  return absl::OkStatus();
}

}  // namespace symmbench
