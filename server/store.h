// KeyValueStore: the rendezvous store's core (no gRPC): set/get/add/compare-set/delete and
// waiting on keys with a deadline, plus dropping a whole key prefix when a job ends.
// Thread-safe. The gRPC Store service (store_service.h) scopes keys per job on top of it.
//
// Waiting holds no thread: WaitAsync registers a callback that runs once, when every key
// exists (on the thread that set the last one), at the deadline (on the store's one deadline
// thread), on CancelWait, on DropPrefix of a waited key, or on Shutdown. So 1,000 pending
// waits cost 1,000 small records, not 1,000 threads.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <utility>
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
  // Called exactly once with the outcome of a wait, without the store's lock held. It should
  // not block: it runs on the thread that set the last key, on the deadline thread, or in the
  // caller of WaitAsync, CancelWait, DropPrefix or Shutdown.
  using WaitCallback = std::function<void(absl::Status)>;
  // Names a pending wait for CancelWait; never 0.
  using WaitId = uint64_t;

  KeyValueStore();
  ~KeyValueStore();
  KeyValueStore(const KeyValueStore&) = delete;
  KeyValueStore& operator=(const KeyValueStore&) = delete;

  // Sets `key` and completes the waits it satisfies.
  void Set(const std::string& key, std::string value);
  // Bytes of the keys and values under `prefix`, as if `key` (under it) held `value_bytes`
  // bytes: what a Set of that key would leave. For per-job quotas.
  size_t BytesWithValue(const std::string& prefix, const std::string& key,
                        size_t value_bytes) const;
  // NOT_FOUND naming the key when absent.
  absl::StatusOr<std::string> Get(const std::string& key) const;
  // Adds `delta` to the decimal int64 held by `key` (absent counts as 0) and returns the new
  // value. INVALID_ARGUMENT naming the key when the value is not a decimal int64.
  absl::StatusOr<int64_t> Add(const std::string& key, int64_t delta);
  // Blocks until every key exists or `timeout` passes: DEADLINE_EXCEEDED naming the missing
  // keys. Returns CANCELLED if Shutdown() is called while waiting. (WaitAsync and a future.)
  absl::Status Wait(const std::vector<std::string>& keys, std::chrono::milliseconds timeout);
  // Calls `done` once: OK when every key exists at the same moment (at once, on this thread,
  // when they already do); DEADLINE_EXCEEDED naming the missing keys when `timeout` passes;
  // CANCELLED on CancelWait or Shutdown; FAILED_PRECONDITION when DropPrefix removes a waited
  // key. Returns the id for CancelWait (0 when `done` already ran).
  WaitId WaitAsync(std::vector<std::string> keys, std::chrono::milliseconds timeout,
                   WaitCallback done);
  // Completes a pending wait with CANCELLED; nothing when it already completed.
  void CancelWait(WaitId id);
  // Sets `key` to `desired` if its value equals `expected` (an absent key equals "" only when
  // `expected` is empty), PyTorch TCPStore's compareSet semantics.
  CompareSetResult CompareSet(const std::string& key, const std::string& expected,
                              std::string desired);
  // true if the key existed.
  bool Delete(const std::string& key);
  // Removes every key starting with `prefix` and fails the waits on such keys; returns how
  // many keys.
  size_t DropPrefix(const std::string& prefix);
  size_t size() const;
  // Waits registered and not completed yet.
  size_t pending_waits() const;
  // Completes every wait with CANCELLED; later waits complete with CANCELLED at once.
  void Shutdown();

 private:
  using Clock = std::chrono::steady_clock;
  struct Waiter {
    std::vector<std::string> keys;
    std::chrono::milliseconds timeout;  // as asked, for the message
    Clock::time_point deadline;
    WaitCallback done;
  };
  // A completed wait's callback and status, run after the lock is released.
  using Completion = std::pair<WaitCallback, absl::Status>;

  // All below with mu_ held.
  bool AllPresent(const std::vector<std::string>& keys) const;
  absl::Status TimedOut(const Waiter& waiter) const;
  // Removes the waiter from every index and returns its callback with `status`.
  Completion Take(std::map<WaitId, Waiter>::iterator it, absl::Status status);
  // The waits that `key`'s new value completes.
  void CollectReady(const std::string& key, std::vector<Completion>* ready);
  static void RunAll(std::vector<Completion> completions);
  // The deadline thread: completes waits whose deadline passed.
  void DeadlineLoop();

  mutable std::mutex mu_;
  std::map<std::string, std::string> data_;
  bool shutdown_ = false;
  WaitId next_wait_id_ = 1;
  std::map<WaitId, Waiter> waiters_;
  std::map<std::string, std::set<WaitId>> waiters_by_key_;
  std::set<std::pair<Clock::time_point, WaitId>> deadlines_;
  std::condition_variable deadline_changed_;  // an earlier deadline, or shutdown
  std::thread deadline_thread_;
};

}  // namespace symmbench
