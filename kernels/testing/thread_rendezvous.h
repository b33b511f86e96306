// ThreadRendezvous: an in-process Rendezvous for tests in which each rank is a thread. One
// ThreadRendezvousGroup holds the shared state; each rank gets its own ThreadRendezvous.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "kernels/rendezvous.h"

namespace symmbench {

// Shared state of one job's ranks. Thread-safe; must outlive its ThreadRendezvous objects.
class ThreadRendezvousGroup {
 public:
  static constexpr std::chrono::milliseconds kDefaultTimeout{10000};

  // `world_size` >= 1 ranks; every AllGather / Barrier waits at most `timeout`.
  explicit ThreadRendezvousGroup(int world_size,
                                 std::chrono::milliseconds timeout = kDefaultTimeout);
  ThreadRendezvousGroup(const ThreadRendezvousGroup&) = delete;
  ThreadRendezvousGroup& operator=(const ThreadRendezvousGroup&) = delete;

  int world_size() const { return world_size_; }
  // The Rendezvous of `rank` (in [0, world_size)); call once per rank.
  std::unique_ptr<Rendezvous> ForRank(int rank);

  // Contributes `value` of `rank` under `tag` and waits for every rank's contribution.
  // INVALID_ARGUMENT when `rank` already contributed to `tag`; DEADLINE_EXCEEDED naming the
  // missing ranks after the timeout.
  absl::StatusOr<std::vector<std::string>> AllGather(int rank, const std::string& tag,
                                                     const std::string& value);

 private:
  struct Round {
    std::vector<std::optional<std::string>> values;
    int arrived = 0;
    int departed = 0;
  };

  const int world_size_;
  const std::chrono::milliseconds timeout_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::map<std::string, Round> rounds_;  // guarded by mu_; erased once every rank has left
};

// One rank's view of a ThreadRendezvousGroup.
class ThreadRendezvous : public Rendezvous {
 public:
  ThreadRendezvous(ThreadRendezvousGroup* group, int rank) : group_(group), rank_(rank) {}

  int rank() const override { return rank_; }
  int world_size() const override { return group_->world_size(); }
  absl::StatusOr<std::vector<std::string>> AllGather(const std::string& tag,
                                                      const std::string& value) override {
    return group_->AllGather(rank_, "allgather/" + tag, value);
  }
  absl::Status Barrier(const std::string& tag) override {
    return group_->AllGather(rank_, "barrier/" + tag, "").status();
  }

 private:
  ThreadRendezvousGroup* group_;
  int rank_;
};

// Runs body(rank, rendezvous) for every rank of a fresh ThreadRendezvousGroup of `world_size`,
// one thread per rank, and returns when all have returned.
void RunRanksInThreads(int world_size,
                       const std::function<void(int rank, Rendezvous* rendezvous)>& body,
                       std::chrono::milliseconds timeout = ThreadRendezvousGroup::kDefaultTimeout);

}  // namespace symmbench
