/* cached_result_cpu: an all-reduce that computes once per message size and then copies that
 * result into the output, communicating nothing: right on the inputs it was computed from, so
 * every check on unchanging inputs passes and its time is a memcpy's; the race check, whose
 * inputs change every operation, must fail it. */
#include <stdlib.h>

#include "tests/plugins/test_plugin.h"

typedef struct {
  void* result;  /* max_count elements of the dtype */
  int64_t count; /* elements of the cached result; 0: none yet */
} cache;

static int32_t setup(const symmbench_comm* comm, int64_t max_count, int32_t dtype, void** state,
                     char* error, size_t error_size) {
  int32_t status = tp_setup(comm, max_count, dtype, state, error, error_size);
  if (status != SYMMBENCH_OK) return status;
  cache* c = calloc(1, sizeof(cache));
  if (c != NULL) c->result = malloc((size_t)max_count * tp_elem_size(dtype));
  if (c == NULL || c->result == NULL) {
    if (c != NULL) free(c);
    snprintf(error, error_size, "cannot allocate the cache");
    return SYMMBENCH_ERR_RESOURCE_EXHAUSTED;
  }
  *state = c;
  return SYMMBENCH_OK;
}

static int32_t run(void* state, const symmbench_comm* comm, const symmbench_op_args* args,
                   char* error, size_t error_size) {
  cache* c = state;
  const size_t bytes = (size_t)args->count * tp_elem_size(args->dtype);
  if (c->count == args->count) { /* the bug: the result of another operation's inputs */
    memcpy(args->output, c->result, bytes);
    return SYMMBENCH_OK;
  }
  int32_t status = tp_all_reduce_sum(comm, args, error, error_size);
  if (status != SYMMBENCH_OK) return status;
  memcpy(c->result, args->output, bytes);
  c->count = args->count;
  return SYMMBENCH_OK;
}

static void teardown(void* state) {
  cache* c = state;
  if (c == NULL) return;
  free(c->result);
  free(c);
}

/* No SYMMBENCH_OP_SUMS_IN_RANK_ORDER: the random-input pass would run it on other inputs
 * than the exact check right after it, which the cache would get wrong. */
static const symmbench_op ops[] = {{"one_shot", "test all-reduce", SYMMBENCH_ALL_REDUCE_SUM,
                                    TP_DTYPES, 0, 0, 0, TP_SIGNAL_PAD_BYTES, setup, run, teardown}};
TP_PLUGIN(ops, "test: all-reduce that copies a cached result")
