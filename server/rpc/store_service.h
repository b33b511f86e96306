// The gRPC Store service: a thin adapter over KeyValueStore that scopes every key to its
// job's prefix and admits only the workers of a RUNNING job, recognised by the job's secret
// (metadata x-symmbench-job-secret). Written on gRPC's callback API: a Wait holds a reactor
// registered with the store, not a thread, until its keys appear or its deadline passes.
#pragma once

#include <grpcpp/grpcpp.h>

#include <functional>
#include <string>

#include "absl/status/status.h"
#include "proto/symmbench.grpc.pb.h"
#include "proto/worker.grpc.pb.h"
#include "server/metrics.h"
#include "server/store.h"

namespace symmbench {

// The job secret a worker's call carries (empty when none).
std::string JobSecretOf(const grpc::ServerContextBase& context);

class StoreService final : public v1::Store::CallbackService {
 public:
  // `authorize(job_id, secret)`: OK when `job_id` is RUNNING and `secret` is its secret;
  // otherwise the status to answer (FAILED_PRECONDITION, PERMISSION_DENIED).
  using Authorize = std::function<absl::Status(const std::string&, const std::string&)>;
  StoreService(KeyValueStore* store, Authorize authorize);
  // Where the number of pending waits is exported (may stay null); set before serving.
  void set_metrics(CoordinatorMetrics* metrics) { metrics_ = metrics; }

  grpc::ServerUnaryReactor* Set(grpc::CallbackServerContext*, const v1::StoreSetRequest*,
                                v1::StoreSetResponse*) override;
  grpc::ServerUnaryReactor* Get(grpc::CallbackServerContext*, const v1::StoreGetRequest*,
                                v1::StoreGetResponse*) override;
  grpc::ServerUnaryReactor* Add(grpc::CallbackServerContext*, const v1::StoreAddRequest*,
                                v1::StoreAddResponse*) override;
  grpc::ServerUnaryReactor* Wait(grpc::CallbackServerContext*, const v1::StoreWaitRequest*,
                                 v1::StoreWaitResponse*) override;
  grpc::ServerUnaryReactor* CompareSet(grpc::CallbackServerContext*,
                                       const v1::StoreCompareSetRequest*,
                                       v1::StoreCompareSetResponse*) override;
  grpc::ServerUnaryReactor* Delete(grpc::CallbackServerContext*, const v1::StoreDeleteRequest*,
                                   v1::StoreDeleteResponse*) override;

 private:
  // OK with the scoped key, or an error status naming the bad field / the job's state / the
  // missing secret.
  grpc::Status Scope(const grpc::CallbackServerContext& context, const std::string& job_id,
                     const std::string& key, std::string* scoped);
  // RESOURCE_EXHAUSTED naming value when setting `scoped_key` to `value_bytes` bytes would take
  // the job past its Store quota (64 MiB of keys and values).
  grpc::Status CheckQuota(const std::string& job_id, const std::string& scoped_key,
                          size_t value_bytes) const;
  KeyValueStore* store_;
  Authorize authorize_;
  CoordinatorMetrics* metrics_ = nullptr;
};

}  // namespace symmbench
