// The benchmark loop of kernel "ag_gemm": for each shape, verify the fused op against the
// sequential reference, time every requested variant, reduce over ranks, report one row.
#pragma once

#include "absl/status/status.h"
#include "kernels/backend.h"
#include "kernels/rendezvous.h"
#include "proto/symmbench.pb.h"
#include "worker/bench_runner.h"
#include "worker/injected_delay.h"

namespace symmbench {

// Runs spec.shapes on `backend`: the fused variant in spec.repeats timing loops (its batches
// and loop medians kept in the row), every other variant once; `fault` delays each timed fused
// op of the shards (A_shard bytes) it covers. Returns the first failure: a backend error, a
// rendezvous timeout, or DATA_LOSS when the gathered A differs from the reference all-gather or
// C's relative Frobenius error exceeds the op's tolerance (after the row carrying both has been
// reported).
absl::Status RunGemmBenchmark(const v1::JobSpec& spec, Backend* backend, Rendezvous* rendezvous,
                              const RowSink& sink, const InjectedDelay& fault = {});

}  // namespace symmbench
