// JobSpec.sweep validation (sweep_spec.h) and the size sweep's expansion (spec_validation.h).
#include "spec/sweep_spec.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "spec/job_op.h"
#include "spec/timing_batches.h"

namespace symmbench {
namespace {

// 1073741824 -> "1 GiB", 1536 -> "1.5 KiB", 1000 -> "1000 B".
std::string FormatBytes(int64_t bytes) {
  static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  double value = static_cast<double>(bytes);
  int unit = 0;
  while (value >= 1024.0 && unit < 5) {
    value /= 1024.0;
    ++unit;
  }
  if (unit == 0) return absl::StrCat(bytes, " B");
  const double rounded = static_cast<double>(static_cast<int64_t>(value * 10.0 + 0.5)) / 10.0;
  return absl::StrCat(rounded, " ", kUnits[unit]);
}

// Message sizes of the size-swept kernels: multiples of the element size, and the largest
// times the kernel's buffers must fit in device memory.
absl::Status CheckSizes(const v1::JobSpec& spec, const OpDescriptor& kernel, DType dtype,
                        const DeviceLimits& limits) {
  absl::StatusOr<std::vector<int64_t>> sizes = ExpandSizes(spec.sweep());
  if (!sizes.ok()) return sizes.status();
  const bool explicit_sizes = spec.sweep().sizes_bytes_size() > 0;
  const int element_size = DTypeSize(dtype);
  // A sweep's sizes are min_bytes times powers of step_factor: min_bytes decides them all.
  for (size_t i = 0; i < sizes->size(); ++i) {
    if ((*sizes)[i] % element_size != 0) {
      const std::string field = explicit_sizes ? absl::StrCat("sweep.sizes_bytes[", i, "]")
                                               : std::string("sweep.min_bytes");
      return absl::InvalidArgumentError(absl::StrCat(field, ": ", (*sizes)[i],
                                                     " is not a multiple of the ", DTypeName(dtype),
                                                     " element size (", element_size, " bytes)"));
    }
  }

  if (limits.device_memory_bytes > 0) {
    size_t largest = 0;
    for (size_t i = 1; i < sizes->size(); ++i) {
      if ((*sizes)[i] > (*sizes)[largest]) largest = i;
    }
    const int64_t size = (*sizes)[largest];
    // An A/B job's two kernels share the backend's buffers; plugin ops' fixed scratch and
    // signal pads come off the top.
    int64_t buffers = kernel.buffers_per_rank;
    // The job's plugin ops (its kernel's, its compare kernel's when another): at most 2 x
    // (2^40 + 2^20) bytes, as CheckPluginOpEntries bounds each.
    const std::string& compare = spec.sweep().compare_kernel();
    int64_t fixed = 0;
    for (const v1::PluginOp* plugin :
         {FindPluginOp(spec, spec.kernel()),
          !compare.empty() && compare != spec.kernel() ? FindPluginOp(spec, compare) : nullptr}) {
      if (plugin != nullptr) fixed += plugin->buffer_bytes_fixed() + plugin->signal_pad_bytes();
    }
    if (const std::optional<OpDescriptor> other = JobOp(spec, spec.sweep().compare_kernel());
        other.has_value()) {
      buffers = std::max<int64_t>(buffers, other->buffers_per_rank);
    }
    if (fixed > limits.device_memory_bytes) {
      return absl::ResourceExhaustedError(
          absl::StrCat("kernel: ", kernel.name, " asks for ", FormatBytes(fixed),
                       " of fixed scratch and signal pad per rank, more than the device memory of ",
                       FormatBytes(limits.device_memory_bytes)));
    }
    // size * buffers > memory, without overflowing the product.
    if (buffers > 0 && size > (limits.device_memory_bytes - fixed) / buffers) {
      const std::string field = explicit_sizes ? absl::StrCat("sweep.sizes_bytes[", largest, "]")
                                               : std::string("sweep.max_bytes");
      return absl::ResourceExhaustedError(absl::StrCat(
          field, ": ", FormatBytes(size), " x ", buffers, " buffers exceeds device memory of ",
          FormatBytes(limits.device_memory_bytes), " (", kernel.name, " needs ", buffers,
          " buffers of the largest size per rank)"));
    }
  }
  return absl::OkStatus();
}

// SweepSpec.all_dtypes: a size-swept kernel, no compare kernel, and every size a multiple of
// each of its dtypes' element size.
absl::Status CheckAllDTypes(const v1::JobSpec& spec, const OpDescriptor& kernel,
                            const DeviceLimits& limits) {
  if (!spec.sweep().all_dtypes()) return absl::OkStatus();
  if (!IsSweptOp(kernel)) {
    return absl::InvalidArgumentError(
        absl::StrCat("sweep.all_dtypes: size-swept kernels only; ", spec.kernel(), " is not one"));
  }
  if (!spec.sweep().compare_kernel().empty()) {
    return absl::InvalidArgumentError(
        "sweep.all_dtypes: not with sweep.compare_kernel (an A/B job runs one dtype)");
  }
  const std::vector<v1::DType> dtypes = KernelDTypes(spec);
  if (dtypes.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("sweep.all_dtypes: ", spec.kernel(), " declares no dtype"));
  }
  for (v1::DType each : dtypes) {
    absl::StatusOr<DType> dtype = KernelDType(each);
    if (!dtype.ok()) return dtype.status();
    if (absl::Status s = CheckSizes(spec, kernel, *dtype, limits); !s.ok()) return s;
  }
  return absl::OkStatus();
}

// SweepSpec.placement: a known value; PLACEMENT_BOTH only for an op with an in-place form.
absl::Status CheckPlacement(const v1::JobSpec& spec, const OpDescriptor& kernel) {
  const v1::Placement placement = spec.sweep().placement();
  if (!v1::Placement_IsValid(placement)) {
    return absl::InvalidArgumentError(
        absl::StrCat("sweep.placement: unknown value ", static_cast<int>(placement)));
  }
  if (placement == v1::PLACEMENT_BOTH && !kernel.in_place) {
    return absl::InvalidArgumentError(
        absl::StrCat("sweep.placement: ", spec.kernel(),
                     " has no in-place form (in-place figures: the built-in swept collectives); "
                     "leave placement unset or PLACEMENT_OUT_OF_PLACE"));
  }
  return absl::OkStatus();
}

// SweepSpec.graph_launches: in [0, kMaxGraphLaunches], and only with graph.
absl::Status CheckGraphLaunches(const v1::SweepSpec& sweep) {
  const int32_t launches = sweep.graph_launches();
  if (launches == 0) return absl::OkStatus();
  if (launches < 0 || launches > kMaxGraphLaunches) {
    return absl::InvalidArgumentError(absl::StrCat("sweep.graph_launches: must be in [0, ",
                                                   kMaxGraphLaunches, "] (got ", launches, ")"));
  }
  if (!sweep.graph()) {
    return absl::InvalidArgumentError(
        "sweep.graph_launches: times graph replays; set sweep.graph too (--graph)");
  }
  return absl::OkStatus();
}

// SweepSpec.misalign_bytes: in [0, 16), for an op with a misaligned form, and a multiple of each
// of the job's element sizes.
absl::Status CheckMisalign(const v1::JobSpec& spec, const OpDescriptor& kernel, DType dtype) {
  const int32_t bytes = spec.sweep().misalign_bytes();
  if (bytes == 0) return absl::OkStatus();
  if (bytes < 0 || bytes >= 16) {
    return absl::InvalidArgumentError(absl::StrCat(
        "sweep.misalign_bytes: must be in [0, 16) (16 is aligned again), got ", bytes));
  }
  for (const std::string& name : {spec.kernel(), spec.sweep().compare_kernel()}) {
    if (name.empty()) continue;
    const OpDescriptor* op = name == spec.kernel() ? &kernel : FindOp(name);
    if (op == nullptr || !op->misalign) {  // a plugin op takes its buffers as they come
      return absl::InvalidArgumentError(
          absl::StrCat("sweep.misalign_bytes: ", name,
                       " has no misaligned form (misaligned buffers: the built-in swept "
                       "collectives)"));
    }
  }
  std::vector<DType> dtypes = {dtype};
  if (spec.sweep().all_dtypes()) {
    for (v1::DType each : KernelDTypes(spec)) {
      absl::StatusOr<DType> d = KernelDType(each);
      if (d.ok()) dtypes.push_back(*d);
    }
  }
  for (DType d : dtypes) {
    if (bytes % DTypeSize(d) != 0) {
      return absl::InvalidArgumentError(absl::StrCat("sweep.misalign_bytes: ", bytes,
                                                     " is not a multiple of ", DTypeName(d),
                                                     "'s element size (", DTypeSize(d), " bytes)"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status ValidateSweep(const v1::JobSpec& spec, const OpDescriptor& kernel, DType dtype,
                           const DeviceLimits& limits) {
  if (kernel.family != OpFamily::kGemmCollective) {
    if (absl::Status s = CheckSizes(spec, kernel, dtype, limits); !s.ok()) return s;
  }
  if (absl::Status s = CheckAllDTypes(spec, kernel, limits); !s.ok()) return s;
  if (absl::Status s = CheckPlacement(spec, kernel); !s.ok()) return s;
  if (absl::Status s = CheckMisalign(spec, kernel, dtype); !s.ok()) return s;
  return CheckGraphLaunches(spec.sweep());
}

absl::Status ValidateIterationStats(const v1::JobSpec& spec, const OpDescriptor& kernel) {
  const v1::SweepSpec& sweep = spec.sweep();
  if (!sweep.per_iteration() && sweep.skip_first() == 0) return absl::OkStatus();
  const char* field = sweep.per_iteration() ? "sweep.per_iteration" : "sweep.skip_first";
  if (!IsSweptOp(kernel)) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": size-swept kernels only; ", spec.kernel(), " is not one"));
  }
  const int64_t repeats = spec.repeats() > 0 ? spec.repeats() : kDefaultRepeats;
  if (sweep.per_iteration() &&
      static_cast<int64_t>(spec.iters()) * repeats > kMaxPerIterationSamples) {
    return absl::InvalidArgumentError(
        absl::StrCat("sweep.per_iteration: iters x repeats must be <= ", kMaxPerIterationSamples,
                     " (got ", spec.iters(), " x ", repeats, ")"));
  }
  if (sweep.per_iteration()) {
    absl::StatusOr<std::vector<int64_t>> sizes = ExpandSizes(sweep);
    if (!sizes.ok()) return sizes.status();
    const int64_t dtypes =
        sweep.all_dtypes() ? std::max<int64_t>(1, KernelDTypes(spec).size()) : int64_t{1};
    const int64_t rows = static_cast<int64_t>(sizes->size()) * dtypes;
    // Each timed iteration is kept max over ranks and once per rank, in each placement timed.
    const int64_t placements = TimesInPlace(kernel, sweep.placement()) ? 2 : 1;
    const int64_t copies = placements * (1 + std::max<int64_t>(1, spec.world_size()));
    const int64_t samples = rows * spec.iters() * repeats * copies;
    if (samples > kMaxPerIterationJobSamples) {
      return absl::InvalidArgumentError(absl::StrCat(
          "sweep.per_iteration: rows x iters x repeats x copies kept (1 + world_size, per "
          "placement timed) must be <= ",
          kMaxPerIterationJobSamples,
          " so that the job's record stays readable (under gRPC's 4 MiB); got ", rows, " x ",
          spec.iters(), " x ", repeats, " x ", copies, " = ", samples,
          ": time fewer sizes or iterations per job, or split the sweep into several jobs"));
    }
  }
  const int64_t per_loop =
      sweep.per_iteration() ? spec.iters() : std::min<int64_t>(spec.iters(), kTimingBatches);
  if (sweep.skip_first() < 0 || sweep.skip_first() >= per_loop) {
    return absl::InvalidArgumentError(
        absl::StrCat("sweep.skip_first: must be in [0, ", per_loop - 1, "], below the ", per_loop,
                     " samples of each timing loop (got ", sweep.skip_first(), ")"));
  }
  return absl::OkStatus();
}

void SortSizes(v1::SweepSpec* sweep) {
  std::vector<int64_t> sizes(sweep->sizes_bytes().begin(), sweep->sizes_bytes().end());
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  sweep->clear_sizes_bytes();
  for (int64_t size : sizes) sweep->add_sizes_bytes(size);
}

absl::StatusOr<std::vector<int64_t>> ExpandSizes(const v1::SweepSpec& sweep) {
  std::vector<int64_t> sizes;
  if (sweep.sizes_bytes_size() > 0) {
    if (sweep.sizes_bytes_size() > kMaxSizes) {
      return absl::InvalidArgumentError(
          absl::StrCat("sweep.sizes_bytes: ", sweep.sizes_bytes_size(),
                       " sizes exceed the limit of ", kMaxSizes));
    }
    for (int i = 0; i < sweep.sizes_bytes_size(); ++i) {
      if (sweep.sizes_bytes(i) < 1) {
        return absl::InvalidArgumentError(absl::StrCat(
            "sweep.sizes_bytes[", i, "]: must be >= 1 (got ", sweep.sizes_bytes(i), ")"));
      }
      sizes.push_back(sweep.sizes_bytes(i));
    }
    return sizes;
  }

  const int64_t min = sweep.min_bytes();
  const int64_t max = sweep.max_bytes();
  if (min < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("sweep.min_bytes: must be >= 1 (got ", min, ")"));
  }
  if (max < min) {
    return absl::InvalidArgumentError(
        absl::StrCat("sweep.max_bytes: ", max, " is below min_bytes ", min));
  }
  if (min == max) return std::vector<int64_t>{min};  // step_factor unused
  const int64_t factor = sweep.step_factor();
  if (factor < 2) {
    return absl::InvalidArgumentError(absl::StrCat(
        "sweep.step_factor: must be >= 2 when min_bytes < max_bytes (got ", factor, ")"));
  }
  // With int64 sizes and factor >= 2 a sweep has at most 63 sizes; the cap still guards a
  // smaller kMaxSizes.
  for (int64_t size = min;; size *= factor) {
    if (static_cast<int64_t>(sizes.size()) == kMaxSizes) {
      return absl::InvalidArgumentError(absl::StrCat("sweep.max_bytes: the sweep ", min, " .. ",
                                                     max, " by step_factor ", factor,
                                                     " has more than ", kMaxSizes, " sizes"));
    }
    sizes.push_back(size);
    if (size > max / factor) break;  // the next size would pass max_bytes (or overflow)
  }
  return sizes;
}

}  // namespace symmbench
