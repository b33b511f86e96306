// Coordinator stubs, deadlines and error printing shared by the subcommands.
#include "client/rpc_util.h"

#include <chrono>
#include <cstdlib>
#include <ostream>
#include <thread>

#include "absl/strings/str_cat.h"
#include "client/format.h"
#include "security/secrets.h"

namespace symmbench::client {

std::unique_ptr<Stub> MakeStub(const GlobalOptions& global) {
  return v1::Coordinator::NewStub(MakeChannel(global.coordinator, global.security));
}

absl::Status LoadClientSecurity(const SecurityFlags& flags, GlobalOptions* global) {
  ChannelSecurity security;
  if (absl::Status s = LoadClientTls(flags.tls_ca, flags.tls_cert, flags.tls_key, &security);
      !s.ok()) {
    return s;
  }
  security.server_name = flags.tls_server_name;
  std::string token_file = flags.token_file;
  std::string flag = "--token-file";
  if (const char* env = std::getenv("SYMMBENCH_TOKEN_FILE");
      token_file.empty() && env != nullptr && *env != '\0') {
    token_file = env;
    flag = "SYMMBENCH_TOKEN_FILE";
  }
  if (!token_file.empty()) {
    absl::StatusOr<std::string> token = ReadTokenFile(token_file, flag);
    if (!token.ok()) return token.status();
    security.metadata.emplace_back(kAuthorizationHeader, kBearerPrefix + *token);
  }
  global->security = std::move(security);
  return absl::OkStatus();
}

// A context for a unary RPC, with the --timeout-s deadline.
std::unique_ptr<grpc::ClientContext> UnaryContext(const GlobalOptions& global) {
  auto context = std::make_unique<grpc::ClientContext>();
  context->set_deadline(std::chrono::system_clock::now() + global.rpc_timeout);
  return context;
}

// The canonical name of a gRPC status code, e.g. "INVALID_ARGUMENT".
const char* StatusCodeName(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::OK:
      return "OK";
    case grpc::StatusCode::CANCELLED:
      return "CANCELLED";
    case grpc::StatusCode::UNKNOWN:
      return "UNKNOWN";
    case grpc::StatusCode::INVALID_ARGUMENT:
      return "INVALID_ARGUMENT";
    case grpc::StatusCode::DEADLINE_EXCEEDED:
      return "DEADLINE_EXCEEDED";
    case grpc::StatusCode::NOT_FOUND:
      return "NOT_FOUND";
    case grpc::StatusCode::ALREADY_EXISTS:
      return "ALREADY_EXISTS";
    case grpc::StatusCode::PERMISSION_DENIED:
      return "PERMISSION_DENIED";
    case grpc::StatusCode::RESOURCE_EXHAUSTED:
      return "RESOURCE_EXHAUSTED";
    case grpc::StatusCode::FAILED_PRECONDITION:
      return "FAILED_PRECONDITION";
    case grpc::StatusCode::ABORTED:
      return "ABORTED";
    case grpc::StatusCode::OUT_OF_RANGE:
      return "OUT_OF_RANGE";
    case grpc::StatusCode::UNIMPLEMENTED:
      return "UNIMPLEMENTED";
    case grpc::StatusCode::INTERNAL:
      return "INTERNAL";
    case grpc::StatusCode::UNAVAILABLE:
      return "UNAVAILABLE";
    case grpc::StatusCode::DATA_LOSS:
      return "DATA_LOSS";
    case grpc::StatusCode::UNAUTHENTICATED:
      return "UNAUTHENTICATED";
    default:
      return "UNKNOWN";
  }
}

namespace {

// Prints the error line, and with --json the error object; returns `exit_code`.
int PrintError(const GlobalOptions& global, const std::string& code, const std::string& message,
               const std::string& line, std::ostream& out, std::ostream& err, int exit_code) {
  err << "error: " << line << "\n";
  if (global.json) out << ErrorToJson(code, message).dump() << "\n";
  return exit_code;
}

}  // namespace

int ReportError(const GlobalOptions& global, const absl::Status& status, std::ostream& out,
                std::ostream& err, int exit_code) {
  const std::string message(status.message());
  return PrintError(global, absl::StatusCodeToString(status.code()), message, message, out, err,
                    exit_code);
}

int ReportRpcError(const GlobalOptions& global, const grpc::Status& status, std::ostream& out,
                   std::ostream& err) {
  const std::string code = StatusCodeName(status.error_code());
  std::string message = status.error_message();
  if (status.error_code() == grpc::StatusCode::UNAVAILABLE) {
    message = absl::StrCat("no coordinator answered at ", global.coordinator, " (",
                           global.coordinator_source, "): ", status.error_message(),
                           ". Start one there with `symmbenchd --listen ", global.coordinator,
                           "`, or point --coordinator or SYMMBENCH_COORDINATOR at yours");
  } else if (status.error_code() == grpc::StatusCode::DEADLINE_EXCEEDED) {
    absl::StrAppend(&message, " (coordinator ", global.coordinator, ", ", global.coordinator_source,
                    "; --timeout-s ", global.rpc_timeout.count(), ")");
  }
  return PrintError(global, code, message, absl::StrCat(code, ": ", message), out, err, kExitError);
}

grpc::Status GetJob(Stub& stub, const GlobalOptions& global, const std::string& job_id,
                    v1::Job* job) {
  v1::GetJobRequest request;
  request.set_job_id(job_id);
  return stub.GetJob(UnaryContext(global).get(), request, job);
}

grpc::Status ListDevices(Stub& stub, const GlobalOptions& global,
                         v1::ListDevicesResponse* devices) {
  return stub.ListDevices(UnaryContext(global).get(), v1::ListDevicesRequest(), devices);
}

grpc::Status FollowToEnd(Stub& stub, const GlobalOptions& global, v1::Job* job,
                         const std::function<void(const v1::JobEvent&)>& on_event) {
  grpc::ClientContext context;  // no deadline: a job may run for hours
  v1::WatchJobRequest request;
  request.set_job_id(job->job_id());
  std::unique_ptr<grpc::ClientReader<v1::JobEvent>> reader = stub.WatchJob(&context, request);
  job->clear_rows();
  v1::JobEvent event;
  while (reader->Read(&event)) {
    job->set_state(event.state());
    if (!event.error().empty()) job->set_error(event.error());
    if (event.has_row() && !event.row().partial()) *job->add_rows() = event.row();
    on_event(event);
  }
  if (grpc::Status status = reader->Finish(); !status.ok()) return status;
  v1::Job final_job;
  if (GetJob(stub, global, job->job_id(), &final_job).ok() && IsFinal(final_job.state())) {
    *job = std::move(final_job);
  }
  if (!IsFinal(job->state())) {
    // The daemon ends a queued job's watch only when it stops; the job stays on disk, queued.
    const std::string why = job->state() == v1::QUEUED
                                ? ": the daemon stopped; the job stays queued and runs when "
                                  "symmbenchd starts again on its database"
                                : "";
    return grpc::Status(grpc::StatusCode::ABORTED, "WatchJob for " + job->job_id() +
                                                       " ended before the job finished (state " +
                                                       JobStateName(job->state()) + why + ")");
  }
  return grpc::Status::OK;
}

// Submits `spec` and polls until it ends; the final record, or the RPC error.
grpc::Status SubmitAndWait(Stub& stub, const GlobalOptions& global, const v1::JobSpec& spec,
                           v1::Job* job) {
  v1::SubmitJobRequest request;
  *request.mutable_spec() = spec;
  v1::SubmitJobResponse response;
  grpc::Status status = stub.SubmitJob(UnaryContext(global).get(), request, &response);
  if (!status.ok()) return status;
  *job = response.job();
  while (!IsFinal(job->state())) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    status = GetJob(stub, global, response.job().job_id(), job);
    if (!status.ok()) return status;
  }
  return grpc::Status::OK;
}

}  // namespace symmbench::client
