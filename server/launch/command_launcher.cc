#include "server/launch/command_launcher.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "server/launch/subprocess.h"
#include "spdlog/spdlog.h"

namespace symmbench {
namespace {

constexpr char kLaunchIdPrefix[] = "command:";

// The first line of `text`, without surrounding blanks.
std::string FirstLine(const std::string& text) {
  const std::string line = text.substr(0, text.find('\n'));
  return std::string(absl::StripAsciiWhitespace(line));
}

// What a failed command said, for a job's error: its stderr's last line, or its exit code.
std::string Complaint(const CommandOutput& out) {
  std::string err(absl::StripAsciiWhitespace(out.err));
  if (const size_t nl = err.rfind('\n'); nl != std::string::npos) err = err.substr(nl + 1);
  return err.empty() ? absl::StrCat("exit code ", out.exit_code)
                     : absl::StrCat("exit code ", out.exit_code, ": ", err);
}

// Runs `command stop handle` and logs what went wrong.
// `env` null: the daemon's own environment.
void RunStop(const std::string& command, const std::string& handle,
             const std::vector<std::string>* env, std::chrono::milliseconds timeout) {
  absl::StatusOr<CommandOutput> out = RunCommand({command, "stop", handle}, env, timeout);
  if (!out.ok()) {
    spdlog::warn("launch command: stop {}: {}", handle, out.status().ToString());
  } else if (out->exit_code != 0) {
    spdlog::warn("launch command: stop {}: {}", handle, Complaint(*out));
  }
}

// Runs `stop` once, on a detached thread (it may take seconds: kubectl), after a Kill or once
// every rank has reported done (to clean up what `start` made).
class Stopper {
 public:
  Stopper(std::string command, std::string handle, std::vector<std::string> env,
          std::chrono::milliseconds timeout)
      : shared_(std::make_shared<Shared>()),
        command_(std::move(command)),
        handle_(std::move(handle)),
        env_(std::move(env)),
        timeout_(timeout) {}
  void Start() {
    {
      std::lock_guard<std::mutex> lock(shared_->mu);
      if (shared_->started) return;
      shared_->started = true;
    }
    std::thread([shared = shared_, command = command_, handle = handle_, env = env_,
                 timeout = timeout_] {
      RunStop(command, handle, &env, timeout);
      std::lock_guard<std::mutex> lock(shared->mu);
      shared->stopped = true;
    }).detach();
  }
  bool stopped() const {
    std::lock_guard<std::mutex> lock(shared_->mu);
    return shared_->stopped;
  }

 private:
  struct Shared {
    std::mutex mu;
    bool started = false;
    bool stopped = false;
  };
  const std::shared_ptr<Shared> shared_;  // outlives this object while `stop` runs
  const std::string command_;
  const std::string handle_;
  const std::vector<std::string> env_;
  const std::chrono::milliseconds timeout_;
};

class CommandLaunchedJob : public LaunchedJob {
 public:
  CommandLaunchedJob(const std::string& command, std::string handle, std::vector<std::string> env,
                     int world_size, std::chrono::milliseconds timeout)
      : handle_(std::move(handle)),
        stopper_(command, handle_, std::move(env), timeout),
        done_(world_size, false) {}

  std::string launch_id() const override { return kLaunchIdPrefix + handle_; }

  // Ended once every rank has reported done (then `stop` cleans up behind it), or once `stop`
  // has run after a Kill. Failures come from the workers' own reports, or the job's timeout.
  LaunchStatus Poll() override {
    std::lock_guard<std::mutex> lock(mu_);
    LaunchStatus status;
    const bool all_done = std::all_of(done_.begin(), done_.end(), [](bool d) { return d; });
    if (all_done) stopper_.Start();
    status.ended = all_done || (killed_ && stopper_.stopped());
    return status;
  }

  void Kill() override {
    std::lock_guard<std::mutex> lock(mu_);
    killed_ = true;
    stopper_.Start();
  }

  void WaitEnded(std::chrono::milliseconds timeout) override {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!Poll().ended && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }

  StallReport DescribeStall() override {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<int> waiting;
    for (size_t r = 0; r < done_.size(); ++r) {
      if (!done_[r]) waiting.push_back(static_cast<int>(r));
    }
    StallReport report;
    if (waiting.size() == 1) report.rank = waiting[0];
    report.detail =
        absl::StrCat("; ", waiting.size() == 1 ? "rank " : "ranks ", absl::StrJoin(waiting, ","),
                     " did not report done (started by the launch command as ", handle_, ")");
    return report;
  }

  void NoteRankDone(int rank) override {
    std::lock_guard<std::mutex> lock(mu_);
    if (rank >= 0 && rank < static_cast<int>(done_.size())) done_[rank] = true;
  }

 private:
  const std::string handle_;
  std::mutex mu_;
  Stopper stopper_;         // guarded by mu_
  std::vector<bool> done_;  // guarded by mu_
  bool killed_ = false;     // guarded by mu_
};

}  // namespace

std::vector<std::string> LaunchCommandEnvironment(const LaunchRequest& request) {
  std::vector<std::string> env = WorkerEnvironment(request);
  env.push_back(absl::StrCat("SYMMBENCH_BACKEND=", v1::Backend_Name(request.backend)));
  env.push_back(absl::StrCat("SYMMBENCH_NODES=", std::max(request.nodes, 1)));
  env.push_back(absl::StrCat("SYMMBENCH_TLS=", request.tls_ca.empty() ? 0 : 1));
  return env;
}

CommandLauncher::CommandLauncher(CommandLauncherOptions options) : options_(std::move(options)) {}

absl::StatusOr<std::unique_ptr<LaunchedJob>> CommandLauncher::Launch(const LaunchRequest& request) {
  std::vector<std::string> env = LaunchCommandEnvironment(request);
  absl::StatusOr<CommandOutput> out =
      RunCommand({options_.command, "start", request.job_id}, &env, options_.command_timeout);
  if (!out.ok()) {
    return absl::Status(out.status().code(),
                        absl::StrCat("launch command: start: ", out.status().message()));
  }
  if (out->exit_code != 0) {
    return absl::UnavailableError(absl::StrCat("launch command ", options_.command, " start ",
                                               request.job_id, " failed: ", Complaint(*out)));
  }
  const std::string handle = FirstLine(out->out);
  if (handle.empty()) {
    return absl::InternalError(
        absl::StrCat("launch command ", options_.command, " start ", request.job_id,
                     " printed no handle on its first line (stop needs it)"));
  }
  return std::unique_ptr<LaunchedJob>(
      new CommandLaunchedJob(options_.command, handle, std::move(env),
                             static_cast<int>(request.devices.size()), options_.command_timeout));
}

void CommandLauncher::Abandon(const std::string& launch_id) {
  if (launch_id.rfind(kLaunchIdPrefix, 0) != 0) return;
  // The daemon's own environment: the job's secret died with the daemon that made it.
  RunStop(options_.command, launch_id.substr(sizeof(kLaunchIdPrefix) - 1), nullptr,
          options_.command_timeout);
}

}  // namespace symmbench
