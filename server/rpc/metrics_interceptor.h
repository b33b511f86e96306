// A gRPC server interceptor that records every RPC's method, status code and duration in the
// coordinator's metrics (and Store calls as Store operations), so the services stay thin.
#pragma once

#include <grpcpp/support/server_interceptor.h>

#include <memory>
#include <vector>

#include "server/metrics.h"

namespace symmbench {

// The interceptor creators to install with ServerBuilder::experimental().SetInterceptorCreators.
// `metrics` must outlive the server.
std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>>
MetricsInterceptorCreators(CoordinatorMetrics* metrics);

}  // namespace symmbench
