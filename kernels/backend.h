// Backend: one rank's compute device (a CUDA GPU or a CPU slot) with its symmetric memory,
// stream, timers and communicator, behind one interface so the worker's benchmark loop is
// written once. CreateCudaBackend / CreateCpuBackend build one after rendezvous.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/collective.h"
#include "kernels/gemm_collective.h"
#include "kernels/plugin_kernel.h"
#include "kernels/rendezvous.h"

namespace symmbench {

// Bugs the kernels themselves are made to have (JobSpec.inject_fault kinds that model what
// hand-written symmetric-memory kernels get wrong), so that tests show the race check catches
// them. Every rank's kernels have them; none by default; both backends.
struct KernelFaults {
  // Every rank returns from an operation without its exit barrier (the barrier after which it
  // may rewrite its input or reuse its buffers), and `delayed_rank` waits kFaultDelay (CPU) or
  // kDeviceFaultDelay (CUDA, on the GPU) after its entry barrier before it reads its peers, so
  // that they have moved on by then: the stale read that such a kernel risks is certain.
  bool skip_exit_barrier = false;
  // Every rank reads its peers without waiting for them: a barrier kernel's entry barrier
  // signals but does not wait (the signals are consumed at the exit barrier), the push
  // one-shot reads its receive slots without waiting for the data. `delayed_rank` leaves every
  // operation kFaultDelay late (after its exit barrier; the push one-shot: before it pushes),
  // so its peers read an input it has not rewritten yet, or a slot it has not filled.
  bool skip_peer_wait = false;
  // A receive slot reused before it was restored to "nothing arrived": the push one-shot
  // never writes the sentinel back into a slot it has received into, so when that slot comes
  // round again (three operations later) its old data looks arrived. `delayed_rank` pushes
  // kFaultDelay late, so its peers take that old data for its push. Kernels with receive slots
  // (OpDescriptor::receive_slots).
  bool reuse_slot_early = false;
  int delayed_rank = -1;
};
// Far longer than a peer takes to finish the operation and refill its input at the sizes test
// jobs use (milliseconds on the CPU backend; under 100 us up to 64 MiB on an H100/H200), short
// enough for jobs of a few dozen operations per size.
inline constexpr std::chrono::milliseconds kFaultDelay{20};
inline constexpr std::chrono::microseconds kDeviceFaultDelay{1000};

struct BackendOptions {
  int rank = 0;
  int world_size = 1;
  int device = 0;         // CUDA ordinal or CPU slot
  int64_t max_bytes = 0;  // largest per-rank buffer any size of the job needs
  // Misaligned buffers (SweepSpec.misalign_bytes): every buffer of a collective that has a
  // misaligned form starts this many bytes past its aligned base (max_bytes includes them).
  int64_t misalign_bytes = 0;
  std::string job_id;  // names shared-memory segments (CPU backend)
  // Limit for every wait: signal-pad barriers, stream synchronisation, NCCL.
  std::chrono::milliseconds timeout{60000};
  KernelFaults faults;  // none unless a test job injects them
};

// Times one batch of operations: events on the stream (CUDA) or the host clock (CPU).
class Timer {
 public:
  virtual ~Timer() = default;
  virtual absl::Status Start() = 0;
  virtual absl::Status Stop() = 0;
  // Microseconds between Start and Stop; valid after Backend::Synchronize.
  virtual absl::StatusOr<double> ElapsedUs() = 0;
};

// A recorded sequence of operations that can be replayed (a CUDA graph on the CUDA backend).
class Graph {
 public:
  virtual ~Graph() = default;
  // Enqueues one replay of everything recorded.
  virtual absl::Status Launch() = 0;
};

// Per-host teams (JobSpec.sweep.per_host_teams): the all-reduce over every rank of the job, run
// beside a team-scoped backend as the reference that crosses hosts. `collective`'s Prepare fills
// the input with ExactInputValue(seed, job rank, i); Run sums every rank's input; RunReference
// writes the exact expected sum (computed locally, no communication); Check compares bitwise.
// Run is collective over the job's ranks, timed like any other operation on the backend.
struct JobAllReduce {
  std::string name;  // "nccl_all_reduce_global" (CUDA), "store_all_reduce" (CPU)
  std::unique_ptr<Collective> collective;
};

// The device a rank runs on, for the job's per-rank record (v1::RankIdentity).
struct DeviceIdentity {
  std::string name;    // "NVIDIA H100 80GB HBM3", "cpu-slot"
  std::string bus_id;  // PCI bus id, "0000:04:00.0"; "" on the CPU backend
  // Memory this rank holds on it once the backend is up, in bytes: CUDA the device's used memory
  // (cudaMemGetInfo: total - free, the CUDA context and NCCL's buffers included), the CPU
  // backend its symmetric buffer, signal pad and private output and reference buffers.
  int64_t memory_used_bytes = 0;
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string name() const = 0;  // "cuda" or "cpu"
  virtual int rank() const = 0;
  virtual int world_size() const = 0;
  // How the references are configured, for ResultRow.reference_config: CUDA "nccl 2.28.9
  // NCCL_NVLS_ENABLE=0 ..." (kernels/cuda/nccl_config.h); "" where the references have no knobs.
  virtual std::string reference_config() const { return ""; }
  // This rank's device (RankIdentity); measured when called.
  virtual DeviceIdentity device_identity() const = 0;
  // Waits for all enqueued work, at most the options' timeout. DEADLINE_EXCEEDED when it
  // passes; INTERNAL naming the failing call (CUDA error, device barrier timeout) otherwise.
  virtual absl::Status Synchronize() = 0;
  virtual std::unique_ptr<Timer> NewTimer() = 0;
  // Every timed batch, of the kernel's loop and of each reference's alike, starts from the same
  // state: HoldBatchStart before its timer's Start, ReleaseBatchStart once the Start and the
  // batch's first operation (or graph replay) are enqueued; Release is due after every
  // successful Hold, also when enqueueing failed, and does nothing when nothing is held. What
  // ran before (a check's poison and comparisons, another loop) stays out of the timer, every
  // rank's timer starts as the ranks meet (a late peer is not counted), and no batch's first
  // launch is timed while another's is not; the later launches of a batch are timed as they
  // come, so a call whose host side is slower than its device side shows it. CUDA: a barrier
  // kernel among the ranks that first waits until Release. CPU: the ranks meet at the
  // signal-pad barrier (Release does nothing). Collective: every rank holds every batch.
  // Errors: the barrier's (timeout, abort), the launch's.
  virtual absl::Status HoldBatchStart() = 0;
  virtual absl::Status ReleaseBatchStart() = 0;
  // The named kernel's implementation on this backend; NOT_FOUND for an unknown kernel.
  virtual absl::StatusOr<std::unique_ptr<Collective>> CreateCollective(
      const std::string& kernel) = 0;
  // A user's plugin op (kernels/plugin_kernel.h) on this backend: its inputs, references and
  // verification are those of the backend's own collectives of what it computes; its Run calls
  // the plugin. The plugin's setup runs at the first Prepare. FAILED_PRECONDITION for a plugin
  // built for another backend.
  virtual absl::StatusOr<std::unique_ptr<Collective>> CreatePluginCollective(
      const PluginKernel& kernel) = 0;
  // Records `repeats` calls of `body` into a Graph (nccl-tests' -G): on CUDA a stream capture
  // instantiated as a CUDA graph, so replays pay one launch for all of them. The default
  // replays `body` itself, which is all a backend without launch overhead needs (CPU).
  virtual absl::StatusOr<std::unique_ptr<Graph>> CaptureGraph(
      const std::function<absl::Status()>& body, int repeats);
  // Fault injection (JobSpec.inject_delay_us): enqueues `us` microseconds of busy time in
  // order with the operations, so that a timer around them measures it. The default spins on
  // the host clock (right for the CPU backend, whose operations run on the calling thread);
  // the CUDA backend enqueues a spin kernel on its stream.
  virtual absl::Status InjectDelay(double us);
  // Checks of a timing loop's batches without a copy to the host after each: their findings
  // add up on the device and are read once after the loop. After DeferChecks(true) a collective's
  // Check enqueues its comparison in order with the operations and returns no wrong elements; once
  // the backend is synchronized, TakeDeferredChecks returns what those comparisons found (wrong
  // elements summed, the first that found any giving index, values and, as CheckResult::operation,
  // its number counting from 0 since the last take) and starts over. Returns false where checks are
  // not deferred: the CPU backend, whose Check compares at once, after the operations it follows
  // have run.
  virtual bool DeferChecks(bool /*on*/) { return false; }
  virtual absl::StatusOr<CheckResult> TakeDeferredChecks() { return CheckResult{}; }
  // The named GEMM + collective op (OpFamily::kGemmCollective, e.g. "ag_gemm") on this
  // backend. Its symmetric-memory part lives in the backend's symmetric buffer (options.max_bytes
  // must cover it: GemmSymmetricBytes). NOT_FOUND for an op this backend does not implement.
  virtual absl::StatusOr<std::unique_ptr<GemmCollective>> CreateGemmCollective(
      const std::string& kernel) = 0;
  // The all-reduce over every rank of the job (`job`: the job's Rendezvous, which outlives the
  // result) when this backend holds one team of it. CUDA: a second NCCL communicator over all
  // ranks. CPU: each rank's input through the Store (kernels/cpu/store_all_reduce_cpu.h).
  // Destroy it before the backend.
  virtual absl::StatusOr<JobAllReduce> CreateJobAllReduce(Rendezvous* job) = 0;
  // Tells the peers that this rank has given up after an error, so that their waits on it
  // stop now instead of at their timeout, returning ABORTED that names this rank. CPU: sets the
  // abort word every rank's barrier polls (ShmSymmetricMemory::Abort). CUDA: writes "rank r
  // gave up" into every rank's device error record, which the device waits poll
  // (signal_pad.cuh) and Synchronize reads while it waits on work that polls nothing (NCCL's
  // kernels). Sticky: the backend is unusable afterwards, on every rank.
  virtual void Abort() {}
};

// CUDA backend: selects `device`, creates the NCCL communicator and the symmetric memory
// (cudaIpc handles exchanged through `rendezvous`). UNAVAILABLE when no CUDA device is usable.
absl::StatusOr<std::unique_ptr<Backend>> CreateCudaBackend(const BackendOptions& options,
                                                           Rendezvous* rendezvous);
// CPU backend: symmetric memory over POSIX shared memory mapped by every rank.
absl::StatusOr<std::unique_ptr<Backend>> CreateCpuBackend(const BackendOptions& options,
                                                          Rendezvous* rendezvous);
// Kernel names CreateCollective accepts on the CPU backend (CpuCollectives()), sorted; a name
// added twice appears twice.
std::vector<std::string> CpuKernelNames();

}  // namespace symmbench
