/* symmbench_plugin.h: the C ABI of a symmbench plugin, a shared library with one or more
 * users' own collectives that the service measures like its built-in kernels (references,
 * verification, eager and graph timing, metrics, baselines and `symmbench gate`).
 *
 * Version 2. Plain C (C99): a plugin may be written in C, C++ (extern "C"), CUDA C++, or be
 * linked from Triton's AOT output or hand-written PTX, by any compiler; it needs no symmbench
 * library, only this header. examples/plugins/ has a one-shot all-reduce for the CPU backend
 * and for CUDA, and a README from building one to gating it in CI; docs/plugins.md says how the
 * service loads and runs them.
 *
 * A plugin exports two functions (SYMMBENCH_PLUGIN_EXPORT):
 *
 *   uint32_t symmbench_plugin_abi_version(void);
 *       returns SYMMBENCH_PLUGIN_ABI_VERSION as the plugin saw it when it was built. The
 *       service reads it first and refuses a plugin of another version (it never calls
 *       symmbench_plugin_describe then: the struct layouts below may differ).
 *   const symmbench_plugin* symmbench_plugin_describe(void);
 *       returns the plugin's description, a pointer to static storage valid until the library
 *       is unloaded. Called before any other call; must not touch a device.
 *
 * Lifecycle, per rank (one process per rank, one thread calling the plugin):
 *   setup(comm, max_count, dtype, &state)   once per job before anything is timed; collective:
 *                                           every rank calls it, in the same order
 *   run(state, comm, args) x N              warm-up, verification and the timed iterations;
 *                                           collective: every rank makes the same calls
 *   teardown(state)                         once, after the last run (also after a failed run)
 * A failed setup fails the job before timing with the plugin's message; a failed run fails
 * the job naming the rank. A plugin that crashes or hangs fails its job like any failing rank:
 * the service stops every rank of the job and runs the next one.
 *
 * Errors: every call that can fail returns a symmbench_status (as int32_t) and, when it is not
 * SYMMBENCH_OK, writes a NUL-terminated message of at most error_size bytes (its last byte
 * included) into `error` (never NULL; error_size >= 1). The service shows it prefixed with the
 * op's name and the rank.
 *
 * Include it as "plugin/symmbench_plugin.h" (compile with -I <symmbench checkout>). Fields named
 * reserved0 are 0.
 */
#ifndef SYMMBENCH_PLUGIN_H_
#define SYMMBENCH_PLUGIN_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version this header describes. A change of any struct layout or of a call's meaning
 * increments it; the service speaks exactly the versions it lists (`symmbench devices`).
 *   1: the first; comm->abort_word is NULL on CUDA.
 *   2: the same layouts; on CUDA comm->abort_word is a device address (below), so that a
 *      device-side wait stops as soon as a peer gives up. The service still runs version-1
 *      plugins, with NULL there. */
#define SYMMBENCH_PLUGIN_ABI_VERSION 2u

#if defined(__GNUC__)
#define SYMMBENCH_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define SYMMBENCH_PLUGIN_EXPORT
#endif

/* What a call returns. */
typedef enum symmbench_status {
  SYMMBENCH_OK = 0,
  SYMMBENCH_ERR_INVALID_ARGUMENT = 1,   /* a count, dtype or world size the op cannot run */
  SYMMBENCH_ERR_RESOURCE_EXHAUSTED = 2, /* setup could not allocate what it needs */
  SYMMBENCH_ERR_TIMEOUT = 3,            /* a wait on a peer passed comm->timeout_ns */
  SYMMBENCH_ERR_ABORTED = 4,            /* a peer gave up (comm->abort_word became non-zero) */
  SYMMBENCH_ERR_INTERNAL = 5            /* anything else, e.g. a CUDA launch error */
} symmbench_status;

/* Where a plugin's code runs. One library serves one backend: build a CPU and a CUDA library
 * of the same ops side by side. */
typedef enum symmbench_backend {
  SYMMBENCH_BACKEND_CPU = 1, /* host code; the CPU backend's ranks are processes on one host */
  SYMMBENCH_BACKEND_CUDA = 2 /* CUDA kernels; one GPU per rank, peers reached over NVLink */
} symmbench_backend;

/* What an op claims to compute. It decides the reference the service runs beside it (NCCL's
 * collective of that kind on CUDA, the plain computation on the CPU backend), how its output
 * is verified, and the bus factor of busbw (nccl-tests' conventions). Sizes follow nccl-tests:
 * `count` (symmbench_op_args) is the whole buffer, world_size shards of count / world_size
 * elements for the sharded ops.
 *   ALL_REDUCE_SUM      input: count elements; output: count elements, the elementwise sum of
 *                       every rank's input. busbw = algbw x 2(n-1)/n.
 *   ALL_GATHER          input: count / world_size elements (this rank's shard); output: count
 *                       elements, shard p holding rank p's input. busbw = algbw x (n-1)/n.
 *   REDUCE_SCATTER_SUM  input: count elements; output: count / world_size elements, shard
 *                       `rank` of the elementwise sum of every rank's input.
 *                       busbw = algbw x (n-1)/n. */
typedef enum symmbench_computes {
  SYMMBENCH_ALL_REDUCE_SUM = 1,
  SYMMBENCH_ALL_GATHER = 2,
  SYMMBENCH_REDUCE_SCATTER_SUM = 3
} symmbench_computes;

/* Element types (the service's DType numbering). bf16 and fp16 are IEEE-style 16-bit
 * encodings stored as uint16_t; fp32 is float. */
typedef enum symmbench_dtype {
  SYMMBENCH_BF16 = 1,
  SYMMBENCH_FP16 = 2,
  SYMMBENCH_FP32 = 3
} symmbench_dtype;

/* symmbench_op.dtypes is a set of these bits, e.g.
 * SYMMBENCH_DTYPE_BIT(SYMMBENCH_BF16) | SYMMBENCH_DTYPE_BIT(SYMMBENCH_FP32). */
#define SYMMBENCH_DTYPE_BIT(dtype) (1u << (unsigned)(dtype))

/* symmbench_op.flags. */
/* The op sums every element in fp32, in rank order 0, 1, ..., n-1 starting from rank 0's
 * value, and rounds once to the dtype (as the built-in kernels do). The service then also
 * verifies it on random floats against that sum computed on the host, besides the exact
 * inputs every op is verified on (small integers, whose sums are exact in any order). */
#define SYMMBENCH_OP_SUMS_IN_RANK_ORDER 1u

/* What a rank's calls see of the job. Filled by the service before setup; the same object,
 * unchanged, for every call of the job. Pointer arrays are host arrays of world_size entries
 * indexed by rank; an entry is the address through which THIS process reaches that rank's
 * memory (a device address on CUDA, mapped over NVLink for peers; a host address on the CPU
 * backend). */
typedef struct symmbench_comm {
  int32_t rank;       /* this rank, in [0, world_size) */
  int32_t world_size; /* ranks of the job, 1..8, all on one host */
  int32_t local_rank; /* rank among the ranks of this host (== rank: one host) */
  int32_t backend;    /* a symmbench_backend: the library's own */
  int32_t device;     /* CUDA: the GPU ordinal, already the current device in every call;
                         CPU: the slot number */
  int32_t reserved0;
  /* Every rank's input buffer, symmetric: inputs[p] is rank p's, input_bytes each. The service
   * writes the input there before the op's runs, never during one (CUDA: by work enqueued on
   * each rank's own `stream` before the run, so a run's kernels start after their own rank's
   * input is in place; a peer's is in place once that peer has signalled, which is what an
   * entry barrier is for). The op may read any rank's and must not write any. */
  void* const* inputs;
  uint64_t input_bytes;
  /* The op's own symmetric memory, zeroed once when the job creates it (before the first
   * setup): buffers[p] is rank p's scratch of buffer_bytes bytes (symmbench_op.buffer_bytes_*),
   * signal_pads[p] rank p's signal pad of signal_pad_bytes (symmbench_op.signal_pad_bytes).
   * Both 256-byte aligned; NULL when the op asked for 0 bytes. The service never touches them
   * again, also not between a teardown and a later setup (another dtype in the same job): their
   * protocol (who writes which slot, when it returns to 0) is the op's, and a run that succeeds
   * must leave the pads as the next run expects them (at rest). After a failed run the job
   * ends. */
  void* const* buffers;
  uint64_t buffer_bytes;
  void* const* signal_pads;
  uint64_t signal_pad_bytes;
  /* CUDA: the cudaStream_t every run must enqueue its work on (cast it); NULL on the CPU. */
  void* stream;
  /* Every barrier (or other wait on peers) must give up once it has waited this long, in
   * nanoseconds (CUDA: a device-side wait reads %globaltimer and traps, so that the service sees
   * a launch failure rather than a hang; CPU: return SYMMBENCH_ERR_TIMEOUT). */
  uint64_t timeout_ns;
  /* This rank's abort word: 0 while the job is healthy, r + 1 once rank r has given up (one of
   * its calls failed or timed out). Never NULL from version 2 on.
   *   CPU: host memory. A wait that sees it non-zero returns SYMMBENCH_ERR_ABORTED at once.
   *     Read it with an atomic acquire load.
   *   CUDA: device memory on this rank's GPU (a peer writes it over NVLink); host code must not
   *     dereference it. Pass it to the kernels: a device-side wait reads it with a volatile or
   *     system-scope load (`ld.volatile.global.u32`, `ld.acquire.sys.global.u32`) beside its
   *     %globaltimer deadline and, once it is non-zero, leaves the kernel at once (no trap:
   *     the job fails anyway, saying that rank r gave up). A version-1 plugin gets NULL here
   *     on CUDA: its waits end at their deadline. */
  const uint32_t* abort_word;
} symmbench_comm;

/* One operation. */
typedef struct symmbench_op_args {
  const void* input; /* this rank's input: comm->inputs[comm->rank] */
  /* This rank's output, private (not symmetric), 256-byte aligned, holding the output
   * elements of `count` (see symmbench_computes). Poisoned (NaN) by the service before a
   * verified run: every element must be written. */
  void* output;
  int64_t count; /* elements, 1 <= count <= setup's max_count (the sharded ops: a multiple of
                    world_size) */
  int32_t dtype; /* a symmbench_dtype, setup's */
  int32_t reserved0;
} symmbench_op_args;

/* One op a plugin offers. Jobs name it "<plugin>:<name>", <plugin> being the library's file
 * name in the daemon's --plugin-dir without ".so" (e.g. "example_one_shot_cpu:one_shot"). */
typedef struct symmbench_op {
  /* 1..64 characters of [a-z0-9_], unique within the plugin. */
  const char* name;
  /* One line for `symmbench devices`: the algorithm, and its source when it comes from a paper
   * or a public project. */
  const char* description;
  int32_t computes; /* a symmbench_computes */
  uint32_t dtypes;  /* SYMMBENCH_DTYPE_BIT set of the dtypes it runs; not empty */
  uint32_t flags;   /* SYMMBENCH_OP_* */
  /* Symmetric scratch per rank (comm->buffers), in bytes: buffer_bytes_per_message_byte x the
   * job's largest message (count x element size, the whole buffer) + buffer_bytes_fixed. Counted
   * in the job's memory estimate at submission: an op whose needs exceed the device's memory is
   * refused then. At most 64; 0 and 0: no scratch. */
  uint32_t buffer_bytes_per_message_byte;
  uint64_t buffer_bytes_fixed;
  /* Bytes of signal pad per rank (comm->signal_pads), at most 1 MiB; 0: none. */
  uint64_t signal_pad_bytes;

  /* Sets the op up for messages of up to max_count elements of `dtype` (one of `dtypes`), and
   * returns in *state whatever run and teardown need (may be NULL). Collective: every rank calls
   * it; it may allocate, launch, synchronize the device and meet the peers through the signal
   * pads. Returns SYMMBENCH_ERR_INVALID_ARGUMENT for a world size or dtype it cannot serve,
   * SYMMBENCH_ERR_RESOURCE_EXHAUSTED when an allocation fails. */
  int32_t (*setup)(const symmbench_comm* comm, int64_t max_count, int32_t dtype, void** state,
                   char* error, size_t error_size);
  /* One operation: reads the inputs, writes args->output. Collective: every rank makes the same
   * sequence of calls with the same count.
   *   CUDA: enqueue the whole operation on comm->stream and return; it may be called during a
   *     stream capture (graph mode: the calls are recorded once and replayed many times), so it
   *     must not synchronize the device or the stream, allocate or free memory, copy to or from
   *     the host, or keep per-call state on the host that a replay would not advance (an epoch
   *     passed as a kernel argument would be frozen in the graph: keep such state in device
   *     memory). Check cudaGetLastError after each launch and return
   *     SYMMBENCH_ERR_INTERNAL with its text.
   *   CPU: do the whole operation before returning; no allocation.
   * Returns SYMMBENCH_ERR_TIMEOUT / SYMMBENCH_ERR_ABORTED from a wait on a peer,
   * SYMMBENCH_ERR_INVALID_ARGUMENT for a count it cannot run. The service times these calls;
   * anything else they do is in the figures. */
  int32_t (*run)(void* state, const symmbench_comm* comm, const symmbench_op_args* args,
                 char* error, size_t error_size);
  /* Releases what setup made. Called once, after every rank's last run has completed (CUDA: the
   * stream synchronized). Must not fail; may be NULL. */
  void (*teardown)(void* state);
} symmbench_op;

/* The whole plugin. */
typedef struct symmbench_plugin {
  uint32_t abi_version; /* SYMMBENCH_PLUGIN_ABI_VERSION */
  int32_t backend;      /* a symmbench_backend */
  const char* name;     /* for messages, e.g. "example one-shot all-reduce" */
  const char* version;  /* the plugin's own version, kept with every job that runs it */
  int32_t num_ops;      /* 1..64 */
  int32_t reserved0;
  const symmbench_op* ops;
} symmbench_plugin;

SYMMBENCH_PLUGIN_EXPORT uint32_t symmbench_plugin_abi_version(void);
SYMMBENCH_PLUGIN_EXPORT const symmbench_plugin* symmbench_plugin_describe(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SYMMBENCH_PLUGIN_H_ */
