// Tests for KeyValueStore: waiting across threads, deadlines, concurrent adds, compare-set,
// delete, prefix drop and shutdown.
#include "server/store.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace symmbench {
namespace {

using std::chrono::milliseconds;
using std::chrono::steady_clock;

// Blocks until `store` holds `n` pending waits (a waiter is inside Wait), at most 10 s: the
// condition a test's other thread acts on, instead of a sleep that hopes the waiter got there.
bool AwaitPendingWaits(const KeyValueStore& store, size_t n) {
  const auto deadline = steady_clock::now() + std::chrono::seconds(10);
  while (store.pending_waits() < n) {
    if (steady_clock::now() > deadline) return false;
    std::this_thread::yield();
  }
  return true;
}

TEST(KeyValueStoreTest, SetThenGetAndGetMissingNamesTheKey) {
  KeyValueStore store;
  store.Set("a", "1");
  ASSERT_TRUE(store.Get("a").ok());
  EXPECT_EQ(*store.Get("a"), "1");
  auto missing = store.Get("nope");
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(missing.status().message().find("nope"), std::string::npos);
}

TEST(KeyValueStoreTest, WaitWakesWhenAnotherThreadSetsTheKey) {
  KeyValueStore store;
  store.Set("first", "x");
  bool waiter_was_blocked = false;
  std::thread setter([&] {
    waiter_was_blocked = AwaitPendingWaits(store, 1);  // "first" alone did not satisfy it
    store.Set("second", "y");
  });
  const auto start = steady_clock::now();
  absl::Status status = store.Wait({"first", "second"}, milliseconds(60000));
  const auto waited = steady_clock::now() - start;
  setter.join();
  EXPECT_TRUE(waiter_was_blocked);
  EXPECT_TRUE(status.ok()) << status;
  EXPECT_LT(waited, milliseconds(30000));  // woke on the set, not at the deadline
  EXPECT_EQ(store.pending_waits(), 0u);
}

TEST(KeyValueStoreTest, WaitTimesOutNamingOnlyTheMissingKey) {
  KeyValueStore store;
  store.Set("present", "1");
  const auto start = steady_clock::now();
  absl::Status status = store.Wait({"present", "rank/3/ready"}, milliseconds(100));
  const auto waited = steady_clock::now() - start;
  EXPECT_EQ(status.code(), absl::StatusCode::kDeadlineExceeded);
  EXPECT_NE(status.message().find("rank/3/ready"), std::string::npos) << status;
  EXPECT_EQ(status.message().find("present"), std::string::npos) << status;
  EXPECT_GE(waited, milliseconds(100));
  EXPECT_LT(waited, milliseconds(2000));
}

TEST(KeyValueStoreTest, WaitOnPresentKeysReturnsAtOnceEvenWithZeroTimeout) {
  KeyValueStore store;
  store.Set("k", "v");
  EXPECT_TRUE(store.Wait({"k"}, milliseconds(0)).ok());
  EXPECT_TRUE(store.Wait({}, milliseconds(0)).ok());
  EXPECT_EQ(store.Wait({"absent"}, milliseconds(0)).code(), absl::StatusCode::kDeadlineExceeded);
}

TEST(KeyValueStoreTest, AddFromManyThreadsGivesTheExactTotal) {
  KeyValueStore store;
  constexpr int kThreads = 16;
  constexpr int kAddsPerThread = 1000;
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kAddsPerThread; ++i) {
        if (!store.Add("counter", t + 1).ok()) failures.fetch_add(1);
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(failures.load(), 0);
  // sum over t of (t + 1) * 1000 = 136 * 1000
  EXPECT_EQ(*store.Get("counter"), "136000");
  EXPECT_EQ(*store.Add("counter", -136000), 0);
}

TEST(KeyValueStoreTest, AddTreatsAbsentAsZeroAndRejectsNonNumbersNamingTheKey) {
  KeyValueStore store;
  EXPECT_EQ(*store.Add("n", 5), 5);
  EXPECT_EQ(*store.Add("n", -7), -2);
  EXPECT_EQ(*store.Get("n"), "-2");
  for (const char* bad : {"abc", "", "12x", " 3", "+3", "99999999999999999999"}) {
    store.Set("text", bad);
    auto result = store.Add("text", 1);
    EXPECT_EQ(result.status().code(), absl::StatusCode::kInvalidArgument) << bad;
    EXPECT_NE(result.status().message().find("\"text\""), std::string::npos) << result.status();
    EXPECT_EQ(*store.Get("text"), bad);  // unchanged
  }
  store.Set("big", "9223372036854775807");
  EXPECT_EQ(store.Add("big", 1).status().code(), absl::StatusCode::kOutOfRange);
}

TEST(KeyValueStoreTest, CompareSetOnAbsentKey) {
  KeyValueStore store;
  // Absent and expected non-empty: no swap, key stays absent.
  CompareSetResult r = store.CompareSet("k", "old", "new");
  EXPECT_FALSE(r.swapped);
  EXPECT_EQ(r.value, "");
  EXPECT_FALSE(store.Get("k").ok());
  // Absent and expected empty: swap.
  r = store.CompareSet("k", "", "first");
  EXPECT_TRUE(r.swapped);
  EXPECT_EQ(r.value, "first");
  EXPECT_EQ(*store.Get("k"), "first");
}

TEST(KeyValueStoreTest, CompareSetOnPresentKey) {
  KeyValueStore store;
  store.Set("k", "v1");
  CompareSetResult r = store.CompareSet("k", "wrong", "v2");
  EXPECT_FALSE(r.swapped);
  EXPECT_EQ(r.value, "v1");
  EXPECT_EQ(*store.Get("k"), "v1");
  r = store.CompareSet("k", "v1", "v2");
  EXPECT_TRUE(r.swapped);
  EXPECT_EQ(r.value, "v2");
  EXPECT_EQ(*store.Get("k"), "v2");
  // A present empty value is not the same as "absent": it matches "" too.
  store.Set("e", "");
  r = store.CompareSet("e", "", "filled");
  EXPECT_TRUE(r.swapped);
  EXPECT_EQ(*store.Get("e"), "filled");
}

TEST(KeyValueStoreTest, CompareSetWakesAWaiter) {
  KeyValueStore store;
  bool waiter_was_blocked = false;
  std::thread setter([&] {
    waiter_was_blocked = AwaitPendingWaits(store, 1);
    store.CompareSet("leader", "", "rank0");
  });
  EXPECT_TRUE(store.Wait({"leader"}, milliseconds(60000)).ok());
  setter.join();
  EXPECT_TRUE(waiter_was_blocked);
}

TEST(KeyValueStoreTest, DeleteReportsWhetherTheKeyExisted) {
  KeyValueStore store;
  store.Set("k", "v");
  EXPECT_EQ(store.size(), 1u);
  EXPECT_TRUE(store.Delete("k"));
  EXPECT_FALSE(store.Delete("k"));
  EXPECT_EQ(store.Get("k").status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(store.size(), 0u);
}

TEST(KeyValueStoreTest, DropPrefixRemovesOnlyThatPrefix) {
  KeyValueStore store;
  store.Set("job-1/a", "1");
  store.Set("job-1/b/c", "2");
  store.Set("job-1", "no slash");  // does not start with "job-1/"
  store.Set("job-10/a", "3");      // shares characters but not the prefix
  store.Set("job-0/a", "4");
  store.Set("job-2/a", "5");
  EXPECT_EQ(store.DropPrefix("job-1/"), 2u);
  EXPECT_EQ(store.size(), 4u);
  EXPECT_FALSE(store.Get("job-1/a").ok());
  EXPECT_FALSE(store.Get("job-1/b/c").ok());
  EXPECT_TRUE(store.Get("job-1").ok());
  EXPECT_TRUE(store.Get("job-10/a").ok());
  EXPECT_TRUE(store.Get("job-0/a").ok());
  EXPECT_TRUE(store.Get("job-2/a").ok());
  EXPECT_EQ(store.DropPrefix("job-1/"), 0u);
}

TEST(KeyValueStoreTest, ShutdownCancelsAWaiterAndLaterWaits) {
  KeyValueStore store;
  absl::Status status;
  std::thread waiter([&] { status = store.Wait({"never"}, milliseconds(60000)); });
  EXPECT_TRUE(AwaitPendingWaits(store, 1));  // (EXPECT: the waiter thread is joined below)
  const auto start = steady_clock::now();
  store.Shutdown();
  waiter.join();
  EXPECT_LT(steady_clock::now() - start, milliseconds(5000));
  EXPECT_EQ(status.code(), absl::StatusCode::kCancelled);
  store.Set("k", "v");
  EXPECT_EQ(store.Wait({"k"}, milliseconds(1000)).code(), absl::StatusCode::kCancelled);
}

}  // namespace
}  // namespace symmbench
