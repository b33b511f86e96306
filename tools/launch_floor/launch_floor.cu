// launch_floor: what a CUDA-graph kernel node costs on this GPU, the floor under any one-kernel
// all-reduce timed in graph mode. Captures N launches of a kernel (1 block of 32 threads) into a
// graph, replays it 20 times after 5 warm-up replays, and prints the median time per node in
// microseconds: an empty kernel (N = 100 and N = 10, the service's graph batch), the same with
// programmatic dependent launch (the push one-shot's launch mode), and, when a second GPU is
// peer-accessible, a kernel whose one thread stores 16 bytes into the peer's memory (a kernel
// cannot complete before its remote stores are acknowledged: one NVLink write round trip) or
// loads 16 bytes from it (one read round trip), and the one-way latency of a flag stored into
// the peer's memory and polled there (a ping-pong of 1000 rounds between one thread on each
// GPU, timed with %globaltimer: round trip / 2). Two more bodies locate the one-GPU floor of the
// Lamport kernels (kernels/cuda/lamport_push.h): 128 threads copying 2 KiB with PDL (the least
// any one-kernel all-reduce does at one rank), and the Lamport push all-reduce itself at one
// rank (world size 1: nothing crosses, so its time is its own path). Usage:
// launch_floor [device [peer]]. Exit 1 on any CUDA error.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "kernels/cuda/lamport_push.h"

namespace {

constexpr int kNodes = 100;
enum class Body { kEmpty, kRemoteStore, kRemoteLoad, kLocalCopy, kLamport };
constexpr int kCopyThreads = 128;  // one 16-byte vector each: 2 KiB
constexpr int kWarmup = 5;
constexpr int kReplays = 20;

__global__ void EmptyKernel() {}

__global__ void EmptyPdlKernel() {
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;" :::);
}

__global__ void RemoteStoreKernel(uint4* peer) {
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;" :::);
  if (threadIdx.x == 0) *peer = make_uint4(1, 2, 3, 4);
}

__global__ void RemoteLoadKernel(const uint4* peer, uint4* local) {
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;" :::);
  if (threadIdx.x == 0) {
    uint4 v;
    asm volatile("ld.volatile.global.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(peer));
    *local = v;
  }
}

__global__ void LocalCopyKernel(const uint4* in, uint4* out) {
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;" :::);
  out[threadIdx.x] = in[threadIdx.x];
}

void Check(cudaError_t err, const char* what) {
  if (err != cudaSuccess) {
    std::fprintf(stderr, "launch_floor: %s: %s\n", what, cudaGetErrorString(err));
    std::exit(1);
  }
}

// Ping-pong: `remote` is the other GPU's flag, `local` this GPU's; the initiator stores round r
// into `remote` and waits for r in `local`; the responder waits for r, then stores it back.
// Writes the initiator's elapsed nanoseconds to *elapsed_ns.
__global__ void PingPongKernel(volatile uint32_t* remote, volatile uint32_t* local, int rounds,
                               bool initiator, uint64_t* elapsed_ns) {
  uint64_t start;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  for (uint32_t r = 1; r <= static_cast<uint32_t>(rounds); ++r) {
    if (initiator) *remote = r;
    while (*local != r) {
    }
    if (!initiator) *remote = r;
  }
  uint64_t end;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(end));
  if (initiator) *elapsed_ns = end - start;
}

uint4* g_peer = nullptr;                // 16 bytes on the peer GPU
uint4* g_local = nullptr;               // 16 bytes on this GPU
uint4* g_copy[2] = {nullptr, nullptr};  // 2 KiB in, 2 KiB out on this GPU
symmbench::LamportPushArgs g_lamport;   // a one-rank Lamport all-reduce

cudaError_t Launch(bool pdl, Body body, cudaStream_t stream) {
  if (!pdl) {
    EmptyKernel<<<1, 32, 0, stream>>>();
    return cudaGetLastError();
  }
  if (body == Body::kLamport) return symmbench::LaunchLamportPush(g_lamport, stream);
  cudaLaunchAttribute attribute;
  attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(1);
  config.blockDim = dim3(32);
  config.stream = stream;
  config.attrs = &attribute;
  config.numAttrs = 1;
  switch (body) {
    case Body::kRemoteStore:
      return cudaLaunchKernelEx(&config, RemoteStoreKernel, g_peer);
    case Body::kRemoteLoad:
      return cudaLaunchKernelEx(&config, RemoteLoadKernel, static_cast<const uint4*>(g_peer),
                                g_local);
    case Body::kLocalCopy:
      config.blockDim = dim3(kCopyThreads);
      return cudaLaunchKernelEx(&config, LocalCopyKernel, static_cast<const uint4*>(g_copy[0]),
                                g_copy[1]);
    default:
      return cudaLaunchKernelEx(&config, EmptyPdlKernel);
  }
}

// The local bodies' buffers: the copy's 2 KiB in and out, and a one-rank Lamport all-reduce of
// up to 64 KiB bf16 (its slots initialised to the sentinel, its state zeroed).
void SetUpLocalBodies() {
  constexpr int64_t kMaxBytes = 65536;
  for (uint4*& p : g_copy) Check(cudaMalloc(&p, kCopyThreads * sizeof(uint4)), "cudaMalloc(copy)");
  Check(cudaMemset(g_copy[0], 1, kCopyThreads * sizeof(uint4)), "cudaMemset(copy)");
  void* input = nullptr;
  void* output = nullptr;
  void* slots = nullptr;
  symmbench::PushState* state = nullptr;
  symmbench::DeviceErrorRecord* error = nullptr;
  const size_t slot_bytes = symmbench::PushSlotBytes(kMaxBytes, 1);
  Check(cudaMalloc(&input, kMaxBytes), "cudaMalloc(input)");
  Check(cudaMemset(input, 0x3c, kMaxBytes), "cudaMemset(input)");  // bf16 1.17, no sentinel
  Check(cudaMalloc(&output, kMaxBytes), "cudaMalloc(output)");
  Check(cudaMalloc(&slots, slot_bytes * symmbench::kPushSlots), "cudaMalloc(slots)");
  Check(cudaMalloc(&state, sizeof(*state)), "cudaMalloc(state)");
  Check(cudaMalloc(&error, sizeof(*error)), "cudaMalloc(error)");
  Check(cudaMemset(error, 0, sizeof(*error)), "cudaMemset(error)");
  Check(symmbench::LaunchPushInit(slots, slot_bytes * symmbench::kPushSlots, state, nullptr),
        "LaunchPushInit");
  Check(cudaDeviceSynchronize(), "synchronize(init)");
  g_lamport.input = input;
  g_lamport.output = output;
  g_lamport.slots[0] = slots;
  g_lamport.slot_bytes = slot_bytes;
  g_lamport.state = state;
  g_lamport.error = error;
  g_lamport.timeout_ns = 1000000000;
}

// Median microseconds per node over kReplays replays of a `nodes`-node graph.
double NodeMicroseconds(bool pdl, Body body, int nodes, cudaStream_t stream) {
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  Check(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal), "begin capture");
  for (int i = 0; i < nodes; ++i) Check(Launch(pdl, body, stream), "launch");
  Check(cudaStreamEndCapture(stream, &graph), "end capture");
  Check(cudaGraphInstantiate(&exec, graph, 0), "instantiate");
  cudaEvent_t start, stop;
  Check(cudaEventCreate(&start), "event");
  Check(cudaEventCreate(&stop), "event");
  for (int i = 0; i < kWarmup; ++i) Check(cudaGraphLaunch(exec, stream), "warm-up replay");
  std::vector<double> us;
  for (int i = 0; i < kReplays; ++i) {
    Check(cudaEventRecord(start, stream), "record");
    Check(cudaGraphLaunch(exec, stream), "replay");
    Check(cudaEventRecord(stop, stream), "record");
    Check(cudaEventSynchronize(stop), "synchronize");
    float ms = 0;
    Check(cudaEventElapsedTime(&ms, start, stop), "elapsed");
    us.push_back(ms * 1000.0 / nodes);
  }
  std::sort(us.begin(), us.end());
  Check(cudaGraphExecDestroy(exec), "destroy exec");
  Check(cudaGraphDestroy(graph), "destroy graph");
  return us[us.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const int device = argc > 1 ? std::atoi(argv[1]) : 0;
  const int peer = argc > 2 ? std::atoi(argv[2]) : 1 - device;
  Check(cudaSetDevice(device), "cudaSetDevice");
  cudaStream_t stream;
  Check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "stream");
  cudaDeviceProp prop;
  Check(cudaGetDeviceProperties(&prop, device), "properties");
  std::printf("# %s: kernel of 1 block x 32 threads, graph of N nodes, median of %d replays\n",
              prop.name, kReplays);
  std::printf("%-34s %4s %12s\n", "# kernel", "N", "us per node");
  std::printf("%-34s %4d %12.3f\n", "empty", kNodes,
              NodeMicroseconds(false, Body::kEmpty, kNodes, stream));
  std::printf("%-34s %4d %12.3f\n", "empty", 10, NodeMicroseconds(false, Body::kEmpty, 10, stream));
  std::printf("%-34s %4d %12.3f\n", "empty, pdl", kNodes,
              NodeMicroseconds(true, Body::kEmpty, kNodes, stream));
  std::printf("%-34s %4d %12.3f\n", "empty, pdl", 10,
              NodeMicroseconds(true, Body::kEmpty, 10, stream));
  SetUpLocalBodies();
  std::printf("%-34s %4d %12.3f\n", "pdl, 2 KiB local copy", kNodes,
              NodeMicroseconds(true, Body::kLocalCopy, kNodes, stream));
  for (int64_t bytes : {int64_t{2048}, int64_t{65536}}) {
    g_lamport.count = bytes / 2;
    Check(symmbench::LamportPushMaxBlocks(g_lamport.op, g_lamport.dtype, 1, &g_lamport.max_blocks),
          "LamportPushMaxBlocks");
    char label[64];
    std::snprintf(label, sizeof(label), "lamport all-reduce, 1 rank, %lld KiB",
                  static_cast<long long>(bytes / 1024));
    std::printf("%-34s %4d %12.3f\n", label, kNodes,
                NodeMicroseconds(true, Body::kLamport, kNodes, stream));
  }
  int count = 0;
  int can_access = 0;
  Check(cudaGetDeviceCount(&count), "cudaGetDeviceCount");
  if (peer < 0 || peer >= count || peer == device) return 0;
  Check(cudaDeviceCanAccessPeer(&can_access, device, peer), "cudaDeviceCanAccessPeer");
  if (!can_access) return 0;
  Check(cudaDeviceEnablePeerAccess(peer, 0), "cudaDeviceEnablePeerAccess");
  Check(cudaSetDevice(peer), "cudaSetDevice(peer)");
  Check(cudaMalloc(&g_peer, sizeof(uint4)), "cudaMalloc(peer)");
  Check(cudaSetDevice(device), "cudaSetDevice");
  Check(cudaMalloc(&g_local, sizeof(uint4)), "cudaMalloc(local)");
  std::printf("%-34s %4d %12.3f\n", "pdl, 16 B store to the peer", kNodes,
              NodeMicroseconds(true, Body::kRemoteStore, kNodes, stream));
  std::printf("%-34s %4d %12.3f\n", "pdl, 16 B load from the peer", kNodes,
              NodeMicroseconds(true, Body::kRemoteLoad, kNodes, stream));

  // Ping-pong between one thread per GPU over flags in each GPU's memory.
  constexpr int kRounds = 1000;
  uint32_t* flag[2] = {nullptr, nullptr};  // [0] on device, [1] on peer
  uint64_t* elapsed = nullptr;
  cudaStream_t peer_stream;
  Check(cudaMalloc(&flag[0], 4), "cudaMalloc(flag)");
  Check(cudaMemset(flag[0], 0, 4), "cudaMemset(flag)");
  Check(cudaMallocManaged(&elapsed, sizeof(uint64_t)), "cudaMallocManaged");
  Check(cudaSetDevice(peer), "cudaSetDevice(peer)");
  Check(cudaDeviceEnablePeerAccess(device, 0), "cudaDeviceEnablePeerAccess(back)");
  Check(cudaMalloc(&flag[1], 4), "cudaMalloc(peer flag)");
  Check(cudaMemset(flag[1], 0, 4), "cudaMemset(peer flag)");
  Check(cudaDeviceSynchronize(), "synchronize(peer)");
  Check(cudaStreamCreateWithFlags(&peer_stream, cudaStreamNonBlocking), "stream(peer)");
  PingPongKernel<<<1, 1, 0, peer_stream>>>(flag[0], flag[1], kRounds, false, elapsed);
  Check(cudaGetLastError(), "launch(responder)");
  Check(cudaSetDevice(device), "cudaSetDevice");
  PingPongKernel<<<1, 1, 0, stream>>>(flag[1], flag[0], kRounds, true, elapsed);
  Check(cudaGetLastError(), "launch(initiator)");
  Check(cudaStreamSynchronize(stream), "synchronize(initiator)");
  Check(cudaSetDevice(peer), "cudaSetDevice(peer)");
  Check(cudaStreamSynchronize(peer_stream), "synchronize(responder)");
  Check(cudaSetDevice(device), "cudaSetDevice");
  std::printf("%-34s %4d %12.3f\n", "ping-pong flag, one way (us)", kRounds,
              static_cast<double>(*elapsed) / kRounds / 2 / 1000.0);
  return 0;
}
