// gRPC helpers for the real-process tests.
#include "tests/rpc_test_util.h"

#include <grpcpp/generic/generic_stub.h>

#include <future>
#include <thread>

namespace symmbench::testing {

std::unique_ptr<v1::Coordinator::Stub> CoordinatorStub(const std::string& address) {
  return v1::Coordinator::NewStub(grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
}

std::unique_ptr<v1::Store::Stub> StoreStub(const std::string& address) {
  return v1::Store::NewStub(grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
}

std::unique_ptr<grpc::ClientContext> Context(std::chrono::milliseconds timeout) {
  auto context = std::make_unique<grpc::ClientContext>();
  context->set_deadline(std::chrono::system_clock::now() + timeout);
  return context;
}

v1::JobSpec SmallCpuSpec(int world_size, std::vector<int64_t> sizes, int iters) {
  v1::JobSpec spec;
  spec.set_kernel("one_shot_all_reduce");
  spec.set_world_size(world_size);
  spec.set_dtype(v1::fp32);
  for (int64_t size : sizes) spec.mutable_sweep()->add_sizes_bytes(size);
  spec.set_warmup_iters(1);
  spec.set_iters(iters);
  spec.set_backend(v1::cpu);
  return spec;
}

v1::JobSpec LongCpuSpec(int world_size) {
  v1::JobSpec spec = SmallCpuSpec(world_size, {16 << 20}, 100000);
  spec.set_warmup_iters(0);
  spec.set_check(false);
  return spec;
}

grpc::Status Submit(v1::Coordinator::Stub* stub, const v1::JobSpec& spec, v1::Job* job) {
  v1::SubmitJobRequest request;
  *request.mutable_spec() = spec;
  v1::SubmitJobResponse response;
  grpc::Status status = stub->SubmitJob(Context().get(), request, &response);
  if (status.ok()) *job = response.job();
  return status;
}

grpc::Status GetJob(v1::Coordinator::Stub* stub, const std::string& job_id, v1::Job* job) {
  v1::GetJobRequest request;
  request.set_job_id(job_id);
  return stub->GetJob(Context().get(), request, job);
}

grpc::Status RawUnaryCall(const std::string& address, const std::string& method,
                          const std::string& request_bytes, std::string* response_bytes) {
  grpc::GenericStub stub(grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
  grpc::Slice slice(request_bytes);
  grpc::ByteBuffer request(&slice, 1);
  grpc::ByteBuffer response;
  std::promise<grpc::Status> done;
  std::unique_ptr<grpc::ClientContext> context = Context();
  stub.UnaryCall(context.get(), method, grpc::StubOptions(), &request, &response,
                 [&done](grpc::Status status) { done.set_value(status); });
  grpc::Status status = done.get_future().get();
  response_bytes->clear();
  std::vector<grpc::Slice> slices;
  if (status.ok() && response.Dump(&slices).ok()) {
    for (const grpc::Slice& s : slices) {
      response_bytes->append(reinterpret_cast<const char*>(s.begin()), s.size());
    }
  }
  return status;
}

int HealthStatus(const std::string& address, const std::string& service) {
  // HealthCheckRequest{service} is field 1 (bytes) when not empty; HealthCheckResponse{status}
  // is field 1 (varint).
  std::string request;
  if (!service.empty()) request = std::string("\x0a") + static_cast<char>(service.size()) + service;
  std::string answer;
  if (!RawUnaryCall(address, "/grpc.health.v1.Health/Check", request, &answer).ok()) return -1;
  if (answer.size() != 2 || answer[0] != '\x08') return -1;
  return answer[1];
}

bool IsFinal(v1::JobState state) {
  return state == v1::SUCCEEDED || state == v1::FAILED || state == v1::CANCELLED;
}

v1::Job WaitFinal(v1::Coordinator::Stub* stub, const std::string& job_id,
                  std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  v1::Job last;
  while (std::chrono::steady_clock::now() < deadline) {
    v1::Job job;
    if (GetJob(stub, job_id, &job).ok()) {
      last = job;
      if (IsFinal(job.state())) break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return last;
}

bool WaitRunning(v1::Coordinator::Stub* stub, const std::string& job_id,
                 std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    v1::Job job;
    if (GetJob(stub, job_id, &job).ok() && job.state() != v1::QUEUED) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

}  // namespace symmbench::testing
