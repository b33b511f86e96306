#include "kernels/cuda/device_compare.h"

#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_dtype.h"

namespace symmbench {

absl::StatusOr<std::unique_ptr<DeferredChecks>> DeferredChecks::Create(int device) {
  std::unique_ptr<DeferredChecks> checks(new DeferredChecks());
  SYMMBENCH_RETURN_IF_CUDA_ERROR(DeviceMalloc(device, sizeof(CompareTotals), &checks->totals_),
                                 "DeferredChecks: cudaMalloc(totals)");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemset(checks->totals_.get(), 0, sizeof(CompareTotals)),
                                 "DeferredChecks: cudaMemset(totals)");
  return checks;
}

absl::Status DeferredChecks::Enqueue(const void* got, const void* want, int64_t count, DType dtype,
                                     CompareCounters* counters, cudaStream_t stream,
                                     absl::string_view what) {
  dtype_ = dtype;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchCompareBitwise(got, want, count, ToDeviceDType(dtype), counters, stream),
      absl::StrCat(what, ": LaunchCompareBitwise(", count, ", deferred)"));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchAddToTotals(counters, got, want, static_cast<int>(DTypeSize(dtype)), enqueued_,
                        totals_.get(), stream),
      absl::StrCat(what, ": LaunchAddToTotals"));
  ++enqueued_;
  return absl::OkStatus();
}

absl::StatusOr<CheckResult> DeferredChecks::Take(cudaStream_t stream) {
  CompareTotals host{};
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      cudaMemcpyAsync(&host, totals_.get(), sizeof(host), cudaMemcpyDeviceToHost, stream),
      "DeferredChecks: cudaMemcpyAsync(totals)");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemsetAsync(totals_.get(), 0, sizeof(host), stream),
                                 "DeferredChecks: cudaMemsetAsync(totals)");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamSynchronize(stream),
                                 "DeferredChecks: cudaStreamSynchronize");
  enqueued_ = 0;
  CheckResult result;
  result.wrong = static_cast<int64_t>(host.wrong);
  if (host.wrong == 0) return result;
  result.first_bad_index = static_cast<int64_t>(host.first_bad);
  result.operation = static_cast<int64_t>(host.first_comparison);
  result.got = LoadAsFloat(&host.got_bits, dtype_, 0);
  result.want = LoadAsFloat(&host.want_bits, dtype_, 0);
  return result;
}

absl::StatusOr<CheckResult> CompareOnDevice(const void* got, const void* want, int64_t count,
                                            DType dtype, CompareCounters* counters,
                                            cudaStream_t stream, absl::string_view what,
                                            DeferredChecks* deferred) {
  if (deferred != nullptr && deferred->on()) {
    if (absl::Status s = deferred->Enqueue(got, want, count, dtype, counters, stream, what);
        !s.ok()) {
      return s;
    }
    return CheckResult{};
  }
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      LaunchCompareBitwise(got, want, count, ToDeviceDType(dtype), counters, stream),
      absl::StrCat(what, ": LaunchCompareBitwise(", count, ")"));
  CompareCounters host{};
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      cudaMemcpyAsync(&host, counters, sizeof(host), cudaMemcpyDeviceToHost, stream),
      absl::StrCat(what, ": cudaMemcpyAsync(counters)"));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaStreamSynchronize(stream),
                                 absl::StrCat(what, ": cudaStreamSynchronize(check)"));
  CheckResult result;
  result.wrong = static_cast<int64_t>(host.wrong);
  if (host.wrong == 0) return result;
  result.first_bad_index = static_cast<int64_t>(host.first_bad);
  const size_t elem = DTypeSize(dtype);
  const size_t offset = host.first_bad * elem;
  uint32_t got_bits = 0;
  uint32_t want_bits = 0;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemcpy(&got_bits, static_cast<const char*>(got) + offset,
                                            elem, cudaMemcpyDeviceToHost),
                                 absl::StrCat(what, ": cudaMemcpy(out[", host.first_bad, "])"));
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaMemcpy(&want_bits, static_cast<const char*>(want) + offset,
                                            elem, cudaMemcpyDeviceToHost),
                                 absl::StrCat(what, ": cudaMemcpy(ref[", host.first_bad, "])"));
  result.got = LoadAsFloat(&got_bits, dtype, 0);
  result.want = LoadAsFloat(&want_bits, dtype, 0);
  return result;
}

}  // namespace symmbench
