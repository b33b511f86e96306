// dist_gemm_peer: CUTLASS's experimental Distributed GEMM (DistGEMM,
// include/cutlass/experimental/distributed) as a peer to symmbench's ag_gemm and
// matmul_reduce_scatter on the same GPUs: one process drives world_size GPUs of one host, each
// running the schedule's GEMM iterations (a CUDA graph per GPU: barriers, peer copies of the
// rotated operand, the GEMMs). Built by hand for a GPU host (bazel build -c opt
// //deploy/dist_gemm_peer), not by the test command.
//
//   dist_gemm_peer --op ag_gemm|matmul_reduce_scatter --world-size 2|4 --shapes MxNxK[,...]
//                  [--warmup 5] [--iters 20] [--repeats 5]
//
// Shapes are symmbench's, so rows compare one for one:
// - ag_gemm (M, N, K): rank r holds A's rows [r M/ws, (r+1) M/ws) and all of B [K, N], and ends
//   with C [M, N]. DistGEMM's AllGather1D_TilingCD_RotatingA shards the output's columns, so
//   the same work per GPU is its problem (M, N x ws, K): A rotates round the GPUs, each GPU
//   holds B's columns [r N, (r+1) N) and computes D's.
// - matmul_reduce_scatter (M, N, K): rank r holds A [M, K/ws] and B [K/ws, N] and ends with
//   rows [r M/ws, (r+1) M/ws) of the sum; DistGEMM's ReduceScatter1D_TilingA_RotatingC, problem
//   (M, N, K): partial results rotate and accumulate.
// bf16 inputs, fp32 accumulation, bf16 output (beta 0); the GEMM is CUTLASS's sm90 cooperative
// kernel with symmbench's tile GEMM's tiles (128 x 256 x 64, clusters of 2 x 1). Each GPU's D
// is checked against one CUTLASS GEMM of the global problem on GPU 0 (relative Frobenius
// error, bf16 rounding: < 1e-2). Time: per repeat, CUDA events on every GPU's stream around
// `iters` operations, the slowest GPU's time / iters; the median over repeats, microseconds.
// Output: one JSON object per shape on stdout; errors on stderr, exit status 1.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "cute/tensor.hpp"
#include "cutlass/cutlass.h"
#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/experimental/distributed/device/dist_gemm_universal_wrapper.hpp"
#include "cutlass/experimental/distributed/kernel/dist_gemm_kernel_wrapper.hpp"
#include "cutlass/experimental/distributed/schedules/dist_gemm_1d_schedules.hpp"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/gemm/device/gemm_universal_adapter.h"
#include "cutlass/gemm/kernel/gemm_universal.hpp"

namespace dist_gemm_peer {

using namespace cute;  // NOLINT: CUTLASS's shape vocabulary

using Element = cutlass::bfloat16_t;
using LayoutA = cutlass::layout::RowMajor;     // A [M, K]
using LayoutB = cutlass::layout::ColumnMajor;  // B [K, N] stored as [N, K] (K-major)
using LayoutD = cutlass::layout::ColumnMajor;  // C, D [M, N] column-major (DistGEMM's shards)
constexpr int kAlignment = 8;                  // 16 bytes
using TileShape = Shape<_128, _256, _64>;
using ClusterShape = Shape<_2, _1, _1>;
using Epilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, TileShape, ClusterShape,
    cutlass::epilogue::collective::EpilogueTileAuto, float, float, Element, LayoutD, kAlignment,
    Element, LayoutD, kAlignment, cutlass::epilogue::TmaWarpSpecializedCooperative>::CollectiveOp;
using Mainloop = typename cutlass::gemm::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, Element, LayoutA, kAlignment, Element,
    LayoutB, kAlignment, float, TileShape, ClusterShape,
    cutlass::gemm::collective::StageCountAutoCarveout<static_cast<int>(
        sizeof(typename Epilogue::SharedStorage))>,
    cutlass::gemm::KernelTmaWarpSpecializedCooperative>::CollectiveOp;
using GemmKernel =
    cutlass::gemm::kernel::GemmUniversal<Shape<int, int, int, int>, Mainloop, Epilogue>;
using ReferenceGemm = cutlass::gemm::device::GemmUniversalAdapter<GemmKernel>;
template <class Schedule>
using DistGemm = cutlass::distributed::device::DistributedGemmUniversalAdapter<
    cutlass::distributed::kernel::DistributedGemmKernelWrapper<GemmKernel, Schedule>>;

#define RETURN_IF_CUDA(call)                                                             \
  do {                                                                                   \
    const cudaError_t err_ = (call);                                                     \
    if (err_ != cudaSuccess) {                                                           \
      std::fprintf(stderr, "dist_gemm_peer: %s: %s\n", #call, cudaGetErrorString(err_)); \
      return false;                                                                      \
    }                                                                                    \
  } while (0)
#define RETURN_IF_CUTLASS(call)                               \
  do {                                                        \
    const cutlass::Status status_ = (call);                   \
    if (status_ != cutlass::Status::kSuccess) {               \
      std::fprintf(stderr, "dist_gemm_peer: %s: %s\n", #call, \
                   cutlass::cutlassGetStatusString(status_)); \
      return false;                                           \
    }                                                         \
  } while (0)

// Device memory on one GPU, freed on destruction.
class Buffer {
 public:
  Buffer() = default;
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  ~Buffer() {
    if (ptr_ != nullptr) {
      cudaSetDevice(device_);
      cudaFree(ptr_);
    }
  }
  bool Allocate(int device, size_t bytes) {
    device_ = device;
    RETURN_IF_CUDA(cudaSetDevice(device));
    RETURN_IF_CUDA(cudaMalloc(&ptr_, std::max<size_t>(bytes, 256)));
    return true;
  }
  template <class T = void>
  T* get() const {
    return static_cast<T*>(ptr_);
  }

 private:
  int device_ = 0;
  void* ptr_ = nullptr;
};

// Stream and timing events on one GPU, destroyed on destruction.
struct DeviceStream {
  int device = 0;
  cudaStream_t stream = nullptr;
  cudaEvent_t start = nullptr, stop = nullptr;
  ~DeviceStream() {
    cudaSetDevice(device);
    if (start != nullptr) cudaEventDestroy(start);
    if (stop != nullptr) cudaEventDestroy(stop);
    if (stream != nullptr) cudaStreamDestroy(stream);
  }
};

// x[i] = a uniform draw in [-1, 1) from (seed, i), rounded to bf16.
__global__ void FillUniform(Element* x, int64_t count, uint64_t seed) {
  for (int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    uint64_t h = (static_cast<uint64_t>(i) + seed) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    x[i] = Element(static_cast<float>(h >> 40) / static_cast<float>(1 << 23) - 1.0f);
  }
}

// dst(i) = src(i) for every element of two tensors of one shape (src may be a peer's memory).
template <class Src, class Dst>
__global__ void CopyTensor(Src src, Dst dst) {
  for (int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < size(dst);
       i += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    dst(i) = src(i);
  }
}

// sums[0] += sum (got - want)^2, sums[1] += sum want^2 over two tensors of one shape.
template <class Got, class Want>
__global__ void ErrorSums(Got got, Want want, double* sums) {
  double diff = 0, norm = 0;
  for (int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < size(got);
       i += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    const double g = static_cast<float>(got(i)), w = static_cast<float>(want(i));
    diff += (g - w) * (g - w);
    norm += w * w;
  }
  atomicAdd(&sums[0], diff);
  atomicAdd(&sums[1], norm);
}

// A packed stride of `Stride` (CUTLASS's rank-3 (rows, cols, batch) strides with one unit mode)
// for a rows x cols matrix.
template <class Stride>
Stride Packed(int64_t rows, int64_t cols) {
  Stride stride{};
  if constexpr (cute::is_same_v<cute::remove_cvref_t<decltype(get<1>(stride))>, _1>) {
    get<0>(stride) = cols;  // rows of `cols` contiguous elements
  } else {
    get<1>(stride) = rows;  // columns of `rows` contiguous elements
  }
  get<2>(stride) = rows * cols;
  return stride;
}

struct Options {
  std::string op;
  int world_size = 0;
  std::vector<std::vector<int>> shapes;
  int warmup = 5;
  int iters = 20;
  int repeats = 5;
};

// The problem of one shape on DistGEMM, then: fill, distribute, check, time (the module note).
template <class Schedule>
bool RunShape(const Options& opt, int m, int n, int k) {
  constexpr int kTp = typename Schedule::TP{};
  using Dist = DistGemm<Schedule>;
  using StrideA = typename GemmKernel::StrideA;
  using StrideB = typename GemmKernel::StrideB;
  using StrideD = typename GemmKernel::StrideD;
  const bool gather = opt.op == "ag_gemm";
  const int dist_n = gather ? n * kTp : n;
  auto problem = make_shape(m, dist_n, k, 1);

  // Global operands and the reference D on GPU 0.
  Buffer a, b, d_ref, sums;
  const int64_t a_count = int64_t{m} * k, b_count = int64_t{dist_n} * k;
  const int64_t d_count = int64_t{m} * dist_n;
  if (!a.Allocate(0, 2 * a_count) || !b.Allocate(0, 2 * b_count) ||
      !d_ref.Allocate(0, 2 * d_count) || !sums.Allocate(0, 2 * sizeof(double) * kTp)) {
    return false;
  }
  FillUniform<<<1024, 256>>>(a.get<Element>(), a_count, 1);
  FillUniform<<<1024, 256>>>(b.get<Element>(), b_count, 2);
  RETURN_IF_CUDA(cudaGetLastError());
  const StrideA stride_a = Packed<StrideA>(m, k);
  const StrideB stride_b = Packed<StrideB>(dist_n, k);
  const StrideD stride_d = Packed<StrideD>(m, dist_n);
  {
    typename ReferenceGemm::Arguments args{
        cutlass::gemm::GemmUniversalMode::kGemm,
        {m, dist_n, k, 1},
        {a.get<Element>(), stride_a, b.get<Element>(), stride_b},
        {{1.0f, 0.0f}, d_ref.get<Element>(), stride_d, d_ref.get<Element>(), stride_d}};
    ReferenceGemm reference;
    Buffer workspace;
    if (!workspace.Allocate(0, ReferenceGemm::get_workspace_size(args))) return false;
    RETURN_IF_CUTLASS(reference.can_implement(args));
    RETURN_IF_CUTLASS(reference.initialize(args, workspace.get()));
    RETURN_IF_CUTLASS(reference.run());
    RETURN_IF_CUDA(cudaDeviceSynchronize());
  }
  auto global_a =
      make_tensor(make_gmem_ptr(a.get<Element>()), make_layout(make_shape(m, k, 1), stride_a));
  auto global_b =
      make_tensor(make_gmem_ptr(b.get<Element>()), make_layout(make_shape(dist_n, k, 1), stride_b));
  auto global_d = make_tensor(make_gmem_ptr(d_ref.get<Element>()),
                              make_layout(make_shape(m, dist_n, 1), stride_d));

  // Every GPU's shards, its DistGEMM and its workspaces.
  auto local_a_shape = Schedule::get_local_a_shape(problem);
  auto local_b_shape = Schedule::get_local_b_shape(problem);
  auto local_d_shape = Schedule::get_local_d_shape(problem);
  std::vector<Buffer> local_a(kTp), local_b(kTp), local_c(kTp), local_d(kTp), workspace(kTp),
      exclusive(kTp);
  std::vector<DeviceStream> streams(kTp);
  std::vector<Dist> dist(kTp);
  typename Dist::Arguments args[kTp];
  void* workspace_ptrs[kTp];
  void* exclusive_ptrs[kTp];
  for (int dev = 0; dev < kTp; ++dev) {
    DeviceStream& s = streams[dev];
    s.device = dev;
    RETURN_IF_CUDA(cudaSetDevice(dev));
    RETURN_IF_CUDA(cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking));
    RETURN_IF_CUDA(cudaEventCreate(&s.start));
    RETURN_IF_CUDA(cudaEventCreate(&s.stop));
    if (!local_a[dev].Allocate(dev, 2 * size(local_a_shape)) ||
        !local_b[dev].Allocate(dev, 2 * size(local_b_shape)) ||
        !local_c[dev].Allocate(dev, 2 * size(local_d_shape)) ||
        !local_d[dev].Allocate(dev, 2 * size(local_d_shape))) {
      return false;
    }
    auto a_view = make_tensor(
        make_gmem_ptr(local_a[dev].get<Element>()),
        make_layout(local_a_shape, Packed<StrideA>(get<0>(local_a_shape), get<1>(local_a_shape))));
    auto b_view = make_tensor(
        make_gmem_ptr(local_b[dev].get<Element>()),
        make_layout(local_b_shape, Packed<StrideB>(get<0>(local_b_shape), get<1>(local_b_shape))));
    CopyTensor<<<1024, 256, 0, s.stream>>>(Schedule::get_device_slice_A(global_a, dev), a_view);
    CopyTensor<<<1024, 256, 0, s.stream>>>(Schedule::get_device_slice_B(global_b, dev), b_view);
    RETURN_IF_CUDA(cudaGetLastError());
    RETURN_IF_CUDA(cudaMemsetAsync(local_c[dev].get(), 0, 2 * size(local_d_shape), s.stream));
    RETURN_IF_CUDA(cudaMemsetAsync(local_d[dev].get(), 0xFF, 2 * size(local_d_shape), s.stream));
    const auto local_stride_d = Packed<StrideD>(get<0>(local_d_shape), get<1>(local_d_shape));
    args[dev] = typename Dist::Arguments{cutlass::gemm::GemmUniversalMode::kGemm,
                                         problem,
                                         {local_a[dev].get<Element>(), a_view.stride(),
                                          local_b[dev].get<Element>(), b_view.stride()},
                                         {{1.0f, 0.0f},
                                          local_c[dev].get<Element>(),
                                          local_stride_d,
                                          local_d[dev].get<Element>(),
                                          local_stride_d},
                                         {},
                                         {}};
  }
  for (int dev = 0; dev < kTp; ++dev) {
    RETURN_IF_CUDA(cudaSetDevice(dev));
    const size_t exclusive_bytes = Dist::get_exclusive_workspace_size();
    if (!workspace[dev].Allocate(dev, Dist::get_workspace_size(args, dev)) ||
        !exclusive[dev].Allocate(dev, exclusive_bytes)) {
      return false;
    }
    RETURN_IF_CUDA(cudaMemset(exclusive[dev].get(), 0, exclusive_bytes));
    workspace_ptrs[dev] = workspace[dev].get();
    exclusive_ptrs[dev] = exclusive[dev].get();
  }
  for (int dev = 0; dev < kTp; ++dev) {
    RETURN_IF_CUDA(cudaSetDevice(dev));
    RETURN_IF_CUDA(cudaDeviceSynchronize());
  }
  for (int dev = 0; dev < kTp; ++dev) {
    RETURN_IF_CUDA(cudaSetDevice(dev));
    RETURN_IF_CUTLASS(dist[dev].can_implement(args[dev]));
    RETURN_IF_CUTLASS(dist[dev].initialize(args, workspace_ptrs, exclusive_ptrs, dev,
                                           streams[dev].stream, /*launch_with_pdl=*/false));
    RETURN_IF_CUDA(cudaDeviceSynchronize());
  }
  auto run_all = [&]() -> bool {
    for (int dev = 0; dev < kTp; ++dev) {
      RETURN_IF_CUDA(cudaSetDevice(dev));
      RETURN_IF_CUTLASS(dist[dev].run(streams[dev].stream));
    }
    return true;
  };

  // One operation, then every GPU's D against its slice of the reference.
  if (!run_all()) return false;
  double worst = 0;
  for (int dev = 0; dev < kTp; ++dev) {
    RETURN_IF_CUDA(cudaSetDevice(dev));
    RETURN_IF_CUDA(cudaStreamSynchronize(streams[dev].stream));
    double* dev_sums = sums.get<double>() + 2 * dev;
    RETURN_IF_CUDA(cudaMemset(dev_sums, 0, 2 * sizeof(double)));
    auto d_view = make_tensor(
        make_gmem_ptr(local_d[dev].get<Element>()),
        make_layout(local_d_shape, Packed<StrideD>(get<0>(local_d_shape), get<1>(local_d_shape))));
    ErrorSums<<<1024, 256, 0, streams[dev].stream>>>(
        d_view, Schedule::get_device_slice_D(global_d, dev), dev_sums);
    RETURN_IF_CUDA(cudaGetLastError());
    RETURN_IF_CUDA(cudaStreamSynchronize(streams[dev].stream));
    double host[2];
    RETURN_IF_CUDA(cudaMemcpy(host, dev_sums, sizeof(host), cudaMemcpyDeviceToHost));
    const double error =
        host[1] > 0 && std::isfinite(host[0]) ? std::sqrt(host[0] / host[1]) : 1e30;
    worst = std::max(worst, error);
  }

  // Warm-up, then `repeats` timed loops of `iters` operations.
  for (int i = 0; i < opt.warmup; ++i) {
    if (!run_all()) return false;
  }
  std::vector<double> times;
  for (int r = 0; r < opt.repeats; ++r) {
    for (int dev = 0; dev < kTp; ++dev) {
      RETURN_IF_CUDA(cudaSetDevice(dev));
      RETURN_IF_CUDA(cudaStreamSynchronize(streams[dev].stream));
    }
    for (int dev = 0; dev < kTp; ++dev) {
      RETURN_IF_CUDA(cudaSetDevice(dev));
      RETURN_IF_CUDA(cudaEventRecord(streams[dev].start, streams[dev].stream));
    }
    for (int i = 0; i < opt.iters; ++i) {
      if (!run_all()) return false;
    }
    double slowest = 0;
    for (int dev = 0; dev < kTp; ++dev) {
      RETURN_IF_CUDA(cudaSetDevice(dev));
      RETURN_IF_CUDA(cudaEventRecord(streams[dev].stop, streams[dev].stream));
    }
    for (int dev = 0; dev < kTp; ++dev) {
      RETURN_IF_CUDA(cudaEventSynchronize(streams[dev].stop));
      float ms = 0;
      RETURN_IF_CUDA(cudaEventElapsedTime(&ms, streams[dev].start, streams[dev].stop));
      slowest = std::max(slowest, 1000.0 * ms / opt.iters);
    }
    times.push_back(slowest);
  }
  std::vector<double> sorted = times;
  std::sort(sorted.begin(), sorted.end());
  std::printf(
      "{\"op\": \"%s\", \"world_size\": %d, \"m\": %d, \"n\": %d, \"k\": %d, \"dist_problem\": "
      "[%d, "
      "%d, %d], \"schedule\": \"%s\", \"t_us\": %.1f, \"t_us_repeats\": [",
      opt.op.c_str(), kTp, m, n, k, m, dist_n, k,
      gather ? "AllGather1D_TilingCD_RotatingA" : "ReduceScatter1D_TilingA_RotatingC",
      sorted[sorted.size() / 2]);
  for (size_t i = 0; i < times.size(); ++i) std::printf("%s%.1f", i ? ", " : "", times[i]);
  std::printf("], \"rel_error\": %.3g, \"ok\": %s}\n", worst, worst < 1e-2 ? "true" : "false");
  std::fflush(stdout);
  return worst < 1e-2;
}

template <int kTp>
bool RunShapeAt(const Options& opt, int m, int n, int k) {
  using Tp = Int<kTp>;
  if (opt.op == "ag_gemm") {
    return RunShape<cutlass::distributed::schedules::AllGather1D_TilingCD_RotatingA<Tp>>(opt, m, n,
                                                                                         k);
  }
  return RunShape<cutlass::distributed::schedules::ReduceScatter1D_TilingA_RotatingC<Tp>>(opt, m, n,
                                                                                          k);
}

bool Parse(int argc, char** argv, Options* opt) {
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i], value = argv[i + 1];
    if (flag == "--op") {
      opt->op = value;
    } else if (flag == "--world-size") {
      opt->world_size = std::atoi(value.c_str());
    } else if (flag == "--warmup") {
      opt->warmup = std::atoi(value.c_str());
    } else if (flag == "--iters") {
      opt->iters = std::atoi(value.c_str());
    } else if (flag == "--repeats") {
      opt->repeats = std::atoi(value.c_str());
    } else if (flag == "--shapes") {
      size_t start = 0;
      while (start < value.size()) {
        size_t end = value.find(',', start);
        if (end == std::string::npos) end = value.size();
        int m = 0, n = 0, k = 0;
        if (std::sscanf(value.substr(start, end - start).c_str(), "%dx%dx%d", &m, &n, &k) != 3 ||
            m < 1 || n < 1 || k < 1) {
          std::fprintf(stderr, "dist_gemm_peer: --shapes: want MxNxK, got \"%s\"\n",
                       value.substr(start, end - start).c_str());
          return false;
        }
        opt->shapes.push_back({m, n, k});
        start = end + 1;
      }
    } else {
      std::fprintf(stderr, "dist_gemm_peer: unknown flag %s\n", flag.c_str());
      return false;
    }
  }
  if (opt->op != "ag_gemm" && opt->op != "matmul_reduce_scatter") {
    std::fprintf(stderr, "dist_gemm_peer: --op: ag_gemm or matmul_reduce_scatter\n");
    return false;
  }
  if (opt->world_size != 2 && opt->world_size != 4) {
    std::fprintf(stderr, "dist_gemm_peer: --world-size: 2 or 4\n");
    return false;
  }
  if (opt->shapes.empty() || opt->iters < 1 || opt->repeats < 1 || opt->warmup < 0) {
    std::fprintf(stderr, "dist_gemm_peer: --shapes, --iters >= 1, --repeats >= 1 needed\n");
    return false;
  }
  return true;
}

}  // namespace dist_gemm_peer

int main(int argc, char** argv) {
  using namespace dist_gemm_peer;  // NOLINT
  Options opt;
  if (!Parse(argc, argv, &opt)) return 1;
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices < opt.world_size) {
    std::fprintf(stderr, "dist_gemm_peer: --world-size %d, but %d GPUs\n", opt.world_size, devices);
    return 1;
  }
  for (int dev = 0; dev < opt.world_size; ++dev) {
    cudaSetDevice(dev);
    for (int peer = 0; peer < opt.world_size; ++peer) {
      if (peer == dev) continue;
      const cudaError_t err = cudaDeviceEnablePeerAccess(peer, 0);
      if (err != cudaSuccess && err != cudaErrorPeerAccessAlreadyEnabled) {
        std::fprintf(stderr, "dist_gemm_peer: cudaDeviceEnablePeerAccess(%d -> %d): %s\n", dev,
                     peer, cudaGetErrorString(err));
        return 1;
      }
      cudaGetLastError();
    }
  }
  cudaSetDevice(0);
  bool ok = true;
  for (const std::vector<int>& s : opt.shapes) {
    ok = (opt.world_size == 2 ? RunShapeAt<2>(opt, s[0], s[1], s[2])
                              : RunShapeAt<4>(opt, s[0], s[1], s[2])) &&
         ok;
    cudaSetDevice(0);
  }
  return ok ? 0 : 1;
}
