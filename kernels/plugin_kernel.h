// A user's plugin op (plugin/symmbench_plugin.h) as a backend runs it: the op and its open
// library, the rank's view of the job handed to every call (symmbench_comm), and one rank's
// set-up instance, whose state is torn down on destruction. The backends add the symmetric
// scratch (kernels/cpu/plugin_cpu.h, kernels/cuda/plugin_collective.h); verification, references
// and timing are their collectives' bases', as for the built-in kernels.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"
#include "plugin/library.h"
#include "plugin/symmbench_plugin.h"

namespace symmbench {

struct PluginKernel {
  std::shared_ptr<const PluginLibrary> library;  // keeps `op` loaded
  const symmbench_op* op = nullptr;              // one of library->plugin().ops
  std::string name;                              // "<plugin>:<op>", as jobs name it
  Computes computes = Computes::kAllReduceSum;   // op->computes
  bool sums_in_rank_order() const { return (op->flags & SYMMBENCH_OP_SUMS_IN_RANK_ORDER) != 0; }
};

// Op `op` of the plugin library at `path` as a backend runs it, under the job's `name`
// ("<plugin>:<op>"), with `computes` from the op's description. The loader's errors
// (FAILED_PRECONDITION naming the path) and FindOp's (NOT_FOUND naming the ops it has) as they
// come.
absl::StatusOr<PluginKernel> OpenPluginKernel(const std::string& path, std::string_view op,
                                              std::string name);

// The symmetric scratch and signal pad a rank allocates for `op` when the job's largest message
// is `max_message_bytes`, each rounded up to kBufferAlignment (0 when the op asks for none).
struct PluginScratch {
  uint64_t buffer_bytes = 0;
  uint64_t signal_pad_bytes = 0;
};
PluginScratch PluginScratchFor(const symmbench_op& op, uint64_t max_message_bytes);
// `status` of a failed scratch allocation of `bytes` per rank, its message prefixed with the op.
absl::Status PluginScratchError(const PluginKernel& kernel, uint64_t bytes,
                                const absl::Status& status);

// What the calls of one rank see (symmbench_comm without its pointers to these arrays).
struct PluginRankView {
  // Appends rank `inputs.size()`: its input, and its scratch buffer and signal pad from its
  // scratch allocation `scratch_base` (the buffer first, the pad after scratch.buffer_bytes;
  // ignored when `scratch` asks for none). Sets the scratch sizes.
  void AddRank(void* input, void* scratch_base, const PluginScratch& scratch);

  int32_t rank = 0;
  int32_t world_size = 1;
  int32_t device = 0;
  symmbench_backend backend = SYMMBENCH_BACKEND_CPU;
  std::vector<void*> inputs;  // [world_size]
  uint64_t input_bytes = 0;
  std::vector<void*> buffers;  // [world_size], or empty
  uint64_t buffer_bytes = 0;
  std::vector<void*> signal_pads;  // [world_size], or empty
  uint64_t signal_pad_bytes = 0;
  void* stream = nullptr;
  uint64_t timeout_ns = 0;
  // This rank's abort word (0, or r + 1 once rank r gave up): host memory on the CPU, device
  // memory on CUDA (the aborted_by word of the rank's DeviceErrorRecord).
  const uint32_t* abort_word = nullptr;
};

// What symmbench_comm.abort_word is for `kernel` on `view`: view.abort_word, but NULL for a
// version-1 plugin on CUDA, whose ABI says so.
const uint32_t* PluginAbortWord(const PluginKernel& kernel, const PluginRankView& view);

// One rank's op after a successful setup.
class PluginOpInstance {
 public:
  // Calls the op's setup for messages of up to max_count elements of `dtype` (collective: every
  // rank calls it). FAILED_PRECONDITION naming the op and rank, with the plugin's message, when
  // setup fails or `dtype` is not one the op declared (no setup is made then).
  static absl::StatusOr<std::unique_ptr<PluginOpInstance>> SetUp(const PluginKernel& kernel,
                                                                 PluginRankView view,
                                                                 int64_t max_count, DType dtype);
  // Calls teardown (when the op has one).
  ~PluginOpInstance();
  PluginOpInstance(const PluginOpInstance&) = delete;
  PluginOpInstance& operator=(const PluginOpInstance&) = delete;

  // One run on `count` elements (the whole buffer, nccl-tests' count) of the set-up dtype:
  // input is this rank's inputs entry, output its private output. The plugin's failure as a
  // status naming the op and rank: DEADLINE_EXCEEDED (SYMMBENCH_ERR_TIMEOUT), ABORTED,
  // INVALID_ARGUMENT, RESOURCE_EXHAUSTED, INTERNAL (anything else).
  absl::Status Run(const void* input, void* output, int64_t count);

  DType dtype() const { return dtype_; }
  const PluginRankView& view() const { return view_; }
  const symmbench_comm& comm() const { return comm_; }  // what the plugin's calls see

 private:
  PluginOpInstance(const PluginKernel& kernel, PluginRankView view, DType dtype);

  PluginKernel kernel_;
  PluginRankView view_;
  symmbench_comm comm_{};  // points into view_
  DType dtype_;
  void* state_ = nullptr;
};

// The plugin ABI's number for `dtype`; 0 for a type the ABI does not carry (fp8_e4m3).
int32_t PluginDType(DType dtype);

}  // namespace symmbench
