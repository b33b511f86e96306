/* test_plugin.h: what the test-only plugins share (testonly; the example in examples/plugins
 * stays self-contained): bf16/fp16 conversions, the CAS signal-pad barrier of
 * examples/plugins/one_shot_cpu.c (same protocol and memory-ordering contract), and a correct
 * one-shot all-reduce sum that the faulty plugins start from. C99, header-only; compile with
 * -D_POSIX_C_SOURCE=200809L (clock_gettime, sched_yield), as BUILD's PLUGIN_COPTS do. */
#ifndef SYMMBENCH_TESTS_PLUGINS_TEST_PLUGIN_H_
#define SYMMBENCH_TESTS_PLUGINS_TEST_PLUGIN_H_

#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "plugin/symmbench_plugin.h"

#define TP_MAX_RANKS 8
#define TP_SIGNAL_PAD_BYTES 256 /* TP_MAX_RANKS words of 4 bytes, rounded up */
#define TP_DTYPES                                                              \
  (SYMMBENCH_DTYPE_BIT(SYMMBENCH_BF16) | SYMMBENCH_DTYPE_BIT(SYMMBENCH_FP16) | \
   SYMMBENCH_DTYPE_BIT(SYMMBENCH_FP32))

/* ---- conversions (round to nearest even, NaN stays NaN) ---- */

static inline float tp_from_bits(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static inline uint32_t tp_to_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

static inline float tp_bf16_to_float(uint16_t h) { return tp_from_bits((uint32_t)h << 16); }
static inline uint16_t tp_float_to_bf16(float f) {
  uint32_t u = tp_to_bits(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((u >> 16) | 0x40);
  return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}
static inline float tp_fp16_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
  if (exp == 0) return tp_from_bits(sign | tp_to_bits((float)man * 0x1p-24f));
  if (exp == 31) return tp_from_bits(sign | 0x7f800000u | (man << 13));
  return tp_from_bits(sign | ((exp + 112) << 23) | (man << 13));
}
static inline uint16_t tp_float_to_fp16(float f) {
  uint32_t u = tp_to_bits(f), sign = (u >> 16) & 0x8000u, a = u & 0x7fffffffu;
  if (a > 0x7f800000u) return (uint16_t)(sign | 0x7e00u);
  if (a >= 0x47800000u) return (uint16_t)(sign | 0x7c00u);
  if (a < 0x38800000u) { /* subnormal: the adder rounds to a multiple of 2^-24 (0.5's ulp) */
    return (uint16_t)(sign | (tp_to_bits(tp_from_bits(a) + 0.5f) - 0x3f000000u));
  }
  return (uint16_t)(sign | ((a + 0xfffu + ((a >> 13) & 1u) - (112u << 23)) >> 13));
}

static inline size_t tp_elem_size(int32_t dtype) { return dtype == SYMMBENCH_FP32 ? 4 : 2; }
static inline float tp_load(int32_t dtype, const void* base, int64_t i) {
  if (dtype == SYMMBENCH_BF16) return tp_bf16_to_float(((const uint16_t*)base)[i]);
  if (dtype == SYMMBENCH_FP16) return tp_fp16_to_float(((const uint16_t*)base)[i]);
  return ((const float*)base)[i];
}
static inline void tp_store(int32_t dtype, void* base, int64_t i, float v) {
  if (dtype == SYMMBENCH_BF16) {
    ((uint16_t*)base)[i] = tp_float_to_bf16(v);
  } else if (dtype == SYMMBENCH_FP16) {
    ((uint16_t*)base)[i] = tp_float_to_fp16(v);
  } else {
    ((float*)base)[i] = v;
  }
}

/* ---- the signal-pad barrier: pad_r[p] written by p (CAS 0 -> 1, release), cleared by r
 * (CAS 1 -> 0, acquire); see examples/plugins/one_shot_cpu.c for the contract ---- */

static inline uint64_t tp_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline int32_t tp_spin(const symmbench_comm* comm, uint32_t* word, int is_put, int peer,
                              uint64_t deadline, char* error, size_t error_size) {
  for (unsigned spins = 1;; ++spins) {
    uint32_t expected = is_put ? 0u : 1u;
    if (is_put ? __atomic_compare_exchange_n(word, &expected, 1u, 0, __ATOMIC_RELEASE,
                                             __ATOMIC_RELAXED)
               : __atomic_compare_exchange_n(word, &expected, 0u, 0, __ATOMIC_ACQUIRE,
                                             __ATOMIC_RELAXED)) {
      return SYMMBENCH_OK;
    }
    if (comm->abort_word && __atomic_load_n(comm->abort_word, __ATOMIC_ACQUIRE) != 0) {
      snprintf(error, error_size, "rank %d stopped waiting for rank %d: aborted", comm->rank, peer);
      return SYMMBENCH_ERR_ABORTED;
    }
    if (spins % 256 == 0) {
      if (tp_now_ns() > deadline) {
        snprintf(error, error_size, "rank %d timed out waiting for rank %d", comm->rank, peer);
        return SYMMBENCH_ERR_TIMEOUT;
      }
      sched_yield();
    }
  }
}

static inline int32_t tp_barrier(const symmbench_comm* comm, char* error, size_t error_size) {
  uint32_t* const* pads = (uint32_t* const*)comm->signal_pads;
  const uint64_t deadline = tp_now_ns() + comm->timeout_ns;
  int32_t status = SYMMBENCH_OK;
  for (int p = 0; p < comm->world_size && status == SYMMBENCH_OK; ++p) {
    if (p != comm->rank)
      status = tp_spin(comm, &pads[p][comm->rank], 1, p, deadline, error, error_size);
  }
  for (int p = 0; p < comm->world_size && status == SYMMBENCH_OK; ++p) {
    if (p != comm->rank)
      status = tp_spin(comm, &pads[comm->rank][p], 0, p, deadline, error, error_size);
  }
  return status;
}

/* ---- a correct op to start from ---- */

/* Checks world size and dtype; allocates nothing. */
static inline int32_t tp_setup(const symmbench_comm* comm, int64_t max_count, int32_t dtype,
                               void** state, char* error, size_t error_size) {
  (void)max_count;
  *state = NULL;
  if (comm->world_size < 1 || comm->world_size > TP_MAX_RANKS) {
    snprintf(error, error_size, "world size %d: 1 to %d ranks", comm->world_size, TP_MAX_RANKS);
    return SYMMBENCH_ERR_INVALID_ARGUMENT;
  }
  if (dtype != SYMMBENCH_BF16 && dtype != SYMMBENCH_FP16 && dtype != SYMMBENCH_FP32) {
    snprintf(error, error_size, "dtype %d: bf16, fp16 or fp32 only", dtype);
    return SYMMBENCH_ERR_INVALID_ARGUMENT;
  }
  return SYMMBENCH_OK;
}

/* Entry barrier, sum in float in rank order rounded once, exit barrier. */
static inline int32_t tp_all_reduce_sum(const symmbench_comm* comm, const symmbench_op_args* args,
                                        char* error, size_t error_size) {
  if ((uint64_t)args->count * tp_elem_size(args->dtype) > comm->input_bytes) {
    snprintf(error, error_size, "count %lld exceeds the input buffer", (long long)args->count);
    return SYMMBENCH_ERR_INVALID_ARGUMENT;
  }
  int32_t status = tp_barrier(comm, error, error_size);
  if (status != SYMMBENCH_OK) return status;
  for (int64_t i = 0; i < args->count; ++i) {
    float sum = tp_load(args->dtype, comm->inputs[0], i);
    for (int p = 1; p < comm->world_size; ++p) sum += tp_load(args->dtype, comm->inputs[p], i);
    tp_store(args->dtype, args->output, i, sum);
  }
  return tp_barrier(comm, error, error_size);
}

/* Fills in the ABI version and a one-op CPU plugin around `ops`. */
#define TP_PLUGIN(ops, plugin_name)                                                     \
  static const symmbench_plugin tp_plugin = {SYMMBENCH_PLUGIN_ABI_VERSION,              \
                                             SYMMBENCH_BACKEND_CPU,                     \
                                             plugin_name,                               \
                                             "test",                                    \
                                             (int32_t)(sizeof(ops) / sizeof((ops)[0])), \
                                             0,                                         \
                                             ops};                                      \
  SYMMBENCH_PLUGIN_EXPORT uint32_t symmbench_plugin_abi_version(void) {                 \
    return SYMMBENCH_PLUGIN_ABI_VERSION;                                                \
  }                                                                                     \
  SYMMBENCH_PLUGIN_EXPORT const symmbench_plugin* symmbench_plugin_describe(void) {     \
    return &tp_plugin;                                                                  \
  }

/* One all-reduce sum op named one_shot with this run function. */
#define TP_ALL_REDUCE_OP(setup_fn, run_fn)                                                 \
  {                                                                                        \
    "one_shot", "test all-reduce", SYMMBENCH_ALL_REDUCE_SUM, TP_DTYPES,                    \
        SYMMBENCH_OP_SUMS_IN_RANK_ORDER, 0, 0, TP_SIGNAL_PAD_BYTES, setup_fn, run_fn, NULL \
  }

#endif /* SYMMBENCH_TESTS_PLUGINS_TEST_PLUGIN_H_ */
