// libFuzzer target: the Store service (gRPC adapter and KeyValueStore core, in process) on a
// sequence of real Store request messages (the fuzzer's bytes parsed as a StoreFuzzInput).
// Waits are cut to a few milliseconds. Traps when a reply breaks the Store's contract: a key
// set is read back, Add returns the sum, a refusal carries a message, jobs never see each
// other's keys.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

#include "server/job_keys.h"
#include "server/store.h"
#include "server/store_service.h"
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

void Apply(const fuzz::StoreOp& op, StoreService* service, KeyValueStore* store,
           std::set<std::string>* running) {
  switch (op.op_case()) {
    case fuzz::StoreOp::kSet: {
      v1::StoreSetResponse response;
      grpc::Status s = service->Set(nullptr, &op.set(), &response);
      RequireMessage(s);
      if (!s.ok()) break;
      v1::StoreGetRequest get;
      get.set_job_id(op.set().job_id());
      get.set_key(op.set().key());
      v1::StoreGetResponse got;
      grpc::Status g = service->Get(nullptr, &get, &got);
      Require(g.ok() && got.value() == op.set().value(), "a value set is read back", g);
      break;
    }
    case fuzz::StoreOp::kGet: {
      v1::StoreGetResponse response;
      RequireMessage(service->Get(nullptr, &op.get(), &response));
      break;
    }
    case fuzz::StoreOp::kAdd: {
      v1::StoreGetRequest get;
      get.set_job_id(op.add().job_id());
      get.set_key(op.add().key());
      v1::StoreGetResponse before;
      const bool had = service->Get(nullptr, &get, &before).ok();
      v1::StoreAddResponse response;
      grpc::Status s = service->Add(nullptr, &op.add(), &response);
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
      RequireMessage(service->Wait(nullptr, &wait, &response));
      break;
    }
    case fuzz::StoreOp::kCompareSet: {
      v1::StoreCompareSetResponse response;
      grpc::Status s = service->CompareSet(nullptr, &op.compare_set(), &response);
      RequireMessage(s);
      if (s.ok() && response.swapped()) {
        Require(response.value() == op.compare_set().desired(), "a swap stores desired");
      }
      break;
    }
    case fuzz::StoreOp::kDelete: {
      v1::StoreDeleteResponse response;
      RequireMessage(service->Delete(nullptr, &op.delete_(), &response));
      break;
    }
    case fuzz::StoreOp::kEndJob:
      running->erase(op.end_job());
      store->DropPrefix(JobStorePrefix(op.end_job()));
      break;
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
  std::set<std::string> running(input.running_jobs().begin(), input.running_jobs().end());
  symmbench::KeyValueStore store;
  symmbench::StoreService service(
      &store, [&running](const std::string& id) { return running.count(id) > 0; });
  for (const symmbench::fuzz::StoreOp& op : input.ops()) {
    symmbench::Apply(op, &service, &store, &running);
  }
  store.Shutdown();  // a later Wait would return at once: the store is done
  return 0;
}
