// A row's spread: each rank's own figures of the kernel (stragglers) and the distribution of its
// samples (nccl-tests' per-iteration statistics).
#pragma once

#include <vector>

#include "proto/symmbench.pb.h"

namespace symmbench {

// A rank is a straggler when its median is more than this times the median of the other ranks'
// medians (RankTime.straggler).
inline constexpr double kStragglerRatio = 1.25;

// Half the width of the two-sided 95% Student-t confidence interval of the mean of `values`:
// t(0.975, n - 1) x s / sqrt(n), s their sample standard deviation; 0 for fewer than 2 values.
double ConfidenceHalfWidth95(const std::vector<double>& values);

// RankTime of each rank from its own samples per operation in microseconds (`samples_us[r]`:
// rank r's, every loop's), in rank order, stragglers flagged. A rank without samples gets
// zeros and is never a straggler; one rank alone is never one.
std::vector<v1::RankTime> RankTimes(const std::vector<std::vector<double>>& samples_us);

// Statistics of `samples_us` (per operation, loop after loop, `per_loop` samples each) leaving
// out the first `skip_first` samples of every loop: min, max, mean, p50/p95/p99 (nearest rank:
// the smallest sample with at least p% of the samples at or below it) and cv (sample standard
// deviation over the mean; 0 with fewer than two samples). All zeros without samples.
v1::IterationStats IterationStatsOf(const std::vector<double>& samples_us, int per_loop,
                                    int skip_first, bool per_iteration);

}  // namespace symmbench
