/* hang_cpu: an all-reduce whose rank 1 spins forever in run, ignoring every timeout and abort;
 * the other ranks behave (and time out or abort in their barrier). */
#include "tests/plugins/test_plugin.h"

static int32_t run(void* state, const symmbench_comm* comm, const symmbench_op_args* args,
                   char* error, size_t error_size) {
  (void)state;
  if (comm->rank == 1) {
    volatile int forever = 1;
    while (forever) sched_yield();
  }
  return tp_all_reduce_sum(comm, args, error, error_size);
}

static const symmbench_op ops[] = {TP_ALL_REDUCE_OP(tp_setup, run)};
TP_PLUGIN(ops, "test: rank 1 hangs")
