// KeepBuild copies a plugin library by its SHA-256 and refuses one that changed since its job;
// FindKeptBuild names the builds there are when the one asked for is not kept.
#include "server/kept_builds.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "common/file_sha256.h"

namespace symmbench {
namespace {

std::string TempDir() {
  std::string dir =
      std::string(getenv("TEST_TMPDIR") ? getenv("TEST_TMPDIR") : "/tmp") + "/kept_builds_XXXXXX";
  EXPECT_NE(mkdtemp(dir.data()), nullptr);
  return dir;
}

// A resolved op of the library at `path`, as a job's spec holds it.
v1::PluginOp OpOf(const std::string& path) {
  v1::PluginOp op;
  op.set_kernel("example:one_shot");
  op.set_op("one_shot");
  op.set_path(path);
  op.set_backend(v1::cpu);
  absl::StatusOr<std::string> sha256 = FileSha256(path);
  EXPECT_TRUE(sha256.ok()) << sha256.status();
  op.set_library_sha256(*sha256);
  return op;
}

TEST(KeptBuildsTest, KeepsACopyNamedByItsHashThatOutlivesTheFile) {
  const std::string dir = TempDir();
  const std::string library = dir + "/example.so";
  std::ofstream(library) << "build one";
  const v1::PluginOp op = OpOf(library);
  absl::StatusOr<v1::PluginOp> kept = KeepBuild(op, dir + "/kept");
  ASSERT_TRUE(kept.ok()) << kept.status();
  EXPECT_EQ(kept->kernel(), "example:one_shot@" + op.library_sha256().substr(0, 12));
  EXPECT_EQ(kept->path(), dir + "/kept/" + op.library_sha256() + ".so");
  EXPECT_EQ(kept->library_sha256(), op.library_sha256());
  EXPECT_EQ(kept->op(), "one_shot");
  EXPECT_TRUE(IsKeptBuildKernel(kept->kernel()));
  EXPECT_FALSE(IsKeptBuildKernel(op.kernel()));
  // The plugin directory's file is replaced by another build: the copy is still the first.
  std::ofstream(library) << "build two";
  EXPECT_EQ(*FileSha256(kept->path()), op.library_sha256());
  // Keeping the same build again finds its copy (no read of the changed file).
  absl::StatusOr<v1::PluginOp> again = KeepBuild(op, dir + "/kept");
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(again->path(), kept->path());
}

TEST(KeptBuildsTest, RefusesALibraryThatIsNoLongerTheJobsBuild) {
  const std::string dir = TempDir();
  const std::string library = dir + "/example.so";
  std::ofstream(library) << "the build the job ran";
  const v1::PluginOp op = OpOf(library);
  std::ofstream(library) << "a later build";
  absl::StatusOr<v1::PluginOp> kept = KeepBuild(op, dir + "/kept");
  ASSERT_EQ(kept.status().code(), absl::StatusCode::kFailedPrecondition) << kept.status();
  EXPECT_NE(kept.status().message().find("is no longer the build the job ran"), std::string::npos)
      << kept.status();
  // Nothing half-kept is left behind.
  EXPECT_TRUE(std::filesystem::is_empty(dir + "/kept"));
  std::filesystem::remove(library);
  kept = KeepBuild(op, dir + "/kept");
  EXPECT_EQ(kept.status().code(), absl::StatusCode::kFailedPrecondition) << kept.status();
}

TEST(KeptBuildsTest, FindNamesTheFieldAndTheBuildsThereAre) {
  v1::Baseline main;
  main.set_name("main");
  main.mutable_kept_build()->set_kernel("example:one_shot@0123456789ab");
  v1::Baseline builtin;
  builtin.set_name("nccl");
  const std::vector<v1::Baseline> baselines = {builtin, main};
  absl::StatusOr<v1::PluginOp> found =
      FindKeptBuild(baselines, "example:one_shot@0123456789ab", "sweep.compare_kernel");
  ASSERT_TRUE(found.ok()) << found.status();
  EXPECT_EQ(found->kernel(), "example:one_shot@0123456789ab");
  found = FindKeptBuild(baselines, "example:one_shot@ffffffffffff", "sweep.compare_kernel");
  ASSERT_EQ(found.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(found.status().message(),
            "sweep.compare_kernel: \"example:one_shot@ffffffffffff\" names a kept build, and no "
            "baseline keeps it (kept builds: example:one_shot@0123456789ab (baseline main); a "
            "baseline saved from a job of a plugin op keeps its build)");
}

}  // namespace
}  // namespace symmbench
