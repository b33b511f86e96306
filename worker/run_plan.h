// RunPlan: everything a worker's runners read about its job, typed and resolved once from the
// spec and the plan that the coordinator stored at submission (MakeRunPlan). It is the only
// worker code that reads a JobSpec: the runners, the row builder and the collective factory read
// the RunPlan.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "kernels/dtype.h"
#include "kernels/gemm_collective.h"
#include "kernels/ops/registry.h"
#include "proto/symmbench.pb.h"
#include "spec/job_op.h"
#include "spec/timing_batches.h"
#include "worker/injected_delay.h"

namespace symmbench {

// How every timing loop of the job runs.
struct LoopPlan {
  int warmup_iters = 0;  // operations before the timed ones, per loop
  int iters = 1;         // timed operations per loop
  int passes = 1;        // JobSpec.repeats, at least 1: loops of each size, pass after pass
  // Batches a loop's iterations split into: kTimingBatches, or `iters` (per_iteration).
  int max_batches = kTimingBatches;
  bool per_iteration = false;  // SweepSpec.per_iteration: every operation timed on its own
  int skip_first = 0;      // SweepSpec.skip_first: operations of each loop left out of the stats
  bool graph = false;      // SweepSpec.graph: graph replays timed in the first pass
  int graph_launches = 0;  // SweepSpec.graph_launches (nccl-tests' -G); 0: per batch
};

// One job, as one rank runs it.
struct RunPlan {
  std::string kernel;          // the op under test (a registry name or "<plugin>:<op>")
  std::string compare_kernel;  // SweepSpec.compare_kernel: the A/B job's other kernel, or ""
  bool check = true;           // JobSpec.check (unset: true)
  LoopPlan loop;
  // Size-swept ops: the sizes in bytes per rank, ascending, and the dtypes each runs in.
  std::vector<int64_t> sizes_bytes;
  std::vector<DType> dtypes;
  // JobSpec.dtype: a GEMM op's input type, and dtypes[0] unless SweepSpec.all_dtypes.
  DType dtype = DType::kBf16;
  int64_t buffer_bytes = 0;    // the symmetric buffer each rank's backend allocates
  int64_t misalign_bytes = 0;  // SweepSpec.misalign_bytes
  v1::Placement placement = v1::PLACEMENT_DEFAULT;  // SweepSpec.placement
  bool per_host_teams = false;                      // SweepSpec.per_host_teams
  v1::DispatchTable dispatch;                       // a dispatcher's table (SweepSpec.dispatch)
  // The plugin ops the coordinator resolved into the spec (JobSpec.plugin_ops).
  PluginOps plugin_ops;
  v1::Fault fault;      // JobSpec.inject_fault (kind none: no fault)
  InjectedDelay delay;  // JobSpec.inject_delay_*
  // GEMM + collective ops: the problems (JobSpec.gemm.shapes, their splits resolved), in order,
  // and the variants timed.
  std::vector<GemmProblem> gemm_problems;
  std::vector<GemmVariant> gemm_variants;
  // Whether the spec named them (JobSpec.gemm.variants): a variant the backend cannot run is
  // then an error, not left out.
  bool gemm_variants_named = false;

  // The descriptor of op `name` in this job: the registry's, or a plugin op's (its strings point
  // into this plan, which must outlive it). nullopt for neither.
  std::optional<OpDescriptor> Op(std::string_view name) const { return JobOp(plugin_ops, name); }
  // Op(kernel).
  std::optional<OpDescriptor> Op() const { return Op(kernel); }
  // The entry of plugin_ops for `name`, or nullptr.
  const v1::PluginOp* FindPlugin(std::string_view name) const {
    return FindPluginOp(plugin_ops, name);
  }
};

// The RunPlan of `spec` as the coordinator planned it (`plan`, MakePlan's). INVALID_ARGUMENT
// naming the field when the spec names no known op or a dtype the worker cannot run (the
// coordinator refuses both at submission; a hand-written store could hold them).
absl::StatusOr<RunPlan> MakeRunPlan(const v1::JobSpec& spec, const v1::JobPlan& plan);

}  // namespace symmbench
