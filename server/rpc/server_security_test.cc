// Tests for the loopback rule and the flag checks of the daemon's transport security.
#include "server/rpc/server_security.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <fstream>

namespace symmbench {
namespace {

std::string TokenFile(mode_t mode) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string path =
      std::string(tmp != nullptr ? tmp : "/tmp") + "/token" + std::to_string(mode);
  std::ofstream(path) << "0123456789abcdef0123456789abcdef\n";
  chmod(path.c_str(), mode);
  return path;
}

TEST(ServerSecurityTest, LoopbackAddresses) {
  for (const char* listen : {"127.0.0.1:7070", "127.1.2.3:0", "[::1]:7070", "::1:7070",
                             "localhost:7070", "LocalHost:1", "[::ffff:127.0.0.1]:80"}) {
    EXPECT_TRUE(IsLoopbackListen(listen)) << listen;
  }
  for (const char* listen :
       {"0.0.0.0:7070", "[::]:7070", ":7070", "10.0.0.1:7070", "128.0.0.1:1", "example.com:7070",
        "localhost.evil.com:1", "unix:/tmp/sock", "[::ffff:10.0.0.1]:80"}) {
    EXPECT_FALSE(IsLoopbackListen(listen)) << listen;
  }
}

TEST(ServerSecurityTest, LoopbackWithoutAnythingIsPlaintext) {
  ServerSecurityFlags flags;
  flags.listen = "127.0.0.1:0";
  absl::StatusOr<ServerSecurity> security = BuildServerSecurity(flags);
  ASSERT_TRUE(security.ok()) << security.status();
  EXPECT_FALSE(security->tls);
  EXPECT_FALSE(security->token);
  EXPECT_NE(security->credentials, nullptr);
}

TEST(ServerSecurityTest, NonLoopbackNeedsTlsAndTokenNamingTheFlags) {
  ServerSecurityFlags flags;
  flags.listen = "0.0.0.0:0";
  absl::StatusOr<ServerSecurity> security = BuildServerSecurity(flags);
  EXPECT_EQ(security.status().code(), absl::StatusCode::kFailedPrecondition);
  const std::string message(security.status().message());
  for (const char* flag : {"--listen 0.0.0.0:0", "--tls-cert", "--tls-key", "--token-file"}) {
    EXPECT_NE(message.find(flag), std::string::npos) << flag << ": " << message;
  }
  flags.token_file = TokenFile(0600);
  security = BuildServerSecurity(flags);
  EXPECT_EQ(security.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(security.status().message().find("--token-file"), std::string::npos);
}

TEST(ServerSecurityTest, FlagCombinationsAndFileModes) {
  ServerSecurityFlags flags;
  flags.listen = "127.0.0.1:0";
  flags.tls_cert = "/some/cert.pem";
  EXPECT_EQ(BuildServerSecurity(flags).status().code(), absl::StatusCode::kInvalidArgument);
  flags.tls_cert.clear();
  flags.tls_client_ca = "/some/ca.pem";
  EXPECT_EQ(BuildServerSecurity(flags).status().code(), absl::StatusCode::kInvalidArgument);
  flags.tls_client_ca.clear();
  flags.read_only_calls = "token";
  EXPECT_EQ(BuildServerSecurity(flags).status().code(), absl::StatusCode::kInvalidArgument);
  flags.token_file = TokenFile(0644);
  absl::StatusOr<ServerSecurity> security = BuildServerSecurity(flags);
  EXPECT_EQ(security.status().code(), absl::StatusCode::kPermissionDenied);
  EXPECT_NE(security.status().message().find("--token-file"), std::string::npos);
  flags.token_file = TokenFile(0400);
  security = BuildServerSecurity(flags);
  ASSERT_TRUE(security.ok()) << security.status();
  EXPECT_TRUE(security->token);
  EXPECT_EQ(security->summary, "token for every call");
}

}  // namespace
}  // namespace symmbench
