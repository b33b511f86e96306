// Label sets and histogram buckets of the coordinator's metrics.
#include "server/metrics_labels.h"

#include <cstdint>

#include "absl/strings/str_cat.h"
#include "server/metrics.h"

namespace symmbench {

// 1, 2, 5 per decade from 10^lo to 10^hi (inclusive of 10^hi). Computed as m / 10^k or
// m * 10^k with an exact power of ten, so each bound is the double nearest its decimal text
// (5 / 1e6 == 5e-6), and a row of 5 us (5 / 1e6 s) lands exactly on the 5e-06 bucket.
prometheus::Histogram::BucketBoundaries OneTwoFive(int lo, int hi) {
  auto pow10 = [](int k) {
    double p = 1;
    for (int i = 0; i < k; ++i) p *= 10;
    return p;
  };
  prometheus::Histogram::BucketBoundaries b;
  for (int e = lo; e < hi; ++e) {
    for (double m : {1.0, 2.0, 5.0}) b.push_back(e < 0 ? m / pow10(-e) : m * pow10(e));
  }
  b.push_back(hi < 0 ? 1 / pow10(-hi) : pow10(hi));
  return b;
}

const prometheus::Histogram::BucketBoundaries& KernelBuckets() {  // 1 us .. 1 s
  static const prometheus::Histogram::BucketBoundaries* b =
      new prometheus::Histogram::BucketBoundaries(OneTwoFive(-6, 0));
  return *b;
}

const prometheus::Histogram::BucketBoundaries& JobBuckets() {  // 10 ms .. 10000 s
  static const prometheus::Histogram::BucketBoundaries* b =
      new prometheus::Histogram::BucketBoundaries(OneTwoFive(-2, 4));
  return *b;
}

const prometheus::Histogram::BucketBoundaries&
ServiceBuckets() {  // 10 us .. 100 s (Store Wait is long)
  static const prometheus::Histogram::BucketBoundaries* b =
      new prometheus::Histogram::BucketBoundaries(OneTwoFive(-5, 2));
  return *b;
}

std::string FinalStateLabel(v1::JobState state) {
  switch (state) {
    case v1::SUCCEEDED:
      return "succeeded";
    case v1::FAILED:
      return "failed";
    case v1::CANCELLED:
      return "cancelled";
    default:
      return "";
  }
}

// The resolved backend, else the spec's (auto before the job was stored).
std::string Backend(const v1::Job& job) {
  return v1::Backend_Name(job.backend() != v1::auto_ ? job.backend() : job.spec().backend());
}

// kernel, dtype, world_size, backend, gpu_model, size_bucket.
prometheus::Labels RowLabels(const v1::Job& job, const v1::ResultRow& row,
                             const std::string& gpu_model) {
  return {
      {"kernel", job.spec().kernel()},
      {"dtype",
       v1::DType_Name(row.dtype() != v1::DTYPE_UNSPECIFIED ? row.dtype() : job.spec().dtype())},
      {"world_size", std::to_string(job.spec().world_size())},
      {"backend", Backend(job)},
      {"gpu_model", gpu_model},
      {"size_bucket", MetricsSizeBucket(row)},
  };
}

prometheus::Labels With(prometheus::Labels labels, const std::string& name,
                        const std::string& value) {
  labels[name] = value;
  return labels;
}

std::string MetricsSizeBucket(const v1::ResultRow& row) {
  if (row.size_bytes() <= 0) return "0B";
  uint64_t size = static_cast<uint64_t>(row.size_bytes());
  uint64_t p = 1;
  while (p < size && p < (uint64_t{1} << 62)) p <<= 1;
  static const char* const kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int unit = 0;
  while (p >= 1024 && unit < 6) {
    p /= 1024;
    ++unit;
  }
  return absl::StrCat(p, kUnits[unit]);
}

}  // namespace symmbench
