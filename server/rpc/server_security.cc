// ServerSecurity: credentials from flags, and the AuthMetadataProcessor that enforces the
// AccessPolicy (access_policy.h) on every call's initial metadata.
#include "server/rpc/server_security.h"

#include <arpa/inet.h>
#include <grpcpp/security/auth_metadata_processor.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/quote.h"
#include "security/secrets.h"
#include "server/rpc/access_policy.h"

namespace symmbench {
namespace {

// Runs Authorize() on each call before its handler; a refusal fails the call with that
// status. Non-blocking: it only compares strings, so gRPC calls it inline.
class AuthProcessor final : public grpc::AuthMetadataProcessor {
 public:
  explicit AuthProcessor(AccessPolicy policy) : policy_(std::move(policy)) {}
  bool IsBlocking() const override { return false; }

  grpc::Status Process(const InputMetadata& metadata, grpc::AuthContext* context,
                       OutputMetadata* consumed, OutputMetadata*) override {
    auto path = metadata.find(":path");
    const std::string method =
        path == metadata.end() ? "" : std::string(path->second.data(), path->second.size());
    std::string authorization;
    auto header = metadata.find(kAuthorizationHeader);
    if (header != metadata.end()) {
      authorization.assign(header->second.data(), header->second.size());
    }
    absl::Status status =
        Authorize(policy_, method, header != metadata.end() ? &authorization : nullptr,
                  context != nullptr && context->IsPeerAuthenticated());
    if (!status.ok()) {
      spdlog::warn("refused a call: {}", std::string(status.message()));
      return grpc::Status(grpc::StatusCode::UNAUTHENTICATED, BoundedMessage(status.message()));
    }
    // Handlers (and their logs) never see the token.
    if (header != metadata.end()) consumed->insert({kAuthorizationHeader, authorization});
    return grpc::Status::OK;
  }

 private:
  const AccessPolicy policy_;
};

std::string ListenHost(const std::string& listen) {
  const size_t colon = listen.rfind(':');
  std::string host = colon == std::string::npos ? listen : listen.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  return host;
}

}  // namespace

bool IsLoopbackListen(const std::string& listen) {
  if (listen.rfind("unix:", 0) == 0) return false;
  std::string host = ListenHost(listen);
  std::transform(host.begin(), host.end(), host.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  if (host == "localhost") return true;
  in_addr v4;
  if (inet_pton(AF_INET, host.c_str(), &v4) == 1) {
    return (ntohl(v4.s_addr) >> 24) == 127;
  }
  in6_addr v6;
  if (inet_pton(AF_INET6, host.c_str(), &v6) == 1) {
    if (IN6_IS_ADDR_LOOPBACK(&v6)) return true;
    return IN6_IS_ADDR_V4MAPPED(&v6) && v6.s6_addr[12] == 127;
  }
  return false;
}

absl::StatusOr<ServerSecurity> BuildServerSecurity(const ServerSecurityFlags& flags) {
  if (flags.tls_cert.empty() != flags.tls_key.empty()) {
    return absl::InvalidArgumentError(
        "--tls-cert and --tls-key: give both (the server certificate and its key) or neither");
  }
  const bool tls = !flags.tls_cert.empty();
  if (!flags.tls_client_ca.empty() && !tls) {
    return absl::InvalidArgumentError("--tls-client-ca needs TLS: add --tls-cert and --tls-key");
  }
  if (flags.read_only_calls != "public" && flags.read_only_calls != "token") {
    return absl::InvalidArgumentError(absl::StrCat(
        "--read-only-calls: must be public or token (got \"", flags.read_only_calls, "\")"));
  }
  const bool token = !flags.token_file.empty();
  if (!IsLoopbackListen(flags.listen) && !(tls && token)) {
    std::vector<std::string> missing;
    if (!tls) missing.push_back("TLS (--tls-cert FILE --tls-key FILE)");
    if (!token) missing.push_back("a bearer token (--token-file FILE)");
    return absl::FailedPreconditionError(absl::StrCat(
        "--listen ", flags.listen, " is not a loopback address: serving beyond this host needs ",
        absl::StrJoin(missing, " and "), "; or listen on 127.0.0.1"));
  }
  if (flags.read_only_calls == "token" && !token) {
    return absl::InvalidArgumentError("--read-only-calls token needs --token-file");
  }

  AccessPolicy policy;
  policy.read_only_public = flags.read_only_calls == "public";
  policy.require_client_cert = !flags.tls_client_ca.empty();
  if (token) {
    absl::StatusOr<std::string> value = ReadTokenFile(flags.token_file, "--token-file");
    if (!value.ok()) return value.status();
    policy.token = *std::move(value);
  }

  ServerSecurity security;
  security.tls = tls;
  security.token = token;
  std::vector<std::string> summary;
  if (tls) {
    if (absl::Status s = CheckPrivateFile(flags.tls_key, "--tls-key"); !s.ok()) return s;
    absl::StatusOr<std::string> cert = ReadWholeFile(flags.tls_cert, "--tls-cert");
    if (!cert.ok()) return cert.status();
    absl::StatusOr<std::string> key = ReadWholeFile(flags.tls_key, "--tls-key");
    if (!key.ok()) return key.status();
    grpc::SslServerCredentialsOptions ssl;
    ssl.pem_key_cert_pairs.push_back({*std::move(key), *std::move(cert)});
    summary.push_back("TLS");
    if (policy.require_client_cert) {
      absl::StatusOr<std::string> ca = ReadWholeFile(flags.tls_client_ca, "--tls-client-ca");
      if (!ca.ok()) return ca.status();
      ssl.pem_root_certs = *std::move(ca);
      // Requested and verified when presented; required (by AuthProcessor) for every call but
      // the workers', which carry their job's secret instead of a certificate.
      ssl.client_certificate_request = GRPC_SSL_REQUEST_CLIENT_CERTIFICATE_AND_VERIFY;
      summary.push_back("client certificates");
    }
    security.credentials = grpc::SslServerCredentials(ssl);
  } else if (token) {
    // Plaintext on loopback; local credentials let the processor run, and accept only
    // loopback peers.
    security.credentials = grpc::experimental::LocalServerCredentials(LOCAL_TCP);
  } else {
    security.credentials = grpc::InsecureServerCredentials();
  }
  if (token) {
    summary.push_back(policy.read_only_public ? "token for changes" : "token for every call");
  }
  if (token || policy.require_client_cert) {
    security.credentials->SetAuthMetadataProcessor(
        std::make_shared<AuthProcessor>(std::move(policy)));
  }
  security.summary = summary.empty() ? "plaintext, no token" : absl::StrJoin(summary, ", ");
  return security;
}

}  // namespace symmbench
