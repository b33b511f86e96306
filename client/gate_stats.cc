// Medians, the Mann-Whitney U test and the bootstrap interval of a ratio of medians.
#include "client/gate_stats.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <utility>

namespace symmbench::client {
namespace {

// Average ranks (1-based) of `values`, ties sharing the mean of their ranks; also the tie term
// sum(t^3 - t) over groups of t tied values.
std::vector<double> AverageRanks(const std::vector<double>& values, double* tie_term) {
  std::vector<size_t> order(values.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t x, size_t y) { return values[x] < values[y]; });
  std::vector<double> ranks(values.size());
  *tie_term = 0;
  for (size_t i = 0; i < order.size();) {
    size_t j = i;
    while (j + 1 < order.size() && values[order[j + 1]] == values[order[i]]) ++j;
    const double rank = (i + j) / 2.0 + 1.0;  // mean of ranks i+1 .. j+1
    for (size_t k = i; k <= j; ++k) ranks[order[k]] = rank;
    const double t = static_cast<double>(j - i + 1);
    *tie_term += t * t * t - t;
    i = j + 1;
  }
  return ranks;
}

// Counts of U = 0 .. n*m under the null hypothesis (no ties): the coefficients of the Gaussian
// binomial [n + m choose n]_q = prod_{i=1..n} (1 - q^(m+i)) / (1 - q^i). Every intermediate
// polynomial is a Gaussian binomial too, so its coefficients are integers below C(n + m, n):
// exact in a double for n, m <= kMaxExactMannWhitney.
std::vector<double> NullCounts(int n, int m) {
  std::vector<double> c(static_cast<size_t>(n) * m + 1, 0.0);
  c[0] = 1;
  for (int i = 1; i <= n; ++i) {
    for (size_t k = c.size() - 1; k >= static_cast<size_t>(m + i); --k) c[k] -= c[k - m - i];
    for (size_t k = i; k < c.size(); ++k) c[k] += c[k - i];  // divide by (1 - q^i)
  }
  return c;
}

double NormalUpperTail(double z) { return 0.5 * std::erfc(z / std::sqrt(2.0)); }

// Quantile `q` in [0, 1] of sorted values, linear between order statistics.
double Quantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const size_t lo = static_cast<size_t>(std::floor(pos));
  const size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (pos - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

// A uniform index in [0, n) from a standardized engine (std::uniform_int_distribution is not
// the same on every standard library; the modulo bias is negligible for n << 2^64).
size_t Index(std::mt19937_64& rng, size_t n) { return static_cast<size_t>(rng() % n); }

// The median of one bootstrap replicate of `groups` (pooled), resampled as documented.
double ResampledMedian(const SampleGroups& groups, size_t total, std::mt19937_64& rng,
                       std::vector<double>* scratch) {
  scratch->clear();
  if (groups.size() >= 2) {
    for (size_t g = 0; g < groups.size(); ++g) {
      const std::vector<double>& pick = groups[Index(rng, groups.size())];
      scratch->insert(scratch->end(), pick.begin(), pick.end());
    }
  } else {
    const std::vector<double>& only = groups[0];
    for (size_t i = 0; i < total; ++i) scratch->push_back(only[Index(rng, only.size())]);
  }
  return Median(*scratch);
}

size_t CountSamples(const SampleGroups& groups) {
  size_t total = 0;
  for (const std::vector<double>& g : groups) total += g.size();
  return total;
}

}  // namespace

double Median(std::vector<double> values) {
  if (values.empty()) return 0;
  const size_t n = values.size();
  std::nth_element(values.begin(), values.begin() + n / 2, values.end());
  const double upper = values[n / 2];
  if (n % 2 == 1) return upper;
  const double lower = *std::max_element(values.begin(), values.begin() + n / 2);
  return (lower + upper) / 2;
}

MannWhitney MannWhitneyU(const std::vector<double>& a, const std::vector<double>& b) {
  MannWhitney result;
  const int n = static_cast<int>(a.size());
  const int m = static_cast<int>(b.size());
  if (n == 0 || m == 0) return result;
  std::vector<double> pooled = a;
  pooled.insert(pooled.end(), b.begin(), b.end());
  double tie_term = 0;
  const std::vector<double> ranks = AverageRanks(pooled, &tie_term);
  double rank_sum = 0;
  for (int i = 0; i < n; ++i) rank_sum += ranks[i];
  result.u = rank_sum - n * (n + 1) / 2.0;

  if (tie_term == 0 && n <= kMaxExactMannWhitney && m <= kMaxExactMannWhitney) {
    const std::vector<double> counts = NullCounts(n, m);
    double total = 0, at_least = 0, at_most = 0;
    const size_t u = static_cast<size_t>(std::llround(result.u));
    for (size_t k = 0; k < counts.size(); ++k) {
      total += counts[k];
      if (k >= u) at_least += counts[k];
      if (k <= u) at_most += counts[k];
    }
    result.p_greater = at_least / total;
    result.p_less = at_most / total;
    result.exact = true;
    return result;
  }
  const double big_n = n + m;
  const double variance =
      n * static_cast<double>(m) / 12.0 * ((big_n + 1) - tie_term / (big_n * (big_n - 1)));
  if (variance <= 0) return result;  // every value tied: nothing to tell
  const double sigma = std::sqrt(variance);
  const double mean = n * static_cast<double>(m) / 2.0;
  result.p_greater = NormalUpperTail((result.u - mean - 0.5) / sigma);
  result.p_less = NormalUpperTail((mean - result.u - 0.5) / sigma);
  return result;
}

double MinimumPValue(int n, int m) {
  if (n <= 0 || m <= 0) return 1;
  // 1 / C(n + m, n), as exp(-log C) to stay finite for large samples.
  return std::exp(std::lgamma(n + 1.0) + std::lgamma(m + 1.0) - std::lgamma(n + m + 1.0));
}

Interval BootstrapRatioInterval(const SampleGroups& baseline, const SampleGroups& candidate,
                                double confidence, int resamples, uint64_t seed) {
  SampleGroups base, cand;  // without empty groups
  for (const auto& g : baseline) {
    if (!g.empty()) base.push_back(g);
  }
  for (const auto& g : candidate) {
    if (!g.empty()) cand.push_back(g);
  }
  if (base.empty() || cand.empty() || resamples < 1) return {};
  const size_t base_total = CountSamples(base);
  const size_t cand_total = CountSamples(cand);
  std::mt19937_64 rng(seed);
  std::vector<double> ratios;
  ratios.reserve(resamples);
  std::vector<double> scratch;
  for (int r = 0; r < resamples; ++r) {
    const double b = ResampledMedian(base, base_total, rng, &scratch);
    const double c = ResampledMedian(cand, cand_total, rng, &scratch);
    if (b > 0) ratios.push_back(c / b);
  }
  if (ratios.empty()) return {};
  std::sort(ratios.begin(), ratios.end());
  const double tail = (1.0 - confidence) / 2.0;
  return {Quantile(ratios, tail), Quantile(ratios, 1.0 - tail)};
}

uint64_t StableHash(const std::string& text) {
  uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash;
}

std::vector<double> Flatten(const SampleGroups& groups) {
  std::vector<double> all;
  for (const std::vector<double>& g : groups) all.insert(all.end(), g.begin(), g.end());
  return all;
}

double SignTestPValue(int n, int k) {
  if (k <= 0) return 1;
  if (k > n) return 0;
  // sum_{i=k..n} C(n, i) / 2^n, with C(n, i) built up as a double (exact for n <= 1000 in
  // relative terms; repeats are at most 100).
  double term = std::pow(0.5, n);  // C(n, 0) / 2^n
  double tail = 0;
  for (int i = 0; i <= n; ++i) {
    if (i >= k) tail += term;
    term = term * (n - i) / (i + 1);
  }
  return std::min(1.0, tail);
}

Interval BootstrapMedianInterval(const std::vector<double>& values, double confidence,
                                 int resamples, uint64_t seed) {
  if (values.empty()) return {};
  std::mt19937_64 rng(seed);
  std::vector<double> medians;
  medians.reserve(static_cast<size_t>(resamples));
  std::vector<double> draw(values.size());
  for (int r = 0; r < resamples; ++r) {
    for (double& v : draw) v = values[Index(rng, values.size())];
    medians.push_back(Median(draw));
  }
  std::sort(medians.begin(), medians.end());
  const double tail = (1 - confidence) / 2;
  return {Quantile(medians, tail), Quantile(medians, 1 - tail)};
}

}  // namespace symmbench::client
