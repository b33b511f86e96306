// ParseErrorInterceptor: an empty INTERNAL or UNIMPLEMENTED -> INVALID_ARGUMENT naming the request.
// The daemon's handlers never answer without a message (every status they return carries one),
// so an empty one is gRPC's failed deserialization: proto_utils.h returns INTERNAL with the
// proto3 message's empty InitializationErrorString; a callback-API handler (the Store) then
// answers UNIMPLEMENTED with no message, which for a method the protos declare can only mean
// that.
#include "server/rpc/parse_error_interceptor.h"

#include <google/protobuf/descriptor.h>

#include <string>

#include "absl/strings/str_cat.h"

namespace symmbench {
namespace {

// The method "/symmbench.v1.Coordinator/SubmitJob" as the linked protos declare it; null for a
// method they do not declare.
const google::protobuf::MethodDescriptor* FindMethod(const std::string& method) {
  std::string dotted = method.empty() || method[0] != '/' ? method : method.substr(1);
  const size_t slash = dotted.rfind('/');
  if (slash != std::string::npos) dotted[slash] = '.';
  return google::protobuf::DescriptorPool::generated_pool()->FindMethodByName(dotted);
}

class ParseErrorInterceptor final : public grpc::experimental::Interceptor {
 public:
  explicit ParseErrorInterceptor(const char* method) : method_(method != nullptr ? method : "") {}

  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override {
    using grpc::experimental::InterceptionHookPoints;
    if (methods->QueryInterceptionHookPoint(InterceptionHookPoints::PRE_SEND_STATUS)) {
      const grpc::Status status = methods->GetSendStatus();
      const google::protobuf::MethodDescriptor* method = FindMethod(method_);
      if (method != nullptr && status.error_message().empty() &&
          (status.error_code() == grpc::StatusCode::INTERNAL ||
           status.error_code() == grpc::StatusCode::UNIMPLEMENTED)) {
        methods->ModifySendStatus(grpc::Status(
            grpc::StatusCode::INVALID_ARGUMENT,
            absl::StrCat("request: could not parse the bytes as ",
                         method->input_type()->full_name(),
                         " (malformed protobuf, or a string field that is not valid UTF-8)")));
      }
    }
    methods->Proceed();
  }

 private:
  std::string method_;
};

class Factory final : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  grpc::experimental::Interceptor* CreateServerInterceptor(
      grpc::experimental::ServerRpcInfo* info) override {
    return new ParseErrorInterceptor(info->method());
  }
};

}  // namespace

std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>
ParseErrorInterceptorFactory() {
  return std::make_unique<Factory>();
}

}  // namespace symmbench
