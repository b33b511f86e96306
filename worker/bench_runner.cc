// The benchmark loop: verify, warm up, time batches, reduce over ranks, report.
#include "worker/bench_runner.h"

#include <algorithm>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "kernels/catalog.h"
#include "kernels/dtype.h"
#include "worker/timing.h"

namespace symmbench {
namespace {

constexpr uint64_t kSeedBase = 0x5EED5EEDull;

// What one rank measured for one size; exchanged through the rendezvous as text.
struct RankResult {
  TimingStats ours;
  TimingStats baseline;
  CheckResult check;

  std::string Encode() const {
    std::ostringstream out;
    out.precision(17);
    out << ours.median_us << ' ' << ours.min_us << ' ' << ours.max_us << ' '
        << baseline.median_us << ' ' << baseline.min_us << ' ' << baseline.max_us << ' '
        << check.wrong << ' ' << check.first_bad_index << ' ' << check.got << ' '
        << check.want;
    return out.str();
  }
  static absl::StatusOr<RankResult> Decode(const std::string& text) {
    RankResult r;
    std::istringstream in(text);
    in >> r.ours.median_us >> r.ours.min_us >> r.ours.max_us >> r.baseline.median_us >>
        r.baseline.min_us >> r.baseline.max_us >> r.check.wrong >> r.check.first_bad_index >>
        r.check.got >> r.check.want;
    if (in.fail()) return absl::InternalError(absl::StrCat("bad rank result \"", text, "\""));
    return r;
  }
};

absl::StatusOr<CheckResult> Verify(Backend* backend, Collective* collective) {
  if (absl::Status s = collective->PoisonOutputs(); !s.ok()) return s;
  if (absl::Status s = collective->Run(); !s.ok()) return s;
  if (absl::Status s = collective->RunBaseline(); !s.ok()) return s;
  if (absl::Status s = backend->Synchronize(); !s.ok()) return s;
  return collective->Check();
}

// Builds rank 0's row from every rank's result: times are the max over ranks, wrong the sum.
v1::ResultRow BuildRow(const v1::JobSpec& spec, int64_t size_bytes, DType dtype,
                       const std::vector<RankResult>& results, const std::string& baseline,
                       bool checked) {
  const KernelInfo* info = FindKernel(spec.kernel());
  const double bus_factor =
      info != nullptr ? info->bus_factor(static_cast<int>(results.size())) : 1.0;
  v1::ResultRow row;
  row.set_size_bytes(size_bytes);
  row.set_count(size_bytes / DTypeSize(dtype));
  row.set_dtype(DTypeName(dtype));
  row.set_redop("sum");
  TimingStats ours, base;
  int64_t wrong = 0;
  for (const RankResult& r : results) {
    ours.median_us = std::max(ours.median_us, r.ours.median_us);
    ours.min_us = std::max(ours.min_us, r.ours.min_us);
    ours.max_us = std::max(ours.max_us, r.ours.max_us);
    base.median_us = std::max(base.median_us, r.baseline.median_us);
    wrong += r.check.wrong;
  }
  row.set_time_us(ours.median_us);
  row.set_time_min_us(ours.min_us);
  row.set_time_max_us(ours.max_us);
  // bytes / us = 1e6 B/s; GB/s = bytes / (us * 1e3).
  const double algbw = ours.median_us > 0 ? size_bytes / (ours.median_us * 1e3) : 0;
  row.set_algbw_gbps(algbw);
  row.set_busbw_gbps(algbw * bus_factor);
  row.set_wrong(wrong);
  row.set_checked(checked);
  row.set_baseline(baseline);
  row.set_baseline_time_us(base.median_us);
  row.set_baseline_busbw_gbps(
      base.median_us > 0 ? size_bytes / (base.median_us * 1e3) * bus_factor : 0);
  row.set_speedup(ours.median_us > 0 ? base.median_us / ours.median_us : 0);
  return row;
}

}  // namespace

absl::Status RunBenchmark(const v1::JobSpec& spec, const std::vector<int64_t>& sizes,
                          Backend* backend, Rendezvous* rendezvous, const RowSink& sink) {
  absl::StatusOr<DType> dtype = ParseDType(spec.dtype());
  if (!dtype.ok()) return dtype.status();
  absl::StatusOr<std::unique_ptr<Collective>> collective =
      backend->CreateCollective(spec.kernel());
  if (!collective.ok()) return collective.status();
  const bool check = !spec.has_check() || spec.check();

  for (size_t index = 0; index < sizes.size(); ++index) {
    const int64_t size_bytes = sizes[index];
    const int64_t count = size_bytes / DTypeSize(*dtype);
    const std::string where =
        absl::StrCat(spec.kernel(), " ", DTypeName(*dtype), " ", size_bytes, " B");
    auto annotate = [&](const absl::Status& s) {
      return absl::Status(s.code(), absl::StrCat(where, " (rank ", backend->rank(), "): ",
                                                 s.message()));
    };
    if (absl::Status s = (*collective)->Prepare(count, *dtype, kSeedBase + index); !s.ok()) {
      return annotate(s);
    }
    RankResult mine;
    if (check) {
      absl::StatusOr<CheckResult> checked = Verify(backend, collective->get());
      if (!checked.ok()) return annotate(checked.status());
      mine.check = *checked;
    }
    absl::StatusOr<TimingStats> ours = WarmUpAndTime(
        backend, spec.warmup_iters(), spec.iters(), [&] { return (*collective)->Run(); });
    if (!ours.ok()) return annotate(ours.status());
    mine.ours = *ours;
    absl::StatusOr<TimingStats> baseline = WarmUpAndTime(
        backend, spec.warmup_iters(), spec.iters(), [&] { return (*collective)->RunBaseline(); });
    if (!baseline.ok()) return annotate(baseline.status());
    mine.baseline = *baseline;

    absl::StatusOr<std::vector<std::string>> gathered =
        rendezvous->AllGather(absl::StrCat("result/", index), mine.Encode());
    if (!gathered.ok()) return annotate(gathered.status());
    std::vector<RankResult> results;
    for (const std::string& text : *gathered) {
      absl::StatusOr<RankResult> r = RankResult::Decode(text);
      if (!r.ok()) return annotate(r.status());
      results.push_back(*r);
    }
    if (backend->rank() == 0) {
      v1::ResultRow row =
          BuildRow(spec, size_bytes, *dtype, results, (*collective)->baseline_name(), check);
      if (absl::Status s = sink(row); !s.ok()) return annotate(s);
    }
    for (size_t rank = 0; rank < results.size(); ++rank) {
      const CheckResult& c = results[rank].check;
      if (c.wrong > 0) {
        return absl::DataLossError(absl::StrCat(
            where, ": verification failed: ", c.wrong, " wrong elements on rank ", rank,
            ", first at index ", c.first_bad_index, ": got ", c.got, " want ", c.want));
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace symmbench
