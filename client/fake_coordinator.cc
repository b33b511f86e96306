// Canned Coordinator service for the client's tests (see fake_coordinator.h).
#include "client/fake_coordinator.h"

#include <stdexcept>

namespace symmbench::client::testing {

void FakeCoordinator::SetOutcome(v1::JobState final_state, const std::string& error) {
  std::lock_guard<std::mutex> lock(mu_);
  final_state_ = final_state;
  error_ = error;
}

v1::JobSpec FakeCoordinator::last_spec() const {
  std::lock_guard<std::mutex> lock(mu_);
  return job_.spec();
}

v1::ResultRow FakeCoordinator::MakeRow(int64_t size_bytes) {
  v1::ResultRow row;
  row.set_size_bytes(size_bytes);
  row.set_count(size_bytes / 2);
  row.set_dtype("bf16");
  row.set_redop("sum");
  row.set_time_us(5.12);
  row.set_time_min_us(5.01);
  row.set_time_max_us(5.73);
  row.set_algbw_gbps(size_bytes / 5.12e3);
  row.set_busbw_gbps(size_bytes / 5.12e3);
  row.set_baseline("nccl_all_reduce");
  row.set_baseline_time_us(30.10);
  row.set_baseline_busbw_gbps(size_bytes / 30.10e3);
  row.set_speedup(30.10 / 5.12);
  row.set_checked(true);
  return row;
}

grpc::Status FakeCoordinator::SubmitJob(grpc::ServerContext*, const v1::SubmitJobRequest* request,
                                        v1::SubmitJobResponse* response) {
  if (request->spec().world_size() > kDevices) {
    return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT,
                        "world_size: " + std::to_string(request->spec().world_size()) +
                            " exceeds the 8 devices of backend cuda");
  }
  std::lock_guard<std::mutex> lock(mu_);
  job_.Clear();
  job_.set_job_id(kJobId);
  *job_.mutable_spec() = request->spec();
  job_.set_state(v1::QUEUED);
  job_.set_submit_time_unix_ms(1763805601000);
  job_.set_failed_rank(-1);
  has_job_ = true;
  *response->mutable_job() = job_;
  return grpc::Status::OK;
}

grpc::Status FakeCoordinator::GetJob(grpc::ServerContext*, const v1::GetJobRequest* request,
                                     v1::Job* response) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!has_job_ || request->job_id() != kJobId) {
    return grpc::Status(grpc::StatusCode::NOT_FOUND, "job " + request->job_id() + " not found");
  }
  *response = job_;
  return grpc::Status::OK;
}

grpc::Status FakeCoordinator::ListJobs(grpc::ServerContext*, const v1::ListJobsRequest* request,
                                       v1::ListJobsResponse* response) {
  std::lock_guard<std::mutex> lock(mu_);
  if (has_job_ &&
      (request->state() == v1::JOB_STATE_UNSPECIFIED || request->state() == job_.state())) {
    v1::Job* job = response->add_jobs();
    *job = job_;
    if (!request->include_rows()) job->clear_rows();
  }
  return grpc::Status::OK;
}

grpc::Status FakeCoordinator::WatchJob(grpc::ServerContext*, const v1::WatchJobRequest* request,
                                       grpc::ServerWriter<v1::JobEvent>* writer) {
  v1::JobState final_state;
  std::string error;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!has_job_ || request->job_id() != kJobId) {
      return grpc::Status(grpc::StatusCode::NOT_FOUND, "job " + request->job_id() + " not found");
    }
    final_state = final_state_;
    error = error_;
  }
  v1::JobEvent event;
  event.set_state(v1::QUEUED);
  writer->Write(event);
  {
    std::lock_guard<std::mutex> lock(mu_);
    job_.set_state(v1::RUNNING);
    job_.set_backend("cuda");
    job_.add_devices(0);
    job_.add_devices(1);
  }
  event.set_state(v1::RUNNING);
  writer->Write(event);
  for (int64_t size : {2048, 8192, 32768}) {
    *event.mutable_row() = MakeRow(size);
    {
      std::lock_guard<std::mutex> lock(mu_);
      *job_.add_rows() = event.row();
    }
    writer->Write(event);
  }
  event.clear_row();
  event.set_state(final_state);
  event.set_error(error);
  {
    std::lock_guard<std::mutex> lock(mu_);
    job_.set_state(final_state);
    job_.set_error(error);
    if (final_state == v1::FAILED) job_.set_failed_rank(1);
  }
  writer->Write(event);
  return grpc::Status::OK;
}

grpc::Status FakeCoordinator::CancelJob(grpc::ServerContext*, const v1::CancelJobRequest* request,
                                        v1::CancelJobResponse* response) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!has_job_ || request->job_id() != kJobId) {
    return grpc::Status(grpc::StatusCode::NOT_FOUND, "job " + request->job_id() + " not found");
  }
  job_.set_state(v1::CANCELLED);
  job_.set_error("cancelled by CancelJob");
  *response->mutable_job() = job_;
  return grpc::Status::OK;
}

grpc::Status FakeCoordinator::ListDevices(grpc::ServerContext*, const v1::ListDevicesRequest*,
                                          v1::ListDevicesResponse* response) {
  response->set_backend("cuda");
  for (int i = 0; i < 2; ++i) {
    v1::Device* device = response->add_devices();
    device->set_index(i);
    device->set_kind("cuda");
    device->set_name("NVIDIA H200");
    device->set_memory_bytes(int64_t{143} << 30);
    if (i == 1) device->set_job_id(kJobId);
  }
  response->add_kernels("one_shot_all_reduce");
  return grpc::Status::OK;
}

FakeServer::FakeServer() {
  grpc::ServerBuilder builder;
  builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port_);
  builder.RegisterService(&service_);
  server_ = builder.BuildAndStart();
  if (server_ == nullptr || port_ == 0) throw std::runtime_error("fake coordinator: no port");
}

FakeServer::~FakeServer() { server_->Shutdown(); }

}  // namespace symmbench::client::testing
