// FirstScrapeGate: a new counter or histogram series is exposed at zero, for every scraper,
// before its first increment, so that Prometheus' rate() and increase() see the first job of a
// kernel or size and the first failure (a series born holding its final count has no increase
// to see).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "prometheus/collectable.h"
#include "prometheus/metric_family.h"
#include "prometheus/registry.h"

namespace symmbench {

// NOTE [series born at zero]
// Prometheus 2.x takes a counter's first sample as its start: a series that first appears with
// count 15 has increased by 0 as far as rate() can tell, so the latency recording rules of a
// kernel's first job are NaN and a kernel's first failure never moves increase(). The gate
// creates a new series at zero at once and holds its updates until a scrape has collected it
// (the registry's Collect through GatedCollectable) and `min_zero` has passed since it was
// created: every scraper whose interval is at most `min_zero` scrapes the zero once (a second
// Prometheus of an HA pair, whose scrapes fall between the first one's, included), and the
// first collect after that lets the counts through. Updates of a series already released run at
// once. When the oldest held update has waited
// `max_delay`, or kMaxHeld updates wait, every held update goes (no scraper, or a stopped one:
// nothing to wait for; a load of RPCs with nobody scraping must not pile up), so an update
// costs O(1) but for that one release. Only series created before a Collect began are released
// by it (one created during a Collect waits for the next). Counts and observations commute, so
// the order updates run in does not matter, only that they come after the zero scrape.
class FirstScrapeGate {
 public:
  // Updates held at most; past it every held update goes.
  static constexpr size_t kMaxHeld = 4096;

  FirstScrapeGate(std::chrono::milliseconds min_zero, std::chrono::milliseconds max_delay)
      : min_zero_(min_zero), max_delay_(max_delay) {}

  // `update` of series `key` (its family's name and labels): run now when the series has been
  // collected; else `create` it now (at zero) the first time, and run `update` after the next
  // Collect. Thread-safe; `create` and `update` run without the gate's lock.
  void Apply(const std::string& key, const std::function<void()>& create,
             std::function<void()> update);

  // Around each Collect of the registry: Begin before it, End(Begin's value) after it.
  uint64_t BeginCollect();
  void EndCollect(uint64_t epoch);

 private:
  using Clock = std::chrono::steady_clock;
  struct Held {
    Clock::time_point since;
    std::string key;
    std::function<void()> update;
  };
  struct Pending {
    uint64_t epoch;           // the collect epoch the series was created in
    Clock::time_point since;  // when it was created (at zero)
  };
  // Moves the held updates of every series created in an epoch below `epoch` and at least
  // min_zero before `now` (`all`: every series) into `out`, marking those series released.
  // Caller holds mu_.
  void Release(uint64_t epoch, Clock::time_point now, bool all,
               std::vector<std::function<void()>>* out);

  const std::chrono::milliseconds min_zero_;
  const std::chrono::milliseconds max_delay_;
  std::mutex mu_;
  uint64_t epoch_ = 0;                      // collects begun so far
  std::set<std::string> exposed_;           // series released (their updates run at once)
  std::map<std::string, Pending> pending_;  // series created, held at zero
  std::vector<Held> held_;                  // their updates, in order
};

// The registry's Collect between the gate's BeginCollect and EndCollect: what the Exposer (and
// CoordinatorMetrics::Serialize) collects.
class GatedCollectable : public prometheus::Collectable {
 public:
  GatedCollectable(std::shared_ptr<prometheus::Registry> registry,
                   std::shared_ptr<FirstScrapeGate> gate)
      : registry_(std::move(registry)), gate_(std::move(gate)) {}
  std::vector<prometheus::MetricFamily> Collect() const override;

 private:
  std::shared_ptr<prometheus::Registry> registry_;
  std::shared_ptr<FirstScrapeGate> gate_;
};

}  // namespace symmbench
