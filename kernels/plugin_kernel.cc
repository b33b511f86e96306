// PluginOpInstance: setup, run and teardown of a plugin op, with its failures as statuses.
#include "kernels/plugin_kernel.h"

#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "absl/strings/str_cat.h"
#include "kernels/symm_mem_layout.h"

namespace symmbench {
namespace {

// Room for a plugin's message (symmbench_op's `error`, `error_size`).
constexpr size_t kErrorBytes = 1024;

uint64_t RoundUp(uint64_t bytes) {
  return (bytes + kBufferAlignment - 1) / kBufferAlignment * kBufferAlignment;
}

// What a symmbench_computes means; the loader admits no other values.
Computes ComputesOf(int32_t computes) {
  switch (computes) {
    case SYMMBENCH_ALL_GATHER:
      return Computes::kAllGather;
    case SYMMBENCH_REDUCE_SCATTER_SUM:
      return Computes::kReduceScatterSum;
    default:
      return Computes::kAllReduceSum;
  }
}

absl::StatusCode CodeOf(int32_t status) {
  switch (status) {
    case SYMMBENCH_ERR_INVALID_ARGUMENT:
      return absl::StatusCode::kInvalidArgument;
    case SYMMBENCH_ERR_RESOURCE_EXHAUSTED:
      return absl::StatusCode::kResourceExhausted;
    case SYMMBENCH_ERR_TIMEOUT:
      return absl::StatusCode::kDeadlineExceeded;
    case SYMMBENCH_ERR_ABORTED:
      return absl::StatusCode::kAborted;
    default:
      return absl::StatusCode::kInternal;
  }
}

}  // namespace

absl::StatusOr<PluginKernel> OpenPluginKernel(const std::string& path, std::string_view op,
                                              std::string name) {
  absl::StatusOr<std::shared_ptr<const PluginLibrary>> library = PluginLibrary::Open(path);
  if (!library.ok()) return library.status();
  absl::StatusOr<const symmbench_op*> found = (*library)->FindOp(op);
  if (!found.ok()) return found.status();
  PluginKernel kernel;
  kernel.library = *std::move(library);
  kernel.op = *found;
  kernel.name = std::move(name);
  kernel.computes = ComputesOf(kernel.op->computes);
  return kernel;
}

int32_t PluginDType(DType dtype) {
  switch (dtype) {
    case DType::kBf16:
      return SYMMBENCH_BF16;
    case DType::kFp16:
      return SYMMBENCH_FP16;
    case DType::kFp32:
      return SYMMBENCH_FP32;
    case DType::kFp8E4m3:
      break;
  }
  return 0;
}

PluginScratch PluginScratchFor(const symmbench_op& op, uint64_t max_message_bytes) {
  PluginScratch scratch;
  scratch.buffer_bytes =
      RoundUp(op.buffer_bytes_per_message_byte * max_message_bytes + op.buffer_bytes_fixed);
  scratch.signal_pad_bytes = RoundUp(op.signal_pad_bytes);
  return scratch;
}

absl::Status PluginScratchError(const PluginKernel& kernel, uint64_t bytes,
                                const absl::Status& status) {
  return absl::Status(status.code(), absl::StrCat(kernel.name, ": scratch of ", bytes,
                                                  " bytes per rank: ", status.message()));
}

const uint32_t* PluginAbortWord(const PluginKernel& kernel, const PluginRankView& view) {
  const bool v1_on_cuda =
      view.backend == SYMMBENCH_BACKEND_CUDA && kernel.library->plugin().abi_version < 2;
  return v1_on_cuda ? nullptr : view.abort_word;
}

void PluginRankView::AddRank(void* input, void* scratch_base, const PluginScratch& scratch) {
  inputs.push_back(input);
  if (scratch.buffer_bytes > 0) buffers.push_back(scratch_base);
  if (scratch.signal_pad_bytes > 0) {
    signal_pads.push_back(static_cast<char*>(scratch_base) + scratch.buffer_bytes);
  }
  buffer_bytes = scratch.buffer_bytes;
  signal_pad_bytes = scratch.signal_pad_bytes;
}

PluginOpInstance::PluginOpInstance(const PluginKernel& kernel, PluginRankView view, DType dtype)
    : kernel_(kernel), view_(std::move(view)), dtype_(dtype) {
  comm_.rank = view_.rank;
  comm_.world_size = view_.world_size;
  comm_.local_rank = view_.rank;  // one host
  comm_.backend = view_.backend;
  comm_.device = view_.device;
  comm_.inputs = view_.inputs.data();
  comm_.input_bytes = view_.input_bytes;
  comm_.buffers = view_.buffers.empty() ? nullptr : view_.buffers.data();
  comm_.buffer_bytes = view_.buffer_bytes;
  comm_.signal_pads = view_.signal_pads.empty() ? nullptr : view_.signal_pads.data();
  comm_.signal_pad_bytes = view_.signal_pad_bytes;
  comm_.stream = view_.stream;
  comm_.timeout_ns = view_.timeout_ns;
  comm_.abort_word = PluginAbortWord(kernel_, view_);
}

absl::StatusOr<std::unique_ptr<PluginOpInstance>> PluginOpInstance::SetUp(
    const PluginKernel& kernel, PluginRankView view, int64_t max_count, DType dtype) {
  const int rank = view.rank;
  const int32_t plugin_dtype = PluginDType(dtype);
  if (plugin_dtype == 0 || (kernel.op->dtypes & SYMMBENCH_DTYPE_BIT(plugin_dtype)) == 0) {
    return absl::FailedPreconditionError(absl::StrCat(kernel.name, ": set-up on rank ", rank,
                                                      ": the op does not run ", DTypeName(dtype)));
  }
  std::unique_ptr<PluginOpInstance> instance(new PluginOpInstance(kernel, std::move(view), dtype));
  char error[kErrorBytes] = {};
  const int32_t status = kernel.op->setup(&instance->comm_, max_count, plugin_dtype,
                                          &instance->state_, error, sizeof(error));
  if (status != SYMMBENCH_OK) {
    instance->kernel_.op = nullptr;  // no teardown of a failed setup
    return absl::FailedPreconditionError(
        absl::StrCat(kernel.name, ": set-up failed on rank ", rank, ": ",
                     PluginErrorText(status, error, sizeof(error))));
  }
  return instance;
}

PluginOpInstance::~PluginOpInstance() {
  if (kernel_.op != nullptr && kernel_.op->teardown != nullptr) kernel_.op->teardown(state_);
}

absl::Status PluginOpInstance::Run(const void* input, void* output, int64_t count) {
  symmbench_op_args args{};
  args.input = input;
  args.output = output;
  args.count = count;
  args.dtype = PluginDType(dtype_);
  char error[kErrorBytes];
  error[0] = '\0';
  const int32_t status = kernel_.op->run(state_, &comm_, &args, error, sizeof(error));
  if (status == SYMMBENCH_OK) return absl::OkStatus();
  return absl::Status(CodeOf(status), absl::StrCat(kernel_.name, ": run on rank ", view_.rank, " (",
                                                   count, " x ", DTypeName(dtype_), "): ",
                                                   PluginErrorText(status, error, sizeof(error))));
}

}  // namespace symmbench
