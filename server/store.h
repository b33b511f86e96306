// KeyValueStore: the rendezvous store's core (no gRPC): set/get/add/compare-set/delete and
// waiting on keys with a deadline, plus dropping a whole key prefix when a job ends.
// Thread-safe. The gRPC Store service (store_service.h) scopes keys per job on top of it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace symmbench {

struct CompareSetResult {
  std::string value;  // value after the call (the current one when not swapped)
  bool swapped = false;
};

class KeyValueStore {
 public:
  KeyValueStore() = default;
  KeyValueStore(const KeyValueStore&) = delete;
  KeyValueStore& operator=(const KeyValueStore&) = delete;

  // Sets `key` and wakes every waiter.
  void Set(const std::string& key, std::string value);
  // NOT_FOUND naming the key when absent.
  absl::StatusOr<std::string> Get(const std::string& key) const;
  // Adds `delta` to the decimal int64 held by `key` (absent counts as 0) and returns the new
  // value. INVALID_ARGUMENT naming the key when the value is not a decimal int64.
  absl::StatusOr<int64_t> Add(const std::string& key, int64_t delta);
  // Blocks until every key exists or `timeout` passes: DEADLINE_EXCEEDED naming the missing
  // keys. Returns CANCELLED if Shutdown() is called while waiting.
  absl::Status Wait(const std::vector<std::string>& keys, std::chrono::milliseconds timeout);
  // Sets `key` to `desired` if its value equals `expected` (an absent key equals "" only when
  // `expected` is empty), PyTorch TCPStore's compareSet semantics.
  CompareSetResult CompareSet(const std::string& key, const std::string& expected,
                              std::string desired);
  // true if the key existed.
  bool Delete(const std::string& key);
  // Removes every key starting with `prefix`; returns how many.
  size_t DropPrefix(const std::string& prefix);
  size_t size() const;
  // Wakes every waiter with CANCELLED; later waits return CANCELLED at once.
  void Shutdown();

 private:
  mutable std::mutex mu_;
  std::condition_variable changed_;
  std::map<std::string, std::string> data_;
  bool shutdown_ = false;
};

}  // namespace symmbench
