// KeyValueStore: an in-memory map guarded by one mutex. Pending waits are records indexed by
// id, by each key they wait on and by deadline; a change to a key re-checks only the waits on
// that key, and one thread sleeps until the earliest deadline.
#include "server/store.h"

#include <algorithm>
#include <charconv>
#include <future>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/quote.h"

namespace symmbench {
namespace {

// Longest wait honoured; a longer timeout would overflow steady_clock's time_point.
constexpr std::chrono::hours kMaxWait{24 * 365};

// Strict decimal int64: optional '-', digits only, no whitespace, no '+', no overflow.
bool ParseDecimalInt64(const std::string& text, int64_t* out) {
  if (text.empty()) return false;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, *out, 10);
  return ec == std::errc() && ptr == end;
}

absl::Status ShuttingDown() {
  return absl::CancelledError("store wait: the store is shutting down");
}

}  // namespace

KeyValueStore::KeyValueStore() : deadline_thread_([this] { DeadlineLoop(); }) {}

KeyValueStore::~KeyValueStore() {
  Shutdown();
  deadline_thread_.join();
}

bool KeyValueStore::AllPresent(const std::vector<std::string>& keys) const {
  return std::all_of(keys.begin(), keys.end(),
                     [&](const std::string& k) { return data_.count(k) > 0; });
}

absl::Status KeyValueStore::TimedOut(const Waiter& waiter) const {
  std::vector<std::string> missing;
  for (const std::string& k : waiter.keys) {
    if (data_.count(k) == 0) missing.push_back(k);
  }
  return absl::DeadlineExceededError(absl::StrCat(
      "store wait: timed out after ", waiter.timeout.count(), " ms; missing ", missing.size(),
      " of ", waiter.keys.size(), " keys: ", absl::StrJoin(missing, ", ")));
}

KeyValueStore::Completion KeyValueStore::Take(std::map<WaitId, Waiter>::iterator it,
                                              absl::Status status) {
  const WaitId id = it->first;
  Waiter& waiter = it->second;
  for (const std::string& key : waiter.keys) {
    auto by_key = waiters_by_key_.find(key);
    if (by_key == waiters_by_key_.end()) continue;
    by_key->second.erase(id);
    if (by_key->second.empty()) waiters_by_key_.erase(by_key);
  }
  deadlines_.erase({waiter.deadline, id});
  Completion completion{std::move(waiter.done), std::move(status)};
  waiters_.erase(it);
  return completion;
}

void KeyValueStore::CollectReady(const std::string& key, std::vector<Completion>* ready) {
  auto by_key = waiters_by_key_.find(key);
  if (by_key == waiters_by_key_.end()) return;
  std::vector<WaitId> done;
  for (WaitId id : by_key->second) {
    if (AllPresent(waiters_.at(id).keys)) done.push_back(id);
  }
  for (WaitId id : done) ready->push_back(Take(waiters_.find(id), absl::OkStatus()));
}

void KeyValueStore::RunAll(std::vector<Completion> completions) {
  for (Completion& c : completions) c.first(std::move(c.second));
}

void KeyValueStore::Set(const std::string& key, std::string value) {
  std::vector<Completion> ready;
  {
    std::lock_guard<std::mutex> lock(mu_);
    data_[key] = std::move(value);
    CollectReady(key, &ready);
  }
  RunAll(std::move(ready));
}

absl::StatusOr<std::string> KeyValueStore::Get(const std::string& key) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = data_.find(key);
  if (it == data_.end()) {
    return absl::NotFoundError(absl::StrCat("store get: key ", Quote(key), " not found"));
  }
  return it->second;
}

absl::StatusOr<int64_t> KeyValueStore::Add(const std::string& key, int64_t delta) {
  int64_t result = 0;
  std::vector<Completion> ready;
  {
    std::lock_guard<std::mutex> lock(mu_);
    int64_t current = 0;
    auto it = data_.find(key);
    if (it != data_.end() && !ParseDecimalInt64(it->second, &current)) {
      return absl::InvalidArgumentError(absl::StrCat("store add: key ", Quote(key), " holds ",
                                                     Quote(it->second), ", not a decimal int64"));
    }
    if (__builtin_add_overflow(current, delta, &result)) {
      return absl::OutOfRangeError(absl::StrCat("store add: key ", Quote(key), ": ", current, " + ",
                                                delta, " overflows int64"));
    }
    data_[key] = absl::StrCat(result);
    CollectReady(key, &ready);
  }
  RunAll(std::move(ready));
  return result;
}

absl::Status KeyValueStore::Wait(const std::vector<std::string>& keys,
                                 std::chrono::milliseconds timeout) {
  std::promise<absl::Status> outcome;
  std::future<absl::Status> result = outcome.get_future();
  WaitAsync(keys, timeout, [&outcome](absl::Status s) { outcome.set_value(std::move(s)); });
  return result.get();
}

KeyValueStore::WaitId KeyValueStore::WaitAsync(std::vector<std::string> keys,
                                               std::chrono::milliseconds timeout,
                                               WaitCallback done) {
  const auto wait =
      std::clamp<std::chrono::milliseconds>(timeout, std::chrono::milliseconds(0), kMaxWait);
  Waiter waiter{std::move(keys), timeout, Clock::now() + wait, std::move(done)};
  absl::Status now;  // set when the wait completes at once
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (shutdown_) {
      now = ShuttingDown();
    } else if (AllPresent(waiter.keys)) {
      now = absl::OkStatus();
    } else if (wait.count() == 0) {
      now = TimedOut(waiter);
    } else {
      const WaitId id = next_wait_id_++;
      for (const std::string& key : waiter.keys) waiters_by_key_[key].insert(id);
      const bool earliest = deadlines_.empty() || waiter.deadline < deadlines_.begin()->first;
      deadlines_.insert({waiter.deadline, id});
      waiters_.emplace(id, std::move(waiter));
      if (earliest) deadline_changed_.notify_one();
      return id;
    }
  }
  waiter.done(std::move(now));
  return 0;
}

void KeyValueStore::CancelWait(WaitId id) {
  std::vector<Completion> cancelled;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = waiters_.find(id);
    if (it == waiters_.end()) return;
    cancelled.push_back(Take(it, absl::CancelledError("store wait: cancelled by the caller")));
  }
  RunAll(std::move(cancelled));
}

CompareSetResult KeyValueStore::CompareSet(const std::string& key, const std::string& expected,
                                           std::string desired) {
  CompareSetResult result;
  std::vector<Completion> ready;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = data_.find(key);
    if (it == data_.end()) {
      // An absent key equals "" only. Not swapped: the current value is reported as "" (PyTorch
      // returns `expected` here, which misreports the key as present).
      if (!expected.empty()) return result;
      it = data_.emplace(key, std::move(desired)).first;
    } else if (it->second == expected) {
      it->second = std::move(desired);
    } else {
      result.value = it->second;
      return result;
    }
    result.value = it->second;
    result.swapped = true;
    CollectReady(key, &ready);
  }
  RunAll(std::move(ready));
  return result;
}

bool KeyValueStore::Delete(const std::string& key) {
  std::lock_guard<std::mutex> lock(mu_);
  return data_.erase(key) > 0;
}

size_t KeyValueStore::BytesWithValue(const std::string& prefix, const std::string& key,
                                     size_t value_bytes) const {
  std::lock_guard<std::mutex> lock(mu_);
  size_t bytes = key.size() + value_bytes;
  for (auto it = data_.lower_bound(prefix);
       it != data_.end() && it->first.compare(0, prefix.size(), prefix) == 0; ++it) {
    if (it->first != key) bytes += it->first.size() + it->second.size();
  }
  return bytes;
}

size_t KeyValueStore::DropPrefix(const std::string& prefix) {
  size_t dropped = 0;
  std::vector<Completion> failed;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = data_.lower_bound(prefix);
    while (it != data_.end() && it->first.compare(0, prefix.size(), prefix) == 0) {
      it = data_.erase(it);
      ++dropped;
    }
    // Nobody can set these keys any more: their waits end now rather than at their deadline.
    std::set<WaitId> doomed;
    for (auto by_key = waiters_by_key_.lower_bound(prefix);
         by_key != waiters_by_key_.end() && by_key->first.compare(0, prefix.size(), prefix) == 0;
         ++by_key) {
      doomed.insert(by_key->second.begin(), by_key->second.end());
    }
    for (WaitId id : doomed) {
      failed.push_back(
          Take(waiters_.find(id),
               absl::FailedPreconditionError(
                   "store wait: the job ended while waiting (its keys were dropped)")));
    }
  }
  RunAll(std::move(failed));
  return dropped;
}

size_t KeyValueStore::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return data_.size();
}

size_t KeyValueStore::pending_waits() const {
  std::lock_guard<std::mutex> lock(mu_);
  return waiters_.size();
}

void KeyValueStore::Shutdown() {
  std::vector<Completion> cancelled;
  {
    std::lock_guard<std::mutex> lock(mu_);
    shutdown_ = true;
    while (!waiters_.empty()) cancelled.push_back(Take(waiters_.begin(), ShuttingDown()));
  }
  deadline_changed_.notify_all();
  RunAll(std::move(cancelled));
}

void KeyValueStore::DeadlineLoop() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!shutdown_) {
    if (deadlines_.empty()) {
      deadline_changed_.wait(lock);
      continue;
    }
    const Clock::time_point next = deadlines_.begin()->first;
    if (Clock::now() < next) {
      deadline_changed_.wait_until(lock, next);
      continue;
    }
    std::vector<Completion> expired;
    const Clock::time_point now = Clock::now();
    while (!deadlines_.empty() && deadlines_.begin()->first <= now) {
      auto it = waiters_.find(deadlines_.begin()->second);
      expired.push_back(Take(it, TimedOut(it->second)));
    }
    lock.unlock();
    RunAll(std::move(expired));
    lock.lock();
  }
}

}  // namespace symmbench
