// CaptureCudaGraph: stream capture -> cudaGraph_t -> cudaGraphExec_t, with RAII for both and a
// capture that is always ended, whatever fails.
#include "kernels/cuda/cuda_graph.h"

#include <cuda_runtime_api.h>

#include <memory>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_owners.h"

namespace symmbench {
namespace {

class CudaGraph final : public Graph {
 public:
  // `exec` carries GraphExecDeleter{device}: destroyed on `device`.
  CudaGraph(int device, cudaStream_t stream, GraphExecPtr exec)
      : device_(device), stream_(stream), exec_(std::move(exec)) {}

  absl::Status Launch() override {
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(device_), "cudaSetDevice");
    SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaGraphLaunch(exec_.get(), stream_), "cudaGraphLaunch");
    return absl::OkStatus();
  }

 private:
  const int device_;
  const cudaStream_t stream_;
  GraphExecPtr exec_;
};

}  // namespace

absl::StatusOr<std::unique_ptr<Graph>> CaptureCudaGraph(int device, cudaStream_t stream,
                                                        const std::function<absl::Status()>& body,
                                                        int repeats) {
  if (repeats < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("CaptureGraph: repeats must be >= 1 (got ", repeats, ")"));
  }
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaSetDevice(device), "cudaSetDevice");
  SYMMBENCH_RETURN_IF_CUDA_ERROR(
      cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal),
      "CaptureGraph: cudaStreamBeginCapture(cudaStreamCaptureModeThreadLocal)");
  absl::Status body_status;
  for (int i = 0; i < repeats && body_status.ok(); ++i) {
    body_status = body();
    if (!body_status.ok()) {
      body_status =
          absl::Status(body_status.code(), absl::StrCat("CaptureGraph: body call ", i + 1, " of ",
                                                        repeats, ": ", body_status.message()));
    }
  }
  // Always end the capture, so the stream leaves capture mode whatever happened above.
  cudaGraph_t raw_graph = nullptr;
  const cudaError_t ended = cudaStreamEndCapture(stream, &raw_graph);
  GraphPtr graph(raw_graph);  // the partial graph too, if any: destroyed on every return
  if (!body_status.ok()) {
    (void)cudaGetLastError();  // an invalidated capture leaves its error behind
    return body_status;
  }
  SYMMBENCH_RETURN_IF_CUDA_ERROR(ended, "CaptureGraph: cudaStreamEndCapture");
  if (graph == nullptr) {
    return absl::InternalError("CaptureGraph: cudaStreamEndCapture returned no graph");
  }
  cudaGraphExec_t raw_exec = nullptr;
  SYMMBENCH_RETURN_IF_CUDA_ERROR(cudaGraphInstantiate(&raw_exec, graph.get(), 0),
                                 "CaptureGraph: cudaGraphInstantiate");
  // The executable graph is independent of `graph`, which is destroyed on return.
  return std::unique_ptr<Graph>(std::make_unique<CudaGraph>(
      device, stream, GraphExecPtr(raw_exec, GraphExecDeleter{device})));
}

}  // namespace symmbench
