// JobManager, scheduler side: the scheduler thread's loop, launching placed jobs, reaping
// workers, timeouts, and finishing jobs (the API side is job_manager.cc).
#include <malloc.h>

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "security/secrets.h"
#include "server/job_manager.h"
#include "server/job_util.h"
#include "server/plugin_catalog.h"
#include "spdlog/spdlog.h"
#include "spec/job_keys.h"

namespace symmbench {

void JobManager::SchedulerLoop() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!shutdown_) {
    ReapWorkers();
    CheckTimeouts();
    RetryWrites();
    if (db_writable_) StartRunnable();
    changed_.wait_for(lock, options_.poll_interval);
  }
}

void JobManager::StartRunnable() {
  std::vector<Placement> runnable = scheduler_.TakeRunnable();
  for (size_t i = 0; i < runnable.size(); ++i) {
    if (StartJob(runnable[i])) continue;
    // Not stored RUNNING, so not started: this job and those after it go back, in order.
    for (size_t j = runnable.size(); j-- > i;) scheduler_.Requeue(runnable[j]);
    return;
  }
}

bool JobManager::StartJob(const Placement& placement) {
  auto queued = queued_.find(placement.job_id);
  if (queued == queued_.end()) {
    scheduler_.Release(placement.job_id);
    return true;
  }
  ActiveJob job;
  job.record = queued->second;
  job.record.set_state(v1::RUNNING);
  job.record.set_start_time_unix_ms(NowUnixMs());
  std::vector<int> ordinals;  // scheduler index -> CUDA ordinal / CPU slot
  for (int device : placement.devices) ordinals.push_back(options_.devices[device].index());
  for (int ordinal : ordinals) job.record.add_devices(ordinal);
  // Names this run's host resources (shared-memory segments) apart from any other daemon's
  // job of the same id (job ids are unique per database only).
  if (options_.cpu_cores > 0) {
    int ranks = static_cast<int>(ordinals.size());
    for (const auto& [other_id, other] : active_) ranks += other.record.spec().world_size();
    if (ranks > options_.cpu_cores) {
      job.record.add_warnings(absl::StrCat(
          ranks, " CPU ranks ran on ", options_.cpu_cores,
          " cores: they shared cores, so its times include waiting for the scheduler (run "
          "fewer ranks at once: symmbenchd --cpu-slots ",
          options_.cpu_cores, " or less)"));
    }
  }
  job.instance = NewRunInstance();
  job.record.set_run_instance(job.instance);
  // Stored RUNNING (with the instance) before any worker starts: after a crash, the restarted
  // daemon fails the job and removes its workers' segments, and never runs it a second time.
  // A job that cannot be stored RUNNING (a full disk) is not started: it stays QUEUED.
  if (!Persist(job.record, "start_job").ok()) return false;
  queued_.erase(queued);
  const int timeout_s = job.record.spec().timeout_s();
  job.deadline = std::chrono::steady_clock::now() +
                 (timeout_s > 0 ? std::chrono::seconds(timeout_s) : options_.default_job_timeout);
  const std::string id = placement.job_id;
  store_->Set(JobStorePrefix(id) + kSpecKey, job.record.spec().SerializeAsString());
  store_->Set(JobStorePrefix(id) + kPlanKey, job.record.plan().SerializeAsString());
  store_->Set(JobStorePrefix(id) + kInstanceKey, job.instance);

  // The workers' credential: 256 random bits, in their environment only.
  absl::StatusOr<std::string> secret = RandomHex(32);
  if (secret.ok()) job.secret = *secret;

  LaunchRequest request;
  request.job_id = id;
  request.backend = options_.backend;
  request.devices = ordinals;
  request.coordinator_address = coordinator_address_;
  request.log_dir = options_.log_dir;
  request.secret = job.secret;
  request.tls_ca = options_.worker_tls_ca;
  request.tls_server_name = options_.worker_tls_server_name;
  request.log_format = options_.worker_log_format;
  request.nodes = job.record.spec().nodes();
  // A plugin library replaced since submission fails the job here, before a worker loads it.
  const absl::Status same_plugins = CheckPluginLibraries(job.record.spec());
  absl::StatusOr<std::unique_ptr<LaunchedJob>> launched = !same_plugins.ok() ? same_plugins
                                                          : secret.ok() ? launcher_->Launch(request)
                                                                        : secret.status();
  if (launched.ok()) {
    job.launched = *std::move(launched);
    if (!job.launched->launch_id().empty()) {
      job.record.set_launch_id(job.launched->launch_id());
      (void)Persist(job.record, "launch_id");  // so that a restarted daemon can end it
    }
  }
  spdlog::info("{}", WithFields(absl::StrCat("job ", id, " running: ", job.record.spec().kernel(),
                                             " world_size ", ordinals.size(), " devices ",
                                             absl::StrJoin(ordinals, ",")),
                                JobLogFields(job.record)));
  for (const std::string& warning : job.record.warnings()) {
    spdlog::warn("{}",
                 WithFields(absl::StrCat("job ", id, ": ", warning), JobLogFields(job.record)));
  }
  Publish(id, StateEvent(job.record), false);
  auto [it, inserted] = active_.emplace(id, std::move(job));
  NoteState(it->second.record);
  if (!launched.ok()) {
    BeginFinish(&it->second, v1::FAILED, std::string(launched.status().message()), -1);
  }
  return true;
}

void JobManager::RetryWrites() {
  if (db_writable_ || std::chrono::steady_clock::now() < retry_writes_at_) return;
  if (unsaved_final_.empty()) {
    NoteWrite(db_->ProbeWrite(), "probe");
    return;
  }
  for (auto it = unsaved_final_.begin(); it != unsaved_final_.end();) {
    if (!Persist(it->second, "finish_job").ok()) return;
    spdlog::info("{}", WithFields(absl::StrCat("job ", it->first, ": its ",
                                               v1::JobState_Name(it->second.state()),
                                               " record is stored now"),
                                  JobFields(it->first)));
    it = unsaved_final_.erase(it);
  }
}

void JobManager::BeginFinish(ActiveJob* job, v1::JobState state, std::string error,
                             int failed_rank) {
  job->finishing = true;
  job->final_state = state;
  job->final_error = std::move(error);
  job->record.set_failed_rank(failed_rank);
  if (job->launched != nullptr) job->launched->Kill();
}

void JobManager::ReapWorkers() {
  std::vector<std::string> done;
  for (auto& [id, job] : active_) {
    LaunchStatus status;
    status.ended = true;  // nothing was launched (the launch failed)
    if (job.launched != nullptr) status = job.launched->Poll();
    if (status.failed && !job.finishing) {
      BeginFinish(&job, v1::FAILED, status.why, status.failed_rank);
      if (metrics_ != nullptr) metrics_->WorkerFailure(job.record, "crash");
    }
    if (status.ended) {
      if (!job.finishing) {
        job.finishing = true;
        job.final_state = v1::SUCCEEDED;
      }
      done.push_back(id);
    }
  }
  for (const std::string& id : done) Finalize(id);
}

void JobManager::CheckTimeouts() {
  const auto now = std::chrono::steady_clock::now();
  for (auto& [id, job] : active_) {
    if (!job.finishing && now > job.deadline) {
      const int timeout_s = job.record.spec().timeout_s();
      if (metrics_ != nullptr) metrics_->WorkerFailure(job.record, "timeout");
      std::string why =
          absl::StrCat("job timed out after ",
                       timeout_s > 0 ? timeout_s : options_.default_job_timeout.count(), " s");
      // Ranks that never reached the rendezvous (never started, or stuck before it) come
      // first; then what the launcher knows: a stopped rank (SIGSTOP, a debugger) is the one
      // its peers wait for.
      const std::vector<int> absent = AbsentFromRendezvous(job.record);
      if (!absent.empty()) {
        absl::StrAppend(&why, "; ", absent.size() == 1 ? "rank " : "ranks ",
                        absl::StrJoin(absent, ","), " never reached the rendezvous");
      }
      StallReport stall;
      if (job.launched != nullptr) stall = job.launched->DescribeStall();
      absl::StrAppend(&why, stall.detail);
      const int culprit = absent.size() == 1 ? absent[0] : stall.rank;
      BeginFinish(&job, v1::FAILED, std::move(why), culprit);
    }
  }
}

std::vector<int> JobManager::AbsentFromRendezvous(const v1::Job& record) const {
  std::vector<int> absent;
  for (int r = 0; r < record.spec().world_size(); ++r) {
    if (!store_->Get(JobStorePrefix(record.job_id()) + AllGatherKey("", kHostPlacementTag, r))
             .ok()) {
      absent.push_back(r);
    }
  }
  return absent;
}

void JobManager::Finalize(const std::string& job_id) {
  auto it = active_.find(job_id);
  if (it == active_.end()) return;
  ActiveJob& job = it->second;
  scheduler_.Release(job_id);
  store_->DropPrefix(JobStorePrefix(job_id));
  // Give what the job's Store values held back to the system (glibc keeps freed memory).
  malloc_trim(0);
  RemoveLeftoverSegments(job_id, job.instance);
  v1::Job& record = job.record;
  record.set_state(job.final_state);
  record.set_error(job.final_error);
  record.set_end_time_unix_ms(NowUnixMs());
  // Kept until stored (RetryWrites); a restart before then fails the job, never reruns it.
  if (!Persist(record, "finish_job").ok()) unsaved_final_[job_id] = record;
  // A failed job is worth a look (warning); a cancelled or succeeded one is not.
  spdlog::log(
      record.state() == v1::FAILED ? spdlog::level::warn : spdlog::level::info, "{}",
      WithFields(absl::StrCat("job ", job_id, " ", v1::JobState_Name(record.state()), ": ",
                              record.spec().kernel(), " world_size ", record.spec().world_size(),
                              " devices ", absl::StrJoin(record.devices(), ","), " in ",
                              record.end_time_unix_ms() - record.start_time_unix_ms(), " ms",
                              record.error().empty() ? "" : ": ", record.error()),
                 JobLogFields(record)));
  Publish(job_id, StateEvent(record), /*last=*/true);
  const v1::Job final_record = record;
  active_.erase(it);
  NoteState(final_record);
  changed_.notify_all();
}

}  // namespace symmbench
