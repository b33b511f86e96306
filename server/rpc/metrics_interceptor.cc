// MetricsInterceptor: method, code and duration of every RPC, recorded when its status is sent.
#include "server/rpc/metrics_interceptor.h"

#include <chrono>
#include <string>

#include "absl/status/status.h"

namespace symmbench {
namespace {

constexpr char kStorePrefix[] = "/symmbench.v1.Store/";

class MetricsInterceptor final : public grpc::experimental::Interceptor {
 public:
  MetricsInterceptor(grpc::experimental::ServerRpcInfo* info, CoordinatorMetrics* metrics)
      : metrics_(metrics), start_(std::chrono::steady_clock::now()) {
    const std::string full = info->method() != nullptr ? info->method() : "";
    store_ = full.rfind(kStorePrefix, 0) == 0;
    // "/symmbench.v1.Coordinator/SubmitJob" -> "Coordinator/SubmitJob"
    const size_t dot = full.rfind('.', full.find('/', 1));
    method_ = dot == std::string::npos ? full : full.substr(dot + 1);
    op_ = full.substr(full.rfind('/') + 1);
  }

  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override {
    using grpc::experimental::InterceptionHookPoints;
    if (methods->QueryInterceptionHookPoint(InterceptionHookPoints::PRE_SEND_STATUS)) {
      const grpc::Status status = methods->GetSendStatus();
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
      metrics_->Rpc(method_,
                    absl::StatusCodeToString(static_cast<absl::StatusCode>(status.error_code())),
                    seconds);
      if (store_) metrics_->StoreOp(op_, seconds);
    }
    methods->Proceed();
  }

 private:
  CoordinatorMetrics* metrics_;
  std::chrono::steady_clock::time_point start_;
  std::string method_;
  std::string op_;
  bool store_ = false;
};

class MetricsInterceptorFactory final
    : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  explicit MetricsInterceptorFactory(CoordinatorMetrics* metrics) : metrics_(metrics) {}
  grpc::experimental::Interceptor* CreateServerInterceptor(
      grpc::experimental::ServerRpcInfo* info) override {
    return new MetricsInterceptor(info, metrics_);
  }

 private:
  CoordinatorMetrics* metrics_;
};

}  // namespace

std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>>
MetricsInterceptorCreators(CoordinatorMetrics* metrics) {
  std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> creators;
  creators.push_back(std::make_unique<MetricsInterceptorFactory>(metrics));
  return creators;
}

}  // namespace symmbench
