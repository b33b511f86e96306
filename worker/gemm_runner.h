// The benchmark loop of the GEMM + collective ops (ag_gemm, matmul_reduce_scatter): for each
// shape, verify the fused op against the sequential reference, run the race check of every
// checked variant (worker/gemm_race_check.h), time every requested variant pass after pass
// (the fused, pipelined, tile_flags and tile_push ones checked by rows after every timed batch
// and against the reference after each loop), reduce over ranks, report one row. A variant the
// backend cannot run for a problem (GemmCollective::CanRun) is left out unless the spec names it;
// each variant's loops are sampled for the GPU's clocks and power (worker/gpu_telemetry.h).
#pragma once

#include "absl/status/status.h"
#include "kernels/backend.h"
#include "kernels/rendezvous.h"
#include "proto/symmbench.pb.h"
#include "worker/bench_runner.h"
#include "worker/run_plan.h"

namespace symmbench {

// Runs plan.gemm_problems of op plan.kernel on `backend`: plan.loop.passes passes, each one
// loop of the fused variant and then one of every other of plan.gemm_variants (the fused
// variant's batches and loop medians kept in the row); plan.delay delays each timed fused op of
// the shards it covers (the row's size_bytes: ag_gemm's A_shard, matmul_reduce_scatter's
// C_shard); plan.fault's cached_result and flip_timed wrap the op (InjectGemmFaults). Returns
// the first failure: a backend error, a rendezvous timeout, or DATA_LOSS on the rank whose
// result was wrong (its peers: ABORTED) when the race check or a timed batch's check found a
// wrong row, ag_gemm's gathered A differs from the reference all-gather or C's relative
// Frobenius error exceeds the op's tolerance, after the row carrying them has been stored.
absl::Status RunGemmBenchmark(const RunPlan& plan, Backend* backend, Rendezvous* rendezvous,
                              const RowSink& sink);

}  // namespace symmbench
