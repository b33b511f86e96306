// The label sets and histogram buckets of the coordinator's metrics (server/metrics.h): what a
// row, a job or a service call is labelled with, and the bucket boundaries of each histogram.
#pragma once

#include <string>

#include "prometheus/histogram.h"
#include "prometheus/labels.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

// 1, 2, 5 per decade from 10^lo to 10^hi (10^hi included).
prometheus::Histogram::BucketBoundaries OneTwoFive(int lo, int hi);
// Kernel latencies: 1 us .. 1 s.
const prometheus::Histogram::BucketBoundaries& KernelBuckets();
// Job durations and queue waits: 10 ms .. 10000 s.
const prometheus::Histogram::BucketBoundaries& JobBuckets();
// RPCs and Store operations: 10 us .. 100 s (a Store Wait is long).
const prometheus::Histogram::BucketBoundaries& ServiceBuckets();

// "succeeded", "failed", "cancelled"; "" for a state that is not final.
std::string FinalStateLabel(v1::JobState state);
// The job's resolved backend, else its spec's (auto before the job was stored).
std::string Backend(const v1::Job& job);
// kernel, dtype, world_size, backend, gpu_model, size_bucket (MetricsSizeBucket).
prometheus::Labels RowLabels(const v1::Job& job, const v1::ResultRow& row,
                             const std::string& gpu_model);
// `labels` with `name` set to `value`.
prometheus::Labels With(prometheus::Labels labels, const std::string& name,
                        const std::string& value);

}  // namespace symmbench
