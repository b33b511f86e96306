#include "kernels/cuda/device_compare.h"

#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_dtype.h"

namespace symmbench {

absl::StatusOr<CheckResult> CompareOnDevice(const void* got, const void* want, int64_t count,
                                            DType dtype, CompareCounters* counters,
                                            cudaStream_t stream, absl::string_view what) {
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
