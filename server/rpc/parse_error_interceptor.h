// A gRPC server interceptor that turns gRPC's own answer to a request that does not parse
// (INTERNAL, or UNIMPLEMENTED from a callback-API service, with an empty message, sent before any
// handler runs) into INVALID_ARGUMENT naming the request message, e.g. "request: could not parse
// the bytes as symmbench.v1.SubmitJobRequest (malformed protobuf, or a string field that is not
// valid UTF-8)".
#pragma once

#include <grpcpp/support/server_interceptor.h>

#include <memory>

namespace symmbench {

// Install it ahead of the others (ServerBuilder::experimental().SetInterceptorCreators), so
// that they see the rewritten status.
std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>
ParseErrorInterceptorFactory();

}  // namespace symmbench
