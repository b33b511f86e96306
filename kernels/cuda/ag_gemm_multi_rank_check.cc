// Multi-rank check of the CUDA ag_gemm on one host: forks one process per GPU (rank r uses
// device r), meets through a file-based Rendezvous, checks kFused against kSequential (gathered
// A bitwise, C within tolerance), times every variant on the AG-GEMM anchor shapes
// (docs/ag_gemm.md) and, with --timeout-test, provokes an entry-barrier timeout.
// Usage: ag_gemm_multi_rank_check WORLD_SIZE [--timeout-test]. Exit 0 only if all passed.
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
#include "kernels/ag_gemm.h"
#include "kernels/backend.h"
#include "kernels/dtype.h"

namespace symmbench {
namespace {

constexpr int64_t kMaxBytes = int64_t{128} << 20;            // largest anchor shard (world size 1)
constexpr auto kTimeout = std::chrono::milliseconds(10000);  // device barriers: 5 s
constexpr int kWarmup = 5;
constexpr int kIters = 20;
constexpr int kRepeats = 3;  // median of this many loops of kIters

// Rendezvous over files in `dir`: AllGather writes dir/tag.rank (atomically, by rename) and
// polls until every rank's file exists. For this check only; the worker uses the Store.
class FileRendezvous final : public Rendezvous {
 public:
  FileRendezvous(std::string dir, int rank, int world)
      : dir_(std::move(dir)), rank_(rank), world_(world) {}
  int rank() const override { return rank_; }
  int world_size() const override { return world_; }
  absl::StatusOr<std::vector<std::string>> AllGather(const std::string& tag,
                                                     const std::string& value) override {
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
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
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

GemmProblem Problem(int64_t m, int64_t n, int64_t k, int splits) {
  GemmProblem p;
  p.m = m;
  p.n = n;
  p.k = k;
  p.splits_per_rank = splits;
  return p;
}

// Median over kRepeats of (time of kIters ops) / kIters in microseconds, max over ranks.
absl::StatusOr<double> TimeOps(Backend& backend, Rendezvous& rendezvous, int* tag,
                               const std::function<absl::Status()>& op) {
  for (int i = 0; i < kWarmup; ++i) {
    if (absl::Status s = op(); !s.ok()) return s;
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
  absl::StatusOr<std::vector<std::string>> all =
      rendezvous.AllGather(absl::StrCat("time_", (*tag)++), std::to_string(per_op[kRepeats / 2]));
  if (!all.ok()) return all.status();
  double worst = 0.0;
  for (const std::string& v : *all) worst = std::max(worst, std::atof(v.c_str()));
  return worst;
}

int RunRank(const std::string& dir, int rank, int world, bool timeout_test) {
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
  absl::StatusOr<std::unique_ptr<AgGemm>> made = backend.CreateAgGemm();
  CHECK_OK(made.status());
  AgGemm& op = **made;
  int failures = 0;

  // Correctness: {rows per chunk, n, k, splits}; m = world x splits x rows per chunk.
  const std::vector<std::vector<int64_t>> shapes = {{64, 512, 384, 1},
                                                    {64, 512, 384, 2},
                                                    {25, 200, 136, 3},
                                                    {33, 100, 130, 3},
                                                    {512, 1024, 2048, 4}};
  for (const DType dtype : {DType::kBf16, DType::kFp16}) {
    for (const std::vector<int64_t>& s : shapes) {
      GemmProblem p = Problem(world * s[3] * s[0], s[1], s[2], static_cast<int>(s[3]));
      p.dtype = dtype;
      CHECK_OK(op.Prepare(p, 7 + s[0]));
      for (int i = 0; i < 3; ++i) CHECK_OK(op.Run(AgGemmVariant::kFused));
      CHECK_OK(op.Run(AgGemmVariant::kSequential));
      CHECK_OK(backend.Synchronize());
      absl::StatusOr<AgGemmCheck> check = op.Check();
      CHECK_OK(check.status());
      const bool ok = check->gathered_wrong == 0 && check->c_rel_error < op.tolerance();
      if (!ok) ++failures;
      std::printf(
          "rank %d check %s m=%lld n=%lld k=%lld splits %d: gathered_wrong %lld (first %lld)"
          " c_rel_error %.3g %s\n",
          rank, DTypeName(dtype), static_cast<long long>(p.m), static_cast<long long>(p.n),
          static_cast<long long>(p.k), p.splits_per_rank,
          static_cast<long long>(check->gathered_wrong),
          static_cast<long long>(check->first_bad_index), check->c_rel_error, ok ? "ok" : "FAILED");
    }
  }

  // Timing on the anchor shapes (bf16); splits 0 = AutoSplitsPerRank.
  int tag = 0;
  const std::vector<std::vector<int64_t>> anchors = {
      {4096, 6656, 16384}, {8192, 8192, 8192}, {16384, 8192, 4096}, {2048, 8192, 8192}};
  for (const std::vector<int64_t>& a : anchors) {
    const int auto_splits = AutoSplitsPerRank(a[0], world);
    CHECK_OK(op.Prepare(Problem(a[0], a[1], a[2], auto_splits), 3));
    absl::StatusOr<double> ag =
        TimeOps(backend, rendezvous, &tag, [&] { return op.Run(AgGemmVariant::kAllGather); });
    CHECK_OK(ag.status());
    absl::StatusOr<double> gemm =
        TimeOps(backend, rendezvous, &tag, [&] { return op.Run(AgGemmVariant::kGemm); });
    CHECK_OK(gemm.status());
    absl::StatusOr<double> seq =
        TimeOps(backend, rendezvous, &tag, [&] { return op.Run(AgGemmVariant::kSequential); });
    CHECK_OK(seq.status());
    std::vector<int> splits_list = {auto_splits};
    for (const int s : {1, 2, 4, 8}) {
      if (s != auto_splits && a[0] % (world * s) == 0) splits_list.push_back(s);
    }
    for (const int splits : splits_list) {
      CHECK_OK(op.Prepare(Problem(a[0], a[1], a[2], splits), 3));
      absl::StatusOr<double> fused =
          TimeOps(backend, rendezvous, &tag, [&] { return op.Run(AgGemmVariant::kFused); });
      CHECK_OK(fused.status());
      CHECK_OK(op.Run(AgGemmVariant::kSequential));
      CHECK_OK(backend.Synchronize());
      absl::StatusOr<AgGemmCheck> check = op.Check();
      CHECK_OK(check.status());
      const bool ok = check->gathered_wrong == 0 && check->c_rel_error < op.tolerance();
      if (!ok) ++failures;
      const double efficiency = (*seq - *fused) / std::min(*ag, *gemm);
      if (rank == 0) {
        std::printf(
            "time bf16 %5lld x %5lld x %5lld splits %d%s: all_gather %7.1f us  gemm %7.1f"
            "  sequential %7.1f  fused %7.1f  overlap efficiency %.2f  c_rel_error %.2g%s\n",
            static_cast<long long>(a[0]), static_cast<long long>(a[1]),
            static_cast<long long>(a[2]), splits, splits == auto_splits ? " (auto)" : "", *ag,
            *gemm, *seq, *fused, efficiency, check->c_rel_error, ok ? "" : "  FAILED");
      }
    }
  }
  std::fflush(stdout);

  if (timeout_test && world > 1) {
    CHECK_OK(rendezvous.Barrier("before_timeout_test"));
    if (rank == 0) {  // rank 1 never joins: rank 0's entry barrier must time out, not hang
      CHECK_OK(op.Prepare(Problem(world * 256, 256, 256, 1), 1));
      CHECK_OK(op.Run(AgGemmVariant::kFused));
      const absl::Status s = backend.Synchronize();
      std::printf("rank 0 timeout test: %s\n", s.ToString().c_str());
      if (s.code() != absl::StatusCode::kInternal) ++failures;
    }
    CHECK_OK(rendezvous.Barrier("after_timeout_test"));
  }
  if (!timeout_test) CHECK_OK(backend.Synchronize());  // after the timeout test it stays INTERNAL
  CHECK_OK(rendezvous.Barrier("before_destroy"));      // no peer reads our memory any more
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
  const bool timeout_test = argc > 2 && std::string(argv[2]) == "--timeout-test";
  char dir_template[] = "/tmp/symmbench_ag_gemm_rdv_XXXXXX";
  const char* dir = mkdtemp(dir_template);
  if (dir == nullptr || world < 1) return 2;
  // Fork before any CUDA call: a CUDA context does not survive fork.
  std::vector<pid_t> children;
  for (int rank = 0; rank < world; ++rank) {
    const pid_t pid = fork();
    if (pid == 0) _exit(symmbench::RunRank(dir, rank, world, timeout_test));
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
