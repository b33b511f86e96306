// Kernel "calibrate": measures what this machine allows, for the roofline columns of every
// later row: peer-copy bandwidth, the latency floor of a signal-pad exchange, and the GEMM rate.
#pragma once

#include <string>

#include "absl/status/status.h"
#include "kernels/backend.h"
#include "kernels/gemm_collective.h"
#include "kernels/rendezvous.h"
#include "proto/symmbench.pb.h"
#include "worker/bench_runner.h"

namespace symmbench {

// Reports one row whose `ceilings` hold: peer_copy_gbps (plan.sizes_bytes[0] bytes of the next
// rank's buffer copied, verified, min over ranks), latency_floor_us (the one-shot of 16 bytes
// as graph replays: the fastest batch, max over ranks) and gemm_tflops (ag_gemm's GEMM alone, bf16,
// min over ranks; its shape by `kind`, the backend's: CalibrationGemm).
absl::Status RunCalibration(const RunPlan& plan, v1::Backend kind, Backend* backend,
                            Rendezvous* rendezvous, const RowSink& sink);

}  // namespace symmbench
