/* slow_load_cpu: a correct all-reduce whose loading hangs until a file "<library>.release"
 * appears (at most 300 s), as a library that blocks in its constructor does. Describing it
 * must delay neither the daemon's start, nor ListDevices, nor jobs of other libraries. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <unistd.h>

#include "tests/plugins/test_plugin.h"

__attribute__((constructor)) static void slow_load(void) {
  Dl_info info;
  if (dladdr((void*)&slow_load, &info) == 0 || info.dli_fname == NULL) return;
  char release[4096];
  snprintf(release, sizeof(release), "%s.release", info.dli_fname);
  for (int i = 0; i < 3000 && access(release, F_OK) != 0; ++i) usleep(100000);
}

static int32_t run(void* state, const symmbench_comm* comm, const symmbench_op_args* args,
                   char* error, size_t error_size) {
  (void)state;
  return tp_all_reduce_sum(comm, args, error, error_size);
}

static const symmbench_op ops[] = {TP_ALL_REDUCE_OP(tp_setup, run)};
TP_PLUGIN(ops, "test: loading waits for a release file")
