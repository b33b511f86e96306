// RankResult's text form (exchanged between the ranks), and how loops' results add up.
#include "worker/bench_row.h"

#include <algorithm>
#include <sstream>

#include "absl/base/casts.h"
#include "absl/strings/str_cat.h"
#include "spec/spec_validation.h"

namespace symmbench {
namespace {

// Sanity bounds of a decoded rank result (JobSpec.repeats <= 100, kTimingBatches per loop or
// kMaxPerIterationSamples in all).
constexpr size_t kMaxRepeatsEncoded = 1000;
constexpr size_t kMaxSamplesEncoded =
    std::max<size_t>(kMaxRepeatsEncoded * kTimingBatches, kMaxPerIterationSamples);

// A check's text form: wrong, first bad index, the bits of got and want (a NaN, an element no
// operation wrote, has no decimal form a stream reads back), the race check's operation.
void WriteCheck(const CheckResult& c, std::ostream& out) {
  out << c.wrong << ' ' << c.first_bad_index << ' ' << absl::bit_cast<uint32_t>(c.got) << ' '
      << absl::bit_cast<uint32_t>(c.want) << ' ' << c.operation;
}
void ReadCheck(std::istream& in, CheckResult* c) {
  uint32_t got = 0, want = 0;
  in >> c->wrong >> c->first_bad_index >> got >> want >> c->operation;
  c->got = absl::bit_cast<float>(got);
  c->want = absl::bit_cast<float>(want);
}

}  // namespace

std::string RankResult::Encode() const {
  std::ostringstream out;
  out.precision(17);
  WriteCheck(check, out);
  out << ' ' << references.size();
  for (const OpTimes* t : All()) {
    out << ' ' << t->eager.median_us << ' ' << t->eager.min_us << ' ' << t->eager.max_us << ' '
        << t->graph_us;
  }
  out << ' ' << ours.eager.samples_us.size();
  for (double sample : ours.eager.samples_us) out << ' ' << sample;
  out << ' ' << ours.eager.repeat_medians_us.size();
  for (double median : ours.eager.repeat_medians_us) out << ' ' << median;
  out << ' ' << (has_compare ? 1 : 0);
  if (has_compare) {
    const TimingStats& e = compare.eager;
    out << ' ' << e.median_us << ' ' << e.min_us << ' ' << e.max_us << ' ' << compare.graph_us
        << ' ';
    WriteCheck(compare_check, out);
    out << ' ' << e.samples_us.size();
    for (double sample : e.samples_us) out << ' ' << sample;
    out << ' ' << e.repeat_medians_us.size();
    for (double median : e.repeat_medians_us) out << ' ' << median;
  }
  out << ' ' << (has_in_place ? 1 : 0);
  if (has_in_place) {
    for (const OpTimes* t : {&in_place, &in_place_reference}) {
      out << ' ' << t->eager.median_us << ' ' << t->eager.min_us << ' ' << t->eager.max_us << ' '
          << t->graph_us;
    }
    out << ' ';
    WriteCheck(in_place_check, out);
  }
  out << ' ' << (has_control ? 1 : 0);
  if (has_control) {
    const TimingStats& e = control.eager;
    out << ' ' << e.median_us << ' ' << e.min_us << ' ' << e.max_us << ' ' << control.graph_us;
    const std::vector<double> none;
    const std::vector<double>& reference_medians =
        references.empty() ? none : references[0].eager.repeat_medians_us;
    for (const std::vector<double>* medians : {&e.repeat_medians_us, &reference_medians}) {
      out << ' ' << medians->size();
      for (double median : *medians) out << ' ' << median;
    }
  }
  return out.str();
}
absl::StatusOr<RankResult> RankResult::Decode(const std::string& text) {
  RankResult r;
  std::istringstream in(text);
  size_t references = 0;
  ReadCheck(in, &r.check);
  in >> references;
  if (in.fail() || references > 16) {
    return absl::InternalError(absl::StrCat("bad rank result \"", text, "\""));
  }
  r.references.resize(references);
  for (OpTimes* t : r.All()) {
    in >> t->eager.median_us >> t->eager.min_us >> t->eager.max_us >> t->graph_us;
  }
  size_t samples = 0;
  in >> samples;
  if (in.fail() || samples > kMaxSamplesEncoded) {
    return absl::InternalError(absl::StrCat("bad rank result \"", text, "\""));
  }
  r.ours.eager.samples_us.resize(samples);
  for (double& sample : r.ours.eager.samples_us) in >> sample;
  size_t repeats = 0;
  in >> repeats;
  if (in.fail() || repeats > kMaxRepeatsEncoded) {
    return absl::InternalError(absl::StrCat("bad rank result \"", text, "\""));
  }
  r.ours.eager.repeat_medians_us.resize(repeats);
  for (double& median : r.ours.eager.repeat_medians_us) in >> median;
  int has_compare = 0;
  in >> has_compare;
  if (in.fail()) return absl::InternalError(absl::StrCat("bad rank result \"", text, "\""));
  r.has_compare = has_compare != 0;
  if (r.has_compare) {
    TimingStats& e = r.compare.eager;
    in >> e.median_us >> e.min_us >> e.max_us >> r.compare.graph_us;
    ReadCheck(in, &r.compare_check);
    in >> samples;
    if (in.fail() || samples > kMaxSamplesEncoded) {
      return absl::InternalError(absl::StrCat("bad rank result \"", text, "\""));
    }
    e.samples_us.resize(samples);
    for (double& sample : e.samples_us) in >> sample;
    in >> repeats;
    if (in.fail() || repeats > kMaxRepeatsEncoded) {
      return absl::InternalError(absl::StrCat("bad rank result \"", text, "\""));
    }
    e.repeat_medians_us.resize(repeats);
    for (double& median : e.repeat_medians_us) in >> median;
    if (in.fail()) return absl::InternalError(absl::StrCat("bad rank result \"", text, "\""));
  }
  int has_in_place = 0;
  in >> has_in_place;
  r.has_in_place = has_in_place != 0;
  if (r.has_in_place) {
    for (OpTimes* t : {&r.in_place, &r.in_place_reference}) {
      in >> t->eager.median_us >> t->eager.min_us >> t->eager.max_us >> t->graph_us;
    }
    ReadCheck(in, &r.in_place_check);
  }
  int has_control = 0;
  in >> has_control;
  r.has_control = has_control != 0;
  if (r.has_control) {
    TimingStats& e = r.control.eager;
    in >> e.median_us >> e.min_us >> e.max_us >> r.control.graph_us;
    std::vector<double> ignored;
    std::vector<double>& reference_medians =
        r.references.empty() ? ignored : r.references[0].eager.repeat_medians_us;
    for (std::vector<double>* medians : {&e.repeat_medians_us, &reference_medians}) {
      in >> repeats;
      if (in.fail() || repeats > kMaxRepeatsEncoded) {
        return absl::InternalError(absl::StrCat("bad rank result \"", text, "\""));
      }
      medians->resize(repeats);
      for (double& median : *medians) in >> median;
    }
  }
  if (in.fail()) return absl::InternalError(absl::StrCat("bad rank result \"", text, "\""));
  return r;
}
std::vector<const OpTimes*> RankResult::All() const {
  std::vector<const OpTimes*> all = {&ours};
  for (const OpTimes& b : references) all.push_back(&b);
  return all;
}
std::vector<OpTimes*> RankResult::All() {
  std::vector<OpTimes*> all = {&ours};
  for (OpTimes& b : references) all.push_back(&b);
  return all;
}

// Adds `c` to `total`: wrong elements add up; the first failure's index and values are kept.
void Accumulate(const CheckResult& c, CheckResult* total) {
  if (c.wrong > 0 && total->wrong == 0) {
    total->first_bad_index = c.first_bad_index;
    total->got = c.got;
    total->want = c.want;
    total->operation = c.operation;
  }
  total->wrong += c.wrong;
}

RankResult SoFar(const RankResult& result) {
  RankResult so_far = result;
  std::vector<OpTimes*> all = so_far.All();
  if (so_far.has_compare) all.push_back(&so_far.compare);
  if (so_far.has_in_place) {
    all.push_back(&so_far.in_place);
    all.push_back(&so_far.in_place_reference);
  }
  if (so_far.has_control) all.push_back(&so_far.control);
  for (OpTimes* t : all) {
    std::vector<double> medians = std::move(t->eager.repeat_medians_us);
    t->eager = Summarize(std::move(t->eager.samples_us));
    t->eager.repeat_medians_us = std::move(medians);
  }
  return so_far;
}

}  // namespace symmbench
