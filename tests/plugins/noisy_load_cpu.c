/* noisy_load_cpu: a library whose loading prints 1 MiB to stderr and ends the process, as a
 * library with a broken dependency and a chatty loader does. Its error text must stay bounded
 * in ListDevices. */
#include <unistd.h>

#include "tests/plugins/test_plugin.h"

__attribute__((constructor)) static void noisy_load(void) {
  static char line[1024];
  for (size_t i = 0; i + 1 < sizeof(line); ++i) line[i] = 'n';
  line[sizeof(line) - 1] = '\n';
  for (int i = 0; i < 1024; ++i) {
    if (write(2, line, sizeof(line)) < 0) break;
  }
  _exit(3);
}

static int32_t run(void* state, const symmbench_comm* comm, const symmbench_op_args* args,
                   char* error, size_t error_size) {
  (void)state;
  return tp_all_reduce_sum(comm, args, error, error_size);
}

static const symmbench_op ops[] = {TP_ALL_REDUCE_OP(tp_setup, run)};
TP_PLUGIN(ops, "test: a noisy loader that fails")
