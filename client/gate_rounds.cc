// Measuring undecided cases again: the re-run spec and the pooled rows.
#include "client/gate_rounds.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "client/gate_stats.h"

namespace symmbench::client {
namespace {

template <typename Repeated>
void Append(const Repeated& from, Repeated* to) {
  for (const auto& value : from) to->Add(value);
}

std::vector<double> Values(const google::protobuf::RepeatedField<double>& field) {
  return std::vector<double>(field.begin(), field.end());
}

}  // namespace

std::optional<v1::JobSpec> RemeasureSpec(const v1::JobSpec& spec, const GateReport& report) {
  std::set<int64_t> sizes;
  bool whole = false;
  for (const CaseResult& c : report.cases) {
    if (c.verdict != Verdict::kInconclusive) continue;
    const v1::ResultRow* row = nullptr;
    for (const v1::ResultRow& r : report.candidate.rows()) {
      if (CaseName(report.candidate.spec().kernel(), r) == c.name) row = &r;
    }
    if (row == nullptr || row->has_gemm() || row->size_bytes() <= 0) {
      whole = true;
    } else {
      sizes.insert(row->size_bytes());
    }
  }
  if (sizes.empty() && !whole) return std::nullopt;
  v1::JobSpec again = spec;
  if (!whole) {
    again.mutable_sweep()->clear_sizes_bytes();
    for (int64_t size : sizes) again.mutable_sweep()->add_sizes_bytes(size);
  }
  return again;
}

void AppendLoops(const v1::ResultRow& more, v1::ResultRow* into) {
  Append(more.samples_us(), into->mutable_samples_us());
  Append(more.sample_iters(), into->mutable_sample_iters());
  Append(more.repeat_medians_us(), into->mutable_repeat_medians_us());
  into->set_wrong(into->wrong() + more.wrong());
  into->set_time_us(Median(Values(into->samples_us())));
  for (v1::ReferenceResult& reference : *into->mutable_references()) {
    const v1::ReferenceResult* match = nullptr;
    for (const v1::ReferenceResult& r : more.references()) {
      if (r.name() == reference.name()) match = &r;
    }
    if (match == nullptr || match->repeat_medians_us_size() != more.repeat_medians_us_size()) {
      reference.clear_repeat_medians_us();  // no longer one per loop
    } else {
      Append(match->repeat_medians_us(), reference.mutable_repeat_medians_us());
    }
  }
  if (into->has_comparison() && more.has_comparison()) {
    v1::Comparison* c = into->mutable_comparison();
    Append(more.comparison().samples_us(), c->mutable_samples_us());
    Append(more.comparison().repeat_medians_us(), c->mutable_repeat_medians_us());
    Append(more.comparison().paired_ratios(), c->mutable_paired_ratios());
    c->set_wrong(c->wrong() + more.comparison().wrong());
    c->set_time_us(Median(Values(c->samples_us())));
    c->set_ratio(Median(Values(c->paired_ratios())));
  }
}

void PoolRun(const v1::Job& more, const GateReport& report, Rejoin how, v1::Job* candidate) {
  std::set<std::string> undecided;
  for (const CaseResult& c : report.cases) {
    if (c.verdict == Verdict::kInconclusive) undecided.insert(c.name);
  }
  const std::string& kernel = candidate->spec().kernel();
  for (const v1::ResultRow& row : more.rows()) {
    const std::string name = CaseName(kernel, row);
    if (undecided.count(name) == 0) continue;
    for (v1::ResultRow& into : *candidate->mutable_rows()) {
      if (CaseName(kernel, into) == name) {
        if (how == Rejoin::kPool) {
          AppendLoops(row, &into);
        } else {
          into = row;
        }
        break;
      }
    }
  }
}

}  // namespace symmbench::client
