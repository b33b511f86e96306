// libFuzzer target: the Store service (gRPC adapter and KeyValueStore core, served in process
// and called through gRPC's in-process channel: the service is written on the callback API) on
// a sequence of real Store request messages (the fuzzer's bytes parsed as a StoreFuzzInput).
// Waits are cut to a few milliseconds. Traps when a reply breaks the Store's contract: a key
// set is read back, Add returns the sum, a refusal carries a message, jobs never see each
// other's keys.
#include <grpcpp/grpcpp.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "server/rpc/store_service.h"
#include "server/store.h"
#include "spec/job_keys.h"
#include "tests/fuzz/store_fuzz.pb.h"

namespace symmbench {
namespace {

// Longest wait the harness lets through (the service's own limit is an hour).
constexpr int64_t kMaxFuzzWaitMs = 3;

void Require(bool ok, const char* what, const grpc::Status& status = grpc::Status::OK) {
  if (ok) return;
  std::fprintf(stderr, "invariant broken: %s (%d %s)\n", what, status.error_code(),
               status.error_message().c_str());
  std::abort();
}

void RequireMessage(const grpc::Status& status) {
  if (!status.ok()) Require(!status.error_message().empty(), "a refusal says why", status);
}

// One Store service for the whole run, served in process; `running` is what its authorization
// admits (any secret), set per input.
struct Harness {
  KeyValueStore store;
  std::mutex mu;
  std::set<std::string> running;
  std::unique_ptr<StoreService> service;
  std::unique_ptr<grpc::Server> server;
  std::unique_ptr<v1::Store::Stub> stub;
};

Harness* TheHarness() {
  static Harness* const harness = [] {
    auto* h = new Harness;
    h->service = std::make_unique<StoreService>(
        &h->store, [h](const std::string& id, const std::string&) -> absl::Status {
          std::lock_guard<std::mutex> lock(h->mu);
          if (h->running.count(id) > 0) return absl::OkStatus();
          return absl::FailedPreconditionError("job " + id + " is not running");
        });
    grpc::ServerBuilder builder;
    builder.RegisterService(h->service.get());
    h->server = builder.BuildAndStart();
    h->stub = v1::Store::NewStub(h->server->InProcessChannel(grpc::ChannelArguments()));
    return h;
  }();
  return harness;
}

// One unary call through the in-process channel.
template <typename Request, typename Response>
grpc::Status Call(grpc::Status (v1::Store::Stub::*method)(grpc::ClientContext*, const Request&,
                                                          Response*),
                  const Request& request, Response* response) {
  grpc::ClientContext context;
  return (TheHarness()->stub.get()->*method)(&context, request, response);
}

void Apply(const fuzz::StoreOp& op, Harness* h) {
  switch (op.op_case()) {
    case fuzz::StoreOp::kSet: {
      v1::StoreSetResponse response;
      grpc::Status s = Call(&v1::Store::Stub::Set, op.set(), &response);
      RequireMessage(s);
      if (!s.ok()) break;
      v1::StoreGetRequest get;
      get.set_job_id(op.set().job_id());
      get.set_key(op.set().key());
      v1::StoreGetResponse got;
      grpc::Status g = Call(&v1::Store::Stub::Get, get, &got);
      Require(g.ok() && got.value() == op.set().value(), "a value set is read back", g);
      break;
    }
    case fuzz::StoreOp::kGet: {
      v1::StoreGetResponse response;
      RequireMessage(Call(&v1::Store::Stub::Get, op.get(), &response));
      break;
    }
    case fuzz::StoreOp::kAdd: {
      v1::StoreGetRequest get;
      get.set_job_id(op.add().job_id());
      get.set_key(op.add().key());
      v1::StoreGetResponse before;
      const bool had = Call(&v1::Store::Stub::Get, get, &before).ok();
      v1::StoreAddResponse response;
      grpc::Status s = Call(&v1::Store::Stub::Add, op.add(), &response);
      RequireMessage(s);
      if (s.ok() && had && !before.value().empty()) {
        const int64_t old = std::strtoll(before.value().c_str(), nullptr, 10);
        int64_t sum = 0;
        Require(!__builtin_add_overflow(old, op.add().delta(), &sum) && sum == response.value(),
                "Add returns the sum");
      }
      break;
    }
    case fuzz::StoreOp::kWait: {
      v1::StoreWaitRequest wait = op.wait();
      if (wait.timeout_ms() > kMaxFuzzWaitMs) wait.set_timeout_ms(1 + wait.timeout_ms() % 3);
      v1::StoreWaitResponse response;
      RequireMessage(Call(&v1::Store::Stub::Wait, wait, &response));
      break;
    }
    case fuzz::StoreOp::kCompareSet: {
      v1::StoreCompareSetResponse response;
      grpc::Status s = Call(&v1::Store::Stub::CompareSet, op.compare_set(), &response);
      RequireMessage(s);
      if (s.ok() && response.swapped()) {
        Require(response.value() == op.compare_set().desired(), "a swap stores desired");
      }
      break;
    }
    case fuzz::StoreOp::kDelete: {
      v1::StoreDeleteResponse response;
      RequireMessage(Call(&v1::Store::Stub::Delete, op.delete_(), &response));
      break;
    }
    case fuzz::StoreOp::kEndJob: {
      std::lock_guard<std::mutex> lock(h->mu);
      h->running.erase(op.end_job());
      h->store.DropPrefix(JobStorePrefix(op.end_job()));
      break;
    }
    case fuzz::StoreOp::OP_NOT_SET:
      break;
  }
}

}  // namespace
}  // namespace symmbench

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  symmbench::fuzz::StoreFuzzInput input;
  if (!input.ParseFromArray(data, static_cast<int>(size))) return -1;
  if (input.ops_size() > 256) return -1;  // bounded work per input
  symmbench::Harness* h = symmbench::TheHarness();
  {
    std::lock_guard<std::mutex> lock(h->mu);
    h->running = std::set<std::string>(input.running_jobs().begin(), input.running_jobs().end());
  }
  for (const symmbench::fuzz::StoreOp& op : input.ops()) symmbench::Apply(op, h);
  // Nothing of this input stays for the next: every job it named is dropped.
  std::lock_guard<std::mutex> lock(h->mu);
  for (const std::string& id : input.running_jobs()) {
    h->store.DropPrefix(symmbench::JobStorePrefix(id));
  }
  for (const symmbench::fuzz::StoreOp& op : input.ops()) {
    for (const std::string& id :
         {op.set().job_id(), op.get().job_id(), op.add().job_id(), op.wait().job_id(),
          op.compare_set().job_id(), op.delete_().job_id()}) {
      if (!id.empty()) h->store.DropPrefix(symmbench::JobStorePrefix(id));
    }
  }
  h->running.clear();
  return 0;
}
