// Multi-rank check of the CUDA backend on one host: forks one process per GPU (rank r uses
// device r), meets through a file-based Rendezvous, checks one_shot_all_reduce bitwise against
// NCCL, times both, and then (with --timeout-test) provokes a signal-pad barrier timeout, or
// (with --abort-test) has rank 1 give up (Backend::Abort) while its peers wait for it in a
// barrier: they must stop at once, with ABORTED naming rank 1, not at their deadline: their
// kernels leave the barrier ("device waits stopped"), not only their hosts' wait. With a plugin
// library after --abort-test, the waiting op is that plugin's op `one_shot` (a CUDA plugin of ABI
// version 2 polls comm->abort_word; one of version 1 gets NULL there and waits to its deadline).
// Usage: one_shot_multi_rank_check WORLD_SIZE [--timeout-test|--abort-test [PLUGIN.so]]. Exit 0
// only if all passed.
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "kernels/backend.h"
#include "kernels/cuda/device_types.h"
#include "kernels/cuda/one_shot_all_reduce.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"
#include "kernels/plugin_kernel.h"

namespace symmbench {
namespace {

constexpr int64_t kMaxBytes = 32 << 20;
constexpr auto kTimeout = std::chrono::milliseconds(10000);  // device barriers: 5 s
// The abort test: rank 1 gives up this long after its peers entered the barrier; they must have
// stopped within kAbortSlack of it (their deadline is 5 s away).
constexpr auto kAbortAfter = std::chrono::milliseconds(200);
constexpr auto kAbortSlack = std::chrono::milliseconds(300);
constexpr int kWarmup = 20;
constexpr int kIters = 100;
constexpr int kRepeats = 5;  // median of this many loops of kIters

// Rendezvous over files in `dir`: AllGather writes dir/tag.rank (atomically, by rename) and
// polls until every rank's file exists. For this check only; the worker uses the Store.
class FileRendezvous final : public Rendezvous {
 public:
  FileRendezvous(std::string dir, int rank, int world)
      : dir_(std::move(dir)), rank_(rank), world_(world) {}
  int rank() const override { return rank_; }
  int world_size() const override { return world_; }
  absl::StatusOr<std::vector<std::string>> AllGather(const std::string& raw_tag,
                                                     const std::string& value) override {
    // Tags may hold '/' ("grid_cap/one_shot_all_reduce/0"): one flat file name per tag.
    std::string tag = raw_tag;
    std::replace(tag.begin(), tag.end(), '/', '%');
    const std::string mine = absl::StrCat(dir_, "/", tag, ".", rank_);
    {
      std::ofstream out(mine + ".tmp", std::ios::binary);
      out << value;
      if (!out) return absl::InternalError("FileRendezvous: cannot write " + mine);
    }
    if (std::rename((mine + ".tmp").c_str(), mine.c_str()) != 0) {
      return absl::InternalError("FileRendezvous: rename failed for " + mine);
    }
    std::vector<std::string> values(world_);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    for (int r = 0; r < world_; ++r) {
      const std::string path = absl::StrCat(dir_, "/", tag, ".", r);
      while (true) {
        std::ifstream in(path, std::ios::binary);
        if (in) {
          std::stringstream ss;
          ss << in.rdbuf();
          values[r] = ss.str();
          break;
        }
        if (std::chrono::steady_clock::now() > deadline) {
          return absl::DeadlineExceededError(
              absl::StrCat("FileRendezvous ", tag, ": rank ", r, " missing"));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
    }
    return values;
  }
  absl::Status Barrier(const std::string& tag) override { return AllGather(tag, "").status(); }

 private:
  const std::string dir_;
  const int rank_;
  const int world_;
};

#define CHECK_OK(expr)                                                                      \
  do {                                                                                      \
    const absl::Status s_ = (expr);                                                         \
    if (!s_.ok()) {                                                                         \
      std::fprintf(stderr, "rank %d: %s failed: %s\n", rank, #expr, s_.ToString().c_str()); \
      std::fflush(nullptr);                                                                 \
      return 1;                                                                             \
    }                                                                                       \
  } while (0)

// Median over kRepeats of (time of kIters ops) / kIters, in microseconds.
absl::StatusOr<double> TimeOps(Backend& backend, const std::function<absl::Status()>& op) {
  for (int i = 0; i < kWarmup; ++i) {
    absl::Status s = op();
    if (!s.ok()) return s;
  }
  std::vector<double> per_op;
  for (int rep = 0; rep < kRepeats; ++rep) {
    std::unique_ptr<Timer> timer = backend.NewTimer();
    absl::Status s = timer->Start();
    for (int i = 0; s.ok() && i < kIters; ++i) s = op();
    if (s.ok()) s = timer->Stop();
    if (s.ok()) s = backend.Synchronize();
    if (!s.ok()) return s;
    absl::StatusOr<double> us = timer->ElapsedUs();
    if (!us.ok()) return us.status();
    per_op.push_back(*us / kIters);
  }
  std::sort(per_op.begin(), per_op.end());
  return per_op[per_op.size() / 2];
}

// The plugin op `one_shot` of the library at `path` as this backend's collective.
absl::StatusOr<std::unique_ptr<Collective>> PluginOneShot(Backend& backend,
                                                          const std::string& path) {
  absl::StatusOr<PluginKernel> kernel = OpenPluginKernel(path, "one_shot", "plugin:one_shot");
  if (!kernel.ok()) return kernel.status();
  return backend.CreatePluginCollective(*kernel);
}

int RunRank(const std::string& dir, int rank, int world, const std::string& mode,
            const std::string& plugin) {
  const bool timeout_test = mode == "--timeout-test";
  const bool abort_test = mode == "--abort-test";
  FileRendezvous rendezvous(dir, rank, world);
  BackendOptions options;
  options.rank = rank;
  options.world_size = world;
  options.device = rank;
  options.max_bytes = kMaxBytes;
  options.timeout = kTimeout;
  absl::StatusOr<std::unique_ptr<Backend>> created = CreateCudaBackend(options, &rendezvous);
  CHECK_OK(created.status());
  Backend& backend = **created;
  absl::StatusOr<std::unique_ptr<Collective>> made =
      backend.CreateCollective(ops::kOneShotAllReduce);
  CHECK_OK(made.status());
  Collective& c = **made;
  int failures = 0;

  // Correctness: every dtype, tails, one block, many blocks, the grid cap.
  for (const DType dtype : {DType::kBf16, DType::kFp16, DType::kFp32}) {
    const std::vector<int64_t> counts = {1,    7,         8,       4099,
                                         8192, 65536 + 5, 1 << 20, kMaxBytes / DTypeSize(dtype)};
    for (const int64_t count : counts) {
      CHECK_OK(c.Prepare(count, dtype, 77 + count));
      CHECK_OK(c.Run());
      CHECK_OK(c.RunReference());
      CHECK_OK(backend.Synchronize());
      absl::StatusOr<CheckResult> check = c.Check();
      CHECK_OK(check.status());
      if (check->wrong != 0) ++failures;
      std::printf("rank %d check %s count %lld: wrong %lld (first %lld got %g want %g)\n", rank,
                  DTypeName(dtype), static_cast<long long>(count),
                  static_cast<long long>(check->wrong),
                  static_cast<long long>(check->first_bad_index), check->got, check->want);
    }
  }

  // Timing, bf16, 2 KiB .. 32 MiB.
  int max_blocks = 0;
  if (OneShotMaxBlocks(DeviceDType::kBf16, world, &max_blocks) != cudaSuccess) return 1;
  for (int64_t bytes = 2048; bytes <= kMaxBytes; bytes *= 4) {
    const int64_t count = bytes / 2;
    CHECK_OK(c.Prepare(count, DType::kBf16, 5));
    absl::StatusOr<double> one_shot = TimeOps(backend, [&] { return c.Run(); });
    CHECK_OK(one_shot.status());
    absl::StatusOr<double> nccl = TimeOps(backend, [&] { return c.RunReference(); });
    CHECK_OK(nccl.status());
    absl::StatusOr<CheckResult> check = c.Check();
    CHECK_OK(check.status());
    if (check->wrong != 0) ++failures;
    std::printf(
        "rank %d time bf16 %9lld B blocks %3d/%d: one_shot %8.2f us  nccl %8.2f us  wrong %lld\n",
        rank, static_cast<long long>(bytes),
        OneShotGridBlocks(count, DeviceDType::kBf16, world, max_blocks), max_blocks, *one_shot,
        *nccl, static_cast<long long>(check->wrong));
  }
  std::fflush(stdout);

  if (timeout_test && world > 1) {
    CHECK_OK(rendezvous.Barrier("before_timeout_test"));
    CHECK_OK(c.Prepare(8192, DType::kBf16, 1));  // collective (it waits for every rank)
    if (rank == 0) {  // rank 1 never launches: rank 0's entry wait must time out, not hang
      CHECK_OK(c.Run());
      const absl::Status s = backend.Synchronize();
      std::printf("rank 0 timeout test: %s\n", s.ToString().c_str());
      if (s.code() != absl::StatusCode::kInternal) ++failures;
    }
    CHECK_OK(rendezvous.Barrier("after_timeout_test"));
  }
  std::unique_ptr<Collective> plugin_op;  // the abort test's op when a plugin is given
  if (abort_test && world > 1) {
    Collective* waiting = &c;
    if (!plugin.empty()) {
      absl::StatusOr<std::unique_ptr<Collective>> made_plugin = PluginOneShot(backend, plugin);
      CHECK_OK(made_plugin.status());
      plugin_op = *std::move(made_plugin);
      waiting = plugin_op.get();
    }
    CHECK_OK(rendezvous.Barrier("before_abort_test"));
    CHECK_OK(waiting->Prepare(8192, DType::kBf16, 1));  // collective (it waits for every rank)
    if (rank == 1) {  // never launches: gives up while every peer waits for it
      std::this_thread::sleep_for(kAbortAfter);
      backend.Abort();
    } else {
      const auto start = std::chrono::steady_clock::now();
      CHECK_OK(waiting->Run());
      const absl::Status s = backend.Synchronize();
      const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(
          std::chrono::steady_clock::now() - start);
      std::printf("rank %d abort test (%s): %s after %lld ms\n", rank,
                  plugin.empty() ? "one-shot" : plugin.c_str(), s.ToString().c_str(),
                  static_cast<long long>(waited.count()));
      if (s.code() != absl::StatusCode::kAborted ||
          s.message().find("rank 1 gave up") == std::string::npos ||
          s.message().find("device waits stopped") == std::string::npos ||
          waited > kAbortAfter + kAbortSlack) {
        ++failures;
      }
    }
    CHECK_OK(rendezvous.Barrier("after_abort_test"));
  }
  // After the timeout test it stays INTERNAL, after the abort test ABORTED.
  if (!timeout_test && !abort_test) CHECK_OK(backend.Synchronize());
  CHECK_OK(rendezvous.Barrier("before_destroy"));      // no peer reads our memory any more
  plugin_op.reset();
  made->reset();
  created->reset();
  std::printf("rank %d done: %d failures\n", rank, failures);
  std::fflush(nullptr);  // the child leaves through _exit, which does not flush stdio
  return failures == 0 ? 0 : 1;
}

}  // namespace
}  // namespace symmbench

int main(int argc, char** argv) {
  const int world = argc > 1 ? std::atoi(argv[1]) : 2;
  const std::string mode = argc > 2 ? argv[2] : "";
  const std::string plugin = argc > 3 ? argv[3] : "";
  if (!mode.empty() && mode != "--timeout-test" && mode != "--abort-test") return 2;
  if (!plugin.empty() && mode != "--abort-test") return 2;
  char dir_template[] = "/tmp/symmbench_rdv_XXXXXX";
  const char* dir = mkdtemp(dir_template);
  if (dir == nullptr || world < 1) return 2;
  // Fork before any CUDA call: a CUDA context does not survive fork.
  std::vector<pid_t> children;
  for (int rank = 0; rank < world; ++rank) {
    const pid_t pid = fork();
    if (pid == 0) _exit(symmbench::RunRank(dir, rank, world, mode, plugin));
    children.push_back(pid);
  }
  int failed = 0;
  for (const pid_t pid : children) {
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) ++failed;
  }
  std::printf("%d of %d ranks failed\n", failed, world);
  return failed == 0 ? 0 : 1;
}
