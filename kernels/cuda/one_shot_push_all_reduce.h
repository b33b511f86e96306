// One-shot *push* all-reduce (sum) without barriers: every rank writes its input into a receive
// slot in every peer's symmetric memory, and the data itself is the flag (a sentinel bit pattern
// marks "not arrived yet"). Host launcher API (no absl); kernels in the .cu.
//
// Algorithm: TensorRT-LLM's Lamport one-shot all-reduce (cpp/tensorrt_llm/kernels/
// customAllReduceKernels, "lamport" buffers; after Lamport's use of data values as flags).
// Triple-buffered slots: op e uses slot e % 3 and clears slot (e + 2) % 3, the one op e - 1
// used. A rank can run at most one op ahead of a peer (it cannot finish op e + 1 without the
// peer's op e + 1 data, which the peer writes only after finishing op e), so while a peer writes
// slot (e + 1) % 3 of ours we read slot e % 3, and the slot we clear is one nobody writes until
// op e + 2, which starts after our op e + 1 (stream order) and thus after this clear.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "kernels/cuda/device_types.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {

// Threads per block; one 16-byte vector per thread per step, so 2 KiB is 1 block and 16 KiB 8.
// Measured on 2 x H200 at 16 KiB (graph): 64 -> 2.79 us, 128 -> 2.79, 256 -> 2.88, 512 -> 3.01,
// 1024 -> 3.58 (more, smaller blocks spread the pushes over more SMs); 64 loses at 1 MiB.
constexpr int kPushThreads = 128;
constexpr int kPushSlots = 3;
// The "not arrived" pattern of every 32-bit word of a receive slot: two 16-bit -0 (0x8000) for
// bf16/fp16, and for fp32 the negative denormal 0x80008000 (-4.6e-41). One pattern for every
// dtype, so slots are initialised and cleared without knowing the next op's dtype.
constexpr uint32_t kPushSentinelWord = 0x80008000u;

// Per-rank state in this rank's device memory (not symmetric), updated by the last block to arrive
// in each op: which slot the next op uses, and how many bytes of each slot hold pushed data (what
// the op that reuses it must clear first). Zero-initialised by LaunchPushInit.
struct PushState {
  uint32_t epoch;        // ops completed; the next op uses slot epoch % kPushSlots
  uint32_t blocks_done;  // blocks of the running op that have finished (last one resets it)
  uint64_t used_bytes[kPushSlots];
};

// One operation's arguments. All ranks pass the same count, dtype, world_size, slot_bytes. The
// input and output are 16-byte aligned, or the same distance past a 16-byte boundary (misaligned
// buffers: accesses narrow to what the address allows, all_reduce_device.cuh); slots aligned.
struct OneShotPushArgs {
  const void* input = nullptr;  // this rank's input, `count` elements, 16-byte aligned, padded
                                // to 16 bytes (the last vector is read whole)
  // slots[p]: rank p's receive buffer (kPushSlots slots of slot_bytes) as mapped here. Slot s of
  // rank r holds world_size segments of ceil(count x size / 16) vectors; segment q is what rank
  // q pushed (r's own segment is unused: r reads its input directly).
  void* slots[kMaxWorldSize] = {};
  uint64_t slot_bytes = 0;  // multiple of 16, >= world_size x segment bytes
  PushState* state = nullptr;
  // Local, `count` elements, 16-byte aligned; may be `input` (in place: the thread that stores
  // element i has read it first, and no peer reads this rank's input).
  void* output = nullptr;
  int64_t count = 0;  // elements per rank (>= 1)
  DeviceDType dtype = DeviceDType::kBf16;
  int32_t rank = 0;
  int32_t world_size = 1;
  int32_t max_blocks = 1;              // grid cap (OneShotPushMaxBlocks)
  uint64_t timeout_ns = 0;             // per op: how long a rank waits for a peer's data
  DeviceErrorRecord* error = nullptr;  // written on a timeout (phase kEntry, block, peer)
  // None outside test jobs: skip_peer_wait (each receive slot read once, without polling) and
  // reuse_slot_early (used slots never cleared), the delayed rank pushing delay_ns late.
  DeviceFaults faults;
};

// Bytes of one slot for messages up to max_bytes per rank at world_size ranks.
size_t PushSlotBytes(size_t max_bytes, int world_size);

// Fills `bytes` (multiple of 4) of a receive buffer with kPushSentinelWord and zeroes *state.
cudaError_t LaunchPushInit(void* buffer, size_t bytes, PushState* state, cudaStream_t stream);

// Grid cap: co-resident blocks of the kernel (no barrier needs it, but a block waiting for a
// peer's block that is not yet scheduled would only stall), at most kMaxBlocks.
// `aligned`: as OneShotMaxBlocks's (the launcher picks by the input's alignment).
cudaError_t OneShotPushMaxBlocks(DeviceDType dtype, int world_size, int* max_blocks,
                                 bool aligned = true);

// Enqueues out[i] = sum over p of input_p[i] on `stream`. Numerical contract: as the one-shot
// (fp32 accumulation in rank order, one rounding), except that an input element equal to the
// sentinel is replaced before it is pushed: bf16/fp16 -0 becomes +0, the fp32 denormal
// 0x80008000 becomes -0; the sum of such inputs may differ in the sign of zero only (or, for
// fp32, by 4.6e-41). Identical on every rank, deterministic.
// Launched with programmatic dependent launch (cudaLaunchAttributeProgrammaticStreamSerialization):
// the grid may start while the previous kernel on the stream finishes, and waits for it
// (griddepcontrol.wait) before touching memory, as TensorRT-LLM launches its all-reduces.
// Errors: cudaErrorInvalidValue for bad arguments (a message that does not fit slot_bytes
// included); otherwise the launch's cudaGetLastError. A peer whose data does not arrive within
// timeout_ns is reported through args.error; the slots are then in an unknown state.
cudaError_t LaunchOneShotPushAllReduce(const OneShotPushArgs& args, cudaStream_t stream);

}  // namespace symmbench
