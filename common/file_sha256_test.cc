// FileSha256 against the published SHA-256 test vectors, and an unreadable file.
#include "common/file_sha256.h"

#include <gtest/gtest.h>

#include <fstream>

namespace symmbench {
namespace {

std::string Written(const std::string& name, const std::string& bytes) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

TEST(FileSha256Test, KnownVectors) {
  EXPECT_EQ(*FileSha256(Written("empty", "")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(*FileSha256(Written("abc", "abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  // Longer than one read (64 KiB): a million 'a's.
  EXPECT_EQ(*FileSha256(Written("million", std::string(1000000, 'a'))),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(FileSha256Test, AMissingFileIsNamed) {
  const absl::StatusOr<std::string> missing = FileSha256("/nonexistent/lib.so");
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kInternal);
  EXPECT_NE(missing.status().message().find("/nonexistent/lib.so"), std::string::npos);
}

}  // namespace
}  // namespace symmbench
