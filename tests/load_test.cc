// Load with real processes: many concurrent clients submit small CPU-backend jobs while
// others read (GetJob), list (ListJobs) and follow (WatchJob) them. Checks that no job is lost
// or run twice, that jobs start in submission order (the scheduler is strict FIFO), and that
// reads do not wait behind job work: GetJob's median stays below a tenth of the median time a
// job of the same run took, a control that slows down with the machine (reads that waited for
// jobs would take about as long as they do; on an idle host the two are 1 ms and 60 ms).
//
// CI runs the short variant; the full one, with GetJob's p99 held to an absolute bound
// (docs/results/load_cpu.md), is
//   SYMMBENCH_LOAD_JOBS=500 SYMMBENCH_LOAD_P99_MS=50 bazel test //tests:load_test --test_output=all
// SYMMBENCH_LOAD_CLIENTS (default 32) and SYMMBENCH_LOAD_SLOTS (default 4) are the others.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>

#include "tests/rpc_test_util.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;
using Clock = std::chrono::steady_clock;

int EnvInt(const char* name, int fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? std::atoi(value) : fallback;
}

double Percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t index = static_cast<size_t>(p * (values.size() - 1) + 0.5);
  return values[std::min(index, values.size() - 1)];
}

// Everything the clients saw, under one lock.
struct Observed {
  std::mutex mu;
  std::vector<std::string> submitted;  // job ids, in the order SubmitJob answered
  std::vector<double> get_ms;          // GetJob latencies
  std::vector<double> submit_ms;       // SubmitJob latencies
  std::vector<double> list_ms;         // ListJobs latencies
  int errors = 0;
  int watches_ended = 0;
};

// One client: submits its share of jobs; between submissions it reads a random job it knows,
// lists the newest jobs, and every fourth job follows one to its end with WatchJob.
void Client(const std::string& address, int index, int jobs, std::atomic<bool>* done_reading,
            Observed* seen) {
  std::mt19937 rng(index);
  auto stub = CoordinatorStub(address);
  std::vector<std::string> mine;
  auto timed = [](auto&& call) {
    const auto start = Clock::now();
    grpc::Status status = call();
    return std::make_pair(status,
                          std::chrono::duration<double, std::milli>(Clock::now() - start).count());
  };
  for (int j = 0; j < jobs; ++j) {
    v1::JobSpec spec = SmallCpuSpec(1 + static_cast<int>(rng() % 2), {1024, 4096}, 2);
    v1::Job job;
    auto [submit, submit_ms] = timed([&] { return Submit(stub.get(), spec, &job); });
    std::lock_guard<std::mutex> lock(seen->mu);
    seen->submit_ms.push_back(submit_ms);
    if (!submit.ok()) {
      ++seen->errors;
      ADD_FAILURE() << "SubmitJob: " << submit.error_message();
      continue;
    }
    seen->submitted.push_back(job.job_id());
    mine.push_back(job.job_id());
  }
  // Reads go on until every job has ended, so they measure GetJob under the whole run.
  int round = 0;
  while (!mine.empty() && !done_reading->load()) {
    const std::string& id = mine[rng() % mine.size()];
    v1::Job job;
    auto [get, get_ms] = timed([&] { return GetJob(stub.get(), id, &job); });
    v1::ListJobsRequest list_request;
    list_request.set_limit(20);
    v1::ListJobsResponse list;
    auto [listed, list_ms] =
        timed([&] { return stub->ListJobs(Context().get(), list_request, &list); });
    if (round++ % 8 == 0) {
      v1::WatchJobRequest watch_request;
      watch_request.set_job_id(id);
      auto context = Context(seconds(60));
      auto reader = stub->WatchJob(context.get(), watch_request);
      v1::JobEvent event;
      while (reader->Read(&event)) {
      }
      if (reader->Finish().ok()) {
        std::lock_guard<std::mutex> lock(seen->mu);
        ++seen->watches_ended;
      }
    }
    std::lock_guard<std::mutex> lock(seen->mu);
    seen->get_ms.push_back(get_ms);
    seen->list_ms.push_back(list_ms);
    if (!get.ok() || !listed.ok()) {
      ++seen->errors;
      ADD_FAILURE() << "GetJob/ListJobs: " << get.error_message() << listed.error_message();
    }
    std::this_thread::sleep_for(milliseconds(5 + rng() % 20));
  }
}

// What one round of load measured.
struct LoadRound {
  double get_p50_ms = 0;
  double get_p99_ms = 0;
  size_t get_calls = 0;
  double job_p50_ms = 0;  // the median job's run time, start to end, by its own record
};

// One round: a fresh daemon, `total_jobs` jobs from `clients` clients; asserts that nothing is
// lost, run twice or started out of order, and returns the GetJob latencies.
LoadRound RunLoadRound(int total_jobs, int clients, int slots) {
  LoadRound round;
  const std::string dir = MakeTempDir("load");
  Daemon daemon(dir, slots);
  std::string error;
  EXPECT_TRUE(daemon.Start(&error)) << error;
  if (!error.empty()) return round;
  auto stub = CoordinatorStub(daemon.address());

  Observed seen;
  std::atomic<bool> done_reading{false};
  const auto start = Clock::now();
  std::vector<std::thread> threads;
  for (int c = 0; c < clients; ++c) {
    const int share = total_jobs / clients + (c < total_jobs % clients ? 1 : 0);
    if (share > 0) threads.emplace_back(Client, daemon.address(), c, share, &done_reading, &seen);
  }
  // Wait until every accepted job has ended (all are tiny: minutes would mean a stuck queue).
  std::vector<v1::Job> jobs;
  for (bool all_final = false; !all_final && Clock::now() - start < std::chrono::minutes(10);) {
    std::this_thread::sleep_for(milliseconds(500));
    {
      std::lock_guard<std::mutex> lock(seen.mu);
      if (static_cast<int>(seen.submitted.size()) + seen.errors < total_jobs) continue;
    }
    v1::ListJobsRequest request;
    request.set_limit(total_jobs + 10);
    request.set_include_rows(true);
    v1::ListJobsResponse response;
    if (!stub->ListJobs(Context(seconds(30)).get(), request, &response).ok()) continue;
    all_final = true;
    for (const v1::Job& job : response.jobs()) all_final = all_final && IsFinal(job.state());
    jobs.assign(response.jobs().begin(), response.jobs().end());
  }
  const double elapsed_s = std::chrono::duration<double>(Clock::now() - start).count();
  done_reading = true;
  for (std::thread& t : threads) t.join();

  // Nothing lost, nothing extra, each job ran once and completely.
  EXPECT_EQ(seen.errors, 0);
  EXPECT_EQ(static_cast<int>(seen.submitted.size()), total_jobs);
  EXPECT_EQ(static_cast<int>(jobs.size()), total_jobs);
  std::map<std::string, const v1::Job*> by_id;
  for (const v1::Job& job : jobs) by_id[job.job_id()] = &job;
  const std::map<std::string, int> starts = JobStartsInLog(dir + "/symmbenchd.log");
  for (const std::string& id : seen.submitted) {
    if (by_id.count(id) != 1) {
      ADD_FAILURE() << id << " is lost";
      continue;
    }
    const v1::Job& job = *by_id[id];
    EXPECT_EQ(job.state(), v1::SUCCEEDED) << id << ": " << job.error();
    EXPECT_EQ(job.rows_size(), 2) << id;  // each size reported once
    auto it = starts.find(id);
    EXPECT_EQ(it == starts.end() ? 0 : it->second, 1) << id << " did not start exactly once";
  }
  // Strict FIFO: in submission (job number) order, start times never go back.
  std::vector<const v1::Job*> ordered;
  for (const v1::Job& job : jobs) ordered.push_back(&job);
  std::sort(ordered.begin(), ordered.end(),
            [](const v1::Job* a, const v1::Job* b) { return a->job_id() < b->job_id(); });
  int out_of_order = 0;
  for (size_t i = 1; i < ordered.size(); ++i) {
    if (ordered[i]->start_time_unix_ms() < ordered[i - 1]->start_time_unix_ms()) ++out_of_order;
  }
  EXPECT_EQ(out_of_order, 0);
  std::vector<double> job_ms;
  for (const v1::Job& job : jobs) {
    job_ms.push_back(static_cast<double>(job.end_time_unix_ms() - job.start_time_unix_ms()));
  }

  round.job_p50_ms = Percentile(job_ms, 0.50);
  round.get_p50_ms = Percentile(seen.get_ms, 0.50);
  round.get_p99_ms = Percentile(seen.get_ms, 0.99);
  round.get_calls = seen.get_ms.size();
  std::printf(
      "load: %d jobs from %d clients on %d cpu slots in %.1f s (%.1f jobs/s); GetJob p50 %.2f ms "
      "p99 %.2f ms max %.2f ms over %zu calls; SubmitJob p50 %.2f ms p99 %.2f ms; ListJobs p50 "
      "%.2f ms p99 %.2f ms; a job ran %.0f ms (median); %d watches followed to the end; 0 lost, "
      "0 run twice, %d out of order\n",
      total_jobs, clients, slots, elapsed_s, total_jobs / elapsed_s, round.get_p50_ms,
      round.get_p99_ms, Percentile(seen.get_ms, 1.0), round.get_calls,
      Percentile(seen.submit_ms, 0.5), Percentile(seen.submit_ms, 0.99),
      Percentile(seen.list_ms, 0.5), Percentile(seen.list_ms, 0.99), round.job_p50_ms,
      seen.watches_ended, out_of_order);
  return round;
}

TEST(LoadTest, ConcurrentClientsLoseNothingAndReadsNeverWaitForJobs) {
  const int total_jobs = EnvInt("SYMMBENCH_LOAD_JOBS", 100);
  const int clients = EnvInt("SYMMBENCH_LOAD_CLIENTS", 32);
  const int slots = EnvInt("SYMMBENCH_LOAD_SLOTS", 4);
  const LoadRound round = RunLoadRound(total_jobs, clients, slots);
  EXPECT_GT(round.get_calls, 100u);
  EXPECT_LT(10 * round.get_p50_ms, round.job_p50_ms) << "GetJob's median against a job's";
  // The benchmark's absolute bound (docs/results/load_cpu.md): only where asked for, since a
  // busy or instrumented host's scheduling delays alone can exceed it.
  if (const int p99_limit_ms = EnvInt("SYMMBENCH_LOAD_P99_MS", 0); p99_limit_ms > 0) {
    EXPECT_LT(round.get_p99_ms, p99_limit_ms) << "GetJob p99 under load";
  }
}

}  // namespace
}  // namespace symmbench::testing
