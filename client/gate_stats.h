// Statistics of `symmbench gate`, pure and deterministic: medians, the Mann-Whitney U rank test
// (exact for small samples without ties, normal approximation with tie and continuity
// correction otherwise; one-sided p-values) and a bootstrap interval of a ratio of medians.
// docs/gate.md gives the decision rule built on them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace symmbench::client {

// Median (mean of the two middle values for an even count); 0 for no values.
double Median(std::vector<double> values);

// Exact p-values are computed when both samples have at most this many values and no value
// is tied (the null distribution's counts then stay exact in a double).
inline constexpr int kMaxExactMannWhitney = 20;

struct MannWhitney {
  double u = 0;          // U of `a`: pairs (a_i, b_j) with a_i > b_j, plus half the ties
  double p_greater = 1;  // one-sided p-value of "a tends to be larger than b"
  double p_less = 1;     // one-sided p-value of "a tends to be smaller than b"
  bool exact = false;    // exact null distribution (else normal approximation)
};

// Mann-Whitney U test of `a` against `b`. Empty input, or every value tied, gives p = 1.
MannWhitney MannWhitneyU(const std::vector<double>& a, const std::vector<double>& b);

// The smallest one-sided p-value any outcome can reach with samples of sizes n and m:
// 1 / C(n + m, n) (complete separation). A test at level alpha needs this below alpha.
double MinimumPValue(int n, int m);

// A two-sided interval.
struct Interval {
  double low = 0;
  double high = 0;
};

// Samples of one side of a comparison in groups: the batches of each timing loop.
using SampleGroups = std::vector<std::vector<double>>;

// Every sample of every group, in order.
std::vector<double> Flatten(const SampleGroups& groups);

// Percentile bootstrap interval of median(candidate) / median(baseline) (pooled samples) at
// `confidence` (e.g. 0.99: the 0.5th and 99.5th percentiles of `resamples` replicates). Each
// side is resampled on its own: whole groups with replacement when it has two or more groups
// (the loops are the independent units), else its samples. Deterministic for a given `seed`.
// {0, 0} when a side has no samples.
Interval BootstrapRatioInterval(const SampleGroups& baseline, const SampleGroups& candidate,
                                double confidence, int resamples, uint64_t seed);

// One-sided exact sign test: P(X >= k) for X ~ Binomial(n, 1/2), the chance of k or more of n
// paired differences on one side when neither side is faster. 1 for k <= 0; 0.5^n at k = n.
double SignTestPValue(int n, int k);

// Percentile bootstrap interval of the median of `values` at `confidence` (values resampled
// with replacement). Deterministic for a given `seed`; {0, 0} for no values.
Interval BootstrapMedianInterval(const std::vector<double>& values, double confidence,
                                 int resamples, uint64_t seed);

// FNV-1a of `text`: a platform-independent seed derived from a case name.
uint64_t StableHash(const std::string& text);

}  // namespace symmbench::client
