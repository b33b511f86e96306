// JobManager: queue, launch, follow and record jobs; the API side (the scheduler side is
// job_scheduling.cc, the workers' reports job_reports.cc).
#include "server/job_manager.h"

#include <cstdio>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/quote.h"
#include "kernels/ops/registry.h"
#include "server/job_util.h"
#include "server/report_checks.h"
#include "spdlog/spdlog.h"
#include "spec/fault_injection.h"
#include "spec/plan.h"

namespace symmbench {
namespace {

// While the job database takes no writes, how often it is tried again.
constexpr std::chrono::milliseconds kRetryWritesEvery{1000};

v1::MachineInfo CompleteMachine(const JobManagerOptions& options) {
  v1::MachineInfo machine = options.machine;
  if (machine.backend() == v1::auto_) machine.set_backend(options.backend);
  if (machine.gpu_model().empty() && !options.devices.empty()) {
    machine.set_gpu_model(options.devices[0].name());
  }
  if (machine.device_count() == 0) {
    machine.set_device_count(static_cast<int32_t>(options.devices.size()));
  }
  return machine;
}

}  // namespace

JobManager::JobManager(JobManagerOptions options, JobDb* db, KeyValueStore* store,
                       Launcher* launcher, DispatchTableStore* dispatch_tables)
    : options_(std::move(options)),
      machine_(CompleteMachine(options_)),
      coordinator_address_(options_.coordinator_address),
      db_(db),
      store_(store),
      launcher_(launcher),
      dispatch_tables_(dispatch_tables),
      scheduler_(static_cast<int>(options_.devices.size())) {}

JobManager::~JobManager() { Shutdown(); }

absl::Status JobManager::Start() {
  if (absl::Status s = Recover(); !s.ok()) return s;
  thread_ = std::thread([this] { SchedulerLoop(); });
  return absl::OkStatus();
}

absl::Status JobManager::Recover() {
  absl::StatusOr<std::vector<v1::Job>> failed = db_->FailRunning("coordinator restarted");
  if (!failed.ok()) return failed.status();
  absl::StatusOr<std::vector<v1::Job>> queued = db_->ListQueued();
  if (!queued.ok()) return queued.status();
  std::lock_guard<std::mutex> lock(mu_);
  for (const v1::Job& job : *failed) {
    if (!job.run_instance().empty()) RemoveLeftoverSegments(job.job_id(), job.run_instance());
    if (!job.launch_id().empty()) launcher_->Abandon(job.launch_id());
    NoteState(job);
  }
  if (!failed->empty()) {
    spdlog::warn("marked {} jobs that were running under a previous daemon FAILED", failed->size());
  }
  int requeued = 0;
  for (v1::Job& job : *queued) {
    // A job queued by a daemon that stored no plan gets one now, as SubmitJob would make it.
    if (!job.has_plan() && job.backend() == options_.backend) {
      absl::StatusOr<v1::JobPlan> plan = MakePlan(job.spec(), options_.backend);
      if (plan.ok()) *job.mutable_plan() = *std::move(plan);
    }
    absl::Status s =
        job.backend() == options_.backend
            ? scheduler_.Enqueue(job.job_id(), job.spec().world_size())
            : absl::FailedPreconditionError(absl::StrCat(
                  "backend: the job needs ", v1::Backend_Name(job.backend()),
                  ", the restarted coordinator serves ", v1::Backend_Name(options_.backend)));
    if (!s.ok()) {
      job.set_state(v1::FAILED);
      job.set_error(absl::StrCat("coordinator restarted and cannot run the job: ", s.message()));
      job.set_end_time_unix_ms(NowUnixMs());
      (void)Persist(job);
      NoteState(job);
      continue;
    }
    const std::string id = job.job_id();
    queued_[id] = std::move(job);
    NoteState(queued_[id]);
    ++requeued;
  }
  if (requeued > 0) spdlog::info("queued {} jobs of a previous daemon again", requeued);
  return absl::OkStatus();
}

void JobManager::Shutdown(absl::string_view why) {
  std::vector<std::string> ended;
  std::vector<std::string> again;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (shutdown_) return;
    shutdown_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& [id, job] : active_) {
    // A job that has stored no final row loses nothing by running again from the start; one
    // that has keeps its rows and fails, naming the stop.
    const bool run_again = !job.finishing && job.final_rows == 0;
    if (!job.finishing) {
      BeginFinish(&job, v1::FAILED,
                  absl::StrCat(why, " while the job ran (", job.final_rows, " of ",
                               ExpectedRows(job.record), " rows stored)"),
                  -1);
    }
    if (job.launched != nullptr) job.launched->WaitEnded(std::chrono::seconds(30));
    (run_again ? again : ended).push_back(id);
  }
  for (const std::string& id : ended) Finalize(id);
  for (const std::string& id : again) QueueAgainAtStop(id, why);
  // A last try for final records a full disk held back (those still unsaved stay RUNNING on
  // disk: the next daemon fails them, never runs them again).
  for (auto& [id, record] : unsaved_final_) (void)Persist(record, "finish_job");
  // Queued jobs stay QUEUED on disk: the next daemon on this database runs them. Their
  // watchers' streams end here, at state QUEUED.
  for (auto& [id, record] : queued_) Publish(id, StateEvent(record), /*last=*/true);
  if (!queued_.empty() || !again.empty()) {
    spdlog::info("{}: {} queued jobs stay queued for the next start of symmbenchd on this database",
                 std::string(why), queued_.size() + again.size());
  }
  queued_.clear();
}

void JobManager::QueueAgainAtStop(const std::string& job_id, absl::string_view why) {
  auto it = active_.find(job_id);
  if (it == active_.end()) return;
  scheduler_.Release(job_id);
  store_->DropPrefix(JobStorePrefix(job_id));
  RemoveLeftoverSegments(job_id, it->second.instance);
  v1::Job record = std::move(it->second.record);
  active_.erase(it);
  record.set_state(v1::QUEUED);
  record.set_start_time_unix_ms(0);
  record.set_failed_rank(-1);
  record.clear_error();
  record.clear_devices();
  record.clear_run_instance();
  record.clear_launch_id();
  record.clear_hosts();
  record.clear_ranks();
  // Not stored QUEUED (a full disk): it stays RUNNING on disk and the next daemon fails it,
  // as after a crash; it never runs twice at once.
  if (Persist(record, "queue_again").ok()) {
    spdlog::info("{}", WithFields(absl::StrCat("job ", job_id, " was running when ", why,
                                               " and had stored no row: queued again"),
                                  JobLogFields(record)));
  }
  Publish(job_id, StateEvent(record), /*last=*/true);
  NoteState(record);
}

DeviceLimits JobManager::Limits() const {
  DeviceLimits limits;
  limits.backend = options_.backend;
  limits.num_devices = static_cast<int>(options_.devices.size());
  limits.max_nodes = options_.max_nodes;
  for (const v1::Device& d : options_.devices) {
    if (limits.device_memory_bytes == 0 || d.memory_bytes() < limits.device_memory_bytes) {
      limits.device_memory_bytes = d.memory_bytes();
    }
  }
  return limits;
}

absl::Status JobManager::ResolveDispatch(v1::JobSpec* spec) const {
  // The dispatcher the job runs: its kernel, or the kernel it is compared with (A/B). Both
  // dispatchers of one job compute the same, so one table serves them.
  const std::string dispatcher = IsFamily(spec->kernel(), OpFamily::kDispatcher)
                                     ? spec->kernel()
                                     : spec->sweep().compare_kernel();
  if (!IsFamily(dispatcher, OpFamily::kDispatcher)) return absl::OkStatus();
  // The ranks the kernel runs over: with per-host teams over several hosts, one host's.
  v1::SweepSpec* sweep = spec->mutable_sweep();
  const int ranks = sweep->per_host_teams() && spec->nodes() > 1
                        ? spec->world_size() / spec->nodes()
                        : spec->world_size();
  if (sweep->dispatch().entries_size() > 0) {
    absl::Status s = ValidateDispatchTable(sweep->dispatch());
    if (s.ok()) {
      s = CheckDispatchTableFor(sweep->dispatch(), dispatcher, options_.backend, ranks,
                                spec->dtype());
    }
    if (s.ok()) return s;
    return absl::Status(s.code(), absl::StrCat("sweep.dispatch.", s.message()));
  }
  const std::string gpu_model = options_.devices.empty() ? "" : options_.devices[0].name();
  if (dispatch_tables_ != nullptr) {
    absl::StatusOr<v1::DispatchTable> tuned =
        dispatch_tables_->Get(dispatcher, gpu_model, ranks, spec->dtype());
    if (tuned.ok()) {
      *sweep->mutable_dispatch() = *std::move(tuned);
      return absl::OkStatus();
    }
    if (tuned.status().code() != absl::StatusCode::kNotFound) return tuned.status();
  }
  *sweep->mutable_dispatch() =
      DefaultDispatchTable(options_.backend, dispatcher, gpu_model, ranks, spec->dtype());
  return absl::OkStatus();
}

void JobManager::AddMachineContext(const v1::Job& record, v1::ResultRow* row) {
  *row->mutable_warnings() = record.warnings();
  if (dispatch_tables_ == nullptr || options_.devices.empty()) return;
  const std::string& gpu_model = options_.devices[0].name();
  const int world_size = record.spec().world_size();
  if (IsFamily(record.spec().kernel(), OpFamily::kCalibration)) {
    v1::Ceilings* ceilings = row->mutable_ceilings();
    ceilings->set_gpu_model(gpu_model);
    ceilings->set_world_size(world_size);
    ceilings->set_source(absl::StrCat("calibrated by job ", record.job_id()));
    ceilings->set_measured_unix_ms(NowUnixMs());
    if (absl::Status s = dispatch_tables_->PutCeilings(*ceilings); !s.ok()) {
      spdlog::error("{}", WithFields(absl::StrCat("job ", record.job_id(),
                                                  ": could not store the ceilings: ", s.ToString()),
                                     JobFields(record.job_id())));
    }
    return;
  }
  absl::StatusOr<v1::Ceilings> ceilings = dispatch_tables_->GetCeilings(gpu_model, world_size);
  if (ceilings.ok()) ApplyRoofline(*ceilings, row);
}

absl::StatusOr<v1::Job> JobManager::Submit(v1::JobSpec spec) {
  // Only the fields this daemon knows are stored and shipped: unknown ones have no bound.
  spec.DiscardUnknownFields();
  const DeviceLimits limits = Limits();
  if (absl::Status s = CheckFaultInjectionAllowed(spec, options_.allow_fault_injection); !s.ok()) {
    return s;
  }
  // A plugin op is resolved from the plugin directory as it is now; what the client sent is
  // replaced.
  PluginCatalog no_plugins("", "", options_.backend);
  if (absl::Status s = (plugins_ != nullptr ? plugins_ : &no_plugins)->Resolve(&spec); !s.ok()) {
    return s;
  }
  ApplyDefaults(&spec, limits);
  // Checked and resolved once, here: the workers read the plan and derive nothing from the spec
  // again.
  absl::StatusOr<v1::JobPlan> plan = ValidateAndPlan(spec, limits);
  if (!plan.ok()) return plan.status();
  if (spec.has_sweep()) SortSizes(spec.mutable_sweep());
  if (absl::Status s = ResolveDispatch(&spec); !s.ok()) return s;
  std::lock_guard<std::mutex> lock(mu_);
  if (shutdown_) return absl::UnavailableError("coordinator is shutting down");
  absl::StatusOr<int64_t> number = db_->NextJobNumber();
  NoteWrite(number.status(), "next_job_number");
  if (!number.ok()) return number.status();
  char id[32];
  std::snprintf(id, sizeof(id), "j-%06lld", static_cast<long long>(*number));
  v1::Job record;
  record.set_job_id(id);
  *record.mutable_spec() = std::move(spec);
  record.set_state(v1::QUEUED);
  record.set_backend(options_.backend);
  record.set_submit_time_unix_ms(NowUnixMs());
  record.set_failed_rank(-1);
  *record.mutable_machine() = machine_;
  *record.mutable_plan() = *std::move(plan);
  absl::Status inserted = db_->InsertJob(record);
  NoteWrite(inserted, "insert_job");
  if (!inserted.ok()) return inserted;
  if (absl::Status s = scheduler_.Enqueue(id, record.spec().world_size()); !s.ok()) {
    record.set_state(v1::FAILED);
    record.set_error(std::string(s.message()));
    (void)Persist(record);
    return s;
  }
  queued_[id] = record;
  NoteState(record);
  spdlog::info("{}", WithFields(absl::StrCat("job ", id, " queued: ", record.spec().kernel(),
                                             " world_size ", record.spec().world_size(), " ",
                                             v1::DType_Name(record.spec().dtype())),
                                JobLogFields(record)));
  changed_.notify_all();
  return record;
}

absl::StatusOr<v1::Job> JobManager::Get(const std::string& job_id) {
  absl::StatusOr<v1::Job> job = db_->GetJob(job_id);
  if (!job.ok()) return job;
  std::lock_guard<std::mutex> lock(mu_);
  OverlayUnsaved(&*job);
  return job;
}

absl::StatusOr<std::vector<v1::Job>> JobManager::List(int limit, v1::JobState state,
                                                      bool include_rows, int64_t before) {
  absl::StatusOr<std::vector<v1::Job>> jobs = db_->ListJobs(limit, state, include_rows, before);
  if (!jobs.ok()) return jobs;
  std::lock_guard<std::mutex> lock(mu_);
  if (!unsaved_final_.empty()) {
    for (v1::Job& job : *jobs) OverlayUnsaved(&job);
  }
  return jobs;
}

void JobManager::OverlayUnsaved(v1::Job* job) const {
  auto it = unsaved_final_.find(job->job_id());
  if (it == unsaved_final_.end()) return;
  v1::Job shown = it->second;
  *shown.mutable_rows() = std::move(*job->mutable_rows());
  *job = std::move(shown);
}

absl::StatusOr<v1::Job> JobManager::Cancel(const std::string& job_id) {
  std::unique_lock<std::mutex> lock(mu_);
  if (auto it = queued_.find(job_id); it != queued_.end()) {
    v1::Job record = it->second;
    record.set_state(v1::CANCELLED);
    record.set_error("cancelled while queued");
    record.set_end_time_unix_ms(NowUnixMs());
    // Stored first: a cancellation that cannot be stored leaves the job queued, as it is on disk.
    if (absl::Status s = Persist(record); !s.ok()) return s;
    scheduler_.RemoveQueued(job_id);
    queued_.erase(it);
    Publish(job_id, StateEvent(record), /*last=*/true);
    NoteState(record);
    spdlog::info("{}", WithFields(absl::StrCat("job ", job_id, " cancelled while queued"),
                                  JobLogFields(record)));
    return record;
  }
  auto it = active_.find(job_id);
  if (it == active_.end()) {
    absl::StatusOr<v1::Job> stored = db_->GetJob(job_id);
    if (!stored.ok()) return stored.status();
    return absl::FailedPreconditionError(absl::StrCat("job_id: job ", ShortName(job_id),
                                                      " already ended (",
                                                      v1::JobState_Name(stored->state()), ")"));
  }
  if (!it->second.finishing) BeginFinish(&it->second, v1::CANCELLED, "cancelled by request", -1);
  changed_.notify_all();
  // The scheduler thread reaps the killed workers and finalizes; wait for it (bounded).
  changed_.wait_for(lock, std::chrono::seconds(10), [&] { return active_.count(job_id) == 0; });
  lock.unlock();
  return db_->GetJob(job_id);
}

absl::StatusOr<std::shared_ptr<JobWatch>> JobManager::Watch(const std::string& job_id) {
  std::lock_guard<std::mutex> lock(mu_);
  absl::StatusOr<v1::Job> record = db_->GetJob(job_id);
  if (!record.ok()) return record.status();
  OverlayUnsaved(&*record);
  auto watch = std::make_shared<JobWatch>();
  const bool final = IsFinal(record->state());
  v1::JobEvent state = StateEvent(*record);
  const auto push_rows = [&](const auto& rows) {
    for (const v1::ResultRow& row : rows) {
      v1::JobEvent event;
      event.set_state(record->state());
      *event.mutable_row() = row;
      watch->Push(std::move(event), false);
    }
  };
  // A running job's rows as a watcher from the start got them: every size's first-pass partial
  // row, the final rows so far, then the latest partial row of each size not final yet.
  const auto active = active_.find(job_id);
  const PartialRows* partial =
      !final && active != active_.end() ? &active->second.partial_rows : nullptr;
  if (partial != nullptr) push_rows(partial->FirstPass());
  push_rows(record->rows());
  if (partial != nullptr) push_rows(partial->Latest());
  watch->Push(state, final);
  if (!final) watchers_[job_id].push_back(watch);
  return watch;
}

std::vector<v1::Plugin> JobManager::Plugins() {
  return plugins_ != nullptr ? plugins_->List() : std::vector<v1::Plugin>{};
}

std::vector<v1::Device> JobManager::Devices() {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<v1::Device> devices = options_.devices;
  for (size_t i = 0; i < devices.size(); ++i) devices[i].set_job_id(scheduler_.holder(i));
  return devices;
}

void JobManager::NoteState(const v1::Job& record) {
  if (metrics_ == nullptr) return;
  metrics_->JobStateChanged(record);
  metrics_->SetQueue(static_cast<int>(queued_.size()), static_cast<int>(active_.size()));
  const int free_devices = scheduler_.free_devices();
  metrics_->SetDevices(scheduler_.num_devices() - free_devices, free_devices);
}

void JobManager::Publish(const std::string& job_id, const v1::JobEvent& event, bool last) {
  auto it = watchers_.find(job_id);
  if (it == watchers_.end()) return;
  for (const std::weak_ptr<JobWatch>& weak : it->second) {
    if (std::shared_ptr<JobWatch> watch = weak.lock()) watch->Push(event, last);
  }
  if (last) watchers_.erase(it);
}

absl::Status JobManager::Persist(const v1::Job& record, const char* operation) {
  absl::Status status = db_->UpdateJob(record);
  NoteWrite(status, operation);
  if (!status.ok()) {
    spdlog::error("{}", WithFields(absl::StrCat("job ", record.job_id(), ": could not store the ",
                                                v1::JobState_Name(record.state()),
                                                " record: ", status.ToString()),
                                   JobFields(record.job_id())));
  }
  return status;
}

void JobManager::NoteWrite(const absl::Status& status, const char* operation) {
  // A refusal of the request itself (unknown or duplicate job) says nothing about the database.
  if (status.code() == absl::StatusCode::kNotFound ||
      status.code() == absl::StatusCode::kAlreadyExists ||
      status.code() == absl::StatusCode::kInvalidArgument) {
    return;
  }
  const bool writable = status.ok();
  if (!writable) {
    if (metrics_ != nullptr) metrics_->DbWriteFailed(operation);
    retry_writes_at_ = std::chrono::steady_clock::now() + kRetryWritesEvery;
  }
  if (writable == db_writable_) return;
  db_writable_ = writable;
  if (writable) {
    spdlog::info("the job database takes writes again");
  } else {
    spdlog::error(
        "the job database takes no writes ({}): jobs stay queued and new ones are refused "
        "until a write succeeds (tried again every {} ms)",
        status.ToString(), kRetryWritesEvery.count());
  }
  if (metrics_ != nullptr) metrics_->SetDbWritable(db_writable_);
  if (db_writable_listener_) db_writable_listener_(db_writable_);
}

}  // namespace symmbench
