// StoreClient: a worker's connection to its job's scope of the coordinator's Store, and
// StoreRendezvous, the Rendezvous (AllGather, Barrier) built on it.
#pragma once

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/rendezvous.h"
#include "proto/symmbench.grpc.pb.h"
#include "proto/worker.grpc.pb.h"

namespace symmbench {

// Converts a gRPC status to an absl::Status with the same code, prefixing `what`.
absl::Status FromGrpc(const grpc::Status& status, const std::string& what);

class StoreClient {
 public:
  // `channel` reaches the coordinator; every call is scoped to `job_id`. `rpc_timeout` bounds
  // each call that does not wait on keys.
  StoreClient(std::shared_ptr<grpc::Channel> channel, std::string job_id,
              std::chrono::milliseconds rpc_timeout);

  absl::Status Set(const std::string& key, const std::string& value);
  // NOT_FOUND when absent.
  absl::StatusOr<std::string> Get(const std::string& key);
  // OK whether or not the key existed.
  absl::Status Delete(const std::string& key);
  absl::StatusOr<int64_t> Add(const std::string& key, int64_t delta);
  // DEADLINE_EXCEEDED naming the missing keys when `timeout` passes.
  absl::Status Wait(const std::vector<std::string>& keys, std::chrono::milliseconds timeout);
  // Wait + Get.
  absl::StatusOr<std::string> WaitGet(const std::string& key, std::chrono::milliseconds timeout);

 private:
  std::unique_ptr<v1::Store::Stub> stub_;
  std::string job_id_;
  std::chrono::milliseconds rpc_timeout_;
};

// Rendezvous over the Store: AllGather sets "<key_prefix>ag/<tag>/<rank>" (AllGatherKey in
// spec/job_keys.h) and waits for every rank's key; Barrier sets
// "<key_prefix>barrier/<tag>/<rank>" and waits for all. Keys vanish when the job ends (or at
// Forget). A per-host team gets its own key_prefix ("team<h>/") and numbers its ranks within
// the team.
class StoreRendezvous : public Rendezvous {
 public:
  StoreRendezvous(StoreClient* store, int rank, int world_size, std::chrono::milliseconds timeout,
                  std::string key_prefix = "");
  int rank() const override { return rank_; }
  int world_size() const override { return world_size_; }
  absl::StatusOr<std::vector<std::string>> AllGather(const std::string& tag,
                                                     const std::string& value) override;
  absl::Status Barrier(const std::string& tag) override;
  absl::Status Forget(const std::string& tag) override;

 private:
  std::vector<std::string> RankKeys(const std::string& prefix) const;
  StoreClient* store_;
  int rank_;
  int world_size_;
  std::chrono::milliseconds timeout_;
  std::string key_prefix_;
};

}  // namespace symmbench
