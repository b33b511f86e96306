// The Store and WorkerReport services on a real daemon (CPU backend, loopback) with stand-in
// workers (fake_worker.sh) that keep their jobs RUNNING: only a call carrying the job's own
// secret gets at the job's keys; the secret reaches workers in their environment, not argv;
// a Wait whose client gives up is withdrawn; and 1,000 pending Waits hold no thread each.
#include <grpcpp/grpcpp.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include "proto/symmbench.grpc.pb.h"
#include "proto/worker.grpc.pb.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;
using std::chrono::steady_clock;

// "Threads:" of /proc/<pid>/status.
int ThreadCount(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("Threads:", 0) == 0) return std::stoi(line.substr(8));
  }
  return -1;
}

void WithSecret(grpc::ClientContext* context, const std::string& secret) {
  if (!secret.empty()) context->AddMetadata("x-symmbench-job-secret", secret);
  context->set_deadline(std::chrono::system_clock::now() + seconds(30));
}

class StoreAccessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = MakeTempDir("store_access");
    fake_dir_ = dir_ + "/fake";
    mkdir(fake_dir_.c_str(), 0700);
    setenv("SYMMBENCH_FAKE_WORKER_DIR", fake_dir_.c_str(), 1);  // inherited by the workers
    daemon_ = std::make_unique<Daemon>(dir_, 4);
    daemon_->set_worker(RunfilePath("tests/fake_worker.sh"));
    std::string error;
    ASSERT_TRUE(daemon_->Start(&error)) << error;
    unsetenv("SYMMBENCH_FAKE_WORKER_DIR");
    channel_ = grpc::CreateChannel(daemon_->address(), grpc::InsecureChannelCredentials());
    store_ = v1::Store::NewStub(channel_);
    reports_ = v1::WorkerReport::NewStub(channel_);
  }

  // Submits a one-rank job and returns its id once its stand-in worker has recorded the
  // secret it was given (in `secret`).
  std::string StartJob(std::string* secret) {
    nlohmann::json job = daemon_->ClientJson({"submit", "--world-size", "1", "--sizes", "2K"});
    if (!job.contains("job_id")) return "";
    const std::string id = job["job_id"];
    const std::string path = fake_dir_ + "/" + id + ".rank0.secret";
    for (auto deadline = steady_clock::now() + seconds(30); steady_clock::now() < deadline;) {
      if (access(path.c_str(), R_OK) == 0) break;
      std::this_thread::sleep_for(milliseconds(20));
    }
    *secret = ReadFile(path);
    return id;
  }

  grpc::Status Set(const std::string& job, const std::string& key, const std::string& secret) {
    grpc::ClientContext context;
    WithSecret(&context, secret);
    v1::StoreSetRequest request;
    request.set_job_id(job);
    request.set_key(key);
    request.set_value("value of " + key);
    v1::StoreSetResponse response;
    return store_->Set(&context, request, &response);
  }

  grpc::Status Get(const std::string& job, const std::string& key, const std::string& secret) {
    grpc::ClientContext context;
    WithSecret(&context, secret);
    v1::StoreGetRequest request;
    request.set_job_id(job);
    request.set_key(key);
    v1::StoreGetResponse response;
    return store_->Get(&context, request, &response);
  }

  grpc::Status Wait(const std::string& job, const std::string& key, const std::string& secret) {
    grpc::ClientContext context;
    WithSecret(&context, secret);
    v1::StoreWaitRequest request;
    request.set_job_id(job);
    request.add_keys(key);
    request.set_timeout_ms(100);
    v1::StoreWaitResponse response;
    return store_->Wait(&context, request, &response);
  }

  grpc::Status ReportFailure(const std::string& job, const std::string& secret, int rank = 0) {
    grpc::ClientContext context;
    WithSecret(&context, secret);
    v1::ReportFailureRequest request;
    request.set_job_id(job);
    request.set_rank(rank);
    request.set_error("forged failure");
    v1::ReportFailureResponse response;
    return reports_->ReportFailure(&context, request, &response);
  }

  grpc::Status ReportRow(const std::string& job, const std::string& secret, int rank,
                         const v1::ResultRow& row) {
    grpc::ClientContext context;
    WithSecret(&context, secret);
    v1::ReportRowRequest request;
    request.set_job_id(job);
    request.set_rank(rank);
    *request.mutable_row() = row;
    v1::ReportRowResponse response;
    return reports_->ReportRow(&context, request, &response);
  }

  std::string dir_, fake_dir_;
  std::unique_ptr<Daemon> daemon_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::Store::Stub> store_;
  std::unique_ptr<v1::WorkerReport::Stub> reports_;
};

TEST_F(StoreAccessTest, OnlyTheJobsOwnSecretOpensItsKeys) {
  std::string secret_a, secret_b;
  const std::string a = StartJob(&secret_a);
  const std::string b = StartJob(&secret_b);
  ASSERT_EQ(secret_a.size(), 64u) << a;
  ASSERT_EQ(secret_b.size(), 64u) << b;
  EXPECT_NE(secret_a, secret_b);
  // The secret came in the environment; argv (readable by every user in /proc) lacks it.
  const std::string argv = ReadFile(fake_dir_ + "/" + a + ".rank0.argv");
  EXPECT_NE(argv.find("--job-id " + a), std::string::npos) << argv;
  EXPECT_EQ(argv.find(secret_a), std::string::npos) << argv;

  for (const std::string& bad : {std::string(), std::string(64, '0'), secret_b}) {
    EXPECT_EQ(Set(a, "k", bad).error_code(), grpc::StatusCode::PERMISSION_DENIED) << bad;
  }
  ASSERT_TRUE(Set(a, "k", secret_a).ok());
  EXPECT_TRUE(Get(a, "k", secret_a).ok());
  // Job b's secret reads nothing of job a's, by any call.
  grpc::Status denied = Get(a, "k", secret_b);
  EXPECT_EQ(denied.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_NE(denied.error_message().find("x-symmbench-job-secret"), std::string::npos)
      << denied.error_message();
  EXPECT_EQ(Wait(a, "k", secret_b).error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(Wait(a, "k", "").error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(Get(b, "k", secret_b).error_code(), grpc::StatusCode::NOT_FOUND);  // own prefix
  // Nor can it report for job a: the forged failure leaves job a running.
  EXPECT_EQ(ReportFailure(a, secret_b).error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(ReportFailure(a, "").error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(daemon_->ClientJson({"status", a})["state"], "RUNNING");

  // Once the job ends its secret opens nothing.
  EXPECT_EQ(daemon_->Client({"cancel", a}).exit_code, 0);
  EXPECT_EQ(Set(a, "k", secret_a).error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_TRUE(Set(b, "k", secret_b).ok());
}

// With the job's own secret, a worker still cannot report what the job could not produce: a
// rank outside the job, a row from a rank other than 0, for a size the job does not have, with
// no time, or one final row too many. Each is refused naming the field; the job runs on, and
// its record holds only the one right row.
TEST_F(StoreAccessTest, ReportsAreCheckedAgainstTheJob) {
  std::string secret;
  const std::string id = StartJob(&secret);  // world size 1, one size: 2K
  ASSERT_EQ(secret.size(), 64u) << id;
  const auto refused = [](const grpc::Status& status, const std::string& field) {
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << status.error_message();
    EXPECT_EQ(status.error_message().rfind(field + ": ", 0), 0u) << status.error_message();
  };
  refused(ReportFailure(id, secret, -7), "rank");
  refused(ReportFailure(id, secret, 1), "rank");
  v1::ResultRow row;
  row.set_size_bytes(2048);
  row.set_time_us(3.5);
  refused(ReportRow(id, secret, 99, row), "rank");
  v1::ResultRow other_size = row;
  other_size.set_size_bytes(4096);
  refused(ReportRow(id, secret, 0, other_size), "size_bytes");
  v1::ResultRow no_time = row;
  no_time.set_time_us(0);
  refused(ReportRow(id, secret, 0, no_time), "time_us");
  v1::ResultRow nan_time = row;
  nan_time.set_time_max_us(std::nan(""));
  refused(ReportRow(id, secret, 0, nan_time), "time_us");
  EXPECT_TRUE(ReportRow(id, secret, 0, row).ok());
  refused(ReportRow(id, secret, 0, row), "row");  // the job's one size has its final row
  nlohmann::json job = daemon_->ClientJson({"status", id});
  EXPECT_EQ(job["state"], "RUNNING") << job.dump();
  EXPECT_EQ(job["failed_rank"], -1) << job.dump();
  ASSERT_EQ(job["rows"].size(), 1u) << job.dump();
  EXPECT_EQ(job["rows"][0]["time_us"], 3.5);
  EXPECT_EQ(daemon_->Client({"cancel", id}).exit_code, 0);
}

// The daemon's resident memory in KiB (VmRSS), 0 if unreadable.
int64_t ResidentKiB(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("VmRSS:", 0) == 0) return std::atoll(line.c_str() + 6);
  }
  return 0;
}

// One job may hold at most 64 MiB in the Store: 3 MiB values are taken until the quota, the
// next is refused with RESOURCE_EXHAUSTED naming the value, and the memory goes back once the
// job ends (40 such values used to take the daemon from 21 to 159 MB, 122 MB of it kept).
TEST_F(StoreAccessTest, AJobsStoreHasAQuotaAndItsMemoryIsReturned) {
  std::string secret;
  const std::string id = StartJob(&secret);
  ASSERT_EQ(secret.size(), 64u) << id;
  const int64_t before = ResidentKiB(daemon_->pid());
  const std::string value(3 << 20, 'v');
  int stored = 0;
  grpc::Status refused;
  for (int i = 0; i < 40 && refused.ok(); ++i) {
    grpc::ClientContext context;
    WithSecret(&context, secret);
    v1::StoreSetRequest request;
    request.set_job_id(id);
    request.set_key("big/" + std::to_string(i));
    request.set_value(value);
    v1::StoreSetResponse response;
    refused = store_->Set(&context, request, &response);
    if (refused.ok()) ++stored;
  }
  EXPECT_EQ(stored, 21);  // 21 x 3 MiB (and keys) fit in 64 MiB; the 22nd does not
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << refused.error_message();
  EXPECT_EQ(refused.error_message().rfind("value: job " + id, 0), 0u) << refused.error_message();
  const int64_t full = ResidentKiB(daemon_->pid());
  EXPECT_EQ(daemon_->Client({"cancel", id}).exit_code, 0);
  EXPECT_EQ(daemon_->WaitForState(id, {"CANCELLED"}), "CANCELLED");
  // AddressSanitizer's allocator keeps freed memory in quarantine: resident sizes say nothing
  // there (.bazelrc).
  if (UnderSanitizer()) return;
  EXPECT_GT(full, before + 48 * 1024) << before << " -> " << full;
  int64_t after = full;
  for (auto deadline = steady_clock::now() + seconds(10);
       after > before + 16 * 1024 && steady_clock::now() < deadline;) {
    std::this_thread::sleep_for(milliseconds(100));
    after = ResidentKiB(daemon_->pid());
  }
  EXPECT_LT(after, before + 16 * 1024) << before << " -> " << full << " -> " << after;
}

TEST_F(StoreAccessTest, AbandonedWaitIsWithdrawn) {
  std::string secret;
  const std::string job = StartJob(&secret);
  grpc::ClientContext context;
  context.AddMetadata("x-symmbench-job-secret", secret);
  context.set_deadline(std::chrono::system_clock::now() + milliseconds(300));
  v1::StoreWaitRequest request;
  request.set_job_id(job);
  request.add_keys("never");
  request.set_timeout_ms(60000);
  v1::StoreWaitResponse response;
  EXPECT_EQ(store_->Wait(&context, request, &response).error_code(),
            grpc::StatusCode::DEADLINE_EXCEEDED);
  // The daemon sees the cancellation and answers the wait at once instead of in a minute.
  double pending = -1;
  for (auto deadline = steady_clock::now() + seconds(5);
       pending != 0 && steady_clock::now() < deadline;) {
    std::this_thread::sleep_for(milliseconds(20));
    pending = MetricGauge(HttpGet(daemon_->metrics_address(), "/metrics"),
                          "symmbench_store_waits_pending");
  }
  EXPECT_EQ(pending, 0);
}

TEST_F(StoreAccessTest, ThousandPendingWaitsHoldFewThreads) {
  constexpr int kWaiters = 1000;
  constexpr int kMaxThreads = 100;
  std::string secret;
  const std::string job = StartJob(&secret);
  ASSERT_EQ(secret.size(), 64u);
  const int threads_idle = ThreadCount(daemon_->pid());

  std::vector<std::unique_ptr<grpc::ClientContext>> contexts;
  std::vector<v1::StoreWaitRequest> requests(kWaiters);
  std::vector<v1::StoreWaitResponse> responses(kWaiters);
  std::atomic<int> done{0}, ok{0};
  const auto start = steady_clock::now();
  for (int i = 0; i < kWaiters; ++i) {
    contexts.push_back(std::make_unique<grpc::ClientContext>());
    contexts[i]->AddMetadata("x-symmbench-job-secret", secret);
    contexts[i]->set_deadline(std::chrono::system_clock::now() + seconds(120));
    requests[i].set_job_id(job);
    requests[i].add_keys("go");
    requests[i].set_timeout_ms(110000);
    store_->async()->Wait(contexts[i].get(), &requests[i], &responses[i],
                          [&done, &ok](grpc::Status status) {
                            ok += status.ok() ? 1 : 0;
                            ++done;
                          });
  }
  // Every wait is registered on the daemon (its gauge says so); sample its threads meanwhile.
  int threads_max = ThreadCount(daemon_->pid());
  double pending = 0;
  for (auto deadline = steady_clock::now() + seconds(60);
       pending < kWaiters && steady_clock::now() < deadline;) {
    pending = MetricGauge(HttpGet(daemon_->metrics_address(), "/metrics"),
                          "symmbench_store_waits_pending");
    threads_max = std::max(threads_max, ThreadCount(daemon_->pid()));
    std::this_thread::sleep_for(milliseconds(50));
  }
  const auto all_pending = steady_clock::now();
  for (int i = 0; i < 10; ++i) {  // a second more, all still pending
    threads_max = std::max(threads_max, ThreadCount(daemon_->pid()));
    std::this_thread::sleep_for(milliseconds(100));
  }
  EXPECT_EQ(pending, kWaiters);
  EXPECT_EQ(done.load(), 0);
  // gRPC sizes its pools by cores: on a big host allow for more idle threads, never 1 a wait.
  EXPECT_LT(threads_max, std::max(kMaxThreads, threads_idle + 50));

  const auto set_at = steady_clock::now();
  ASSERT_TRUE(Set(job, "go", secret).ok());
  for (auto deadline = steady_clock::now() + seconds(60);
       done < kWaiters && steady_clock::now() < deadline;) {
    std::this_thread::sleep_for(milliseconds(5));
  }
  const auto finished = steady_clock::now();
  EXPECT_EQ(done.load(), kWaiters);
  EXPECT_EQ(ok.load(), kWaiters);
  auto ms = [](auto d) { return std::chrono::duration_cast<milliseconds>(d).count(); };
  std::cout << "daemon threads: " << threads_idle << " idle, at most " << threads_max << " with "
            << kWaiters << " waits pending; all registered in " << ms(all_pending - start)
            << " ms; all answered " << ms(finished - set_at) << " ms after the Set\n";
  RecordProperty("daemon_threads_idle", threads_idle);
  RecordProperty("daemon_threads_with_waits", threads_max);
  RecordProperty("answer_ms", static_cast<int>(ms(finished - set_at)));
  // A reactor leaves the gauge in OnDone, which gRPC may run just after the client has its
  // answer: poll until every one is gone.
  double left = -1;
  for (auto deadline = steady_clock::now() + seconds(10);
       left != 0 && steady_clock::now() < deadline;) {
    left = MetricGauge(HttpGet(daemon_->metrics_address(), "/metrics"),
                       "symmbench_store_waits_pending");
    if (left != 0) std::this_thread::sleep_for(milliseconds(20));
  }
  EXPECT_EQ(left, 0);
}

// Each open WatchJob stream holds one of the daemon's threads: past --max-watch-streams a new
// stream is refused with RESOURCE_EXHAUSTED (1,000 streams used to make 1,017 threads), and a
// closed stream frees its place.
TEST(WatchStreamsTest, OpenStreamsAreBoundedAndAClosedOneFreesItsPlace) {
  const std::string dir = MakeTempDir("watch_streams");
  const std::string fake_dir = dir + "/fake";
  mkdir(fake_dir.c_str(), 0700);
  setenv("SYMMBENCH_FAKE_WORKER_DIR", fake_dir.c_str(), 1);
  Daemon daemon(dir, 2);
  daemon.set_worker(RunfilePath("tests/fake_worker.sh"));
  daemon.set_extra_args({"--max-watch-streams", "4"});
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  unsetenv("SYMMBENCH_FAKE_WORKER_DIR");
  nlohmann::json job = daemon.ClientJson({"submit", "--world-size", "1", "--sizes", "2K"});
  ASSERT_TRUE(job.contains("job_id")) << job.dump();
  auto stub = v1::Coordinator::NewStub(
      grpc::CreateChannel(daemon.address(), grpc::InsecureChannelCredentials()));
  v1::WatchJobRequest request;
  request.set_job_id(job["job_id"]);
  struct Stream {
    grpc::ClientContext context;
    std::unique_ptr<grpc::ClientReader<v1::JobEvent>> reader;
  };
  // Opens a stream and reads its first event (the job's state): true once it is served.
  const auto open = [&](Stream* stream) {
    stream->context.set_deadline(std::chrono::system_clock::now() + seconds(30));
    stream->reader = stub->WatchJob(&stream->context, request);
    v1::JobEvent event;
    return stream->reader->Read(&event);
  };
  std::vector<std::unique_ptr<Stream>> streams;
  for (int i = 0; i < 4; ++i) {
    streams.push_back(std::make_unique<Stream>());
    ASSERT_TRUE(open(streams.back().get())) << "stream " << i;
  }
  Stream refused;
  EXPECT_FALSE(open(&refused));
  const grpc::Status status = refused.reader->Finish();
  EXPECT_EQ(status.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << status.error_message();
  EXPECT_NE(status.error_message().find("--max-watch-streams"), std::string::npos);
  // Closing one frees a place (the server notices within its 0.5 s poll).
  streams[0]->context.TryCancel();
  streams[0]->reader->Finish();
  bool reopened = false;
  for (auto deadline = steady_clock::now() + seconds(10); !reopened && steady_clock::now() < deadline;) {
    auto stream = std::make_unique<Stream>();
    reopened = open(stream.get());
    if (reopened) {
      streams[0] = std::move(stream);
    } else {
      stream->reader->Finish();
      std::this_thread::sleep_for(milliseconds(100));
    }
  }
  EXPECT_TRUE(reopened);
  for (auto& stream : streams) stream->context.TryCancel();
  EXPECT_EQ(daemon.Client({"cancel", job["job_id"]}).exit_code, 0);
}

}  // namespace
}  // namespace symmbench::testing
