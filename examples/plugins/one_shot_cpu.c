/* one_shot_cpu.c: a one-shot all-reduce (sum) as a symmbench plugin for the CPU backend.
 *
 * Each rank is a process; every rank's input is mapped into every rank (comm->inputs[p]).
 * One run: entry barrier, read all inputs and write their sum into this rank's output, exit
 * barrier. The ABI and the rules of run() are in plugin/symmbench_plugin.h.
 *
 *   gcc -std=c99 -O2 -fPIC -shared -fvisibility=hidden -I <repo> one_shot_cpu.c \
 *       -o example_one_shot_cpu.so
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, sched_yield */

#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "plugin/symmbench_plugin.h"

enum { MAX_RANKS = 8, SPINS_BEFORE_YIELD = 256 };

/* ---- bf16 / fp16 <-> float (round to nearest even, NaN stays NaN) ---- */

static float bits_to_float(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static uint32_t float_to_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

static float bf16_to_float(uint16_t h) { return bits_to_float((uint32_t)h << 16); }
static uint16_t float_to_bf16(float f) {
  uint32_t u = float_to_bits(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((u >> 16) | 0x40); /* quiet NaN */
  u += 0x7fffu + ((u >> 16) & 1u); /* round to nearest, ties to even */
  return (uint16_t)(u >> 16);
}

static float fp16_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
  if (exp == 0) { /* zero or subnormal: man x 2^-24, exact in float */
    return bits_to_float(sign | float_to_bits((float)man * 0x1p-24f));
  }
  if (exp == 31) return bits_to_float(sign | 0x7f800000u | (man << 13)); /* inf, NaN */
  return bits_to_float(sign | ((exp + 112) << 23) | (man << 13));
}
static uint16_t float_to_fp16(float f) {
  uint32_t u = float_to_bits(f), sign = (u >> 16) & 0x8000u, a = u & 0x7fffffffu;
  if (a > 0x7f800000u) return (uint16_t)(sign | 0x7e00u);  /* NaN */
  if (a >= 0x47800000u) return (uint16_t)(sign | 0x7c00u); /* >= 65536: inf */
  if (a < 0x38800000u) { /* below 2^-14: the float adder rounds it to a multiple of 2^-24 */
    float r = bits_to_float(a) + 0.5f; /* 0.5 = 2^-1: its ulp is 2^-24 */
    return (uint16_t)(sign | (float_to_bits(r) - 0x3f000000u));
  }
  a += 0xfffu + ((a >> 13) & 1u) - (112u << 23); /* rebias; ties to even (65520 -> inf) */
  return (uint16_t)(sign | (a >> 13));
}

static size_t elem_size(int32_t dtype) { return dtype == SYMMBENCH_FP32 ? 4 : 2; }

static float load(int32_t dtype, const void* base, int64_t i) {
  if (dtype == SYMMBENCH_BF16) return bf16_to_float(((const uint16_t*)base)[i]);
  if (dtype == SYMMBENCH_FP16) return fp16_to_float(((const uint16_t*)base)[i]);
  return ((const float*)base)[i];
}

static void store(int32_t dtype, void* base, int64_t i, float v) {
  if (dtype == SYMMBENCH_BF16) {
    ((uint16_t*)base)[i] = float_to_bf16(v);
  } else if (dtype == SYMMBENCH_FP16) {
    ((uint16_t*)base)[i] = float_to_fp16(v);
  } else {
    ((float*)base)[i] = v;
  }
}

/* ---- the signal-pad barrier ----
 *
 * Memory-ordering contract. Word p of rank r's signal pad (a uint32_t) is written only by
 * rank p and cleared only by rank r:
 *   put  (rank p signals r): CAS pad_r[p] 0 -> 1, __ATOMIC_RELEASE; while it still holds 1
 *        (r has not consumed p's previous signal), spin.
 *   wait (rank r waits for p): CAS pad_r[p] 1 -> 0, __ATOMIC_ACQUIRE; spin until it succeeds.
 * A barrier on rank r: put into every peer's pad[r], then wait on its own pad[p] for every
 * peer p. The acquire CAS reads the value the release CAS wrote, so everything rank p did
 * before its put (its loads and stores) happens-before everything r does after its wait:
 *   entry barrier: every rank's input, written before its run, is visible to every peer;
 *   exit barrier:  no peer still reads this rank's input when run returns.
 * Every word is back at 0 once both sides have passed, so barriers need no epoch. A barrier
 * gives up comm->timeout_ns after it began (SYMMBENCH_ERR_TIMEOUT), or as soon as the abort
 * word is non-zero (SYMMBENCH_ERR_ABORTED); the pads may then hold stale signals, and the
 * service ends the job. */

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* One attempt of each side of the protocol. */
static int try_put(uint32_t* word) {
  uint32_t expected = 0;
  return __atomic_compare_exchange_n(word, &expected, 1, 0, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
}
static int try_wait(uint32_t* word) {
  uint32_t expected = 1;
  return __atomic_compare_exchange_n(word, &expected, 0, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

/* Retries a put or a wait on `word` until it succeeds, the deadline passes or the job aborts. */
static int32_t spin(const symmbench_comm* comm, uint32_t* word, int is_put, int peer,
                    uint64_t deadline, const char* phase, char* error, size_t error_size) {
  for (unsigned spins = 1;; ++spins) {
    if (is_put ? try_put(word) : try_wait(word)) return SYMMBENCH_OK;
    if (comm->abort_word && __atomic_load_n(comm->abort_word, __ATOMIC_ACQUIRE) != 0) {
      snprintf(error, error_size, "rank %d stopped waiting for rank %d (%s barrier): aborted",
               comm->rank, peer, phase);
      return SYMMBENCH_ERR_ABORTED;
    }
    if (spins % SPINS_BEFORE_YIELD == 0) {
      if (now_ns() > deadline) {
        snprintf(error, error_size, "rank %d timed out waiting for rank %d (%s barrier)",
                 comm->rank, peer, phase);
        return SYMMBENCH_ERR_TIMEOUT;
      }
      sched_yield(); /* leave the core to the peers (more ranks than cores) */
    }
  }
}

static int32_t barrier(const symmbench_comm* comm, const char* phase, char* error,
                       size_t error_size) {
  uint32_t* const* pads = (uint32_t* const*)comm->signal_pads;
  const uint64_t deadline = now_ns() + comm->timeout_ns; /* for the whole barrier */
  int32_t status = SYMMBENCH_OK;
  for (int p = 0; p < comm->world_size && status == SYMMBENCH_OK; ++p) {
    if (p != comm->rank) {
      status =
          spin(comm, &pads[p][comm->rank], /*is_put=*/1, p, deadline, phase, error, error_size);
    }
  }
  for (int p = 0; p < comm->world_size && status == SYMMBENCH_OK; ++p) {
    if (p != comm->rank) {
      status =
          spin(comm, &pads[comm->rank][p], /*is_put=*/0, p, deadline, phase, error, error_size);
    }
  }
  return status;
}

/* ---- the op ---- */

static int32_t one_shot_setup(const symmbench_comm* comm, int64_t max_count, int32_t dtype,
                              void** state, char* error, size_t error_size) {
  (void)max_count;
  *state = NULL; /* nothing to allocate: the signal pads are the service's */
  if (comm->world_size < 1 || comm->world_size > MAX_RANKS) {
    snprintf(error, error_size, "world size %d: 1 to %d ranks", comm->world_size, MAX_RANKS);
    return SYMMBENCH_ERR_INVALID_ARGUMENT;
  }
  if (dtype != SYMMBENCH_BF16 && dtype != SYMMBENCH_FP16 && dtype != SYMMBENCH_FP32) {
    snprintf(error, error_size, "dtype %d: bf16, fp16 or fp32 only", dtype);
    return SYMMBENCH_ERR_INVALID_ARGUMENT;
  }
  return SYMMBENCH_OK;
}

static int32_t one_shot_run(void* state, const symmbench_comm* comm, const symmbench_op_args* args,
                            char* error, size_t error_size) {
  (void)state;
  if ((uint64_t)args->count * elem_size(args->dtype) > comm->input_bytes) {
    snprintf(error, error_size, "count %lld exceeds the input buffer", (long long)args->count);
    return SYMMBENCH_ERR_INVALID_ARGUMENT;
  }
  int32_t status = barrier(comm, "entry", error, error_size);
  if (status != SYMMBENCH_OK) return status;
  for (int64_t i = 0; i < args->count; ++i) {
    float sum = load(args->dtype, comm->inputs[0], i); /* rank order, in float */
    for (int p = 1; p < comm->world_size; ++p) sum += load(args->dtype, comm->inputs[p], i);
    store(args->dtype, args->output, i, sum); /* rounded once */
  }
  return barrier(comm, "exit", error, error_size);
}

static const symmbench_op kOps[] = {{
    .name = "one_shot",
    .description = "one-shot all-reduce: entry barrier, every rank sums all inputs, exit barrier",
    .computes = SYMMBENCH_ALL_REDUCE_SUM,
    .dtypes = SYMMBENCH_DTYPE_BIT(SYMMBENCH_BF16) | SYMMBENCH_DTYPE_BIT(SYMMBENCH_FP16) |
              SYMMBENCH_DTYPE_BIT(SYMMBENCH_FP32),
    .flags = SYMMBENCH_OP_SUMS_IN_RANK_ORDER,
    .buffer_bytes_per_message_byte = 0,
    .buffer_bytes_fixed = 0,
    .signal_pad_bytes = 256, /* MAX_RANKS words of 4 bytes, rounded up */
    .setup = one_shot_setup,
    .run = one_shot_run,
    .teardown = NULL,
}};

static const symmbench_plugin kPlugin = {
    .abi_version = SYMMBENCH_PLUGIN_ABI_VERSION,
    .backend = SYMMBENCH_BACKEND_CPU,
    .name = "example one-shot all-reduce (CPU)",
    .version = "1.0",
    .num_ops = 1,
    .ops = kOps,
};

SYMMBENCH_PLUGIN_EXPORT uint32_t symmbench_plugin_abi_version(void) {
  return SYMMBENCH_PLUGIN_ABI_VERSION;
}

SYMMBENCH_PLUGIN_EXPORT const symmbench_plugin* symmbench_plugin_describe(void) { return &kPlugin; }
