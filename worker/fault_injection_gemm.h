// Fault injection for the GEMM + collective ops: a GemmCollective wrapper that misbehaves as
// JobSpec.inject_fault asks (the daemon admits such specs only with --allow-fault-injection).
#pragma once

#include <memory>

#include "kernels/gemm_collective.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

// `op` made to misbehave as `fault` says:
//   cached_result on every rank: a variant that computes C (IsCheckedGemmVariant) runs
//                only the first time after each Prepare and does nothing later, and
//                PoisonOutputs does nothing, so C keeps that first result, as an op that copies a
//                cached result would: every check on Prepare's inputs passes, the timed loops do
//                no work, and only the race check, whose inputs change (RefillInputs), sees it;
//   flip_timed   on every rank: the same, but PoisonOutputs reaches the op, so every timed
//                operation leaves the poison the timed batch started with, and the checks of
//                the timed batches see it (the check right after Prepare is right).
// The kernels' own faults (skip_exit_barrier) go through BackendOptions::faults
// (KernelFaultsOf). Returns `op` itself for every other kind.
std::unique_ptr<GemmCollective> InjectGemmFaults(std::unique_ptr<GemmCollective> op,
                                                 const v1::Fault& fault);

}  // namespace symmbench
