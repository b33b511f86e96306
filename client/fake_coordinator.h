// A tiny in-process Coordinator gRPC server with canned data, for the client's tests: it
// listens on 127.0.0.1 with a kernel-chosen port and plays a job to a chosen final state.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "grpcpp/grpcpp.h"
#include "proto/symmbench.grpc.pb.h"

namespace symmbench::client::testing {

// Coordinator with canned data. SubmitJob stores each spec as job "j-00000N" (QUEUED, N from
// 1), or answers INVALID_ARGUMENT naming world_size when world_size exceeds the devices.
// WatchJob replays QUEUED, RUNNING, one row per size (2K, 8K, 32K; ag_gemm: one per shape), then
// `final_state` (with `error` for FAILED/CANCELLED). GetJob/CancelJob/ListJobs/ListDevices
// answer from the stored jobs. ListDevices reports 2 CUDA devices (the second busy) and one
// kernel unless SetDevices says otherwise.
class FakeCoordinator final : public v1::Coordinator::Service {
 public:
  static constexpr int kDevices = 8;  // what SubmitJob accepts unless SetDevices says otherwise
  static constexpr char kJobId[] = "j-000001";

  // Sets what the next watched job ends as.
  void SetOutcome(v1::JobState final_state, const std::string& error);
  // From now on ListDevices reports `count` free devices of `backend` ("cuda": "NVIDIA H200";
  // "cpu": "cpu-slot") with `memory_bytes` each and offers `kernels`; SubmitJob accepts world
  // sizes up to `count`.
  void SetDevices(const std::string& backend, int count, int64_t memory_bytes,
                  std::vector<std::string> kernels);
  // The spec of the last SubmitJob (empty before any).
  v1::JobSpec last_spec() const;
  // Every spec submitted, in order.
  std::vector<v1::JobSpec> submitted() const;
  // A canned row of `size_bytes` (bf16, baseline nccl_all_reduce, NVLink SHARP off).
  static v1::ResultRow MakeRow(int64_t size_bytes);

  grpc::Status SubmitJob(grpc::ServerContext* context, const v1::SubmitJobRequest* request,
                         v1::SubmitJobResponse* response) override;
  grpc::Status GetJob(grpc::ServerContext* context, const v1::GetJobRequest* request,
                      v1::Job* response) override;
  grpc::Status ListJobs(grpc::ServerContext* context, const v1::ListJobsRequest* request,
                        v1::ListJobsResponse* response) override;
  grpc::Status WatchJob(grpc::ServerContext* context, const v1::WatchJobRequest* request,
                        grpc::ServerWriter<v1::JobEvent>* writer) override;
  grpc::Status CancelJob(grpc::ServerContext* context, const v1::CancelJobRequest* request,
                         v1::CancelJobResponse* response) override;
  grpc::Status ListDevices(grpc::ServerContext* context, const v1::ListDevicesRequest* request,
                           v1::ListDevicesResponse* response) override;

 private:
  // The job `id`, or nullptr (callers hold mu_).
  v1::Job* Find(const std::string& id);

  mutable std::mutex mu_;
  std::vector<v1::Job> jobs_;  // jobs_[i] is "j-00000<i+1>"
  v1::JobState final_state_ = v1::SUCCEEDED;
  std::string error_;
  bool devices_set_ = false;
  v1::ListDevicesResponse devices_;  // when devices_set_
};

// The fake served on 127.0.0.1:<free port>; shuts down when destroyed.
class FakeServer {
 public:
  FakeServer();
  ~FakeServer();
  FakeCoordinator& service() { return service_; }
  std::string address() const { return "127.0.0.1:" + std::to_string(port_); }

 private:
  FakeCoordinator service_;
  std::unique_ptr<grpc::Server> server_;
  int port_ = 0;
};

}  // namespace symmbench::client::testing
