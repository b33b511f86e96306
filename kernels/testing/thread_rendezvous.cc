// In-process rendezvous for tests: all-gather rounds keyed by tag under one mutex/condvar.
#include "kernels/testing/thread_rendezvous.h"

#include <thread>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace symmbench {

ThreadRendezvousGroup::ThreadRendezvousGroup(int world_size, std::chrono::milliseconds timeout)
    : world_size_(world_size), timeout_(timeout) {}

std::unique_ptr<Rendezvous> ThreadRendezvousGroup::ForRank(int rank) {
  return std::make_unique<ThreadRendezvous>(this, rank);
}

absl::StatusOr<std::vector<std::string>> ThreadRendezvousGroup::AllGather(
    int rank, const std::string& tag, const std::string& value) {
  if (rank < 0 || rank >= world_size_) {
    return absl::InvalidArgumentError(absl::StrCat("thread rendezvous \"", tag,
                                                   "\": rank must be in [0, ", world_size_,
                                                   ") (got ", rank, ")"));
  }
  const auto deadline = std::chrono::steady_clock::now() + timeout_;
  std::unique_lock<std::mutex> lock(mu_);
  Round& round = rounds_[tag];
  if (round.values.empty()) round.values.resize(world_size_);
  if (round.values[rank].has_value()) {
    return absl::InvalidArgumentError(absl::StrCat("thread rendezvous \"", tag, "\": rank ",
                                                   rank, " contributed twice (tag reused)"));
  }
  round.values[rank] = value;
  ++round.arrived;
  cv_.notify_all();
  // std::map references stay valid while other tags are inserted or erased.
  if (!cv_.wait_until(lock, deadline, [&] { return round.arrived == world_size_; })) {
    std::string missing;
    for (int r = 0; r < world_size_; ++r) {
      if (!round.values[r].has_value()) absl::StrAppend(&missing, missing.empty() ? "" : ", ", r);
    }
    return absl::DeadlineExceededError(absl::StrCat(
        "thread rendezvous \"", tag, "\" timed out after ", timeout_.count(), " ms: rank ",
        rank, " waiting for rank(s) ", missing));
  }
  std::vector<std::string> values;
  values.reserve(world_size_);
  for (const auto& v : round.values) values.push_back(*v);
  if (++round.departed == world_size_) rounds_.erase(tag);
  return values;
}

void RunRanksInThreads(int world_size,
                       const std::function<void(int rank, Rendezvous* rendezvous)>& body,
                       std::chrono::milliseconds timeout) {
  ThreadRendezvousGroup group(world_size, timeout);
  std::vector<std::thread> threads;
  threads.reserve(world_size);
  for (int rank = 0; rank < world_size; ++rank) {
    threads.emplace_back([&group, &body, rank] {
      std::unique_ptr<Rendezvous> rendezvous = group.ForRank(rank);
      body(rank, rendezvous.get());
    });
  }
  for (std::thread& t : threads) t.join();
}

}  // namespace symmbench
