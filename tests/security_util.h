// Credentials for the security tests, made at test time (no private key is committed):
// certificates from the openssl CLI and bearer-token files with a chosen mode.
#pragma once

#include <sys/types.h>

#include <string>

namespace symmbench::testing {

// Paths of PEM files under one directory; keys are mode 0600.
struct TestPki {
  // Self-signed server certificate for DNS:localhost and IP:127.0.0.1; clients and workers
  // use it as their CA.
  std::string server_cert, server_key;
  // A CA for client certificates, and a client certificate it signed.
  std::string client_ca, client_cert, client_key;
  // A self-signed client certificate that no CA here vouches for.
  std::string rogue_cert, rogue_key;
};

// Whether /usr/bin/openssl exists (Debian package openssl).
bool HaveOpenssl();

// Makes every file of TestPki under `dir`; false with the openssl output in `error`.
// `extra_san` adds names to the server certificate, e.g. "IP:10.77.0.1".
bool MakeTestPki(const std::string& dir, TestPki* pki, std::string* error,
                 const std::string& extra_san = "");

// Writes `token` and a newline to <dir>/<name>, chmod `mode`; returns the path.
std::string WriteTokenFile(const std::string& dir, const std::string& name,
                           const std::string& token, mode_t mode);

}  // namespace symmbench::testing
