// JobSpec validation: each check returns the first problem found, with a message that starts
// with the offending field and carries the values involved.
#include "spec/spec_validation.h"

#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/did_you_mean.h"
#include "common/quote.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"
#include "plugin/versions.h"
#include "spec/dispatch.h"
#include "spec/fault_injection.h"
#include "spec/gemm_spec.h"
#include "spec/job_op.h"
#include "spec/sweep_spec.h"

namespace symmbench {
namespace {

// auto resolves to what the daemon serves.
v1::Backend ResolveBackend(v1::Backend backend, const DeviceLimits& limits) {
  return backend == v1::auto_ ? limits.backend : backend;
}

}  // namespace

absl::StatusOr<DType> KernelDType(v1::DType dtype) {
  switch (dtype) {
    case v1::DTYPE_UNSPECIFIED:
    case v1::bf16:
      return DType::kBf16;
    case v1::fp16:
      return DType::kFp16;
    case v1::fp32:
      return DType::kFp32;
    case v1::fp8_e4m3:
      return DType::kFp8E4m3;
    default:
      return absl::InvalidArgumentError(absl::StrCat("dtype: unknown element type ",
                                                     static_cast<int>(dtype),
                                                     " (want bf16, fp16, fp32 or fp8_e4m3)"));
  }
}

v1::DType ProtoDType(DType dtype) {
  switch (dtype) {
    case DType::kFp16:
      return v1::fp16;
    case DType::kFp32:
      return v1::fp32;
    case DType::kFp8E4m3:
      return v1::fp8_e4m3;
    case DType::kBf16:
      break;
  }
  return v1::bf16;
}

namespace {

std::string KnownKernels() { return absl::StrJoin(AllOpNames(), ", "); }

absl::Status CheckIters(const char* field, int32_t value, int32_t min) {
  if (value < min) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": must be >= ", min, " (got ", value, ")"));
  }
  if (value > kMaxIters) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": ", value, " exceeds the limit of ", kMaxIters));
  }
  return absl::OkStatus();
}

absl::Status CheckLabels(const v1::JobSpec& spec) {
  if (spec.labels_size() > kMaxLabels) {
    return absl::InvalidArgumentError(
        absl::StrCat("labels: ", spec.labels_size(), " labels exceed the limit of ", kMaxLabels));
  }
  for (const auto& [key, value] : spec.labels()) {
    if (key.empty()) {
      return absl::InvalidArgumentError(absl::StrCat("labels: keys must be 1..", kMaxLabelKeyLength,
                                                     " characters (got an empty key)"));
    }
    if (key.size() > kMaxLabelKeyLength) {
      return absl::InvalidArgumentError(absl::StrCat("labels: key ", Quote(key.substr(0, 16)),
                                                     "... is ", key.size(), " characters (limit ",
                                                     kMaxLabelKeyLength, ")"));
    }
    if (value.size() > kMaxLabelValueLength) {
      return absl::InvalidArgumentError(absl::StrCat("labels[", Quote(key), "]: value is ",
                                                     value.size(), " characters (limit ",
                                                     kMaxLabelValueLength, ")"));
    }
  }
  return absl::OkStatus();
}

// Every entry of plugin_ops within the ABI's limits (the coordinator fills them from the
// libraries, which the loader checks; a spec from elsewhere may say anything).
absl::Status CheckPluginOpEntries(const v1::JobSpec& spec) {
  for (int i = 0; i < spec.plugin_ops_size(); ++i) {
    const v1::PluginOp& op = spec.plugin_ops(i);
    const auto out_of = [&](const char* field, int64_t value, uint64_t max) {
      return absl::InvalidArgumentError(
          absl::StrCat("plugin_ops[", i, "].", field, ": ", value, " is outside [0, ", max, "]"));
    };
    if (op.buffer_bytes_per_message_byte() < 0 ||
        static_cast<uint32_t>(op.buffer_bytes_per_message_byte()) > kMaxBufferBytesPerMessageByte) {
      return out_of("buffer_bytes_per_message_byte", op.buffer_bytes_per_message_byte(),
                    kMaxBufferBytesPerMessageByte);
    }
    if (op.buffer_bytes_fixed() < 0 ||
        static_cast<uint64_t>(op.buffer_bytes_fixed()) > kMaxPluginBufferBytesFixed) {
      return out_of("buffer_bytes_fixed", op.buffer_bytes_fixed(), kMaxPluginBufferBytesFixed);
    }
    if (op.signal_pad_bytes() < 0 ||
        static_cast<uint64_t>(op.signal_pad_bytes()) > kMaxPluginSignalPadBytes) {
      return out_of("signal_pad_bytes", op.signal_pad_bytes(), kMaxPluginSignalPadBytes);
    }
  }
  return absl::OkStatus();
}

// The backend and dtypes of plugin op `kernel` (plugin_ops as the coordinator resolved them),
// named as `field` (kernel, sweep.compare_kernel); OK for a built-in kernel.
absl::Status CheckPluginOp(const v1::JobSpec& spec, const std::string& kernel,
                           const std::string& field, const DeviceLimits& limits) {
  const v1::PluginOp* plugin = FindPluginOp(spec, kernel);
  if (plugin == nullptr) return absl::OkStatus();
  if (plugin->backend() != limits.backend) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": ", kernel, " is built for the ", v1::Backend_Name(plugin->backend()),
                     " backend; this daemon serves ", v1::Backend_Name(limits.backend)));
  }
  std::vector<std::string> dtypes;
  for (int dtype : plugin->dtypes()) {
    if (dtype == spec.dtype()) return absl::OkStatus();
    dtypes.push_back(v1::DType_Name(static_cast<v1::DType>(dtype)));
  }
  return absl::InvalidArgumentError(absl::StrCat("dtype: ", kernel, " runs ",
                                                 absl::StrJoin(dtypes, ", "), ", not ",
                                                 v1::DType_Name(spec.dtype())));
}

// JobSpec.sweep.compare_kernel: a size-swept op that computes what the kernel computes, on the
// daemon's backend and in the job's dtype; not with per-host teams.
absl::Status CheckCompareKernel(const v1::JobSpec& spec, const OpDescriptor& kernel,
                                const DeviceLimits& limits) {
  const std::string& name = spec.sweep().compare_kernel();
  if (name.empty()) return absl::OkStatus();
  const std::optional<OpDescriptor> other = JobOp(spec, name);
  if (!other.has_value()) {
    return absl::InvalidArgumentError(
        absl::StrCat("sweep.compare_kernel: unknown kernel ", Quote(name),
                     DidYouMeanSuffix(name, AllOpNames()), " (known: ", KnownKernels(), ")"));
  }
  if (!IsSweptOp(kernel) || !IsSweptOp(*other)) {
    return absl::InvalidArgumentError(
        absl::StrCat("sweep.compare_kernel: A/B jobs compare size-swept collectives (kernel ",
                     kernel.name, ", compare_kernel ", other->name, ")"));
  }
  if (other->computes != kernel.computes) {
    return absl::InvalidArgumentError(
        absl::StrCat("sweep.compare_kernel: ", other->name, " does not compute what ", kernel.name,
                     " computes (an A/B job compares two implementations of one "
                     "collective)"));
  }
  if (spec.sweep().per_host_teams()) {
    return absl::InvalidArgumentError(
        "sweep.compare_kernel: an A/B job runs on one host, not in per_host_teams");
  }
  return CheckPluginOp(spec, name, "sweep.compare_kernel", limits);
}

absl::Status CheckFaultInjection(const v1::JobSpec& spec) {
  // !(x >= 0) also catches NaN.
  if (!(spec.inject_delay_us() >= 0) || spec.inject_delay_us() > kMaxInjectDelayUs) {
    return absl::InvalidArgumentError(absl::StrCat("inject_delay_us: must be in [0, ",
                                                   kMaxInjectDelayUs, "] (got ",
                                                   spec.inject_delay_us(), ")"));
  }
  if (spec.inject_delay_min_bytes() < 0) {
    return absl::InvalidArgumentError(absl::StrCat("inject_delay_min_bytes: must be >= 0 (got ",
                                                   spec.inject_delay_min_bytes(), ")"));
  }
  if (spec.inject_delay_max_bytes() < 0 ||
      (spec.inject_delay_max_bytes() > 0 &&
       spec.inject_delay_max_bytes() < spec.inject_delay_min_bytes())) {
    return absl::InvalidArgumentError(
        absl::StrCat("inject_delay_max_bytes: must be 0 (no bound) or >= inject_delay_min_bytes ",
                     spec.inject_delay_min_bytes(), " (got ", spec.inject_delay_max_bytes(), ")"));
  }
  return absl::OkStatus();
}

// JobSpec.family: the member the kernel's family takes (or none, which reads as an empty one).
absl::Status CheckFamily(const v1::JobSpec& spec, const OpDescriptor& kernel) {
  const bool gemm = kernel.family == OpFamily::kGemmCollective;
  if (gemm && spec.has_sweep()) {
    return absl::InvalidArgumentError(
        absl::StrCat("sweep: kernel ", kernel.name,
                     " runs GEMM problems: give gemm (shapes), not sweep (sizes)"));
  }
  if (!gemm && spec.has_gemm()) {
    return absl::InvalidArgumentError(
        absl::StrCat("gemm: kernel ", kernel.name,
                     " is timed over sizes: give sweep (sizes), not gemm (shapes)"));
  }
  return absl::OkStatus();
}

// JobSpec.sweep.per_host_teams: an all-reduce kernel only.
absl::Status CheckPerHostTeams(const v1::JobSpec& spec) {
  if (!spec.sweep().per_host_teams() || RunsInTeams(spec.kernel())) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      "sweep.per_host_teams: only the all-reduce kernels run as one team per host (kernel ",
      spec.kernel(), " does not)"));
}

// JobSpec.nodes: within the daemon's --max-nodes, a divisor of world_size, and 1 for a kernel
// on symmetric memory (all of today's: its peers' buffers are mapped from the same host) unless
// the job runs per-host teams.
absl::Status CheckNodes(const v1::JobSpec& spec, const DeviceLimits& limits) {
  if (spec.nodes() < 0) {
    return absl::InvalidArgumentError(absl::StrCat("nodes: must be >= 0 (got ", spec.nodes(), ")"));
  }
  if (spec.nodes() <= 1) return absl::OkStatus();
  if (spec.nodes() > limits.max_nodes) {
    return absl::InvalidArgumentError(absl::StrCat(
        "nodes: ", spec.nodes(), " hosts asked, this daemon places jobs on at most ",
        limits.max_nodes,
        limits.max_nodes == 1 ? " (it launches workers on its own host: --launcher local)" : ""));
  }
  if (spec.world_size() % spec.nodes() != 0) {
    return absl::InvalidArgumentError(absl::StrCat("nodes: world_size ", spec.world_size(),
                                                   " does not divide by ", spec.nodes(), " hosts"));
  }
  if (spec.sweep().per_host_teams())
    return absl::OkStatus();  // CheckPerHostTeams checks the kernel
  return absl::InvalidArgumentError(absl::StrCat(
      "nodes: kernel ", spec.kernel(),
      " runs on symmetric memory, where every rank maps its peers' buffers, so all ",
      spec.world_size(), " ranks must share one host; ask for nodes 1, or for per_host_teams",
      RunsInTeams(spec.kernel()) ? " (one team per host, with a baseline across hosts)"
                                 : " (all-reduce kernels only)"));
}

}  // namespace

absl::Status ValidateSpec(const v1::JobSpec& spec, const DeviceLimits& limits) {
  if (absl::Status s = CheckPluginOpEntries(spec); !s.ok()) return s;
  const std::optional<OpDescriptor> kernel = JobOp(spec);
  if (!kernel.has_value()) {
    if (spec.kernel().empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("kernel: missing (known: ", KnownKernels(), ")"));
    }
    return absl::InvalidArgumentError(absl::StrCat("kernel: unknown kernel ", Quote(spec.kernel()),
                                                   DidYouMeanSuffix(spec.kernel(), AllOpNames()),
                                                   " (known: ", KnownKernels(), ")"));
  }

  if (!v1::Backend_IsValid(spec.backend())) {
    return absl::InvalidArgumentError(
        absl::StrCat("backend: unknown backend ", spec.backend(), " (want auto, cuda or cpu)"));
  }
  const v1::Backend backend = ResolveBackend(spec.backend(), limits);
  if (backend != limits.backend) {
    return absl::InvalidArgumentError(absl::StrCat("backend: this daemon serves ",
                                                   v1::Backend_Name(limits.backend),
                                                   " devices, not ", v1::Backend_Name(backend)));
  }

  if (spec.world_size() < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("world_size: must be >= 1 (got ", spec.world_size(), ")"));
  }
  if (spec.world_size() > limits.num_devices) {
    return absl::ResourceExhaustedError(
        absl::StrCat("world_size: ", spec.world_size(), " exceeds the ", limits.num_devices, " ",
                     v1::Backend_Name(limits.backend), " devices of this daemon"));
  }

  if (absl::Status s = CheckFamily(spec, *kernel); !s.ok()) return s;
  if (absl::Status s = CheckPerHostTeams(spec); !s.ok()) return s;
  if (absl::Status s = CheckNodes(spec, limits); !s.ok()) return s;

  absl::StatusOr<DType> dtype = KernelDType(spec.dtype());
  if (!dtype.ok()) return dtype.status();
  if (absl::Status s = CheckPluginOp(spec, spec.kernel(), "kernel", limits); !s.ok()) return s;
  if (absl::Status s = CheckCompareKernel(spec, *kernel, limits); !s.ok()) return s;
  if (*dtype == DType::kFp8E4m3 && !kernel->fp8) {
    return absl::InvalidArgumentError(absl::StrCat(
        "dtype: ", spec.kernel(),
        " has no fp8_e4m3 path (ops that have one: ", absl::StrJoin(Fp8OpNames(), ", "), ")"));
  }

  const v1::SweepSpec& sweep = spec.sweep();
  if (kernel->family == OpFamily::kCalibration &&
      (sweep.sizes_bytes_size() != 1 || sweep.min_bytes() != 0 || sweep.max_bytes() != 0)) {
    return absl::InvalidArgumentError(
        absl::StrCat(sweep.sizes_bytes_size() != 1 ? "sweep.sizes_bytes" : "sweep.min_bytes",
                     ": calibrate takes one size, the copy's, in sizes_bytes, and no sweep (got ",
                     sweep.sizes_bytes_size(), " sizes, min_bytes ", sweep.min_bytes(),
                     ", max_bytes ", sweep.max_bytes(), ")"));
  }
  if (kernel->family == OpFamily::kGemmCollective) {
    if (absl::Status s = ValidateGemmSpec(spec, *dtype, limits); !s.ok()) return s;
  }
  if (absl::Status s = ValidateSweep(spec, *kernel, *dtype, limits); !s.ok()) return s;
  if (absl::Status s = CheckIters("warmup_iters", spec.warmup_iters(), 0); !s.ok()) return s;
  if (absl::Status s = CheckIters("iters", spec.iters(), 1); !s.ok()) return s;
  if (spec.repeats() < 0 || spec.repeats() > kMaxRepeats) {  // 0: the default
    return absl::InvalidArgumentError(
        absl::StrCat("repeats: must be in [1, ", kMaxRepeats, "] (got ", spec.repeats(), ")"));
  }
  if (absl::Status s = ValidateIterationStats(spec, *kernel); !s.ok()) return s;
  if (absl::Status s = CheckLabels(spec); !s.ok()) return s;
  if (spec.timeout_s() < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("timeout_s: must be >= 0 (got ", spec.timeout_s(), ")"));
  }
  if (absl::Status s = CheckFaultInjection(spec); !s.ok()) return s;
  if (absl::Status s = ValidateFaultInjection(spec); !s.ok()) return s;

  return absl::OkStatus();
}

void ApplyDefaults(v1::JobSpec* spec, const DeviceLimits& limits) {
  spec->set_backend(ResolveBackend(spec->backend(), limits));
  if (spec->kernel().empty()) spec->set_kernel(kDefaultKernel);
  if (spec->dtype() == v1::DTYPE_UNSPECIFIED) spec->set_dtype(kDefaultDType);
  if (!spec->has_warmup_iters()) spec->set_warmup_iters(kDefaultWarmupIters);
  if (!spec->has_iters()) spec->set_iters(kDefaultIters);
  if (spec->has_sweep() && spec->sweep().sizes_bytes().empty() &&
      spec->sweep().min_bytes() < spec->sweep().max_bytes() && spec->sweep().step_factor() == 0) {
    spec->mutable_sweep()->set_step_factor(kDefaultStepFactor);
  }
  if (!spec->has_check()) spec->set_check(true);
  if (spec->repeats() == 0) spec->set_repeats(kDefaultRepeats);
  if (spec->dtype() == v1::fp8_e4m3 && spec->has_gemm() &&
      spec->gemm().fp8_scaling() == v1::FP8_SCALING_UNSPECIFIED) {
    spec->mutable_gemm()->set_fp8_scaling(v1::tensorwise);
  }
}

}  // namespace symmbench
