// StoreService: job-scoped adapter from gRPC's callback API to KeyValueStore.
#include "server/rpc/store_service.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "common/quote.h"
#include "security/secrets.h"
#include "server/rpc/grpc_status.h"
#include "spec/job_keys.h"

namespace symmbench {
namespace {
// Longest single wait a client may ask for.
constexpr int64_t kMaxWaitMs = 3600 * 1000;
constexpr size_t kMaxKeyLength = 512;
// Bytes of keys and values one job may hold in the Store. A job of 64 ranks and 64 sizes holds
// about 5 MiB of rank results; the quota keeps a runaway or hostile worker from taking the
// daemon's memory.
constexpr size_t kMaxJobStoreBytes = size_t{64} << 20;

// Answers at once with `status`.
grpc::ServerUnaryReactor* Finished(grpc::CallbackServerContext* context, grpc::Status status) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  reactor->Finish(std::move(status));
  return reactor;
}

// One pending Wait: registered with the store; finishes when the store calls back (keys
// present, deadline, job ended, shutdown) or withdraws when the client cancels. Deletes
// itself when gRPC is done with it.
class WaitReactor final : public grpc::ServerUnaryReactor {
 public:
  WaitReactor(KeyValueStore* store, std::string prefix, CoordinatorMetrics* metrics)
      : store_(store), prefix_(std::move(prefix)), metrics_(metrics) {
    if (metrics_ != nullptr) metrics_->StoreWaitsPending(+1);
  }

  void Start(std::vector<std::string> keys, std::chrono::milliseconds timeout) {
    id_ = store_->WaitAsync(std::move(keys), timeout, [this](absl::Status status) {
      // The last use of `this`: OnDone may delete it as soon as Finish is called.
      Finish(ToClient(status));
    });
  }
  void OnCancel() override { store_->CancelWait(id_); }
  void OnDone() override {
    if (metrics_ != nullptr) metrics_->StoreWaitsPending(-1);
    delete this;
  }

 private:
  // Keys are reported as the client named them, without the job prefix.
  grpc::Status ToClient(const absl::Status& status) const {
    if (status.ok()) return grpc::Status::OK;
    std::string message(status.message());
    for (size_t pos; (pos = message.find(prefix_)) != std::string::npos;) {
      message.erase(pos, prefix_.size());
    }
    return {static_cast<grpc::StatusCode>(status.code()), message};
  }

  KeyValueStore* const store_;
  const std::string prefix_;
  CoordinatorMetrics* const metrics_;
  KeyValueStore::WaitId id_ = 0;  // set before any OnCancel (which follows the handler)
};

}  // namespace

std::string JobSecretOf(const grpc::ServerContextBase& context) {
  auto it = context.client_metadata().find(kJobSecretHeader);
  if (it == context.client_metadata().end()) return "";
  return std::string(it->second.data(), it->second.size());
}

StoreService::StoreService(KeyValueStore* store, Authorize authorize)
    : store_(store), authorize_(std::move(authorize)) {}

grpc::Status StoreService::Scope(const grpc::CallbackServerContext& context,
                                 const std::string& job_id, const std::string& key,
                                 std::string* scoped) {
  if (job_id.empty()) return {grpc::StatusCode::INVALID_ARGUMENT, "job_id: must be set"};
  if (key.empty() || key.size() > kMaxKeyLength) {
    return {grpc::StatusCode::INVALID_ARGUMENT,
            absl::StrCat("key: must be 1..", kMaxKeyLength, " characters")};
  }
  if (absl::Status s = authorize_(job_id, JobSecretOf(context)); !s.ok()) return ToGrpc(s);
  *scoped = JobStorePrefix(job_id) + key;
  return grpc::Status::OK;
}

grpc::Status StoreService::CheckQuota(const std::string& job_id, const std::string& key,
                                      size_t value_bytes) const {
  const size_t bytes = store_->BytesWithValue(JobStorePrefix(job_id), key, value_bytes);
  if (bytes <= kMaxJobStoreBytes) return grpc::Status::OK;
  return {grpc::StatusCode::RESOURCE_EXHAUSTED,
          absl::StrCat("value: job ", ShortName(job_id), " would hold ", bytes,
                       " bytes in the Store, over its quota of ", kMaxJobStoreBytes)};
}

grpc::ServerUnaryReactor* StoreService::Set(grpc::CallbackServerContext* context,
                                            const v1::StoreSetRequest* request,
                                            v1::StoreSetResponse*) {
  std::string key;
  grpc::Status s = Scope(*context, request->job_id(), request->key(), &key);
  if (s.ok()) s = CheckQuota(request->job_id(), key, request->value().size());
  if (s.ok()) store_->Set(key, request->value());
  return Finished(context, s);
}

grpc::ServerUnaryReactor* StoreService::Get(grpc::CallbackServerContext* context,
                                            const v1::StoreGetRequest* request,
                                            v1::StoreGetResponse* response) {
  std::string key;
  if (grpc::Status s = Scope(*context, request->job_id(), request->key(), &key); !s.ok()) {
    return Finished(context, s);
  }
  absl::StatusOr<std::string> value = store_->Get(key);
  if (!value.ok()) {
    return Finished(context, {grpc::StatusCode::NOT_FOUND,
                              absl::StrCat("key: ", Quote(request->key()), " not set")});
  }
  response->set_value(*std::move(value));
  return Finished(context, grpc::Status::OK);
}

grpc::ServerUnaryReactor* StoreService::Add(grpc::CallbackServerContext* context,
                                            const v1::StoreAddRequest* request,
                                            v1::StoreAddResponse* response) {
  std::string key;
  if (grpc::Status s = Scope(*context, request->job_id(), request->key(), &key); !s.ok()) {
    return Finished(context, s);
  }
  absl::StatusOr<int64_t> value = store_->Add(key, request->delta());
  if (!value.ok()) return Finished(context, ToGrpc(value.status()));
  response->set_value(*value);
  return Finished(context, grpc::Status::OK);
}

grpc::ServerUnaryReactor* StoreService::Wait(grpc::CallbackServerContext* context,
                                             const v1::StoreWaitRequest* request,
                                             v1::StoreWaitResponse*) {
  if (request->keys().empty()) {
    return Finished(context, {grpc::StatusCode::INVALID_ARGUMENT, "keys: empty"});
  }
  if (request->timeout_ms() <= 0 || request->timeout_ms() > kMaxWaitMs) {
    return Finished(context, {grpc::StatusCode::INVALID_ARGUMENT,
                              absl::StrCat("timeout_ms: must be in (0, ", kMaxWaitMs, "] (got ",
                                           request->timeout_ms(), ")")});
  }
  std::vector<std::string> keys;
  for (const std::string& k : request->keys()) {
    std::string key;
    if (grpc::Status s = Scope(*context, request->job_id(), k, &key); !s.ok()) {
      return Finished(context, s);
    }
    keys.push_back(std::move(key));
  }
  auto* reactor = new WaitReactor(store_, JobStorePrefix(request->job_id()), metrics_);
  reactor->Start(std::move(keys), std::chrono::milliseconds(request->timeout_ms()));
  return reactor;
}

grpc::ServerUnaryReactor* StoreService::CompareSet(grpc::CallbackServerContext* context,
                                                   const v1::StoreCompareSetRequest* request,
                                                   v1::StoreCompareSetResponse* response) {
  std::string key;
  if (grpc::Status s = Scope(*context, request->job_id(), request->key(), &key); !s.ok()) {
    return Finished(context, s);
  }
  if (grpc::Status s = CheckQuota(request->job_id(), key, request->desired().size()); !s.ok()) {
    return Finished(context, s);
  }
  CompareSetResult result = store_->CompareSet(key, request->expected(), request->desired());
  response->set_value(std::move(result.value));
  response->set_swapped(result.swapped);
  return Finished(context, grpc::Status::OK);
}

grpc::ServerUnaryReactor* StoreService::Delete(grpc::CallbackServerContext* context,
                                               const v1::StoreDeleteRequest* request,
                                               v1::StoreDeleteResponse* response) {
  std::string key;
  if (grpc::Status s = Scope(*context, request->job_id(), request->key(), &key); !s.ok()) {
    return Finished(context, s);
  }
  response->set_deleted(store_->Delete(key));
  return Finished(context, grpc::Status::OK);
}

}  // namespace symmbench
