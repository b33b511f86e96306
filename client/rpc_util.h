// Coordinator stubs, per-RPC deadlines and gRPC error printing shared by the subcommands.
#pragma once

#include <grpcpp/grpcpp.h>

#include <functional>
#include <iosfwd>
#include <memory>

#include "client/commands.h"
#include "proto/symmbench.grpc.pb.h"

namespace symmbench::client {

using Stub = v1::Coordinator::Stub;

// A Coordinator stub on a channel to global.coordinator with global.security (TLS, token).
std::unique_ptr<Stub> MakeStub(const GlobalOptions& global);
// A context for a unary RPC, with the --timeout-s deadline.
std::unique_ptr<grpc::ClientContext> UnaryContext(const GlobalOptions& global);
// The canonical name of a gRPC status code, e.g. "INVALID_ARGUMENT".
const char* StatusCodeName(grpc::StatusCode code);
// Prints "error: CODE: message" (plus the address when the coordinator was not reached) and
// returns kExitError.
int ReportRpcError(const GlobalOptions& global, const grpc::Status& status, std::ostream& err);

// Follows `job` with WatchJob until the stream ends: each event updates job's state, error and
// final rows (partial rows are not kept) and is then passed to `on_event`. At the end *job is
// GetJob's final record when it has one. The stream's error; ABORTED when the stream ended before a
// final state.
grpc::Status FollowToEnd(Stub& stub, const GlobalOptions& global, v1::Job* job,
                         const std::function<void(const v1::JobEvent&)>& on_event);

// Submits `spec` and polls GetJob until the job ends; `job` holds the final record. The RPC
// error otherwise.
grpc::Status SubmitAndWait(Stub& stub, const GlobalOptions& global, const v1::JobSpec& spec,
                           v1::Job* job);

}  // namespace symmbench::client
