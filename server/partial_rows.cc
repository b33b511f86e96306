// A running job's partial rows for late watchers (partial_rows.h).
#include "server/partial_rows.h"

namespace symmbench {
namespace {

v1::ResultRow WithoutSamples(const v1::ResultRow& row) {
  v1::ResultRow kept = row;
  kept.clear_samples_us();
  kept.clear_sample_iters();
  return kept;
}

}  // namespace

void PartialRows::Note(const v1::ResultRow& partial) {
  for (Case& c : cases_) {
    if (c.dtype == partial.dtype() && c.size_bytes == partial.size_bytes()) {
      c.latest = WithoutSamples(partial);
      return;
    }
  }
  const v1::ResultRow kept = WithoutSamples(partial);
  cases_.push_back({partial.dtype(), partial.size_bytes(), kept, kept, false});
}

void PartialRows::Finish(const v1::ResultRow& final_row) {
  for (Case& c : cases_) {
    if (c.dtype == final_row.dtype() && c.size_bytes == final_row.size_bytes()) {
      c.finished = true;
      c.latest.Clear();
    }
  }
}

std::vector<v1::ResultRow> PartialRows::FirstPass() const {
  std::vector<v1::ResultRow> rows;
  for (const Case& c : cases_) rows.push_back(c.first);
  return rows;
}

std::vector<v1::ResultRow> PartialRows::Latest() const {
  std::vector<v1::ResultRow> rows;
  for (const Case& c : cases_) {
    if (!c.finished && c.latest.repeat_medians_us_size() > c.first.repeat_medians_us_size()) {
      rows.push_back(c.latest);
    }
  }
  return rows;
}

}  // namespace symmbench
