// A tiny in-process Coordinator gRPC server with canned data, for the client's tests: it
// listens on 127.0.0.1 with a kernel-chosen port and plays a job to a chosen final state.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "grpcpp/grpcpp.h"
#include "proto/symmbench.grpc.pb.h"

namespace symmbench::client::testing {

// Coordinator with one job slot. SubmitJob stores the spec as job "j-000001" (QUEUED), or
// answers INVALID_ARGUMENT naming world_size when world_size > kDevices. WatchJob replays
// QUEUED, RUNNING, one row per size (2K, 8K, 32K), then `final_state` (with `error` for
// FAILED/CANCELLED). GetJob/CancelJob/ListJobs/ListDevices answer from the stored job.
class FakeCoordinator final : public v1::Coordinator::Service {
 public:
  static constexpr int kDevices = 8;
  static constexpr char kJobId[] = "j-000001";

  // Sets what the next watched job ends as.
  void SetOutcome(v1::JobState final_state, const std::string& error);
  // The spec of the last SubmitJob (empty before any).
  v1::JobSpec last_spec() const;
  // A canned row of `size_bytes` (bf16, baseline nccl_all_reduce).
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
  mutable std::mutex mu_;
  bool has_job_ = false;
  v1::Job job_;
  v1::JobState final_state_ = v1::SUCCEEDED;
  std::string error_;
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
