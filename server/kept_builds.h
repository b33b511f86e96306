// Kept builds: the plugin libraries that baselines keep (Baseline.kept_build). When a baseline is
// saved from a job of a plugin op, the coordinator copies the library the job ran into one
// directory, named by its SHA-256, so that a later candidate can be timed against that very
// build in the same passes (an A/B job) after the plugin directory's file has been replaced. A
// JobSpec names a kept build as "<plugin>:<op>@<first 12 hex digits of its SHA-256>".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

// The hex digits of the SHA-256 that a kept build's kernel name carries.
inline constexpr size_t kKeptBuildShaDigits = 12;

// "<kernel>@<first kKeptBuildShaDigits of sha256>", e.g.
// "example_one_shot_cpu:one_shot@3f2a9c1b7d0e".
std::string KeptBuildKernel(std::string_view kernel, std::string_view sha256);

// Whether a JobSpec's kernel name names a kept build (holds '@'; no other kernel name does).
bool IsKeptBuildKernel(std::string_view kernel);

// Keeps the library of `op` (a plugin op as a job resolved it, with path and library_sha256):
// copies it into `dir` (created if absent) as "<sha256>.so" unless that file is there already,
// and returns `op` with kernel KeptBuildKernel(op.kernel, sha256) and path the copy.
// FAILED_PRECONDITION when the library's file is no longer the build the job ran (another
// SHA-256: replaced since) or cannot be read; INTERNAL when the copy cannot be written.
absl::StatusOr<v1::PluginOp> KeepBuild(const v1::PluginOp& op, const std::string& dir);

// The kept build that `field` (kernel, sweep.compare_kernel) names as `kernel`, from the
// baselines that keep one. INVALID_ARGUMENT naming the field and the kept builds there are when
// no baseline keeps it.
absl::StatusOr<v1::PluginOp> FindKeptBuild(const std::vector<v1::Baseline>& baselines,
                                           const std::string& kernel, const std::string& field);

}  // namespace symmbench
