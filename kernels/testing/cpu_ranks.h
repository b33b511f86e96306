// Runs a test body on thread ranks, each with its own CPU backend over real shared memory and
// real barriers.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "kernels/backend.h"
#include "kernels/testing/backend_test_util.h"
#include "kernels/testing/thread_rendezvous.h"

namespace symmbench::test_util {

// Calls body(rank, backend) on `world_size` threads, each rank's CPU backend made with
// TestBackendOptions(max_bytes) and `faults`, and joins them. A backend that cannot be made
// fails the test (and skips that rank's body).
inline void OnCpuRanks(int world_size, int64_t max_bytes, const KernelFaults& faults,
                       const std::function<void(int rank, Backend* backend)>& body) {
  ThreadRendezvousGroup group(world_size);
  const std::string job_id = UniqueJobId("cpu-ranks", "job");
  std::vector<std::thread> threads;
  for (int rank = 0; rank < world_size; ++rank) {
    threads.emplace_back([&, rank] {
      std::unique_ptr<Rendezvous> rendezvous = group.ForRank(rank);
      BackendOptions options = TestBackendOptions(rank, world_size, job_id, max_bytes);
      options.faults = faults;
      absl::StatusOr<std::unique_ptr<Backend>> backend =
          CreateCpuBackend(options, rendezvous.get());
      ASSERT_TRUE(backend.ok()) << backend.status();
      body(rank, backend->get());
    });
  }
  for (std::thread& t : threads) t.join();
}

}  // namespace symmbench::test_util
