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

PartialRows::Case* PartialRows::Find(const v1::ResultRow& row) {
  for (Case& c : cases_) {
    if (c.first.dtype() == row.dtype() && c.first.size_bytes() == row.size_bytes()) return &c;
  }
  return nullptr;
}

void PartialRows::Note(const v1::ResultRow& partial) {
  if (Case* c = Find(partial); c != nullptr) {
    c->latest = WithoutSamples(partial);
    return;
  }
  const v1::ResultRow kept = WithoutSamples(partial);
  cases_.push_back({kept, kept});
}

void PartialRows::Finish(const v1::ResultRow& final_row) {
  if (Case* c = Find(final_row); c != nullptr) c->latest.Clear();
}

std::vector<v1::ResultRow> PartialRows::FirstPass() const {
  std::vector<v1::ResultRow> rows;
  for (const Case& c : cases_) rows.push_back(c.first);
  return rows;
}

std::vector<v1::ResultRow> PartialRows::Latest() const {
  std::vector<v1::ResultRow> rows;
  for (const Case& c : cases_) {
    // (A finished case's latest is empty: no loop to show.)
    if (c.latest.repeat_medians_us_size() > c.first.repeat_medians_us_size()) {
      rows.push_back(c.latest);
    }
  }
  return rows;
}

}  // namespace symmbench
