// no_exit_barrier_cuda: the one-shot all-reduce of test_plugin_cuda.cuh without its exit
// barrier: a rank's kernel returns while its peers may still read its input, which the next
// operation's input then overwrites. Rank 1 reads 1 ms after the entry barrier, so that its
// peers have moved on by then and the stale read is certain. Every check on unchanging inputs
// passes (the overwrite writes the same values); the race check, whose inputs change every
// operation, must fail it.
#include "tests/plugins/test_plugin_cuda.cuh"

namespace {

int32_t Run(void*, const symmbench_comm* comm, const symmbench_op_args* args, char* error,
            size_t error_size) {
  test_plugin::Bugs bugs;
  bugs.exit_barrier = false;  // the bug
  bugs.delayed_rank = 1;
  bugs.delay_ns = 1000 * 1000;
  return test_plugin::LaunchAllReduce(comm, args, bugs, error, error_size);
}

// No SYMMBENCH_OP_SUMS_IN_RANK_ORDER: the random-input pass, whose inputs the exact check's
// then replace, would show the stale read too; without it only the race check changes them.
const symmbench_op kOps[] = {{"one_shot", "test all-reduce without its exit barrier",
                              SYMMBENCH_ALL_REDUCE_SUM, test_plugin::kDtypes, 0, 0, 0,
                              test_plugin::kSignalPadBytes, test_plugin::Setup, Run, nullptr}};

}  // namespace

TEST_PLUGIN_CUDA(kOps, "test: all-reduce without its exit barrier (CUDA)")
