// The gRPC Store service: a thin adapter over KeyValueStore that scopes every key to its
// job's prefix and admits only jobs that are RUNNING.
#pragma once

#include <functional>
#include <string>

#include "proto/symmbench.grpc.pb.h"
#include "server/store.h"

namespace symmbench {

class StoreService final : public v1::Store::Service {
 public:
  // `is_running(job_id)` says whether a job may use the store now.
  StoreService(KeyValueStore* store, std::function<bool(const std::string&)> is_running);

  grpc::Status Set(grpc::ServerContext*, const v1::StoreSetRequest*,
                   v1::StoreSetResponse*) override;
  grpc::Status Get(grpc::ServerContext*, const v1::StoreGetRequest*,
                   v1::StoreGetResponse*) override;
  grpc::Status Add(grpc::ServerContext*, const v1::StoreAddRequest*,
                   v1::StoreAddResponse*) override;
  grpc::Status Wait(grpc::ServerContext*, const v1::StoreWaitRequest*,
                    v1::StoreWaitResponse*) override;
  grpc::Status CompareSet(grpc::ServerContext*, const v1::StoreCompareSetRequest*,
                          v1::StoreCompareSetResponse*) override;
  grpc::Status Delete(grpc::ServerContext*, const v1::StoreDeleteRequest*,
                      v1::StoreDeleteResponse*) override;

 private:
  // OK with the scoped key, or an error status naming the bad field / the job's state.
  grpc::Status Scope(const std::string& job_id, const std::string& key, std::string* scoped);
  KeyValueStore* store_;
  std::function<bool(const std::string&)> is_running_;
};

}  // namespace symmbench
