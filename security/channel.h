// Client channels to symmbenchd: plain or TLS (server verified against a CA, optionally with a
// client certificate), with fixed metadata (bearer token, job secret) attached to every call
// by a client interceptor, so no call site has to remember it.
#pragma once

#include <grpcpp/grpcpp.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"

namespace symmbench {

struct ChannelSecurity {
  bool tls = false;      // TLS instead of plaintext
  std::string ca_pem;    // roots that verify the server (empty: gRPC's default roots)
  std::string cert_pem;  // client certificate chain (with key_pem), for --tls-client-ca
  std::string key_pem;
  std::string server_name;  // name expected in the server's certificate (empty: the host)
  // Metadata sent with every call, e.g. {"authorization", "Bearer ..."}.
  std::vector<std::pair<std::string, std::string>> metadata;
};

// Reads the PEM files named by the flags --tls-ca, --tls-cert, --tls-key into `security`
// and turns TLS on when any is given. INVALID_ARGUMENT when only one of cert/key is given,
// NOT_FOUND naming the flag when a file cannot be read; the key file must pass
// CheckPrivateFile.
absl::Status LoadClientTls(const std::string& ca_file, const std::string& cert_file,
                           const std::string& key_file, ChannelSecurity* security);

// A channel to `address` with `security`'s credentials and metadata.
std::shared_ptr<grpc::Channel> MakeChannel(const std::string& address,
                                           const ChannelSecurity& security,
                                           grpc::ChannelArguments args = {});

}  // namespace symmbench
