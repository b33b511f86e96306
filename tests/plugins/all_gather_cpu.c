/* all_gather_cpu: a correct all-gather op "gather": between an entry and an exit barrier, each
 * rank copies shard p of its output from rank p's input (count / world_size elements). */
#include "tests/plugins/test_plugin.h"

static int32_t run(void* state, const symmbench_comm* comm, const symmbench_op_args* args,
                   char* error, size_t error_size) {
  (void)state;
  if (args->count % comm->world_size != 0) {
    snprintf(error, error_size, "count %lld is not a multiple of the world size %d",
             (long long)args->count, comm->world_size);
    return SYMMBENCH_ERR_INVALID_ARGUMENT;
  }
  const uint64_t shard_bytes =
      (uint64_t)(args->count / comm->world_size) * tp_elem_size(args->dtype);
  if (shard_bytes > comm->input_bytes) {
    snprintf(error, error_size, "count %lld exceeds the input buffer", (long long)args->count);
    return SYMMBENCH_ERR_INVALID_ARGUMENT;
  }
  int32_t status = tp_barrier(comm, error, error_size);
  if (status != SYMMBENCH_OK) return status;
  for (int p = 0; p < comm->world_size; ++p) {
    memcpy((char*)args->output + p * shard_bytes, comm->inputs[p], shard_bytes);
  }
  return tp_barrier(comm, error, error_size);
}

static const symmbench_op ops[] = {
    {"gather", "test all-gather: copy every shard between two barriers", SYMMBENCH_ALL_GATHER,
     TP_DTYPES, 0, 0, 0, TP_SIGNAL_PAD_BYTES, tp_setup, run, NULL}};
TP_PLUGIN(ops, "test: all-gather")
