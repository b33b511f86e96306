/* bad_description_cpu: a description the loader must refuse (an op that runs no dtype). */
#include "tests/plugins/test_plugin.h"

static int32_t run(void* state, const symmbench_comm* comm, const symmbench_op_args* args,
                   char* error, size_t error_size) {
  (void)state;
  return tp_all_reduce_sum(comm, args, error, error_size);
}

static const symmbench_op ops[] = {{"one_shot", "test: no dtype", SYMMBENCH_ALL_REDUCE_SUM, 0, 0,
                                    0, 0, TP_SIGNAL_PAD_BYTES, tp_setup, run, NULL}};
TP_PLUGIN(ops, "test: invalid description")
