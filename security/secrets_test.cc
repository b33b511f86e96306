// Tests for token files (mode, syntax), random secrets and constant-time comparison.
#include "security/secrets.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <fstream>

namespace symmbench {
namespace {

std::string WriteFile(const std::string& name, const std::string& contents, mode_t mode) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string path = std::string(tmp != nullptr ? tmp : "/tmp") + "/" + name;
  std::ofstream(path) << contents;
  chmod(path.c_str(), mode);
  return path;
}

TEST(SecretsTest, ReadsTheFirstLineTrimmed) {
  const std::string path = WriteFile("token", "  0123456789abcdef0123 \nignored\n", 0600);
  absl::StatusOr<std::string> token = ReadTokenFile(path, "--token-file");
  ASSERT_TRUE(token.ok()) << token.status();
  EXPECT_EQ(*token, "0123456789abcdef0123");
}

TEST(SecretsTest, GroupReadableIsAcceptedWorldReadableIsRefusedNamingFlagAndMode) {
  EXPECT_TRUE(ReadTokenFile(WriteFile("group", "0123456789abcdef", 0640), "--token-file").ok());
  const std::string path = WriteFile("world", "0123456789abcdef", 0644);
  absl::StatusOr<std::string> token = ReadTokenFile(path, "--token-file");
  EXPECT_EQ(token.status().code(), absl::StatusCode::kPermissionDenied);
  const std::string message(token.status().message());
  EXPECT_NE(message.find("--token-file " + path), std::string::npos) << message;
  EXPECT_NE(message.find("mode 0644"), std::string::npos) << message;
  EXPECT_NE(message.find("chmod 600"), std::string::npos) << message;
  EXPECT_FALSE(ReadTokenFile(WriteFile("gw", "0123456789abcdef", 0620), "--token-file").ok());
}

TEST(SecretsTest, RefusesShortOrMissingTokens) {
  absl::StatusOr<std::string> short_token =
      ReadTokenFile(WriteFile("short", "abc\n", 0600), "--token-file");
  EXPECT_EQ(short_token.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(short_token.status().message().find("at least 16"), std::string::npos);
  EXPECT_FALSE(ReadTokenFile(WriteFile("spaces", "0123456789 abcdef\n", 0600), "-t").ok());
  EXPECT_EQ(ReadTokenFile("/nonexistent/token", "--token-file").status().code(),
            absl::StatusCode::kNotFound);
}

TEST(SecretsTest, RandomHexHasTheLengthAndDiffers) {
  absl::StatusOr<std::string> a = RandomHex(32), b = RandomHex(32);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->size(), 64u);
  EXPECT_EQ(a->find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_NE(*a, *b);
}

TEST(SecretsTest, ConstantTimeEquals) {
  EXPECT_TRUE(ConstantTimeEquals("secret", "secret"));
  EXPECT_TRUE(ConstantTimeEquals("", ""));
  EXPECT_FALSE(ConstantTimeEquals("secret", "secreT"));
  EXPECT_FALSE(ConstantTimeEquals("secret", "secret2"));
  EXPECT_FALSE(ConstantTimeEquals("", "x"));
}

}  // namespace
}  // namespace symmbench
