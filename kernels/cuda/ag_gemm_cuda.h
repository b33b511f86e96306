// The "ag_gemm" op on the CUDA backend: copy-engine all-gather with per-chunk progress flags
// overlapped with per-chunk cuBLASLt GEMMs (kFused) or with one tile-flag GEMM (kTileFlags), and
// the NCCL / cuBLASLt references.
#pragma once

#include <memory>

#include "absl/status/statusor.h"
#include "kernels/cuda/cuda_context.h"
#include "kernels/gemm_collective.h"

namespace symmbench {

// GemmCollective "ag_gemm" over the backend's resources (docs/ag_gemm.md):
// - A_shard [m / world_size, k] lives at the start of this rank's symmetric buffer
//   (ctx->symm); peers read it with copy-engine copies through their IPC mappings.
// - gathered A [m, k], A_ref [m, k], B [k, n], C [m, n], C_ref [m, n] are private cudaMallocs,
//   kept across Prepare calls of the same shape.
// - kFused and kTileFlags use the backend's stream plus a copy stream of the highest priority
//   (ag_gemm_cuda_op.h); every Run returns with all of its work ordered before later work of
//   ctx->stream, so Backend::Synchronize (which polls ctx->stream) covers it.
// - kCollective: ncclAllGather(A_shard -> A_ref); kGemm: A_ref @ B -> C_ref; kSequential: both;
//   kTileGemm: the tile-flag GEMM alone on A_ref into C_ref.
// bf16, fp16 and fp8_e4m3 (Prepare: INVALID_ARGUMENT for fp32; CanRun: the tile-flag GEMM's
// limits). `ctx` must outlive the object.
// Errors: INTERNAL / UNAVAILABLE naming the call when the copy stream, events, cuBLASLt handle,
// workspace or the driver's stream memory operations cannot be set up.
absl::StatusOr<std::unique_ptr<GemmCollective>> NewCudaAgGemm(const CudaContext* ctx);

}  // namespace symmbench
