// Validation of a JobSpec against the daemon's devices, and expansion of its size sweep.
// Every error names the offending field, as clients show the message to users.
#pragma once

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/dtype.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

// What the daemon offers, against which a spec is checked.
struct DeviceLimits {
  v1::Backend backend = v1::cpu;    // cuda or cpu: what the daemon serves
  int num_devices = 0;              // devices of that backend
  int64_t device_memory_bytes = 0;  // smallest device's memory (0: unknown, not checked)
  int max_nodes = 1;                // hosts a job may span (JobSpec.nodes): 1 = the local launcher
};

// Limits on a spec that keep requests sane.
constexpr int64_t kMaxSizes = 64;       // sizes in one job
constexpr int32_t kMaxIters = 1000000;  // warmup_iters and iters
constexpr int kMaxLabels = 64;
constexpr size_t kMaxLabelKeyLength = 64;
constexpr size_t kMaxLabelValueLength = 1024;
// What the coordinator fills in for fields a spec leaves unset (ApplyDefaults), for every
// client alike.
inline constexpr char kDefaultKernel[] = "one_shot_all_reduce";  // JobSpec.kernel
inline constexpr v1::DType kDefaultDType = v1::bf16;             // JobSpec.dtype
inline constexpr int32_t kDefaultWarmupIters = 20;               // JobSpec.warmup_iters
inline constexpr int32_t kDefaultIters = 100;                    // JobSpec.iters
inline constexpr int32_t kDefaultStepFactor = 2;                 // SweepSpec.step_factor (0)
constexpr int32_t kDefaultRepeats = 5;                           // JobSpec.repeats when unset
constexpr int32_t kMaxRepeats = 100;
// SweepSpec.per_iteration: iters x repeats samples per row at most (one double each).
constexpr int64_t kMaxPerIterationSamples = 20000;
// SweepSpec.per_iteration: samples kept in all of a job's rows at most: rows x iters x repeats
// x (1 + world_size) per placement timed (each iteration max over ranks and each rank's own).
// At about 9 bytes a sample that is 1.8 MB, so the record, GetJob and a baseline of the job
// stay well under gRPC's default 4 MiB message.
constexpr int64_t kMaxPerIterationJobSamples = 200000;
// SweepSpec.graph_launches: the most launches of the whole-loop graph under one timer pair.
constexpr int32_t kMaxGraphLaunches = 100;
constexpr double kMaxInjectDelayUs = 1e6;  // JobSpec.inject_delay_us: one second per op

// A spec's element type as the kernels' DType (bf16 when unspecified). INVALID_ARGUMENT naming
// `dtype` for a value outside the enum (a client newer than this daemon).
absl::StatusOr<DType> KernelDType(v1::DType dtype);
// The API's name of a kernel element type.
v1::DType ProtoDType(DType dtype);

// The sizes a sweep asks for, in bytes, ascending as given: sizes_bytes if non-empty, else
// min_bytes, min_bytes * step_factor, ... <= max_bytes. INVALID_ARGUMENT naming the field
// (sweep.min_bytes, ...) for a bad sweep (min_bytes < 1, max_bytes < min_bytes, step_factor < 2
// with min < max, more than kMaxSizes sizes).
absl::StatusOr<std::vector<int64_t>> ExpandSizes(const v1::SweepSpec& sweep);

// Checks a spec. INVALID_ARGUMENT: unknown kernel, a family member the kernel does not take
// (gemm for a size-swept kernel, sweep for ag_gemm), unknown dtype, unknown backend or one the
// daemon does not serve, world_size < 1, bad sweep, a size not a multiple of the element
// size, warmup_iters < 0, iters < 1, repeats outside [1, kMaxRepeats] (0 is
// the default), too many/long labels,
// timeout_s < 0, inject_delay_us outside [0, kMaxInjectDelayUs], negative inject_delay_*_bytes
// or inject_delay_max_bytes below inject_delay_min_bytes. (Whether the daemon allows fault
// injection at all is the job manager's check.)
// RESOURCE_EXHAUSTED: world_size above limits.num_devices, or the largest size times the
// kernel's buffers_per_rank above limits.device_memory_bytes.
absl::Status ValidateSpec(const v1::JobSpec& spec, const DeviceLimits& limits);

// Puts a valid sweep's sizes_bytes in increasing order, each size once: the rows come back in
// size order, one per size, as ResultRow and the gate expect.
void SortSizes(v1::SweepSpec* sweep);

// Fills the defaults a spec may leave out, the same for every client: backend ("" or "auto" ->
// limits.backend), kernel ("" -> kDefaultKernel), dtype (unset -> bf16), warmup_iters and iters
// (unset -> kDefaultWarmupIters, kDefaultIters), sweep.step_factor (0 with min < max ->
// kDefaultStepFactor), check (unset -> true), repeats (0 -> kDefaultRepeats) and, for
// fp8_e4m3, gemm.fp8_scaling (unset -> tensorwise). Everything else must be given explicitly.
void ApplyDefaults(v1::JobSpec* spec, const DeviceLimits& limits);

}  // namespace symmbench
