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
// Reports why the command failed and returns `exit_code`: "error: <message>" on `err`, and with
// --json {"error": {"code": "<CODE>", "message": "<message>"}} on `out`, so that stdout holds one
// JSON object whatever happens.
int ReportError(const GlobalOptions& global, const absl::Status& status, std::ostream& out,
                std::ostream& err, int exit_code = kExitError);
// The same for a failed RPC, as "error: CODE: message". When the coordinator was not reached,
// the line says which address was tried (and where it came from) and how to start symmbenchd
// there or point --coordinator / SYMMBENCH_COORDINATOR elsewhere. Returns kExitError.
int ReportRpcError(const GlobalOptions& global, const grpc::Status& status, std::ostream& out,
                   std::ostream& err);

// GetJob of `job_id` with the --timeout-s deadline.
grpc::Status GetJob(Stub& stub, const GlobalOptions& global, const std::string& job_id,
                    v1::Job* job);

// ListDevices with the --timeout-s deadline: the coordinator's backend, devices, kernels and
// machine.
grpc::Status ListDevices(Stub& stub, const GlobalOptions& global, v1::ListDevicesResponse* devices);

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
