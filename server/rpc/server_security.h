// The daemon's transport security from its flags: TLS (server certificate, optionally
// verified client certificates), the bearer token and the read-only-call policy, applied to
// every call by a gRPC AuthMetadataProcessor before any handler runs; and the rule that a
// non-loopback --listen needs both TLS and a token.
#pragma once

#include <grpcpp/security/server_credentials.h>

#include <memory>
#include <string>

#include "absl/status/statusor.h"

namespace symmbench {

struct ServerSecurityFlags {
  std::string listen;         // --listen host:port
  std::string tls_cert;       // --tls-cert: server certificate chain (PEM)
  std::string tls_key;        // --tls-key: its private key (PEM; not readable by others)
  std::string tls_client_ca;  // --tls-client-ca: verify client certificates against it
  std::string token_file;     // --token-file: bearer token (not readable by others)
  std::string read_only_calls = "public";  // --read-only-calls public|token
};

struct ServerSecurity {
  std::shared_ptr<grpc::ServerCredentials> credentials;
  bool tls = false;
  bool token = false;
  std::string summary;  // for the start-up log line, e.g. "TLS, client certificates, token"
};

// Whether --listen names a loopback address: 127.0.0.0/8, ::1 (also [::1]) or localhost.
// A wildcard (0.0.0.0, [::], empty host), any other address or name, or unix: is not.
bool IsLoopbackListen(const std::string& listen);

// Reads the files and builds the credentials. INVALID_ARGUMENT / NOT_FOUND /
// PERMISSION_DENIED naming the flag: --tls-cert without --tls-key (or the reverse),
// --tls-client-ca without TLS, a key or token file others can read, a bad token; and
// FAILED_PRECONDITION naming --tls-cert, --tls-key and --token-file when --listen is not
// loopback and TLS or the token is missing.
absl::StatusOr<ServerSecurity> BuildServerSecurity(const ServerSecurityFlags& flags);

}  // namespace symmbench
