/* crash_cpu: an all-reduce whose rank 1 dies of SIGSEGV inside run; the other ranks behave. */
#include "tests/plugins/test_plugin.h"

static int32_t run(void* state, const symmbench_comm* comm, const symmbench_op_args* args,
                   char* error, size_t error_size) {
  (void)state;
  if (comm->rank == 1) {
    volatile int* volatile null_pointer = NULL; /* opaque to the optimizer */
    *null_pointer = 1;                          /* SIGSEGV */
  }
  return tp_all_reduce_sum(comm, args, error, error_size);
}

static const symmbench_op ops[] = {TP_ALL_REDUCE_OP(tp_setup, run)};
TP_PLUGIN(ops, "test: rank 1 crashes")
