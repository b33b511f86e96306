// Kept builds: copying a baseline's plugin library aside, and finding it again by name.
#include "server/kept_builds.h"

#include <unistd.h>

#include <filesystem>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/file_sha256.h"
#include "common/quote.h"

namespace symmbench {

std::string KeptBuildKernel(std::string_view kernel, std::string_view sha256) {
  std::string name(kernel);
  name += '@';
  name += sha256.substr(0, kKeptBuildShaDigits);
  return name;
}

bool IsKeptBuildKernel(std::string_view kernel) {
  return kernel.find('@') != std::string_view::npos;
}

absl::StatusOr<v1::PluginOp> KeepBuild(const v1::PluginOp& op, const std::string& dir) {
  namespace fs = std::filesystem;
  const std::string& sha256 = op.library_sha256();
  if (sha256.size() < kKeptBuildShaDigits) {
    return absl::FailedPreconditionError(
        absl::StrCat("plugin ", op.path(), ": the job's record has no SHA-256 of its library"));
  }
  std::error_code error;
  fs::create_directories(dir, error);
  if (error) {
    return absl::InternalError(
        absl::StrCat("kept builds directory ", dir, ": cannot create it: ", error.message()));
  }
  const std::string kept = absl::StrCat(dir, "/", sha256, ".so");
  absl::StatusOr<std::string> existing = FileSha256(kept);
  if (!existing.ok() || *existing != sha256) {
    // Copied under a temporary name and renamed: a reader never sees half a library.
    const std::string partial = absl::StrCat(dir, "/.", sha256, ".so.", getpid(), ".partial");
    fs::copy_file(op.path(), partial, fs::copy_options::overwrite_existing, error);
    if (error) {
      fs::remove(partial, error);
      return absl::FailedPreconditionError(
          absl::StrCat("plugin ", op.path(),
                       " cannot be read to keep the build the job ran: ", error.message()));
    }
    absl::StatusOr<std::string> copied = FileSha256(partial);
    if (!copied.ok() || *copied != sha256) {
      fs::remove(partial, error);
      return absl::FailedPreconditionError(absl::StrCat(
          "plugin ", op.path(), " is no longer the build the job ran (SHA-256 ",
          sha256.substr(0, kKeptBuildShaDigits), "... then, ",
          copied.ok() ? copied->substr(0, kKeptBuildShaDigits) + "... now" : "unreadable now",
          "): the baseline keeps its times but not its build"));
    }
    fs::rename(partial, kept, error);
    if (error) {
      fs::remove(partial, error);
      return absl::InternalError(
          absl::StrCat("kept builds directory ", dir, ": cannot write ", kept));
    }
  }
  v1::PluginOp kept_op = op;
  kept_op.set_kernel(KeptBuildKernel(op.kernel(), sha256));
  kept_op.set_path(kept);
  return kept_op;
}

absl::StatusOr<v1::PluginOp> FindKeptBuild(const std::vector<v1::Baseline>& baselines,
                                           const std::string& kernel, const std::string& field) {
  std::vector<std::string> kept;
  for (const v1::Baseline& baseline : baselines) {
    if (!baseline.has_kept_build()) continue;
    if (baseline.kept_build().kernel() == kernel) return baseline.kept_build();
    kept.push_back(
        absl::StrCat(baseline.kept_build().kernel(), " (baseline ", baseline.name(), ")"));
  }
  return absl::InvalidArgumentError(absl::StrCat(
      field, ": ", Quote(kernel), " names a kept build, and no baseline keeps it (kept builds: ",
      kept.empty() ? "none" : absl::StrJoin(kept, ", "),
      "; a baseline saved from a job of a plugin op keeps its build)"));
}

}  // namespace symmbench
