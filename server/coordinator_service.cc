// CoordinatorService and WorkerReportService: proto <-> JobManager.
#include "server/coordinator_service.h"

#include "absl/strings/str_cat.h"
#include "kernels/catalog.h"
#include "server/grpc_status.h"
#include "server/store_service.h"

namespace symmbench {
namespace {
grpc::Status RequireJobId(const std::string& job_id) {
  if (job_id.empty()) return {grpc::StatusCode::INVALID_ARGUMENT, "job_id: must be set"};
  return grpc::Status::OK;
}
}  // namespace

grpc::Status CoordinatorService::SubmitJob(grpc::ServerContext*,
                                           const v1::SubmitJobRequest* request,
                                           v1::SubmitJobResponse* response) {
  absl::StatusOr<v1::Job> job = jobs_->Submit(request->spec());
  if (!job.ok()) return ToGrpc(job.status());
  *response->mutable_job() = *std::move(job);
  return grpc::Status::OK;
}

grpc::Status CoordinatorService::GetJob(grpc::ServerContext*, const v1::GetJobRequest* request,
                                        v1::Job* response) {
  if (grpc::Status s = RequireJobId(request->job_id()); !s.ok()) return s;
  absl::StatusOr<v1::Job> job = jobs_->Get(request->job_id());
  if (!job.ok()) return ToGrpc(job.status());
  *response = *std::move(job);
  return grpc::Status::OK;
}

grpc::Status CoordinatorService::ListJobs(grpc::ServerContext*,
                                          const v1::ListJobsRequest* request,
                                          v1::ListJobsResponse* response) {
  if (request->limit() < 0) {
    return {grpc::StatusCode::INVALID_ARGUMENT,
            absl::StrCat("limit: must be >= 0 (got ", request->limit(), ")")};
  }
  absl::StatusOr<std::vector<v1::Job>> jobs =
      jobs_->List(request->limit(), request->state(), request->include_rows());
  if (!jobs.ok()) return ToGrpc(jobs.status());
  for (v1::Job& job : *jobs) *response->add_jobs() = std::move(job);
  return grpc::Status::OK;
}

grpc::Status CoordinatorService::WatchJob(grpc::ServerContext* context,
                                          const v1::WatchJobRequest* request,
                                          grpc::ServerWriter<v1::JobEvent>* writer) {
  if (grpc::Status s = RequireJobId(request->job_id()); !s.ok()) return s;
  absl::StatusOr<std::shared_ptr<JobWatch>> watch = jobs_->Watch(request->job_id());
  if (!watch.ok()) return ToGrpc(watch.status());
  v1::JobEvent event;
  while (!context->IsCancelled()) {
    switch ((*watch)->Wait(&event, std::chrono::milliseconds(500))) {
      case JobWatch::Next::kEvent:
        if (!writer->Write(event)) return grpc::Status::CANCELLED;
        break;
      case JobWatch::Next::kTimeout:
        break;
      case JobWatch::Next::kEnd:
        return grpc::Status::OK;
    }
  }
  return grpc::Status::CANCELLED;
}

grpc::Status CoordinatorService::CancelJob(grpc::ServerContext*,
                                           const v1::CancelJobRequest* request,
                                           v1::CancelJobResponse* response) {
  if (grpc::Status s = RequireJobId(request->job_id()); !s.ok()) return s;
  absl::StatusOr<v1::Job> job = jobs_->Cancel(request->job_id());
  if (!job.ok()) return ToGrpc(job.status());
  *response->mutable_job() = *std::move(job);
  return grpc::Status::OK;
}

grpc::Status CoordinatorService::ListDevices(grpc::ServerContext*,
                                             const v1::ListDevicesRequest*,
                                             v1::ListDevicesResponse* response) {
  response->set_backend(jobs_->backend());
  for (v1::Device& device : jobs_->Devices()) *response->add_devices() = std::move(device);
  for (const KernelInfo& kernel : KernelCatalog()) response->add_kernels(kernel.name);
  return grpc::Status::OK;
}

grpc::Status CoordinatorService::SetDispatchTable(grpc::ServerContext*,
                                                  const v1::SetDispatchTableRequest* request,
                                                  v1::SetDispatchTableResponse*) {
  if (dispatch_tables_ == nullptr) {
    return {grpc::StatusCode::UNIMPLEMENTED, "this coordinator keeps no dispatch tables"};
  }
  absl::Status s = ValidateDispatchTable(request->table());
  if (!s.ok()) return ToGrpc(absl::Status(s.code(), absl::StrCat("table.", s.message())));
  return ToGrpc(dispatch_tables_->Put(request->table()));
}

grpc::Status CoordinatorService::ListDispatchTables(grpc::ServerContext*,
                                                    const v1::ListDispatchTablesRequest*,
                                                    v1::ListDispatchTablesResponse* response) {
  if (dispatch_tables_ == nullptr) return grpc::Status::OK;
  absl::StatusOr<std::vector<v1::DispatchTable>> tables = dispatch_tables_->List();
  if (!tables.ok()) return ToGrpc(tables.status());
  for (v1::DispatchTable& table : *tables) *response->add_tables() = std::move(table);
  return grpc::Status::OK;
}

grpc::Status WorkerReportService::ReportRow(grpc::ServerContext* context,
                                            const v1::ReportRowRequest* request,
                                            v1::ReportRowResponse*) {
  if (grpc::Status s = RequireJobId(request->job_id()); !s.ok()) return s;
  if (absl::Status s = jobs_->AuthorizeWorker(request->job_id(), JobSecretOf(*context),
                                              /*running_only=*/false);
      !s.ok()) {
    return ToGrpc(s);
  }
  return ToGrpc(jobs_->ReportRow(request->job_id(), request->rank(), request->row()));
}

grpc::Status WorkerReportService::ReportFailure(grpc::ServerContext* context,
                                                const v1::ReportFailureRequest* request,
                                                v1::ReportFailureResponse*) {
  if (grpc::Status s = RequireJobId(request->job_id()); !s.ok()) return s;
  if (absl::Status s = jobs_->AuthorizeWorker(request->job_id(), JobSecretOf(*context),
                                              /*running_only=*/false);
      !s.ok()) {
    return ToGrpc(s);
  }
  return ToGrpc(jobs_->ReportFailure(request->job_id(), request->rank(), request->error()));
}

}  // namespace symmbench
