// PluginLibrary against real libraries: the example plugin and a version-1 plugin open and their
// ops are found; another ABI, a description of another version than the library says, a missing
// symbol, an invalid description and a file that is no library are refused with messages that
// name the path and the problem.
#include "plugin/library.h"

#include <gtest/gtest.h>

#include <string>

#include "plugin/describe.h"

namespace symmbench {
namespace {

std::string Runfile(const std::string& path) {
  const char* dir = std::getenv("TEST_SRCDIR");
  return std::string(dir != nullptr ? dir : ".") + "/symmbench/" + path;
}

TEST(PluginLibraryTest, ExampleOpensAndFindsItsOp) {
  const std::string path = Runfile("examples/plugins/example_one_shot_cpu.so");
  absl::StatusOr<std::shared_ptr<const PluginLibrary>> library = PluginLibrary::Open(path);
  ASSERT_TRUE(library.ok()) << library.status();
  EXPECT_EQ((*library)->plugin().backend, SYMMBENCH_BACKEND_CPU);
  absl::StatusOr<const symmbench_op*> op = (*library)->FindOp("one_shot");
  ASSERT_TRUE(op.ok()) << op.status();
  EXPECT_EQ((*op)->computes, SYMMBENCH_ALL_REDUCE_SUM);
  absl::StatusOr<const symmbench_op*> missing = (*library)->FindOp("two_shot");
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(missing.status().message().find("its ops: one_shot"), std::string::npos);
}

TEST(PluginLibraryTest, RefusesWhatItCannotUse) {
  const struct {
    const char* file;
    const char* says;
  } cases[] = {
      {"tests/plugins/abi_v99_cpu.so", "speaks plugin ABI 99; this build speaks 1, 2"},
      {"tests/plugins/abi_mismatch_cpu.so",
       "abi_version: the description says 1, symmbench_plugin_abi_version said 2"},
      {"tests/plugins/no_describe_cpu.so", "missing symbol symmbench_plugin_describe"},
      {"tests/plugins/bad_description_cpu.so", "ops[0] (one_shot).dtypes: 0 is empty"},
      {"plugin/library_test.cc", "does not load"},
      {"no/such/file.so", "does not load"},
  };
  for (const auto& c : cases) {
    const std::string path = Runfile(c.file);
    absl::StatusOr<std::shared_ptr<const PluginLibrary>> library = PluginLibrary::Open(path);
    ASSERT_FALSE(library.ok()) << c.file;
    EXPECT_EQ(library.status().code(), absl::StatusCode::kFailedPrecondition) << c.file;
    EXPECT_NE(library.status().message().find(path), std::string::npos) << library.status();
    EXPECT_NE(library.status().message().find(c.says), std::string::npos) << library.status();
    // The daemon's listing carries the same message.
    EXPECT_EQ(DescribePlugin(path).error(), library.status().message());
  }
}

// Version 2 changed only what comm->abort_word is on CUDA: a version-1 library still opens.
TEST(PluginLibraryTest, OpensAVersionOnePlugin) {
  const std::string path = Runfile("tests/plugins/abi_v1_cpu.so");
  absl::StatusOr<std::shared_ptr<const PluginLibrary>> library = PluginLibrary::Open(path);
  ASSERT_TRUE(library.ok()) << library.status();
  EXPECT_EQ((*library)->plugin().abi_version, 1u);
  EXPECT_EQ(DescribePlugin(path).abi_version(), 1u);
}

TEST(PluginLibraryTest, DescribesTheExampleAsTheApiLists) {
  const std::string path = Runfile("examples/plugins/example_one_shot_cpu.so");
  const v1::Plugin plugin = DescribePlugin(path);
  EXPECT_EQ(plugin.error(), "");
  EXPECT_EQ(plugin.name(), "example_one_shot_cpu");
  EXPECT_EQ(plugin.abi_version(), 2u);
  ASSERT_EQ(plugin.ops_size(), 1);
  EXPECT_EQ(plugin.ops(0).kernel(), "example_one_shot_cpu:one_shot");
  EXPECT_EQ(plugin.ops(0).computes(), v1::all_reduce_sum);
  EXPECT_EQ(plugin.ops(0).dtypes_size(), 3);
  EXPECT_TRUE(plugin.ops(0).sums_in_rank_order());
}

TEST(PluginLibraryTest, OpNames) {
  EXPECT_TRUE(IsValidPluginOpName("one_shot_2"));
  EXPECT_FALSE(IsValidPluginOpName(""));
  EXPECT_FALSE(IsValidPluginOpName("One"));
  EXPECT_FALSE(IsValidPluginOpName("a:b"));
  EXPECT_FALSE(IsValidPluginOpName(std::string(65, 'a')));
}

}  // namespace
}  // namespace symmbench
