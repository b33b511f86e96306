// RankResult's text form (exchanged between the ranks), and how loops' results add up.
#include <algorithm>
#include <sstream>

#include "absl/base/casts.h"
#include "absl/strings/str_cat.h"
#include "spec/spec_validation.h"
#include "worker/bench_row.h"

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

// An operation's figures: median, min, max (eager) and graph time.
void WriteTimes(const OpTimes& t, std::ostream& out) {
  out << ' ' << t.eager.median_us << ' ' << t.eager.min_us << ' ' << t.eager.max_us << ' '
      << t.graph_us;
}
void ReadTimes(std::istream& in, OpTimes* t) {
  in >> t->eager.median_us >> t->eager.min_us >> t->eager.max_us >> t->graph_us;
}

// A vector of figures: its size, then its values.
void WriteValues(const std::vector<double>& values, std::ostream& out) {
  out << ' ' << values.size();
  for (double value : values) out << ' ' << value;
}
// False when the stream fails or the size exceeds `max`.
bool ReadValues(std::istream& in, size_t max, std::vector<double>* values) {
  size_t n = 0;
  in >> n;
  if (in.fail() || n > max) return false;
  values->resize(n);
  for (double& value : *values) in >> value;
  return !in.fail();
}

}  // namespace

std::string RankResult::Encode() const {
  std::ostringstream out;
  out.precision(17);
  WriteCheck(check, out);
  out << ' ' << references.size();
  for (const OpTimes* t : All()) WriteTimes(*t, out);
  WriteValues(ours.eager.samples_us, out);
  WriteValues(ours.eager.repeat_medians_us, out);
  for (const OpTimes& reference : references) WriteValues(reference.eager.repeat_medians_us, out);
  out << ' ' << (has_compare ? 1 : 0);
  if (has_compare) {
    WriteTimes(compare, out);
    out << ' ';
    WriteCheck(compare_check, out);
    WriteValues(compare.eager.samples_us, out);
    WriteValues(compare.eager.repeat_medians_us, out);
  }
  out << ' ' << (has_in_place ? 1 : 0);
  if (has_in_place) {
    WriteTimes(in_place, out);
    WriteTimes(in_place_reference, out);
    out << ' ';
    WriteCheck(in_place_check, out);
    WriteValues(in_place.eager.samples_us, out);
  }
  out << ' ' << (has_control ? 1 : 0);
  if (has_control) {
    WriteTimes(control, out);
    WriteValues(control.eager.repeat_medians_us, out);
  }
  return out.str();
}
absl::StatusOr<RankResult> RankResult::Decode(const std::string& text) {
  const absl::Status bad = absl::InternalError(absl::StrCat("bad rank result \"", text, "\""));
  RankResult r;
  std::istringstream in(text);
  size_t references = 0;
  ReadCheck(in, &r.check);
  in >> references;
  if (in.fail() || references > 16) return bad;
  r.references.resize(references);
  for (OpTimes* t : r.All()) ReadTimes(in, t);
  if (!ReadValues(in, kMaxSamplesEncoded, &r.ours.eager.samples_us) ||
      !ReadValues(in, kMaxRepeatsEncoded, &r.ours.eager.repeat_medians_us)) {
    return bad;
  }
  for (OpTimes& reference : r.references) {
    if (!ReadValues(in, kMaxRepeatsEncoded, &reference.eager.repeat_medians_us)) return bad;
  }
  int has_compare = 0;
  in >> has_compare;
  if (in.fail()) return bad;
  r.has_compare = has_compare != 0;
  if (r.has_compare) {
    ReadTimes(in, &r.compare);
    ReadCheck(in, &r.compare_check);
    if (!ReadValues(in, kMaxSamplesEncoded, &r.compare.eager.samples_us) ||
        !ReadValues(in, kMaxRepeatsEncoded, &r.compare.eager.repeat_medians_us)) {
      return bad;
    }
  }
  int has_in_place = 0;
  in >> has_in_place;
  r.has_in_place = has_in_place != 0;
  if (r.has_in_place) {
    ReadTimes(in, &r.in_place);
    ReadTimes(in, &r.in_place_reference);
    ReadCheck(in, &r.in_place_check);
    if (!ReadValues(in, kMaxSamplesEncoded, &r.in_place.eager.samples_us)) return bad;
  }
  int has_control = 0;
  in >> has_control;
  r.has_control = has_control != 0;
  if (r.has_control) {
    ReadTimes(in, &r.control);
    if (!ReadValues(in, kMaxRepeatsEncoded, &r.control.eager.repeat_medians_us)) return bad;
  }
  if (in.fail()) return bad;
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
