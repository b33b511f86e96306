// Symmetric-memory constants shared by host and device code (no absl, includable from .cu).
//
// Signal pad layout: uint32_t pad[kMaxBlocks][kMaxWorldSize], zero-initialised; slot
// pad[b][p] on rank r is written by rank p's block b ("p has arrived") and cleared by rank r's
// block b when it consumes the arrival. Every slot returns to 0 after each barrier, so barriers
// need no epoch counter (PyTorch c10d symm_mem's put_signal / wait_signal protocol).
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
