// MakeRunPlan: the one place the worker reads its job's spec.
#include "worker/run_plan.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "spec/gemm_spec.h"
#include "spec/job_op.h"
#include "spec/spec_validation.h"

namespace symmbench {

absl::StatusOr<RunPlan> MakeRunPlan(const v1::JobSpec& spec, const v1::JobPlan& plan) {
  RunPlan run;
  run.kernel = spec.kernel();
  run.check = !spec.has_check() || spec.check();
  run.plugin_ops = spec.plugin_ops();
  const std::optional<OpDescriptor> op = run.Op();
  if (!op.has_value()) {
    return absl::InvalidArgumentError(absl::StrCat("kernel: \"", spec.kernel(), "\" is not an op"));
  }

  const v1::SweepSpec& sweep = spec.sweep();
  LoopPlan& loop = run.loop;
  loop.warmup_iters = spec.warmup_iters();
  loop.iters = spec.iters();
  loop.passes = std::max(1, spec.repeats());
  loop.per_iteration = sweep.per_iteration();
  loop.max_batches = loop.per_iteration ? spec.iters() : kTimingBatches;
  loop.skip_first = sweep.skip_first();
  loop.graph = sweep.graph();
  loop.graph_launches = sweep.graph_launches();

  run.compare_kernel = sweep.compare_kernel();
  run.sizes_bytes.assign(plan.sizes_bytes().begin(), plan.sizes_bytes().end());
  for (v1::DType dtype : JobDTypes(spec, plan)) {
    absl::StatusOr<DType> kernel_dtype = KernelDType(dtype);
    if (!kernel_dtype.ok()) return kernel_dtype.status();
    run.dtypes.push_back(*kernel_dtype);
  }
  absl::StatusOr<DType> dtype = KernelDType(spec.dtype());
  if (!dtype.ok()) return dtype.status();
  run.dtype = *dtype;
  run.buffer_bytes = plan.buffer_bytes();
  run.misalign_bytes = sweep.misalign_bytes();
  run.placement = sweep.placement();
  run.per_host_teams = sweep.per_host_teams();
  run.dispatch = sweep.dispatch();
  run.fault = spec.inject_fault();
  run.delay = {spec.inject_delay_us(), spec.inject_delay_min_bytes(),
               spec.inject_delay_max_bytes()};

  if (op->family == OpFamily::kGemmCollective) {
    for (const v1::GemmShape& shape : spec.gemm().shapes()) {
      GemmProblem problem;
      problem.m = shape.m();
      problem.n = shape.n();
      problem.k = shape.k();
      problem.splits_per_rank = ResolveSplitsPerRank(spec, shape);
      problem.dtype = run.dtype;
      problem.fp8_scaling = GemmFp8Scaling(spec);
      run.gemm_problems.push_back(problem);
    }
    run.gemm_variants = GemmVariants(spec);
    run.gemm_variants_named = spec.gemm().variants_size() > 0;
  }
  return run;
}

}  // namespace symmbench
