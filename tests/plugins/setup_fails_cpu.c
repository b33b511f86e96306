/* setup_fails_cpu: an all-reduce whose setup fails with RESOURCE_EXHAUSTED on every rank. */
#include "tests/plugins/test_plugin.h"

static int32_t setup(const symmbench_comm* comm, int64_t max_count, int32_t dtype, void** state,
                     char* error, size_t error_size) {
  (void)comm, (void)max_count, (void)dtype;
  *state = NULL;
  snprintf(error, error_size, "cannot allocate the staging buffer");
  return SYMMBENCH_ERR_RESOURCE_EXHAUSTED;
}

static int32_t run(void* state, const symmbench_comm* comm, const symmbench_op_args* args,
                   char* error, size_t error_size) {
  (void)state;
  return tp_all_reduce_sum(comm, args, error, error_size);
}

static const symmbench_op ops[] = {TP_ALL_REDUCE_OP(setup, run)};
TP_PLUGIN(ops, "test: setup fails")
