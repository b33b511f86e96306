/* no_exit_barrier_cpu: the all-reduce of test_plugin.h without its exit barrier: a rank returns
 * while its peers may still read its input, which the next operation's input then overwrites.
 * Rank 1 reads 20 ms after the entry barrier, so that its peers have moved on by then and the
 * stale read is certain. Every check on unchanging inputs passes (the overwrite writes the same
 * values); the race check, whose inputs change every operation, must fail it. */
#include "tests/plugins/test_plugin.h"

static int32_t run(void* state, const symmbench_comm* comm, const symmbench_op_args* args,
                   char* error, size_t error_size) {
  (void)state;
  if ((uint64_t)args->count * tp_elem_size(args->dtype) > comm->input_bytes) {
    snprintf(error, error_size, "count %lld exceeds the input buffer", (long long)args->count);
    return SYMMBENCH_ERR_INVALID_ARGUMENT;
  }
  int32_t status = tp_barrier(comm, error, error_size);
  if (status != SYMMBENCH_OK) return status;
  if (comm->rank == 1) {
    const struct timespec delay = {0, 20 * 1000 * 1000};
    nanosleep(&delay, NULL);
  }
  for (int64_t i = 0; i < args->count; ++i) {
    float sum = tp_load(args->dtype, comm->inputs[0], i);
    for (int p = 1; p < comm->world_size; ++p) sum += tp_load(args->dtype, comm->inputs[p], i);
    tp_store(args->dtype, args->output, i, sum);
  }
  return SYMMBENCH_OK; /* the bug: no exit barrier */
}

/* No SYMMBENCH_OP_SUMS_IN_RANK_ORDER: the random-input pass, whose inputs the exact check's
 * then replace, would show the stale read too; without it only the race check changes them. */
static const symmbench_op ops[] = {{"one_shot", "test all-reduce", SYMMBENCH_ALL_REDUCE_SUM,
                                    TP_DTYPES, 0, 0, 0, TP_SIGNAL_PAD_BYTES, tp_setup, run, NULL}};
TP_PLUGIN(ops, "test: all-reduce without its exit barrier")
