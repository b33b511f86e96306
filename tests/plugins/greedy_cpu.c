/* greedy_cpu: a correct all-reduce that declares 1 TiB of fixed scratch per rank, more than any
 * CPU slot has: the daemon must refuse its jobs at submission. */
#include "tests/plugins/test_plugin.h"

static int32_t run(void* state, const symmbench_comm* comm, const symmbench_op_args* args,
                   char* error, size_t error_size) {
  (void)state;
  return tp_all_reduce_sum(comm, args, error, error_size);
}

static const symmbench_op ops[] = {{"one_shot", "test: 1 TiB of scratch",
                                    SYMMBENCH_ALL_REDUCE_SUM, TP_DTYPES, 0, 0,
                                    (uint64_t)1 << 40, TP_SIGNAL_PAD_BYTES, tp_setup, run, NULL}};
TP_PLUGIN(ops, "test: asks for 1 TiB")
