// Barrier-free *push* collectives (Lamport): every rank writes what each peer needs into a
// receive slot in that peer's symmetric memory, and the data itself is the flag (a sentinel bit
// pattern marks "not arrived yet"). One kernel, three ops: the one-shot push all-reduce (sum),
// all-gather and reduce-scatter (sum). Host launcher API (no absl); kernels in the .cu.
//
// Algorithm: TensorRT-LLM's Lamport one-shot all-reduce (cpp/tensorrt_llm/kernels/
// customAllReduceKernels, "lamport" buffers; after Lamport's use of data values as flags); the
// all-gather and reduce-scatter are the same exchange with other segments pushed and another
// use of what arrives.
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

// Threads per block; one 16-byte vector per thread per step, so a 2 KiB segment is 1 block and
// 16 KiB 8.
// Measured on 2 x H200 at 16 KiB (graph): 64 -> 2.79 us, 128 -> 2.79, 256 -> 2.88, 512 -> 3.01,
// 1024 -> 3.58 (more, smaller blocks spread the pushes over more SMs); 64 loses at 1 MiB.
constexpr int kPushThreads = 128;
constexpr int kPushSlots = 3;
// The "not arrived" pattern of every 32-bit word of a receive slot: two 16-bit -0 (0x8000) for
// bf16/fp16, and for fp32 the negative denormal 0x80008000 (-4.6e-41). One pattern for every
// dtype, so slots are initialised and cleared without knowing the next op's dtype.
constexpr uint32_t kPushSentinelWord = 0x80008000u;

// What a Lamport kernel exchanges; segment = `count` elements (LamportPushArgs::count):
//   kAllReduce:     input and output `count` elements; rank r pushes its input to every peer
//                   and sums every rank's segment in rank order.
//   kAllGather:     input `count` (one shard), output world_size x count; rank r pushes its
//                   shard to every peer and stores segment p of what arrives at output shard p.
//   kReduceScatter: input world_size x count, output `count`; rank r pushes input shard p to
//                   peer p and sums, in rank order, shard r of every rank's input.
enum class PushOp : int32_t { kAllReduce, kAllGather, kReduceScatter };

// Per-rank state in this rank's device memory (not symmetric), updated once per op (by the
// kernel's only block, or the last block to arrive): which slot the next op uses, and how many
// bytes of each slot hold pushed data (what the op that reuses it must clear first).
// Zero-initialised by LaunchPushInit. 32 bytes, read by every thread as two 16-byte loads
// issued together (no load waits for another).
struct alignas(16) PushState {
  uint32_t epoch;        // ops completed; the next op uses slot epoch % kPushSlots
  uint32_t blocks_done;  // blocks of the running op that have finished (last one resets it)
  uint64_t used_bytes[kPushSlots];
};

// One operation's arguments. All ranks pass the same op, count, dtype, world_size, slot_bytes.
// The input and output are element-aligned; accesses are 16-byte vectors where every segment's
// start is 16-byte aligned, else they narrow to what each address allows (all_reduce_device.cuh).
// Slots are 16-byte aligned.
struct LamportPushArgs {
  PushOp op = PushOp::kAllReduce;
  // This rank's input (PushOp says how many elements), readable up to 15 bytes past its end
  // (the last vector of a segment is read whole).
  const void* input = nullptr;
  // slots[p]: rank p's receive buffer (kPushSlots slots of slot_bytes) as mapped here. Slot s of
  // rank r holds world_size segments of ceil(count x size / 16) vectors; segment q is what rank
  // q pushed (r's own segment is unused: r reads its input directly).
  void* slots[kMaxWorldSize] = {};
  uint64_t slot_bytes = 0;  // multiple of 16, >= world_size x segment bytes
  PushState* state = nullptr;
  // Local (PushOp says how many elements). In place (nccl-tests' layout: the output is the
  // input; an all-gather's input is shard `rank` of it, a reduce-scatter's output shard `rank`
  // of its input): the thread that stores an element of its own segment has read it first,
  // stores into another segment write no byte any thread reads, and no peer reads this rank's
  // input.
  void* output = nullptr;
  int64_t count = 0;  // elements per segment (>= 1)
  DeviceDType dtype = DeviceDType::kBf16;
  int32_t rank = 0;
  int32_t world_size = 1;
  int32_t max_blocks = 1;              // grid cap (LamportPushMaxBlocks)
  uint64_t timeout_ns = 0;             // per op: how long a rank waits for a peer's data
  DeviceErrorRecord* error = nullptr;  // written on a timeout (phase kEntry, block, peer)
  // None outside test jobs: skip_peer_wait (each receive slot read once, without polling) and
  // reuse_slot_early (used slots never cleared), the delayed rank pushing delay_ns late.
  DeviceFaults faults;
};

// Bytes of one slot for segments up to max_bytes at world_size ranks.
size_t PushSlotBytes(size_t max_bytes, int world_size);

// Fills `bytes` (multiple of 4) of a receive buffer with kPushSentinelWord and zeroes *state.
cudaError_t LaunchPushInit(void* buffer, size_t bytes, PushState* state, cudaStream_t stream);

// Grid cap: co-resident blocks of op's kernel (no barrier needs it, but a block waiting for a
// peer's block that is not yet scheduled would only stall), at most kMaxBlocks. `aligned`: the
// 16-byte-vector instantiation (the launcher takes it when every segment starts 16-byte
// aligned), else the narrowed one.
cudaError_t LamportPushMaxBlocks(PushOp op, DeviceDType dtype, int world_size, int* max_blocks,
                                 bool aligned = true);

// Enqueues args.op on `stream` (PushOp). Numerical contract of the sums: as the one-shot (fp32
// accumulation in rank order, one rounding). Every op: an input element equal to the sentinel
// is replaced before it is pushed, and used replaced on its own rank too: bf16/fp16 -0 becomes
// +0, the fp32 denormal 0x80008000 becomes -0; so a result may differ in the sign of zero only
// (or, for fp32, by 4.6e-41). Identical on every rank, deterministic.
// Launched with programmatic dependent launch (cudaLaunchAttributeProgrammaticStreamSerialization):
// the grid may start while the previous kernel on the stream finishes, and waits for it
// (griddepcontrol.wait) before touching memory, as TensorRT-LLM launches its all-reduces.
// Errors: cudaErrorInvalidValue for bad arguments (segments that do not fit slot_bytes
// included); otherwise the launch's cudaGetLastError. A peer whose data does not arrive within
// timeout_ns is reported through args.error; the slots are then in an unknown state.
cudaError_t LaunchLamportPush(const LamportPushArgs& args, cudaStream_t stream);

}  // namespace symmbench
