// MakeChannel: TLS or insecure credentials plus a metadata-adding client interceptor.
#include "security/channel.h"

#include <grpcpp/support/client_interceptor.h>

#include "security/secrets.h"

namespace symmbench {
namespace {

using Metadata = std::vector<std::pair<std::string, std::string>>;

// Adds the fixed metadata to each call's initial metadata.
class MetadataInterceptor final : public grpc::experimental::Interceptor {
 public:
  explicit MetadataInterceptor(std::shared_ptr<const Metadata> metadata)
      : metadata_(std::move(metadata)) {}
  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override {
    if (methods->QueryInterceptionHookPoint(
            grpc::experimental::InterceptionHookPoints::PRE_SEND_INITIAL_METADATA)) {
      std::multimap<std::string, std::string>* sent = methods->GetSendInitialMetadata();
      for (const auto& [key, value] : *metadata_) sent->emplace(key, value);
    }
    methods->Proceed();
  }

 private:
  std::shared_ptr<const Metadata> metadata_;
};

class MetadataInterceptorFactory final
    : public grpc::experimental::ClientInterceptorFactoryInterface {
 public:
  explicit MetadataInterceptorFactory(std::shared_ptr<const Metadata> metadata)
      : metadata_(std::move(metadata)) {}
  grpc::experimental::Interceptor* CreateClientInterceptor(
      grpc::experimental::ClientRpcInfo*) override {
    return new MetadataInterceptor(metadata_);
  }

 private:
  std::shared_ptr<const Metadata> metadata_;
};

}  // namespace

absl::Status LoadClientTls(const std::string& ca_file, const std::string& cert_file,
                           const std::string& key_file, ChannelSecurity* security) {
  if (cert_file.empty() != key_file.empty()) {
    return absl::InvalidArgumentError(
        "--tls-cert and --tls-key: give both (a client certificate and its key) or neither");
  }
  if (!ca_file.empty()) {
    absl::StatusOr<std::string> ca = ReadWholeFile(ca_file, "--tls-ca");
    if (!ca.ok()) return ca.status();
    security->ca_pem = *std::move(ca);
  }
  if (!cert_file.empty()) {
    if (absl::Status s = CheckPrivateFile(key_file, "--tls-key"); !s.ok()) return s;
    absl::StatusOr<std::string> cert = ReadWholeFile(cert_file, "--tls-cert");
    if (!cert.ok()) return cert.status();
    absl::StatusOr<std::string> key = ReadWholeFile(key_file, "--tls-key");
    if (!key.ok()) return key.status();
    security->cert_pem = *std::move(cert);
    security->key_pem = *std::move(key);
  }
  security->tls = security->tls || !ca_file.empty() || !cert_file.empty();
  return absl::OkStatus();
}

std::shared_ptr<grpc::Channel> MakeChannel(const std::string& address,
                                           const ChannelSecurity& security,
                                           grpc::ChannelArguments args) {
  std::shared_ptr<grpc::ChannelCredentials> credentials = grpc::InsecureChannelCredentials();
  if (security.tls) {
    grpc::SslCredentialsOptions ssl;
    ssl.pem_root_certs = security.ca_pem;
    ssl.pem_cert_chain = security.cert_pem;
    ssl.pem_private_key = security.key_pem;
    credentials = grpc::SslCredentials(ssl);
    if (!security.server_name.empty()) args.SetSslTargetNameOverride(security.server_name);
  }
  if (security.metadata.empty()) return grpc::CreateCustomChannel(address, credentials, args);
  std::vector<std::unique_ptr<grpc::experimental::ClientInterceptorFactoryInterface>> creators;
  creators.push_back(std::make_unique<MetadataInterceptorFactory>(
      std::make_shared<const Metadata>(security.metadata)));
  return grpc::experimental::CreateCustomChannelWithInterceptors(address, credentials, args,
                                                                 std::move(creators));
}

}  // namespace symmbench
