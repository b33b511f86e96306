// Per-rank figures and sample statistics of a row.
#include "worker/row_stats.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <numeric>

#include "worker/timing.h"

namespace symmbench {
namespace {

// Nearest rank of sorted `values`: the smallest value with at least `p` percent at or below it.
double Percentile(const std::vector<double>& sorted, double p) {
  const size_t n = sorted.size();
  size_t rank = static_cast<size_t>(std::ceil(p / 100.0 * static_cast<double>(n)));
  rank = std::clamp<size_t>(rank, 1, n);
  return sorted[rank - 1];
}

}  // namespace

double ConfidenceHalfWidth95(const std::vector<double>& values) {
  // t(0.975, df) for df = 1 .. 30; beyond, the normal quantile is within 2%.
  constexpr double kT975[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
                              2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120,
                              2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
                              2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
  const size_t n = values.size();
  if (n < 2) return 0.0;
  double mean = 0.0;
  for (double v : values) mean += v;
  mean /= static_cast<double>(n);
  double squares = 0.0;
  for (double v : values) squares += (v - mean) * (v - mean);
  const double s = std::sqrt(squares / static_cast<double>(n - 1));
  const size_t df = n - 1;
  const double t = df <= std::size(kT975) ? kT975[df - 1] : 1.96;
  return t * s / std::sqrt(static_cast<double>(n));
}

std::vector<v1::RankTime> RankTimes(const std::vector<std::vector<double>>& samples_us) {
  std::vector<v1::RankTime> times(samples_us.size());
  for (size_t r = 0; r < samples_us.size(); ++r) {
    const std::vector<double>& s = samples_us[r];
    times[r].set_rank(static_cast<int>(r));
    if (s.empty()) continue;
    const TimingStats summary = Summarize(s);
    times[r].set_time_us(summary.median_us);
    times[r].set_mean_us(std::accumulate(s.begin(), s.end(), 0.0) / static_cast<double>(s.size()));
    times[r].set_min_us(summary.min_us);
  }
  for (size_t r = 0; r < times.size(); ++r) {
    std::vector<double> others;
    for (size_t o = 0; o < times.size(); ++o) {
      if (o != r && times[o].time_us() > 0) others.push_back(times[o].time_us());
    }
    if (others.empty() || times[r].time_us() <= 0) continue;
    times[r].set_straggler(times[r].time_us() > kStragglerRatio * Summarize(others).median_us);
  }
  return times;
}

v1::IterationStats IterationStatsOf(const std::vector<double>& samples_us, int per_loop,
                                    int skip_first, bool per_iteration) {
  v1::IterationStats stats;
  stats.set_per_iteration(per_iteration);
  std::vector<double> kept;
  int skipped = 0;
  for (size_t i = 0; i < samples_us.size(); ++i) {
    if (per_loop > 0 && static_cast<int>(i % per_loop) < skip_first) {
      ++skipped;
      continue;
    }
    kept.push_back(samples_us[i]);
  }
  stats.set_skipped(skipped);
  stats.set_samples(static_cast<int>(kept.size()));
  if (kept.empty()) return stats;
  std::sort(kept.begin(), kept.end());
  const double n = static_cast<double>(kept.size());
  const double mean = std::accumulate(kept.begin(), kept.end(), 0.0) / n;
  stats.set_min_us(kept.front());
  stats.set_max_us(kept.back());
  stats.set_mean_us(mean);
  stats.set_p50_us(Percentile(kept, 50));
  stats.set_p95_us(Percentile(kept, 95));
  stats.set_p99_us(Percentile(kept, 99));
  if (kept.size() >= 2 && mean > 0) {
    double squares = 0;
    for (double v : kept) squares += (v - mean) * (v - mean);
    stats.set_cv(std::sqrt(squares / (n - 1)) / mean);
  }
  return stats;
}

}  // namespace symmbench
