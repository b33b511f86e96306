// gRPC helpers for the real-process tests that talk to symmbenchd directly (no CLI process per
// call): stubs, deadlines, small CPU job specs and waiting for a job's final state.
#pragma once

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "proto/symmbench.grpc.pb.h"
#include "proto/worker.grpc.pb.h"

namespace symmbench::testing {

std::unique_ptr<v1::Coordinator::Stub> CoordinatorStub(const std::string& address);
std::unique_ptr<v1::Store::Stub> StoreStub(const std::string& address);

// A context whose deadline is `timeout` from now.
std::unique_ptr<grpc::ClientContext> Context(
    std::chrono::milliseconds timeout = std::chrono::seconds(10));

// one_shot_all_reduce on the CPU backend, fp32, the given sizes (bytes), 1 warm-up iteration.
v1::JobSpec SmallCpuSpec(int world_size, std::vector<int64_t> sizes, int iters = 3);
// A CPU job that runs for many seconds (16 MiB, 100000 iterations, no check).
v1::JobSpec LongCpuSpec(int world_size);

// SubmitJob; on OK `*job` is the stored record.
grpc::Status Submit(v1::Coordinator::Stub* stub, const v1::JobSpec& spec, v1::Job* job);
grpc::Status GetJob(v1::Coordinator::Stub* stub, const std::string& job_id, v1::Job* job);

// A unary call of `method` ("/package.Service/Method") with `request_bytes` as the serialized
// request, as a client that does not use our protos would send it (e.g. malformed bytes).
grpc::Status RawUnaryCall(const std::string& address, const std::string& method,
                          const std::string& request_bytes, std::string* response_bytes);

// grpc.health.v1.Health/Check of `service` ("": the whole server): 1 SERVING, 2 NOT_SERVING
// (HealthCheckResponse.status); -1 when the call fails.
int HealthStatus(const std::string& address, const std::string& service = "");

bool IsFinal(v1::JobState state);
// Polls GetJob until the job is in a final state or `timeout` passes; returns the last record
// read (state JOB_STATE_UNSPECIFIED if none could be read).
v1::Job WaitFinal(v1::Coordinator::Stub* stub, const std::string& job_id,
                  std::chrono::milliseconds timeout = std::chrono::seconds(60));
// Polls GetJob until the job is RUNNING (or past it); false on timeout.
bool WaitRunning(v1::Coordinator::Stub* stub, const std::string& job_id,
                 std::chrono::milliseconds timeout = std::chrono::seconds(30));

}  // namespace symmbench::testing
