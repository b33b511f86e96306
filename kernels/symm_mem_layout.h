// Symmetric-memory constants shared by host and device code (no absl, includable from .cu).
//
// Signal pad layout: uint32_t pad[kMaxBlocks][kMaxWorldSize], zero-initialised. Slot pad[b][p]
// on rank r holds the barrier arrivals of rank p's block b that rank r's block b has not
// consumed yet; only p signals it (release) and only r consumes it (acquire), and it is 0
// whenever both sides are idle, so barriers need no epoch. The CUDA barrier counts arrivals
// (add 1 / wait non-zero, subtract 1: kernels/cuda/signal_pad.cuh); the CPU barrier flags them
// (CAS 0->1 / CAS 1->0, PyTorch c10d's protocol: kernels/cpu/cpu_barrier.h). Each documents its
// memory-ordering contract beside the code.
#pragma once

#include <cstddef>
#include <cstdint>

namespace symmbench {

// Largest team one symmetric-memory allocation serves (one host; NVLink domain).
constexpr int kMaxWorldSize = 8;
// Most blocks a barrier-synchronised kernel may launch: every block must be resident at once
// (132 SMs on H100/H200 x up to 4 blocks of 512 threads would be 528; we stay below).
constexpr int kMaxBlocks = 512;
constexpr size_t kSignalPadBytes =
    static_cast<size_t>(kMaxBlocks) * kMaxWorldSize * sizeof(uint32_t);
// Buffers are padded to this so 16-byte vector loads never cross the end.
constexpr size_t kBufferAlignment = 256;

static_assert(kSignalPadBytes == 16384, "signal pad size changed: update docs/design.md");

}  // namespace symmbench
