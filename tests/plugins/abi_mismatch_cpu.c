/* abi_mismatch_cpu: symmbench_plugin_abi_version says 2, the description says 1; the service
 * must refuse it naming the field. */
#include "tests/plugins/test_plugin.h"

static int32_t run(void* state, const symmbench_comm* comm, const symmbench_op_args* args,
                   char* error, size_t error_size) {
  (void)state;
  return tp_all_reduce_sum(comm, args, error, error_size);
}

static const symmbench_op ops[] = {TP_ALL_REDUCE_OP(tp_setup, run)};
static const symmbench_plugin plugin = {1, SYMMBENCH_BACKEND_CPU, "test: ABI 2 or 1", "test", 1, 0,
                                        ops};

SYMMBENCH_PLUGIN_EXPORT uint32_t symmbench_plugin_abi_version(void) { return 2; }
SYMMBENCH_PLUGIN_EXPORT const symmbench_plugin* symmbench_plugin_describe(void) { return &plugin; }
