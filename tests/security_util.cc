// Test PKI through the openssl CLI (EC P-256 keys, two-day certificates) and token files.
#include "tests/security_util.h"

#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <vector>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

constexpr char kOpenssl[] = "/usr/bin/openssl";

bool Openssl(const std::vector<std::string>& args, std::string* error) {
  std::vector<std::string> argv = {kOpenssl};
  argv.insert(argv.end(), args.begin(), args.end());
  CommandResult r = RunCommand(argv, std::chrono::seconds(60));
  if (r.exit_code == 0) return true;
  *error = "openssl";
  for (const std::string& a : args) *error += " " + a;
  *error += ": exit " + std::to_string(r.exit_code) + "\n" + r.out + r.err;
  return false;
}

// A new P-256 key and a self-signed certificate for `subject` (with `extension` if given).
bool SelfSigned(const std::string& cert, const std::string& key, const std::string& subject,
                const std::string& extension, std::string* error) {
  std::vector<std::string> args = {
      "req",    "-x509",   "-newkey", "ec",   "-pkeyopt", "ec_paramgen_curve:prime256v1",
      "-nodes", "-keyout", key,       "-out", cert,       "-days",
      "2",      "-subj",   subject};
  if (!extension.empty()) args.insert(args.end(), {"-addext", extension});
  if (!Openssl(args, error)) return false;
  chmod(key.c_str(), 0600);
  return true;
}

}  // namespace

bool HaveOpenssl() { return access(kOpenssl, X_OK) == 0; }

bool MakeTestPki(const std::string& dir, TestPki* pki, std::string* error,
                 const std::string& extra_san) {
  pki->server_cert = dir + "/server.pem";
  pki->server_key = dir + "/server.key";
  pki->client_ca = dir + "/client-ca.pem";
  const std::string client_ca_key = dir + "/client-ca.key";
  pki->client_cert = dir + "/client.pem";
  pki->client_key = dir + "/client.key";
  pki->rogue_cert = dir + "/rogue.pem";
  pki->rogue_key = dir + "/rogue.key";
  const std::string csr = dir + "/client.csr";
  if (!SelfSigned(
          pki->server_cert, pki->server_key, "/CN=localhost",
          "subjectAltName=DNS:localhost,IP:127.0.0.1" + (extra_san.empty() ? "" : "," + extra_san),
          error) ||
      !SelfSigned(pki->client_ca, client_ca_key, "/CN=symmbench test client CA", "", error) ||
      !SelfSigned(pki->rogue_cert, pki->rogue_key, "/CN=rogue client", "", error)) {
    return false;
  }
  if (!Openssl({"req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                "-nodes", "-keyout", pki->client_key, "-out", csr, "-subj", "/CN=test client"},
               error) ||
      !Openssl({"x509", "-req", "-in", csr, "-CA", pki->client_ca, "-CAkey", client_ca_key,
                "-CAcreateserial", "-out", pki->client_cert, "-days", "2"},
               error)) {
    return false;
  }
  chmod(pki->client_key.c_str(), 0600);
  return true;
}

std::string WriteTokenFile(const std::string& dir, const std::string& name,
                           const std::string& token, mode_t mode) {
  const std::string path = dir + "/" + name;
  std::ofstream(path) << token << "\n";
  chmod(path.c_str(), mode);
  return path;
}

}  // namespace symmbench::testing
