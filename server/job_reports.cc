// JobManager, workers' side: the rows, failures, placement, identities and completion that a
// job's ranks report, each checked against the job's record, and their authorization (the API
// side is job_manager.cc, the scheduler side job_scheduling.cc).
#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/quote.h"
#include "security/secrets.h"
#include "server/job_manager.h"
#include "server/job_util.h"
#include "server/report_checks.h"
#include "spdlog/spdlog.h"

namespace symmbench {
namespace {

// Longest worker-reported error kept in a job record.
constexpr size_t kMaxReportedErrorBytes = 4096;

}  // namespace

absl::StatusOr<JobManager::ActiveJob*> JobManager::ActiveJobOf(const std::string& job_id,
                                                               bool running_only) {
  auto it = active_.find(job_id);
  if (it == active_.end() || (running_only && it->second.finishing)) {
    return absl::FailedPreconditionError(
        absl::StrCat("job ", ShortName(job_id), " is not running"));
  }
  return &it->second;
}

absl::Status JobManager::ReportRow(const std::string& job_id, int rank, const v1::ResultRow& row) {
  std::lock_guard<std::mutex> lock(mu_);
  absl::StatusOr<ActiveJob*> found = ActiveJobOf(job_id, /*running_only=*/true);
  if (!found.ok()) return found.status();
  ActiveJob& job = **found;
  if (absl::Status s = CheckReportedRow(job.record, rank, row); !s.ok()) return s;
  if (!row.partial()) {
    const int expected = ExpectedRows(job.record);
    if (job.final_rows >= expected) {
      return absl::InvalidArgumentError(
          absl::StrCat("row: the job has ", expected, " final rows, all reported already"));
    }
  }
  v1::ResultRow stored = row;
  stored.DiscardUnknownFields();
  AddMachineContext(job.record, &stored);
  // A partial row only goes to the watchers (and is kept for those who attach later): the
  // size's final row is the record.
  if (row.partial()) {
    job.partial_rows.Note(stored);
  } else {
    job.partial_rows.Finish(stored);
    absl::Status appended = db_->AppendRow(job_id, stored);
    NoteWrite(appended, "append_row");
    if (!appended.ok()) return appended;
    ++job.final_rows;
    if (metrics_ != nullptr) {
      metrics_->RowReported(job.record, stored,
                            options_.devices.empty() ? "" : options_.devices[0].name());
    }
  }
  v1::JobEvent event;
  event.set_state(v1::RUNNING);
  *event.mutable_row() = stored;
  Publish(job_id, event, false);
  return absl::OkStatus();
}

absl::Status JobManager::ReportFailure(const std::string& job_id, int rank,
                                       const std::string& error) {
  std::lock_guard<std::mutex> lock(mu_);
  absl::StatusOr<ActiveJob*> found = ActiveJobOf(job_id);
  if (!found.ok()) return found.status();
  ActiveJob& job = **found;
  if (absl::Status s = CheckReportingRank(job.record.spec(), rank); !s.ok()) return s;
  // A worker's error goes into the record and to every watcher: bounded like a status.
  const std::string said = BoundedMessage(error, kMaxReportedErrorBytes);
  spdlog::warn("{}", WithFields(absl::StrCat("job ", job_id, " rank ", rank, " failed: ", said),
                                JobFields(job_id, rank)));
  if (!job.finishing) {
    // Its peers may be waiting on it in a barrier: stop them now instead of at their timeout.
    BeginFinish(&job, v1::FAILED, absl::StrCat("rank ", rank, ": ", said), rank);
    changed_.notify_all();
  }
  return absl::OkStatus();
}

absl::Status JobManager::ReportPlacement(const std::string& job_id,
                                         const std::vector<std::string>& hosts) {
  std::lock_guard<std::mutex> lock(mu_);
  absl::StatusOr<ActiveJob*> found = ActiveJobOf(job_id);
  if (!found.ok()) return found.status();
  v1::Job& record = (*found)->record;
  if (static_cast<int>(hosts.size()) != record.spec().world_size()) {
    return absl::InvalidArgumentError(absl::StrCat("hosts: want ", record.spec().world_size(),
                                                   " names, one per rank (got ", hosts.size(),
                                                   ")"));
  }
  for (size_t r = 0; r < hosts.size(); ++r) {
    if (hosts[r].empty() || hosts[r].size() > 255) {
      return absl::InvalidArgumentError(
          absl::StrCat("hosts[", r, "]: want a host name of 1..255 characters"));
    }
  }
  // Every rank reports the same list: store it once.
  if (std::equal(record.hosts().begin(), record.hosts().end(), hosts.begin(), hosts.end())) {
    return absl::OkStatus();
  }
  record.clear_hosts();
  for (const std::string& host : hosts) record.add_hosts(host);
  return Persist(record, "placement");
}

absl::Status JobManager::ReportIdentity(const std::string& job_id, int rank,
                                        const v1::RankIdentity& identity) {
  std::lock_guard<std::mutex> lock(mu_);
  absl::StatusOr<ActiveJob*> found = ActiveJobOf(job_id);
  if (!found.ok()) return found.status();
  v1::Job& record = (*found)->record;
  if (absl::Status s = CheckReportingRank(record.spec(), rank); !s.ok()) return s;
  if (absl::Status s = CheckReportedIdentity(rank, identity); !s.ok()) return s;
  while (record.ranks_size() < record.spec().world_size()) {
    record.add_ranks()->set_rank(record.ranks_size() - 1);
  }
  *record.mutable_ranks(rank) = identity;
  return Persist(record, "rank identity");
}

absl::Status JobManager::ReportDone(const std::string& job_id, int rank) {
  std::lock_guard<std::mutex> lock(mu_);
  absl::StatusOr<ActiveJob*> found = ActiveJobOf(job_id);
  if (!found.ok()) return found.status();
  ActiveJob& job = **found;
  if (absl::Status s = CheckReportingRank(job.record.spec(), rank); !s.ok()) return s;
  if (job.launched != nullptr) job.launched->NoteRankDone(rank);
  changed_.notify_all();
  return absl::OkStatus();
}

absl::Status JobManager::AuthorizeWorker(const std::string& job_id, const std::string& secret,
                                         bool running_only) {
  std::lock_guard<std::mutex> lock(mu_);
  absl::StatusOr<ActiveJob*> found = ActiveJobOf(job_id, running_only);
  if (!found.ok()) {
    return absl::FailedPreconditionError(absl::StrCat("job_id: ", found.status().message()));
  }
  if (secret.empty() || !ConstantTimeEquals(secret, (*found)->secret)) {
    return absl::PermissionDeniedError(absl::StrCat(
        "job_id: the call does not carry job ", ShortName(job_id), "'s secret (metadata ",
        kJobSecretHeader, "); only the job's workers may use its store"));
  }
  return absl::OkStatus();
}

bool JobManager::IsRunning(const std::string& job_id) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = active_.find(job_id);
  return it != active_.end() && !it->second.finishing;
}

}  // namespace symmbench
