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
#include "common/quote.h"
#include "google/protobuf/util/json_util.h"
#include "plugin/kernel_name.h"
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
                             std::chrono::milliseconds describe_timeout)
    : dir_(std::move(dir)),
      worker_(std::move(worker)),
      backend_(backend),
      describe_timeout_(describe_timeout) {}

v1::Plugin PluginCatalog::Describe(const std::string& path) const {
  v1::Plugin plugin;
  plugin.set_name(PluginNameOf(path));
  plugin.set_path(path);
  absl::StatusOr<CommandOutput> run =
      RunCommand({worker_, "--describe-plugin", path}, nullptr, describe_timeout_);
  if (!run.ok()) {
    plugin.set_error(
        absl::StrCat("plugin ", path, ": describing it failed: ", run.status().message()));
    return plugin;
  }
  if (run->exit_code != 0) {
    plugin.set_error(
        absl::StrCat("plugin ", path, ": describing it ended the worker with exit code ",
                     run->exit_code, run->exit_code > 128 ? " (a signal: the library crashed)" : "",
                     run->err.empty() ? "" : ": ", run->err));
    return plugin;
  }
  v1::Plugin described;
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = true;
  if (!google::protobuf::util::JsonStringToMessage(run->out, &described, options).ok()) {
    plugin.set_error(
        absl::StrCat("plugin ", path, ": the worker's description does not parse: ", run->out));
    return plugin;
  }
  if (described.error().empty() && described.backend() != backend_) {
    described.set_error(absl::StrCat("plugin ", path, " is built for the ",
                                     v1::Backend_Name(described.backend()),
                                     " backend; this daemon serves ", v1::Backend_Name(backend_)));
  }
  return described;
}

std::vector<v1::Plugin> PluginCatalog::List() {
  std::vector<v1::Plugin> plugins;
  if (dir_.empty()) return plugins;
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
    return plugins;
  }
  std::sort(paths.begin(), paths.end());
  std::lock_guard<std::mutex> lock(mu_);
  std::map<std::string, Entry> kept;
  for (const std::string& path : paths) {
    struct stat st {};
    if (stat(path.c_str(), &st) != 0) continue;
    const int64_t mtime_ns =
        static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    Entry entry;
    auto found = entries_.find(path);
    if (found != entries_.end() && found->second.size == st.st_size &&
        found->second.mtime_ns == mtime_ns) {
      entry = std::move(found->second);
    } else {
      entry.size = st.st_size;
      entry.mtime_ns = mtime_ns;
      entry.plugin = Describe(path);
      if (!entry.plugin.error().empty()) {
        spdlog::warn("--plugin-dir: a library cannot be used: {}", entry.plugin.error());
      } else {
        spdlog::info("plugin {}: {} op(s), ABI {}, version \"{}\"", path, entry.plugin.ops_size(),
                     entry.plugin.abi_version(), entry.plugin.version());
      }
    }
    plugins.push_back(entry.plugin);
    kept.emplace(path, std::move(entry));
  }
  entries_ = std::move(kept);
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
  for (v1::Plugin& plugin : List()) {
    if (plugin.name() != name->plugin) {
      names.push_back(plugin.name());
      continue;
    }
    if (!plugin.error().empty()) {
      return absl::InvalidArgumentError(absl::StrCat(field, ": ", plugin.error()));
    }
    std::vector<std::string> ops;
    for (const v1::PluginOp& op : plugin.ops()) {
      if (op.op() == name->op) {
        *spec->add_plugin_ops() = op;
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

}  // namespace symmbench
