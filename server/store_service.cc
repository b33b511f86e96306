// StoreService: job-scoped adapter from gRPC to KeyValueStore.
#include "server/store_service.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "server/grpc_status.h"
#include "server/job_manager.h"

namespace symmbench {
namespace {
// Longest single wait a client may ask for.
constexpr int64_t kMaxWaitMs = 3600 * 1000;
constexpr size_t kMaxKeyLength = 512;
}  // namespace

StoreService::StoreService(KeyValueStore* store,
                           std::function<bool(const std::string&)> is_running)
    : store_(store), is_running_(std::move(is_running)) {}

grpc::Status StoreService::Scope(const std::string& job_id, const std::string& key,
                                 std::string* scoped) {
  if (job_id.empty()) return {grpc::StatusCode::INVALID_ARGUMENT, "job_id: must be set"};
  if (key.empty() || key.size() > kMaxKeyLength) {
    return {grpc::StatusCode::INVALID_ARGUMENT,
            absl::StrCat("key: must be 1..", kMaxKeyLength, " characters")};
  }
  if (!is_running_(job_id)) {
    return {grpc::StatusCode::FAILED_PRECONDITION,
            absl::StrCat("job_id: job ", job_id, " is not running")};
  }
  *scoped = JobStorePrefix(job_id) + key;
  return grpc::Status::OK;
}

grpc::Status StoreService::Set(grpc::ServerContext*, const v1::StoreSetRequest* request,
                               v1::StoreSetResponse*) {
  std::string key;
  if (grpc::Status s = Scope(request->job_id(), request->key(), &key); !s.ok()) return s;
  store_->Set(key, request->value());
  return grpc::Status::OK;
}

grpc::Status StoreService::Get(grpc::ServerContext*, const v1::StoreGetRequest* request,
                               v1::StoreGetResponse* response) {
  std::string key;
  if (grpc::Status s = Scope(request->job_id(), request->key(), &key); !s.ok()) return s;
  absl::StatusOr<std::string> value = store_->Get(key);
  if (!value.ok()) {
    return {grpc::StatusCode::NOT_FOUND, absl::StrCat("key: \"", request->key(), "\" not set")};
  }
  response->set_value(*std::move(value));
  return grpc::Status::OK;
}

grpc::Status StoreService::Add(grpc::ServerContext*, const v1::StoreAddRequest* request,
                               v1::StoreAddResponse* response) {
  std::string key;
  if (grpc::Status s = Scope(request->job_id(), request->key(), &key); !s.ok()) return s;
  absl::StatusOr<int64_t> value = store_->Add(key, request->delta());
  if (!value.ok()) return ToGrpc(value.status());
  response->set_value(*value);
  return grpc::Status::OK;
}

grpc::Status StoreService::Wait(grpc::ServerContext*, const v1::StoreWaitRequest* request,
                                v1::StoreWaitResponse*) {
  if (request->keys().empty()) return {grpc::StatusCode::INVALID_ARGUMENT, "keys: empty"};
  if (request->timeout_ms() <= 0 || request->timeout_ms() > kMaxWaitMs) {
    return {grpc::StatusCode::INVALID_ARGUMENT,
            absl::StrCat("timeout_ms: must be in (0, ", kMaxWaitMs, "] (got ",
                         request->timeout_ms(), ")")};
  }
  std::vector<std::string> keys;
  for (const std::string& k : request->keys()) {
    std::string key;
    if (grpc::Status s = Scope(request->job_id(), k, &key); !s.ok()) return s;
    keys.push_back(std::move(key));
  }
  absl::Status status = store_->Wait(keys, std::chrono::milliseconds(request->timeout_ms()));
  if (!status.ok()) {
    // Report keys as the client named them, without the job prefix.
    std::string message(status.message());
    const std::string prefix = JobStorePrefix(request->job_id());
    for (size_t pos; (pos = message.find(prefix)) != std::string::npos;) {
      message.erase(pos, prefix.size());
    }
    return {static_cast<grpc::StatusCode>(status.code()), message};
  }
  return grpc::Status::OK;
}

grpc::Status StoreService::CompareSet(grpc::ServerContext*,
                                      const v1::StoreCompareSetRequest* request,
                                      v1::StoreCompareSetResponse* response) {
  std::string key;
  if (grpc::Status s = Scope(request->job_id(), request->key(), &key); !s.ok()) return s;
  CompareSetResult result = store_->CompareSet(key, request->expected(), request->desired());
  response->set_value(std::move(result.value));
  response->set_swapped(result.swapped);
  return grpc::Status::OK;
}

grpc::Status StoreService::Delete(grpc::ServerContext*, const v1::StoreDeleteRequest* request,
                                  v1::StoreDeleteResponse* response) {
  std::string key;
  if (grpc::Status s = Scope(request->job_id(), request->key(), &key); !s.ok()) return s;
  response->set_deleted(store_->Delete(key));
  return grpc::Status::OK;
}

}  // namespace symmbench
