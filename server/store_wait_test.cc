// Tests for KeyValueStore::WaitAsync: callbacks run once, on the setting thread or at the
// deadline; many waits cost no threads; cancel, prefix drop and shutdown complete them.
#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <thread>
#include <vector>

#include "server/store.h"

namespace symmbench {
namespace {

using std::chrono::milliseconds;
using std::chrono::steady_clock;

// Collects one wait's outcome.
struct Outcome {
  std::promise<absl::Status> promise;
  std::future<absl::Status> future = promise.get_future();
  KeyValueStore::WaitCallback Callback() {
    return [this](absl::Status s) { promise.set_value(std::move(s)); };
  }
  bool Ready() { return future.wait_for(milliseconds(0)) == std::future_status::ready; }
};

TEST(StoreWaitTest, CompletesOnTheSettingThreadWhenTheLastKeyArrives) {
  KeyValueStore store;
  std::thread::id ran_on;
  std::promise<absl::Status> done;
  const auto id = store.WaitAsync({"a", "b"}, milliseconds(60000), [&](absl::Status s) {
    ran_on = std::this_thread::get_id();
    done.set_value(std::move(s));
  });
  EXPECT_NE(id, 0u);
  store.Set("a", "1");
  EXPECT_EQ(store.pending_waits(), 1u);
  store.Set("b", "2");
  EXPECT_EQ(ran_on, std::this_thread::get_id());
  EXPECT_TRUE(done.get_future().get().ok());
  EXPECT_EQ(store.pending_waits(), 0u);
}

TEST(StoreWaitTest, PresentKeysCompleteInlineAndReturnNoId) {
  KeyValueStore store;
  store.Set("k", "v");
  Outcome outcome;
  EXPECT_EQ(store.WaitAsync({"k"}, milliseconds(1000), outcome.Callback()), 0u);
  ASSERT_TRUE(outcome.Ready());
  EXPECT_TRUE(outcome.future.get().ok());
}

TEST(StoreWaitTest, AddAndCompareSetCompleteWaits) {
  KeyValueStore store;
  Outcome added, swapped;
  store.WaitAsync({"count"}, milliseconds(60000), added.Callback());
  store.WaitAsync({"leader"}, milliseconds(60000), swapped.Callback());
  ASSERT_TRUE(store.Add("count", 1).ok());
  store.CompareSet("leader", "", "rank0");
  EXPECT_TRUE(added.future.get().ok());
  EXPECT_TRUE(swapped.future.get().ok());
}

TEST(StoreWaitTest, DeadlinesFireInOrderNamingMissingKeys) {
  KeyValueStore store;
  store.Set("present", "1");
  // Each callback stamps when it ran: the order and the lower bounds are the store's contract,
  // and neither depends on how soon this thread gets the CPU back on a busy host.
  steady_clock::time_point late_at, early_at;
  Outcome late, early;
  const auto start = steady_clock::now();
  store.WaitAsync({"present", "late"}, milliseconds(300), [&](absl::Status s) {
    late_at = steady_clock::now();
    late.promise.set_value(std::move(s));
  });
  store.WaitAsync({"early"}, milliseconds(50), [&](absl::Status s) {
    early_at = steady_clock::now();
    early.promise.set_value(std::move(s));
  });
  absl::Status first = early.future.get();
  absl::Status second = late.future.get();
  EXPECT_GE(early_at - start, milliseconds(50));
  EXPECT_GE(late_at - start, milliseconds(300));
  EXPECT_LT(early_at, late_at) << "the 50 ms wait must fire before the 300 ms one";
  EXPECT_EQ(first.code(), absl::StatusCode::kDeadlineExceeded);
  EXPECT_EQ(second.code(), absl::StatusCode::kDeadlineExceeded);
  EXPECT_NE(second.message().find("missing 1 of 2 keys: late"), std::string::npos) << second;
  EXPECT_EQ(second.message().find("present"), std::string::npos) << second;
}

TEST(StoreWaitTest, ThousandWaitsNeedNoThreadsAndAllComplete) {
  KeyValueStore store;
  constexpr int kWaits = 1000;
  std::atomic<int> ok{0};
  for (int i = 0; i < kWaits; ++i) {
    store.WaitAsync({"go", "rank/" + std::to_string(i % 8)}, milliseconds(60000),
                    [&ok](absl::Status s) { ok += s.ok() ? 1 : 0; });
  }
  EXPECT_EQ(store.pending_waits(), static_cast<size_t>(kWaits));
  for (int r = 0; r < 8; ++r) store.Set("rank/" + std::to_string(r), "x");
  EXPECT_EQ(ok.load(), 0);  // every wait also needs "go"
  store.Set("go", "1");
  EXPECT_EQ(ok.load(), kWaits);
  EXPECT_EQ(store.pending_waits(), 0u);
}

TEST(StoreWaitTest, CancelCompletesOnceAndLaterCancelIsANoOp) {
  KeyValueStore store;
  std::atomic<int> calls{0};
  absl::Status seen;
  const auto id = store.WaitAsync({"never"}, milliseconds(60000), [&](absl::Status s) {
    ++calls;
    seen = s;
  });
  store.CancelWait(id);
  store.CancelWait(id);
  store.Set("never", "now");
  EXPECT_EQ(calls.load(), 1);
  EXPECT_EQ(seen.code(), absl::StatusCode::kCancelled);
}

TEST(StoreWaitTest, DropPrefixFailsOnlyWaitsOnThatPrefix) {
  KeyValueStore store;
  Outcome mine, other;
  store.WaitAsync({"job/j-1/x"}, milliseconds(60000), mine.Callback());
  store.WaitAsync({"job/j-10/x"}, milliseconds(60000), other.Callback());
  store.DropPrefix("job/j-1/");
  ASSERT_TRUE(mine.Ready());
  EXPECT_EQ(mine.future.get().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_FALSE(other.Ready());
  store.Set("job/j-10/x", "1");
  EXPECT_TRUE(other.future.get().ok());
}

TEST(StoreWaitTest, ShutdownCancelsPendingWaits) {
  KeyValueStore store;
  Outcome outcome;
  store.WaitAsync({"never"}, milliseconds(60000), outcome.Callback());
  store.Shutdown();
  ASSERT_TRUE(outcome.Ready());
  EXPECT_EQ(outcome.future.get().code(), absl::StatusCode::kCancelled);
  Outcome after;
  EXPECT_EQ(store.WaitAsync({"x"}, milliseconds(10), after.Callback()), 0u);
  EXPECT_EQ(after.future.get().code(), absl::StatusCode::kCancelled);
}

}  // namespace
}  // namespace symmbench
