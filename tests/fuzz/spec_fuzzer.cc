// libFuzzer target: SubmitJob's spec checks on arbitrary SubmitJobRequest messages (the
// fuzzer's bytes parsed as the serialized proto). Runs what the daemon runs before storing a
// job (fault-injection gate, defaults, ValidateSpec with inject_fault, the all_reduce
// dispatch table) against a CPU and a CUDA daemon's limits, and traps when an accepted spec
// breaks an invariant the workers rely on or a refusal does not name a field.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "kernels/dtype.h"
#include "kernels/ops/registry.h"
#include "proto/symmbench.pb.h"
#include "spec/dispatch.h"
#include "spec/fault_injection.h"
#include "spec/gemm_spec.h"
#include "spec/spec_validation.h"

namespace symmbench {
namespace {

void Require(bool ok, const char* what, const absl::Status& status = absl::OkStatus()) {
  if (ok) return;
  std::fprintf(stderr, "invariant broken: %s (%s)\n", what, status.ToString().c_str());
  std::abort();
}

// A refusal's message starts with the field it names: "<field>: ...".
void RequireNamesField(const absl::Status& status) {
  const std::string message(status.message());
  const size_t colon = message.find(": ");
  Require(colon != std::string::npos && colon > 0 && colon < 64, "error names a field", status);
}

void Check(v1::JobSpec spec, const DeviceLimits& limits) {
  absl::Status gate = CheckFaultInjectionAllowed(spec, /*allowed=*/false);
  if (!gate.ok()) RequireNamesField(gate);
  ApplyDefaults(&spec, limits);
  absl::Status status = ValidateSpec(spec, limits);
  if (!status.ok()) {
    RequireNamesField(status);
    return;
  }
  // An accepted spec's fault is one the workers can act on.
  Require(ValidateFaultInjection(spec).ok(), "an accepted fault is valid");
  Require(v1::DType_IsValid(spec.dtype()) && spec.dtype() != v1::DTYPE_UNSPECIFIED,
          "an accepted spec has a dtype");
  Require(spec.backend() == limits.backend, "an accepted spec has the daemon's backend");
  Require(spec.world_size() >= 1 && spec.world_size() <= limits.num_devices, "world_size");
  Require(spec.iters() >= 1 && spec.warmup_iters() >= 0, "iters");
  Require(spec.labels_size() <= kMaxLabels, "labels");
  if (!IsSizeSwept(spec.kernel()) && !IsFamily(spec.kernel(), OpFamily::kCalibration)) return;
  // What the worker does with an accepted spec: expand the sweep and size its buffers.
  absl::StatusOr<std::vector<int64_t>> sizes = ExpandSizes(spec.sweep());
  Require(sizes.ok(), "an accepted spec expands", sizes.status());
  Require(!sizes->empty() && static_cast<int64_t>(sizes->size()) <= kMaxSizes, "size count");
  absl::StatusOr<DType> dtype = KernelDType(spec.dtype());
  Require(dtype.ok(), "an accepted dtype parses", dtype.status());
  const OpDescriptor* kernel = FindOp(spec.kernel());
  Require(kernel != nullptr, "an accepted kernel exists");
  for (int64_t size : *sizes) {
    Require(size >= 1 && size % DTypeSize(*dtype) == 0, "size is whole elements");
    Require(limits.device_memory_bytes == 0 || kernel->buffers_per_rank <= 0 ||
                size <= limits.device_memory_bytes / kernel->buffers_per_rank,
            "size fits the device");
  }
  if (IsFamily(spec.kernel(), OpFamily::kDispatcher) &&
      spec.sweep().dispatch().entries_size() > 0) {
    absl::Status table = ValidateDispatchTable(spec.sweep().dispatch());
    if (!table.ok()) {
      RequireNamesField(table);
      return;
    }
    for (int64_t size : *sizes) (void)ChooseAlgorithm(spec.sweep().dispatch(), size);
  }
}

}  // namespace
}  // namespace symmbench

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  symmbench::v1::SubmitJobRequest request;
  if (!request.ParseFromArray(data, static_cast<int>(size))) return -1;  // not kept in corpus
  symmbench::DeviceLimits cpu;
  cpu.backend = symmbench::v1::cpu;
  cpu.num_devices = 4;
  cpu.device_memory_bytes = int64_t{1} << 30;
  symmbench::Check(request.spec(), cpu);
  symmbench::DeviceLimits cuda;
  cuda.backend = symmbench::v1::cuda;
  cuda.num_devices = 8;
  cuda.device_memory_bytes = int64_t{150} << 30;
  symmbench::Check(request.spec(), cuda);
  return 0;
}
