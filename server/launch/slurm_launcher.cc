// SlurmLauncher: sbatch / squeue / sacct / scancel, one poller thread for every job.
#include "server/launch/slurm_launcher.h"

#include <fstream>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "common/log_format.h"
#include "server/launch/subprocess.h"
#include "spdlog/spdlog.h"

namespace symmbench {
namespace {

constexpr char kLaunchPrefix[] = "slurm:";
constexpr int kMaxMisses = 3;  // polls in a row a job may be unknown to squeue and sacct

// POSIX shell single-quoting.
std::string Quote(const std::string& word) {
  std::string out = "'";
  for (char c : word) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

bool IsTerminal(const std::string& state) {
  for (const char* s : {"COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "OUT_OF_MEMORY",
                        "PREEMPTED", "BOOT_FAIL", "DEADLINE", "REVOKED", "SPECIAL_EXIT"}) {
    if (absl::StartsWith(state, s)) return true;  // sacct writes "CANCELLED by 0"
  }
  return false;
}

// squeue's exit_code is a wait status (exit << 8 | signal); sacct's is already "E:S".
std::string ExitCodeText(const std::string& raw) {
  if (raw.find(':') != std::string::npos) return raw;
  int status = 0;
  if (!absl::SimpleAtoi(raw, &status)) return raw;
  return absl::StrCat(status >> 8, ":", status & 0x7f);
}

class SlurmJob : public LaunchedJob {
 public:
  SlurmJob(SlurmLauncher* launcher, std::string slurm_id)
      : launcher_(launcher), slurm_id_(std::move(slurm_id)) {}
  ~SlurmJob() override { launcher_->Forget(slurm_id_); }

  std::string launch_id() const override { return absl::StrCat(kLaunchPrefix, slurm_id_); }

  LaunchStatus Poll() override {
    const SlurmLauncher::JobState state = launcher_->State(slurm_id_);
    LaunchStatus status;
    status.ended = state.ended;
    status.failed = state.failed;
    status.why = state.why;
    return status;
  }
  void Kill() override { launcher_->Cancel(slurm_id_); }
  void WaitEnded(std::chrono::milliseconds timeout) override {
    launcher_->WaitEnded(slurm_id_, timeout);
  }
  StallReport DescribeStall() override {
    const SlurmLauncher::JobState state = launcher_->State(slurm_id_);
    StallReport report;
    if (!state.why.empty()) report.detail = absl::StrCat("; ", state.why);
    return report;
  }

 private:
  SlurmLauncher* const launcher_;
  const std::string slurm_id_;
};

}  // namespace

SlurmLauncher::JobState InterpretSlurmState(const std::string& slurm_id, const std::string& state,
                                            const std::string& reason, const std::string& exit_code,
                                            const std::string& log_path) {
  SlurmLauncher::JobState out;
  std::string detail;
  if (!reason.empty() && reason != "None") detail = reason;
  const std::string code = ExitCodeText(exit_code);
  if (!code.empty() && code != "0:0") {
    absl::StrAppend(&detail, detail.empty() ? "" : ", ", "exit code ", code);
  }
  out.why = absl::StrCat("Slurm job ", slurm_id, " ", state,
                         detail.empty() ? "" : absl::StrCat(" (", detail, ")"));
  // A job Slurm holds after its launch failed (a node could not start it) would wait for an
  // administrator forever: the benchmark job fails now, and Kill cancels it.
  const bool held = absl::StartsWith(state, "PENDING") &&
                    (absl::StartsWith(reason, "launch failed") || reason == "JobHeldAdmin");
  if (held) {
    out.failed = true;
    if (!log_path.empty()) absl::StrAppend(&out.why, "; log ", log_path);
    return out;
  }
  if (!IsTerminal(state)) return out;  // PENDING, RUNNING, COMPLETING...: `why` says which
  out.ended = true;
  out.failed = !absl::StartsWith(state, "COMPLETED");
  if (out.failed && !log_path.empty()) absl::StrAppend(&out.why, "; log ", log_path);
  if (!out.failed) out.why.clear();
  return out;
}

SlurmLauncher::SlurmLauncher(SlurmOptions options)
    : options_(std::move(options)), poller_([this] { PollLoop(); }) {}

SlurmLauncher::~SlurmLauncher() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  changed_.notify_all();
  poller_.join();
}

absl::StatusOr<std::unique_ptr<LaunchedJob>> SlurmLauncher::Launch(const LaunchRequest& request) {
  const int world_size = static_cast<int>(request.devices.size());
  const int nodes = std::max(request.nodes, 1);
  std::vector<std::string> srun = {"srun", "--kill-on-bad-exit=1"};
  const std::vector<std::string> worker =
      WorkerCommand(options_.worker_path, request,
                    {"--rank-from-env", "SLURM_PROCID", "--device-from-env", "SLURM_LOCALID",
                     "--host-from-env", "SLURMD_NODENAME"});
  srun.insert(srun.end(), worker.begin(), worker.end());
  std::vector<std::string> quoted;
  for (const std::string& word : srun) quoted.push_back(Quote(word));
  const std::string script_path = absl::StrCat(request.log_dir, "/", request.job_id, ".sbatch");
  {
    std::ofstream script(script_path, std::ios::trunc);
    script << "#!/bin/sh\n# symmbench job " << request.job_id << ": one task per rank\nexec "
           << absl::StrJoin(quoted, " ") << "\n";
    if (!script.good()) {
      return absl::InternalError(absl::StrCat("slurm: cannot write ", script_path));
    }
  }
  const std::string log_pattern =
      absl::StrCat(request.log_dir, "/", request.job_id, ".slurm-%j.log");
  std::vector<std::string> sbatch = {"sbatch",
                                     "--parsable",
                                     absl::StrCat("--job-name=symmbench-", request.job_id),
                                     absl::StrCat("--ntasks=", world_size),
                                     absl::StrCat("--nodes=", nodes),
                                     absl::StrCat("--output=", log_pattern)};
  // As many ranks on every host (the spec's world_size divides by nodes): per-host teams need
  // teams of one size.
  if (nodes > 1) sbatch.push_back(absl::StrCat("--ntasks-per-node=", world_size / nodes));
  if (request.backend == v1::cuda) {
    sbatch.insert(sbatch.end(), {"--gpus-per-task=1", "--gpu-bind=none"});
  }
  if (!options_.partition.empty()) {
    sbatch.push_back(absl::StrCat("--partition=", options_.partition));
  }
  sbatch.insert(sbatch.end(), options_.sbatch_args.begin(), options_.sbatch_args.end());
  sbatch.push_back(script_path);
  const std::vector<std::string> env = WorkerEnvironment(request);
  absl::StatusOr<CommandOutput> submitted = RunCommand(sbatch, &env, options_.command_timeout);
  if (!submitted.ok())
    return absl::UnavailableError(absl::StrCat("slurm: ", submitted.status().message()));
  if (submitted->exit_code != 0) {
    return absl::UnavailableError(absl::StrCat("slurm: sbatch failed (exit code ",
                                               submitted->exit_code,
                                               "): ", absl::StripAsciiWhitespace(submitted->err)));
  }
  // --parsable prints "<id>" or "<id>;<cluster>".
  const std::string slurm_id(absl::StripAsciiWhitespace(
      absl::string_view(submitted->out).substr(0, submitted->out.find_first_of(";\n"))));
  int64_t numeric = 0;
  if (!absl::SimpleAtoi(slurm_id, &numeric)) {
    return absl::UnavailableError(
        absl::StrCat("slurm: sbatch printed no job id: \"", submitted->out, "\""));
  }
  spdlog::info("{}", WithFields(absl::StrCat("job ", request.job_id, ": Slurm job ", slurm_id, " (",
                                             world_size, " tasks on ", nodes, " node(s))"),
                                JobFields(request.job_id)));
  {
    std::lock_guard<std::mutex> lock(mu_);
    Tracked& tracked = jobs_[slurm_id];
    tracked.log_path =
        absl::StrCat(request.log_dir, "/", request.job_id, ".slurm-", slurm_id, ".log");
    tracked.state.why = absl::StrCat("Slurm job ", slurm_id, " submitted");
  }
  changed_.notify_all();
  return std::unique_ptr<LaunchedJob>(new SlurmJob(this, slurm_id));
}

void SlurmLauncher::Abandon(const std::string& launch_id) {
  if (!absl::StartsWith(launch_id, kLaunchPrefix)) return;
  const std::string slurm_id = launch_id.substr(sizeof(kLaunchPrefix) - 1);
  absl::StatusOr<CommandOutput> done =
      RunCommand({"scancel", slurm_id}, nullptr, options_.command_timeout);
  spdlog::warn("scancel {} (left by a previous daemon): {}", slurm_id,
               done.ok() ? absl::StrCat("exit code ", done->exit_code)
                         : std::string(done.status().message()));
}

SlurmLauncher::JobState SlurmLauncher::State(const std::string& slurm_id) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = jobs_.find(slurm_id);
  return it == jobs_.end() ? JobState{} : it->second.state;
}

void SlurmLauncher::Cancel(const std::string& slurm_id) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = jobs_.find(slurm_id);
    if (it == jobs_.end() || it->second.cancel_sent || it->second.state.ended) return;
    it->second.cancel_sent = true;
    to_cancel_.insert(slurm_id);
  }
  changed_.notify_all();
}

void SlurmLauncher::Forget(const std::string& slurm_id) {
  std::lock_guard<std::mutex> lock(mu_);
  jobs_.erase(slurm_id);
  to_cancel_.erase(slurm_id);
}

void SlurmLauncher::WaitEnded(const std::string& slurm_id, std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mu_);
  changed_.wait_for(lock, timeout, [&] {
    auto it = jobs_.find(slurm_id);
    return it == jobs_.end() || it->second.state.ended;
  });
}

void SlurmLauncher::PollLoop() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!stop_) {
    PollOnce(lock);
    changed_.wait_for(lock, options_.poll_interval, [&] { return stop_ || !to_cancel_.empty(); });
  }
}

// Runs the commands with mu_ released; callers of State() never wait for Slurm.
void SlurmLauncher::PollOnce(std::unique_lock<std::mutex>& lock) {
  const std::set<std::string> cancels = std::exchange(to_cancel_, {});
  std::vector<std::string> ids;
  for (const auto& [id, tracked] : jobs_) {
    if (!tracked.state.ended) ids.push_back(id);
  }
  if (cancels.empty() && ids.empty()) return;
  lock.unlock();
  for (const std::string& id : cancels) {
    absl::StatusOr<CommandOutput> done =
        RunCommand({"scancel", id}, nullptr, options_.command_timeout);
    if (!done.ok() || done->exit_code != 0) {
      spdlog::warn("scancel {}: {}", id,
                   done.ok() ? std::string(absl::StripAsciiWhitespace(done->err))
                             : std::string(done.status().message()));
    }
  }
  // id -> {state, reason, exit code}
  std::map<std::string, std::vector<std::string>> seen;
  if (!ids.empty()) {
    absl::StatusOr<CommandOutput> queue = RunCommand(
        {"squeue", "--noheader", "--states=all", absl::StrCat("--jobs=", absl::StrJoin(ids, ",")),
         "--Format=JobID:|,State:|,Reason:|,exit_code:|"},
        nullptr, options_.command_timeout);
    if (queue.ok()) {
      for (absl::string_view line : absl::StrSplit(queue->out, '\n', absl::SkipWhitespace())) {
        std::vector<std::string> f = absl::StrSplit(line, '|');
        if (f.size() >= 4) seen[std::string(absl::StripAsciiWhitespace(f[0]))] = {f[1], f[2], f[3]};
      }
    }
    for (const std::string& id : ids) {
      if (seen.count(id) > 0) continue;
      absl::StatusOr<CommandOutput> acct =
          RunCommand({"sacct", "--noheader", "--parsable2", "--allocations",
                      absl::StrCat("--jobs=", id), "--format=JobID,State,ExitCode,Reason"},
                     nullptr, options_.command_timeout);
      if (!acct.ok() || acct->exit_code != 0) continue;
      for (absl::string_view line : absl::StrSplit(acct->out, '\n', absl::SkipWhitespace())) {
        std::vector<std::string> f = absl::StrSplit(line, '|');
        if (f.size() >= 4 && f[0] == id) seen[id] = {f[1], f[3], f[2]};
      }
    }
  }
  lock.lock();
  for (const std::string& id : ids) {
    auto it = jobs_.find(id);
    if (it == jobs_.end()) continue;
    Tracked& tracked = it->second;
    auto found = seen.find(id);
    if (found == seen.end()) {
      if (++tracked.misses >= kMaxMisses) {
        tracked.state.ended = true;
        tracked.state.failed = true;
        tracked.state.why = absl::StrCat("Slurm no longer knows job ", id,
                                         " (neither squeue nor sacct); log ", tracked.log_path);
      }
      continue;
    }
    tracked.misses = 0;
    const std::vector<std::string>& f = found->second;
    tracked.state =
        InterpretSlurmState(id, std::string(absl::StripAsciiWhitespace(f[0])),
                            std::string(absl::StripAsciiWhitespace(f[1])),
                            std::string(absl::StripAsciiWhitespace(f[2])), tracked.log_path);
  }
  changed_.notify_all();
}

}  // namespace symmbench
