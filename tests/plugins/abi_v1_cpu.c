/* abi_v1_cpu: a correct all-reduce built against ABI version 1 (the same layouts as version 2);
 * the service must still load and run it. */
#include "tests/plugins/test_plugin.h"

static int32_t run(void* state, const symmbench_comm* comm, const symmbench_op_args* args,
                   char* error, size_t error_size) {
  (void)state;
  return tp_all_reduce_sum(comm, args, error, error_size);
}

static const symmbench_op ops[] = {TP_ALL_REDUCE_OP(tp_setup, run)};
static const symmbench_plugin plugin = {1, SYMMBENCH_BACKEND_CPU, "test: ABI 1", "test", 1, 0, ops};

SYMMBENCH_PLUGIN_EXPORT uint32_t symmbench_plugin_abi_version(void) { return 1; }
SYMMBENCH_PLUGIN_EXPORT const symmbench_plugin* symmbench_plugin_describe(void) { return &plugin; }
