// JobManager: the coordinator's core, without gRPC. It accepts jobs (validated, stored in
// SQLite before the caller hears of them), queues them, starts their workers on free devices
// through the Launcher, follows the workers (exit codes, failure reports, timeouts, cancel),
// records result rows, and publishes every change to watchers. One scheduler thread does all
// process work: it launches (PR_SET_PDEATHSIG is tied to it), reaps and enforces timeouts.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "proto/symmbench.pb.h"
#include "server/job_watch.h"
#include "server/launch/launcher.h"
#include "server/metrics.h"
#include "server/partial_rows.h"
#include "server/plugin_catalog.h"
#include "server/scheduler.h"
#include "server/storage/dispatch_tables.h"
#include "server/storage/job_db.h"
#include "server/store.h"
#include "spec/job_keys.h"
#include "spec/spec_validation.h"

namespace symmbench {

struct JobManagerOptions {
  v1::Backend backend = v1::cpu;    // cuda or cpu: what this daemon serves
  std::vector<v1::Device> devices;  // inventory; Device.index is the scheduler's index
  std::string coordinator_address;  // handed to workers (Store, WorkerReport); may be
                                    // set later, see set_coordinator_address
  std::string log_dir;              // worker logs
  // How workers reach the coordinator over TLS (empty: plaintext): the CA file that
  // verifies the daemon's certificate, and the name to expect in it (empty: the host).
  std::string worker_tls_ca;
  std::string worker_tls_server_name;
  std::string worker_log_format = "text";  // the workers' --log-format (the daemon's)
  std::chrono::seconds default_job_timeout{3600};
  int max_nodes = 1;  // hosts one job may span (JobSpec.nodes); 1 with the local launcher
  // The cores the CPU ranks of this host share (0: not counted, e.g. GPUs or a cluster's
  // ranks): a job started while more ranks than that run gets a warning (Job.warnings).
  int cpu_cores = 0;
  std::chrono::milliseconds poll_interval{20};  // reaping / timeout check period
  // Recorded with every job (Job.machine); backend, gpu_model and device_count are filled in
  // from the fields above when left empty.
  v1::MachineInfo machine;
  // Whether specs may inject faults (JobSpec.inject_delay_us, inject_fault; symmbenchd
  // --allow-fault-injection); Submit refuses them with FAILED_PRECONDITION otherwise.
  bool allow_fault_injection = false;
};

class JobManager {
 public:
  // `dispatch_tables` (may be null: built-in defaults only) fills the dispatch table of
  // "all_reduce" jobs that bring none.
  JobManager(JobManagerOptions options, JobDb* db, KeyValueStore* store, Launcher* launcher,
             DispatchTableStore* dispatch_tables = nullptr);
  ~JobManager();
  JobManager(const JobManager&) = delete;
  JobManager& operator=(const JobManager&) = delete;

  // Where job, row, queue and device figures are exported (may stay null: none). Set before
  // Start(); it must outlive the manager.
  void set_metrics(CoordinatorMetrics* metrics) { metrics_ = metrics; }
  // The libraries of --plugin-dir (may stay null: no plugins, every plugin op refused). Set
  // before Start(); it must outlive the manager.
  void set_plugins(PluginCatalog* plugins) { plugins_ = plugins; }
  // Told each time the job database stops or resumes taking writes (false at the first failed
  // write, true at the next that succeeds), e.g. to set the gRPC health status. Called with
  // the manager's lock held: it must not call back into the manager. Set before Start().
  void set_db_writable_listener(std::function<void(bool)> listener) {
    db_writable_listener_ = std::move(listener);
  }
  // The address workers dial; set before Start() when the port is only known after binding.
  void set_coordinator_address(std::string address) { coordinator_address_ = std::move(address); }
  // Recovers what a previous daemon on the same database left (see Recover) and starts the
  // scheduler thread.
  absl::Status Start();
  // A graceful stop (`why` names it, e.g. "symmbenchd stopped (SIGTERM)"): kills every worker;
  // a running job that has stored no final row is stored QUEUED again (it runs from the start
  // at the next daemon's start), one that has is FAILED with `why` and keeps its rows; queued
  // jobs stay QUEUED on disk. Ends every watch and stops the thread. Idempotent.
  void Shutdown(absl::string_view why = "symmbenchd stopped");

  // Validates (INVALID_ARGUMENT / RESOURCE_EXHAUSTED naming the field; FAILED_PRECONDITION
  // naming inject_delay_us for a fault injection the daemon does not allow), stores and queues.
  // RESOURCE_EXHAUSTED naming the database when it is full (nothing is queued then).
  //
  // When the database cannot be written (a full disk) nothing runs without a record: a job's
  // workers start only once its RUNNING record is stored (until then it stays QUEUED, at the
  // head of the queue, tried again each second); a final record that cannot be stored is
  // kept, shown by Get/List/Watch, and stored as soon as a write succeeds (a restart before
  // that finds the job RUNNING and fails it, never runs it again).
  absl::StatusOr<v1::Job> Submit(v1::JobSpec spec);
  // NOT_FOUND for unknown jobs.
  absl::StatusOr<v1::Job> Get(const std::string& job_id);
  absl::StatusOr<std::vector<v1::Job>> List(int limit, v1::JobState state, bool include_rows,
                                            int64_t before = 0);
  // Cancels a queued or running job (workers killed, devices freed) and returns the final
  // record. NOT_FOUND if unknown; FAILED_PRECONDITION if it already ended; a queued job whose
  // cancellation cannot be stored stays queued and the database's error is returned.
  absl::StatusOr<v1::Job> Cancel(const std::string& job_id);
  // Replays the job's state and rows, then follows it. NOT_FOUND if unknown.
  absl::StatusOr<std::shared_ptr<JobWatch>> Watch(const std::string& job_id);
  // Inventory with the holder of each device.
  std::vector<v1::Device> Devices();
  // The libraries of --plugin-dir as they are now (PluginCatalog::List); empty without.
  std::vector<v1::Plugin> Plugins();
  v1::Backend backend() const { return options_.backend; }
  // What every job records as Job.machine.
  const v1::MachineInfo& machine() const { return machine_; }

  // From workers. FAILED_PRECONDITION when the job is not running. A partial row
  // (ResultRow.partial) goes to the job's watchers only: not stored, not in the metrics.
  absl::Status ReportRow(const std::string& job_id, int rank, const v1::ResultRow& row);
  absl::Status ReportFailure(const std::string& job_id, int rank, const std::string& error);
  // Keeps hosts[r] (rank r's host) in the job's record. INVALID_ARGUMENT naming `hosts` unless
  // it has world_size non-empty names of at most 255 characters.
  absl::Status ReportPlacement(const std::string& job_id, const std::vector<std::string>& hosts);
  // Keeps rank `rank`'s identity as Job.ranks[rank] (CheckReportedIdentity's errors).
  absl::Status ReportIdentity(const std::string& job_id, int rank,
                              const v1::RankIdentity& identity);
  // Rank `rank` has finished (LaunchedJob::NoteRankDone). INVALID_ARGUMENT naming `rank` outside
  // [0, world_size).
  absl::Status ReportDone(const std::string& job_id, int rank);
  // Whether the job is RUNNING (its workers may use the Store).
  bool IsRunning(const std::string& job_id);
  // Whether a worker call for `job_id` carrying `secret` may proceed: OK when `secret` is the
  // job's secret (handed to its workers at launch) and the job is RUNNING (or, unless
  // `running_only`, ending). FAILED_PRECONDITION when it is not, PERMISSION_DENIED when the
  // secret is wrong or missing.
  absl::Status AuthorizeWorker(const std::string& job_id, const std::string& secret,
                               bool running_only);

 private:
  struct ActiveJob {
    v1::Job record;                         // without rows
    std::unique_ptr<LaunchedJob> launched;  // null when the launch failed
    std::chrono::steady_clock::time_point deadline;
    std::string instance;        // random per run: names the job's host resources (shm segments)
    std::string secret;          // random per run: its workers' credential for Store and reports
    std::string reported_error;  // first ReportFailure, "rank R: ..."
    int reported_rank = -1;
    int final_rows = 0;        // final rows stored so far (at most ExpectedRows)
    PartialRows partial_rows;  // for watchers who attach mid-run
    bool finishing = false;    // final state decided; waiting for workers to be reaped
    v1::JobState final_state = v1::JOB_STATE_UNSPECIFIED;
    std::string final_error;
  };

  // Shutdown's end of a running job that stored no row (its workers are gone): devices, Store
  // keys and segments freed, the record stored QUEUED without its run's fields; mu_ held.
  void QueueAgainAtStop(const std::string& job_id, absl::string_view why);
  // After a restart or crash: jobs that were RUNNING are marked FAILED ("coordinator
  // restarted"; their workers died with the old daemon, PR_SET_PDEATHSIG) and the shared
  // memory their workers may have left is removed; jobs that were QUEUED never started and
  // are queued again in submission order (FAILED instead if this daemon cannot run them).
  absl::Status Recover();
  void SchedulerLoop();
  // All below run with mu_ held.
  void StartRunnable();
  // False when the job could not start because its RUNNING record could not be stored (it is
  // still in queued_; the caller gives the placement back to the scheduler).
  bool StartJob(const Placement& placement);
  // While the database does not take writes: once a second, stores the final records kept in
  // unsaved_final_ (or, with none, probes with a small write) to learn when it does again.
  void RetryWrites();
  // Counts a failed write (`operation` names it) and tracks whether the database takes writes.
  void NoteWrite(const absl::Status& status, const char* operation);
  // `job` with what a final record kept in unsaved_final_ says (rows stay); mu_ held.
  void OverlayUnsaved(v1::Job* job) const;
  void ReapWorkers();
  void CheckTimeouts();
  // The active job `job_id` (mu_ held); FAILED_PRECONDITION "job J is not running" when there
  // is none, or when it is finishing and `running_only`.
  absl::StatusOr<ActiveJob*> ActiveJobOf(const std::string& job_id, bool running_only = false);
  // The ranks of a running job that have not published their host at rendezvous (in order).
  std::vector<int> AbsentFromRendezvous(const v1::Job& record) const;
  void BeginFinish(ActiveJob* job, v1::JobState state, std::string error, int failed_rank);
  void Finalize(const std::string& job_id);
  void Publish(const std::string& job_id, const v1::JobEvent& event, bool last);
  // After a state change: the job's state, queue depth, running jobs and devices to metrics.
  void NoteState(const v1::Job& record);
  // Stores `record` (UpdateJob), logging and counting a failure as `operation`.
  absl::Status Persist(const v1::Job& record, const char* operation = "update_job");
  DeviceLimits Limits() const;
  // For kernel "all_reduce": validates the spec's dispatch table, or fills in the stored one
  // for this machine (or the built-in default). INVALID_ARGUMENT naming dispatch.<field>.
  absl::Status ResolveDispatch(v1::JobSpec* spec) const;
  // A row from a worker, completed with what the machine's records hold: a calibrate row's
  // ceilings are stored (and labelled), any other row gets its roofline fractions.
  void AddMachineContext(const v1::Job& record, v1::ResultRow* row);

  const JobManagerOptions options_;
  const v1::MachineInfo machine_;
  std::string coordinator_address_;
  JobDb* const db_;
  KeyValueStore* const store_;
  Launcher* const launcher_;
  DispatchTableStore* const dispatch_tables_;
  CoordinatorMetrics* metrics_ = nullptr;
  PluginCatalog* plugins_ = nullptr;

  std::mutex mu_;
  std::condition_variable changed_;
  Scheduler scheduler_;
  std::map<std::string, ActiveJob> active_;  // RUNNING jobs
  std::map<std::string, v1::Job> queued_;    // QUEUED jobs
  std::map<std::string, std::vector<std::weak_ptr<JobWatch>>> watchers_;
  // Ended jobs whose final record could not be stored yet (RetryWrites stores them).
  std::map<std::string, v1::Job> unsaved_final_;
  bool db_writable_ = true;
  std::chrono::steady_clock::time_point retry_writes_at_;
  std::function<void(bool)> db_writable_listener_;
  bool shutdown_ = false;
  std::thread thread_;
};

}  // namespace symmbench
