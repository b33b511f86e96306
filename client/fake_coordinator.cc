// Canned Coordinator service for the client's tests (see fake_coordinator.h).
#include "client/fake_coordinator.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <stdexcept>

namespace symmbench::client::testing {

void FakeCoordinator::SetOutcome(v1::JobState final_state, const std::string& error) {
  std::lock_guard<std::mutex> lock(mu_);
  final_state_ = final_state;
  error_ = error;
}

void FakeCoordinator::SetDevices(const std::string& backend, int count, int64_t memory_bytes,
                                 std::vector<std::string> kernels) {
  std::lock_guard<std::mutex> lock(mu_);
  devices_set_ = true;
  devices_.Clear();
  const v1::Backend kind = backend == "cuda" ? v1::cuda : v1::cpu;
  devices_.set_backend(kind);
  for (int i = 0; i < count; ++i) {
    v1::Device* device = devices_.add_devices();
    device->set_index(i);
    device->set_kind(kind);
    device->set_name(backend == "cuda" ? "NVIDIA H200" : "cpu-slot");
    device->set_memory_bytes(memory_bytes);
  }
  for (std::string& kernel : kernels) devices_.add_kernels(std::move(kernel));
}

v1::JobSpec FakeCoordinator::last_spec() const {
  std::lock_guard<std::mutex> lock(mu_);
  return jobs_.empty() ? v1::JobSpec() : jobs_.back().spec();
}

std::vector<v1::JobSpec> FakeCoordinator::submitted() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<v1::JobSpec> specs;
  for (const v1::Job& job : jobs_) specs.push_back(job.spec());
  return specs;
}

v1::Job* FakeCoordinator::Find(const std::string& id) {
  for (v1::Job& job : jobs_) {
    if (job.job_id() == id) return &job;
  }
  return nullptr;
}

v1::ResultRow FakeCoordinator::MakeRow(int64_t size_bytes) {
  v1::ResultRow row;
  row.set_size_bytes(size_bytes);
  row.set_count(size_bytes / 2);
  row.set_dtype(v1::bf16);
  row.set_redop("sum");
  row.set_time_us(5.12);
  row.set_time_min_us(5.01);
  row.set_time_max_us(5.73);
  row.set_algbw_gbps(size_bytes / 5.12e3);
  row.set_busbw_gbps(size_bytes / 5.12e3);
  row.set_reference("nccl_all_reduce");
  row.set_reference_kind(v1::library);
  row.set_reference_time_us(30.10);
  row.set_reference_busbw_gbps(size_bytes / 30.10e3);
  row.set_speedup(30.10 / 5.12);
  row.set_reference_config("nccl 2.28.9 NCCL_NVLS_ENABLE=0");
  row.set_checked(true);
  return row;
}

grpc::Status FakeCoordinator::SubmitJob(grpc::ServerContext*, const v1::SubmitJobRequest* request,
                                        v1::SubmitJobResponse* response) {
  std::lock_guard<std::mutex> lock(mu_);
  const int devices = devices_set_ ? devices_.devices_size() : kDevices;
  if (request->spec().world_size() > devices) {
    return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT,
                        "world_size: " + std::to_string(request->spec().world_size()) +
                            " exceeds the " + std::to_string(devices) + " devices of backend " +
                            v1::Backend_Name(devices_set_ ? devices_.backend() : v1::cuda));
  }
  v1::Job& job = jobs_.emplace_back();
  char id[16];
  std::snprintf(id, sizeof(id), "j-%06zu", jobs_.size());
  job.set_job_id(id);
  *job.mutable_spec() = request->spec();
  job.set_state(v1::QUEUED);
  job.set_submit_time_unix_ms(1763805601000);
  job.set_failed_rank(-1);
  *response->mutable_job() = job;
  return grpc::Status::OK;
}

grpc::Status FakeCoordinator::GetJob(grpc::ServerContext*, const v1::GetJobRequest* request,
                                     v1::Job* response) {
  std::lock_guard<std::mutex> lock(mu_);
  const v1::Job* job = Find(request->job_id());
  if (job == nullptr) {
    return grpc::Status(grpc::StatusCode::NOT_FOUND, "job " + request->job_id() + " not found");
  }
  *response = *job;
  return grpc::Status::OK;
}

grpc::Status FakeCoordinator::ListJobs(grpc::ServerContext*, const v1::ListJobsRequest* request,
                                       v1::ListJobsResponse* response) {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto it = jobs_.rbegin(); it != jobs_.rend(); ++it) {  // newest first
    if (request->state() != v1::JOB_STATE_UNSPECIFIED && request->state() != it->state()) {
      continue;
    }
    v1::Job* job = response->add_jobs();
    *job = *it;
    if (!request->include_rows()) job->clear_rows();
  }
  return grpc::Status::OK;
}

grpc::Status FakeCoordinator::WatchJob(grpc::ServerContext*, const v1::WatchJobRequest* request,
                                       grpc::ServerWriter<v1::JobEvent>* writer) {
  v1::JobState final_state;
  std::string error;
  v1::JobSpec spec;
  {
    std::lock_guard<std::mutex> lock(mu_);
    v1::Job* job = Find(request->job_id());
    if (job == nullptr) {
      return grpc::Status(grpc::StatusCode::NOT_FOUND, "job " + request->job_id() + " not found");
    }
    final_state = final_state_;
    error = error_;
    spec = job->spec();
  }
  // Updates the stored job under the lock (the vector may grow meanwhile: look it up again).
  auto update = [&](const std::function<void(v1::Job*)>& change) {
    std::lock_guard<std::mutex> lock(mu_);
    change(Find(request->job_id()));
  };
  v1::JobEvent event;
  event.set_state(v1::QUEUED);
  writer->Write(event);
  update([&](v1::Job* job) {
    job->set_state(v1::RUNNING);
    job->set_backend(devices_set_ ? devices_.backend() : v1::cuda);
    for (int r = 0; r < std::max(1, spec.world_size()); ++r) job->add_devices(r);
  });
  event.set_state(v1::RUNNING);
  writer->Write(event);
  std::vector<v1::ResultRow> rows;
  if (spec.has_gemm()) {
    for (const v1::GemmShape& shape : spec.gemm().shapes()) {
      v1::ResultRow row = MakeRow(shape.m() / std::max(1, spec.world_size()) * shape.k() * 2);
      row.mutable_gemm()->set_m(shape.m());
      row.mutable_gemm()->set_n(shape.n());
      row.mutable_gemm()->set_k(shape.k());
      rows.push_back(row);
    }
  } else {
    for (int64_t size : {2048, 8192, 32768}) rows.push_back(MakeRow(size));
  }
  for (const v1::ResultRow& row : rows) {
    *event.mutable_row() = row;
    update([&](v1::Job* job) { *job->add_rows() = row; });
    writer->Write(event);
  }
  event.clear_row();
  event.set_state(final_state);
  event.set_error(error);
  update([&](v1::Job* job) {
    job->set_state(final_state);
    job->set_error(error);
    if (final_state == v1::FAILED) job->set_failed_rank(1);
  });
  writer->Write(event);
  return grpc::Status::OK;
}

grpc::Status FakeCoordinator::CancelJob(grpc::ServerContext*, const v1::CancelJobRequest* request,
                                        v1::CancelJobResponse* response) {
  std::lock_guard<std::mutex> lock(mu_);
  v1::Job* job = Find(request->job_id());
  if (job == nullptr) {
    return grpc::Status(grpc::StatusCode::NOT_FOUND, "job " + request->job_id() + " not found");
  }
  job->set_state(v1::CANCELLED);
  job->set_error("cancelled by CancelJob");
  *response->mutable_job() = *job;
  return grpc::Status::OK;
}

grpc::Status FakeCoordinator::ListDevices(grpc::ServerContext*, const v1::ListDevicesRequest*,
                                          v1::ListDevicesResponse* response) {
  std::lock_guard<std::mutex> lock(mu_);
  if (devices_set_) {
    *response = devices_;
    return grpc::Status::OK;
  }
  response->set_backend(v1::cuda);
  for (int i = 0; i < 2; ++i) {
    v1::Device* device = response->add_devices();
    device->set_index(i);
    device->set_kind(v1::cuda);
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
