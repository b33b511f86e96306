// FirstScrapeGate: a new series is created at once and its updates wait for a collect; a
// collected series updates at once; a series created during a collect waits for the next one;
// with min_zero, collects before it has passed leave the series at zero; nothing waits past
// max_delay.
#include "server/first_scrape.h"

#include <gtest/gtest.h>

#include <thread>

namespace symmbench {
namespace {

TEST(FirstScrapeGateTest, ANewSeriesIsSeenAtZeroOnceThenItsUpdates) {
  FirstScrapeGate gate(std::chrono::milliseconds(0), std::chrono::minutes(1));
  int created = 0;
  std::vector<int> applied;
  gate.Apply(
      "a", [&] { ++created; }, [&] { applied.push_back(1); });
  gate.Apply(
      "a", [&] { ++created; }, [&] { applied.push_back(2); });
  EXPECT_EQ(created, 1);  // at zero, now
  EXPECT_TRUE(applied.empty());
  const uint64_t epoch = gate.BeginCollect();  // the scrape that shows 0
  gate.EndCollect(epoch);
  EXPECT_EQ(applied, (std::vector<int>{1, 2}));  // in order, after it
  gate.Apply(
      "a", [&] { ++created; }, [&] { applied.push_back(3); });
  EXPECT_EQ(applied, (std::vector<int>{1, 2, 3}));  // collected: at once
  EXPECT_EQ(created, 1);
}

TEST(FirstScrapeGateTest, ASeriesCreatedDuringACollectWaitsForTheNext) {
  FirstScrapeGate gate(std::chrono::milliseconds(0), std::chrono::minutes(1));
  bool applied = false;
  const uint64_t epoch = gate.BeginCollect();
  gate.Apply(
      "b", [] {}, [&] { applied = true; });  // after the snapshot began
  gate.EndCollect(epoch);
  EXPECT_FALSE(applied);
  gate.EndCollect(gate.BeginCollect());
  EXPECT_TRUE(applied);
}

TEST(FirstScrapeGateTest, NothingWaitsPastMaxDelay) {
  FirstScrapeGate gate(std::chrono::milliseconds(0), std::chrono::milliseconds(20));
  int applied = 0;
  gate.Apply(
      "c", [] {}, [&] { ++applied; });
  EXPECT_EQ(applied, 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(40));
  gate.Apply(
      "d", [] {}, [&] { ++applied; });  // releases c, holds d
  EXPECT_EQ(applied, 1);
  gate.Apply(
      "c", [] {}, [&] { ++applied; });  // c now counts as seen
  EXPECT_EQ(applied, 2);
}

// Two scrapers: the zero stays for min_zero, whatever the first one's collects, so the second
// (whose scrapes fall between) sees it too; then the first collect lets the counts through.
TEST(FirstScrapeGateTest, TheZeroStaysForMinZeroSoThatEveryScraperSeesIt) {
  FirstScrapeGate held(std::chrono::minutes(1), std::chrono::minutes(10));
  bool applied = false;
  held.Apply(
      "e", [] {}, [&] { applied = true; });
  for (int scrape = 0; scrape < 3; ++scrape) held.EndCollect(held.BeginCollect());
  EXPECT_FALSE(applied);  // collected three times, still within the minute

  FirstScrapeGate short_hold(std::chrono::milliseconds(1), std::chrono::minutes(10));
  short_hold.Apply(
      "e", [] {}, [&] { applied = true; });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_FALSE(applied);  // time alone does not release it: a collect must have seen the zero
  short_hold.EndCollect(short_hold.BeginCollect());
  EXPECT_TRUE(applied);
}

}  // namespace
}  // namespace symmbench
