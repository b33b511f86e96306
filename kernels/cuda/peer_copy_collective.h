// "peer_copy" on the CUDA backend: the copy-engine ceiling that `symmbench calibrate` measures.
#pragma once

#include <memory>

#include "kernels/collective.h"
#include "kernels/cuda/cuda_context.h"

namespace symmbench {

// Run copies `count` elements of the next rank's symmetric input ((rank + 1) % world_size) into
// this rank's local output with cudaMemcpyAsync (device to device over NVLink: the copy engine,
// no SMs); RunBaseline copies this rank's own input locally. Check compares the output with the
// next rank's inputs as Prepare's formula gives them (every element, bitwise). Not an offered op
// (kernels/ops/registry.h): the worker uses it for calibration only.
std::unique_ptr<Collective> NewPeerCopyCollective(const CudaContext* ctx);

}  // namespace symmbench
