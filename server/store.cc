// KeyValueStore: an in-memory map guarded by one mutex; every change notifies a condition
// variable on which Wait() blocks until its keys exist, its deadline passes or Shutdown().
#include "server/store.h"

#include <algorithm>
#include <charconv>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

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

}  // namespace

void KeyValueStore::Set(const std::string& key, std::string value) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    data_[key] = std::move(value);
  }
  changed_.notify_all();
}

absl::StatusOr<std::string> KeyValueStore::Get(const std::string& key) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = data_.find(key);
  if (it == data_.end()) {
    return absl::NotFoundError(absl::StrCat("store get: key \"", key, "\" not found"));
  }
  return it->second;
}

absl::StatusOr<int64_t> KeyValueStore::Add(const std::string& key, int64_t delta) {
  int64_t result = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    int64_t current = 0;
    auto it = data_.find(key);
    if (it != data_.end() && !ParseDecimalInt64(it->second, &current)) {
      return absl::InvalidArgumentError(absl::StrCat("store add: key \"", key, "\" holds \"",
                                                     it->second.substr(0, 64),
                                                     "\", not a decimal int64"));
    }
    if (__builtin_add_overflow(current, delta, &result)) {
      return absl::OutOfRangeError(absl::StrCat("store add: key \"", key, "\": ", current, " + ",
                                                delta, " overflows int64"));
    }
    data_[key] = absl::StrCat(result);
  }
  changed_.notify_all();
  return result;
}

absl::Status KeyValueStore::Wait(const std::vector<std::string>& keys,
                                 std::chrono::milliseconds timeout) {
  const auto wait =
      std::clamp<std::chrono::milliseconds>(timeout, std::chrono::milliseconds(0), kMaxWait);
  const auto deadline = std::chrono::steady_clock::now() + wait;
  auto all_present = [&] {
    return std::all_of(keys.begin(), keys.end(),
                       [&](const std::string& k) { return data_.count(k) > 0; });
  };
  std::unique_lock<std::mutex> lock(mu_);
  changed_.wait_until(lock, deadline, [&] { return shutdown_ || all_present(); });
  if (shutdown_) {
    return absl::CancelledError("store wait: the store is shutting down");
  }
  std::vector<std::string> missing;
  for (const std::string& k : keys) {
    if (data_.count(k) == 0) missing.push_back(k);
  }
  if (missing.empty()) return absl::OkStatus();
  return absl::DeadlineExceededError(
      absl::StrCat("store wait: timed out after ", timeout.count(), " ms; missing ", missing.size(),
                   " of ", keys.size(), " keys: ", absl::StrJoin(missing, ", ")));
}

CompareSetResult KeyValueStore::CompareSet(const std::string& key, const std::string& expected,
                                           std::string desired) {
  CompareSetResult result;
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
  }
  changed_.notify_all();
  return result;
}

bool KeyValueStore::Delete(const std::string& key) {
  std::lock_guard<std::mutex> lock(mu_);
  return data_.erase(key) > 0;
}

size_t KeyValueStore::DropPrefix(const std::string& prefix) {
  std::lock_guard<std::mutex> lock(mu_);
  size_t dropped = 0;
  auto it = data_.lower_bound(prefix);
  while (it != data_.end() && it->first.compare(0, prefix.size(), prefix) == 0) {
    it = data_.erase(it);
    ++dropped;
  }
  return dropped;
}

size_t KeyValueStore::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return data_.size();
}

void KeyValueStore::Shutdown() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    shutdown_ = true;
  }
  changed_.notify_all();
}

}  // namespace symmbench
