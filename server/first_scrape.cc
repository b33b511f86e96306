// FirstScrapeGate: new series held at zero until a scrape has seen them and min_zero passed.
#include "server/first_scrape.h"

#include <utility>

namespace symmbench {

void FirstScrapeGate::Apply(const std::string& key, const std::function<void()>& create,
                            std::function<void()> update) {
  std::vector<std::function<void()>> released;
  bool run_now = false;
  bool created = false;
  {
    std::lock_guard<std::mutex> lock(mu_);
    const Clock::time_point now = Clock::now();
    // Nobody has scraped for max_delay (the oldest held update is older), or more updates wait
    // than a scraper would leave: nothing is worth waiting for, everything goes. O(1) otherwise.
    if (!held_.empty() && (held_.front().since < now - max_delay_ || held_.size() >= kMaxHeld)) {
      Release(epoch_ + 1, now, /*all=*/true, &released);
    }
    if (exposed_.count(key) > 0) {
      run_now = true;
    } else {
      created = pending_.emplace(key, Pending{epoch_, now}).second;
      held_.push_back(Held{now, key, std::move(update)});
    }
  }
  if (created) create();
  for (const auto& f : released) f();
  if (run_now) update();
}

uint64_t FirstScrapeGate::BeginCollect() {
  std::lock_guard<std::mutex> lock(mu_);
  return epoch_++;
}

void FirstScrapeGate::EndCollect(uint64_t epoch) {
  std::vector<std::function<void()>> released;
  {
    std::lock_guard<std::mutex> lock(mu_);
    Release(epoch + 1, Clock::now(), /*all=*/false, &released);
  }
  for (const auto& f : released) f();
}

void FirstScrapeGate::Release(uint64_t epoch, Clock::time_point now, bool all,
                              std::vector<std::function<void()>>* out) {
  std::set<std::string> released_keys;
  for (auto it = pending_.begin(); it != pending_.end();) {
    if (all || (it->second.epoch < epoch && it->second.since <= now - min_zero_)) {
      released_keys.insert(it->first);
      exposed_.insert(it->first);
      it = pending_.erase(it);
    } else {
      ++it;
    }
  }
  if (released_keys.empty()) return;
  // A series goes with all its held updates (counts and observations commute; only their
  // being after the series' zero scrapes matters).
  std::vector<Held> kept;
  for (Held& h : held_) {
    if (released_keys.count(h.key) > 0) {
      out->push_back(std::move(h.update));
    } else {
      kept.push_back(std::move(h));
    }
  }
  held_ = std::move(kept);
}

std::vector<prometheus::MetricFamily> GatedCollectable::Collect() const {
  const uint64_t epoch = gate_->BeginCollect();
  std::vector<prometheus::MetricFamily> families = registry_->Collect();
  gate_->EndCollect(epoch);
  return families;
}

}  // namespace symmbench
