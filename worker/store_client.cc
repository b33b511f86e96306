// StoreClient and StoreRendezvous over the coordinator's gRPC Store service.
#include "worker/store_client.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "spec/job_keys.h"

namespace symmbench {

absl::Status FromGrpc(const grpc::Status& status, const std::string& what) {
  if (status.ok()) return absl::OkStatus();
  return absl::Status(static_cast<absl::StatusCode>(status.error_code()),
                      absl::StrCat(what, ": ", status.error_message()));
}

namespace {
void SetDeadline(grpc::ClientContext* context, std::chrono::milliseconds timeout) {
  context->set_deadline(std::chrono::system_clock::now() + timeout);
}
}  // namespace

StoreClient::StoreClient(std::shared_ptr<grpc::Channel> channel, std::string job_id,
                         std::chrono::milliseconds rpc_timeout)
    : stub_(v1::Store::NewStub(channel)), job_id_(std::move(job_id)), rpc_timeout_(rpc_timeout) {}

absl::Status StoreClient::Set(const std::string& key, const std::string& value) {
  grpc::ClientContext context;
  SetDeadline(&context, rpc_timeout_);
  v1::StoreSetRequest request;
  request.set_job_id(job_id_);
  request.set_key(key);
  request.set_value(value);
  v1::StoreSetResponse response;
  return FromGrpc(stub_->Set(&context, request, &response), absl::StrCat("store set ", key));
}

absl::StatusOr<std::string> StoreClient::Get(const std::string& key) {
  grpc::ClientContext context;
  SetDeadline(&context, rpc_timeout_);
  v1::StoreGetRequest request;
  request.set_job_id(job_id_);
  request.set_key(key);
  v1::StoreGetResponse response;
  absl::Status status =
      FromGrpc(stub_->Get(&context, request, &response), absl::StrCat("store get ", key));
  if (!status.ok()) return status;
  return response.value();
}

absl::Status StoreClient::Delete(const std::string& key) {
  grpc::ClientContext context;
  SetDeadline(&context, rpc_timeout_);
  v1::StoreDeleteRequest request;
  request.set_job_id(job_id_);
  request.set_key(key);
  v1::StoreDeleteResponse response;
  return FromGrpc(stub_->Delete(&context, request, &response), absl::StrCat("store delete ", key));
}

absl::StatusOr<int64_t> StoreClient::Add(const std::string& key, int64_t delta) {
  grpc::ClientContext context;
  SetDeadline(&context, rpc_timeout_);
  v1::StoreAddRequest request;
  request.set_job_id(job_id_);
  request.set_key(key);
  request.set_delta(delta);
  v1::StoreAddResponse response;
  absl::Status status =
      FromGrpc(stub_->Add(&context, request, &response), absl::StrCat("store add ", key));
  if (!status.ok()) return status;
  return response.value();
}

absl::Status StoreClient::Wait(const std::vector<std::string>& keys,
                               std::chrono::milliseconds timeout) {
  grpc::ClientContext context;
  // The server enforces `timeout`; the RPC deadline leaves room for its answer.
  SetDeadline(&context, timeout + rpc_timeout_);
  v1::StoreWaitRequest request;
  request.set_job_id(job_id_);
  for (const std::string& key : keys) request.add_keys(key);
  request.set_timeout_ms(timeout.count());
  v1::StoreWaitResponse response;
  return FromGrpc(stub_->Wait(&context, request, &response), "store wait");
}

absl::StatusOr<std::string> StoreClient::WaitGet(const std::string& key,
                                                 std::chrono::milliseconds timeout) {
  absl::Status status = Wait({key}, timeout);
  if (!status.ok()) return status;
  return Get(key);
}

StoreRendezvous::StoreRendezvous(StoreClient* store, int rank, int world_size,
                                 std::chrono::milliseconds timeout, std::string key_prefix)
    : store_(store),
      rank_(rank),
      world_size_(world_size),
      timeout_(timeout),
      key_prefix_(std::move(key_prefix)) {}

std::vector<std::string> StoreRendezvous::RankKeys(const std::string& prefix) const {
  std::vector<std::string> keys;
  keys.reserve(world_size_);
  for (int r = 0; r < world_size_; ++r) keys.push_back(absl::StrCat(prefix, "/", r));
  return keys;
}

absl::StatusOr<std::vector<std::string>> StoreRendezvous::AllGather(const std::string& tag,
                                                                    const std::string& value) {
  absl::Status status = store_->Set(AllGatherKey(key_prefix_, tag, rank_), value);
  if (!status.ok()) return status;
  std::vector<std::string> keys;
  keys.reserve(world_size_);
  for (int r = 0; r < world_size_; ++r) keys.push_back(AllGatherKey(key_prefix_, tag, r));
  status = store_->Wait(keys, timeout_);
  if (!status.ok()) {
    return absl::Status(status.code(), absl::StrCat("all-gather \"", tag, "\" (rank ", rank_,
                                                    "): ", status.message()));
  }
  std::vector<std::string> values;
  values.reserve(world_size_);
  for (const std::string& key : keys) {
    absl::StatusOr<std::string> got = store_->Get(key);
    if (!got.ok()) return got.status();
    values.push_back(*std::move(got));
  }
  return values;
}

absl::Status StoreRendezvous::Forget(const std::string& tag) {
  return store_->Delete(AllGatherKey(key_prefix_, tag, rank_));
}

absl::Status StoreRendezvous::Barrier(const std::string& tag) {
  const std::string prefix = absl::StrCat(key_prefix_, "barrier/", tag);
  absl::Status status = store_->Set(absl::StrCat(prefix, "/", rank_), "1");
  if (!status.ok()) return status;
  status = store_->Wait(RankKeys(prefix), timeout_);
  if (!status.ok()) {
    return absl::Status(status.code(), absl::StrCat("barrier \"", tag, "\" (rank ", rank_,
                                                    "): ", status.message()));
  }
  return absl::OkStatus();
}

}  // namespace symmbench
