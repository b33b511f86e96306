// Fault injection in the worker: a Collective wrapper that fails or corrupts on purpose as
// JobSpec.inject_fault asks (the daemon admits such specs only with --allow-fault-injection).
#pragma once

#include <memory>

#include "kernels/backend.h"
#include "kernels/collective.h"
#include "proto/symmbench.pb.h"

namespace symmbench {

// `op` made to misbehave on `rank` as `fault` says:
//   rank_error   every Run returns INTERNAL ("injected fault ... kernel call failed"), as a
//                failed CUDA launch would;
//   flip_element the first Run after PoisonOutputs (the checked run of the first size) is
//                followed by op->FlipOutputElement(0), so Check finds one wrong element;
//   flip_timed   every Run after the first PoisonOutputs but the first one (the check right
//                after the first Prepare) is followed by op->FlipOutputElement(0): the
//                random-input pass and that check see right results, the timed operations
//                wrong ones;
//   flip_batch_start the first Run after each PoisonOutputs, but the first PoisonOutputs
//                after each Prepare (the check right after Prepare, or a later pass's first
//                batch), is followed by op->FlipOutputElement(0): the first operation of a
//                timed batch is wrong, and only a batch of one operation leaves it to be checked;
//   cached_result on every rank: Run runs the kernel only the first time after each Prepare
//                or PrepareRandom and does nothing later, and PoisonOutputs does nothing, so the
//                output keeps that first result as a kernel that copies a cached result would:
//                every check on the same inputs passes; only the race check, whose inputs
//                change (RefillInput), sees it.
// Returns `op` itself when there is no fault or it is aimed at another rank.
std::unique_ptr<Collective> InjectFaults(std::unique_ptr<Collective> op, const v1::Fault& fault,
                                         int rank);

// The kernel bugs `fault` asks for (skip_exit_barrier, skip_peer_wait, reuse_slot_early), for
// BackendOptions::faults: they are the kernels' own, on every rank. None for the other kinds.
KernelFaults KernelFaultsOf(const v1::Fault& fault);

}  // namespace symmbench
