/* wrong_sum_cpu: an all-reduce that is correct except that rank 1 adds 1 to output element 0
 * in every run; verification must catch it. */
#include "tests/plugins/test_plugin.h"

static int32_t run(void* state, const symmbench_comm* comm, const symmbench_op_args* args,
                   char* error, size_t error_size) {
  (void)state;
  int32_t status = tp_all_reduce_sum(comm, args, error, error_size);
  if (status == SYMMBENCH_OK && comm->rank == 1) {
    tp_store(args->dtype, args->output, 0, tp_load(args->dtype, args->output, 0) + 1.0f);
  }
  return status;
}

static const symmbench_op ops[] = {TP_ALL_REDUCE_OP(tp_setup, run)};
TP_PLUGIN(ops, "test: wrong sum on rank 1")
