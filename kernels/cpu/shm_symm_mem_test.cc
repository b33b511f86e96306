// Tests for ShmSymmetricMemory: naming, layout, cross-rank visibility, unlinking, errors.
#include "kernels/cpu/shm_symm_mem.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <random>

#include <gtest/gtest.h>

#include "absl/strings/str_cat.h"
#include "kernels/testing/thread_rendezvous.h"

namespace symmbench {
namespace {

// Unique across concurrent test processes (sandboxed tests may share a pid, not /dev/shm).
std::string UniqueJobId(const std::string& what) {
  static const unsigned salt = std::random_device()();
  static std::atomic<int> counter{0};
  return absl::StrCat("shm_symm_mem_test-", getpid(), "-", absl::Hex(salt), "-", counter++, "-", what);
}

TEST(ShmSymmetricMemoryTest, SegmentNameSanitizesJobIdAndStaysShort) {
  EXPECT_EQ(ShmSymmetricMemory::SegmentName("job/1 a-b_c", 3), "/symmbench-job_1_a-b_c-r3");
  const std::string long_a(300, 'a');
  const std::string long_b = long_a + "b";
  const std::string name_a = ShmSymmetricMemory::SegmentName(long_a, 7);
  EXPECT_LT(name_a.size(), 200u);
  EXPECT_NE(name_a, ShmSymmetricMemory::SegmentName(long_b, 7));
  EXPECT_EQ(name_a, ShmSymmetricMemory::SegmentName(long_a, 7));  // stable
}

TEST(ShmSymmetricMemoryTest, MapsEveryPeerZeroesPadsAndUnlinksNames) {
  constexpr int kWorldSize = 4;
  const std::string job = UniqueJobId("map");
  RunRanksInThreads(kWorldSize, [&](int rank, Rendezvous* rendezvous) {
    auto memory = ShmSymmetricMemory::Create(rendezvous, job, 1000);
    ASSERT_TRUE(memory.ok()) << memory.status();
    const ShmSymmetricMemory& mem = **memory;
    EXPECT_EQ(mem.rank(), rank);
    EXPECT_EQ(mem.world_size(), kWorldSize);
    EXPECT_EQ(mem.buffer_bytes(), 1024u);  // rounded up to kBufferAlignment
    ASSERT_EQ(mem.segment_names().size(), static_cast<size_t>(kWorldSize));
    // Each rank unlinks its own name as it leaves Create: all are gone once all have left.
    ASSERT_TRUE(rendezvous->Barrier("created").ok());
    for (int peer = 0; peer < kWorldSize; ++peer) {
      const std::string& name = mem.segment_names()[peer];
      EXPECT_EQ(name, ShmSymmetricMemory::SegmentName(job, peer));
      // Unlinked after creation: the name is gone, the mappings stay.
      errno = 0;
      const int fd = shm_open(name.c_str(), O_RDWR, 0);
      EXPECT_EQ(fd, -1) << name << " still exists";
      EXPECT_EQ(errno, ENOENT) << name;
      if (fd >= 0) close(fd);
      EXPECT_EQ(reinterpret_cast<uintptr_t>(mem.buffer(peer)) % kBufferAlignment, 0u);
      EXPECT_EQ(reinterpret_cast<uintptr_t>(mem.output_buffer(peer)) % kBufferAlignment, 0u);
      // The output buffer follows the input buffer in the same segment.
      EXPECT_EQ(static_cast<char*>(mem.output_buffer(peer)),
                static_cast<char*>(mem.buffer(peer)) + mem.buffer_bytes());
    }
    EXPECT_EQ(mem.buffer(kWorldSize), nullptr);
    EXPECT_EQ(mem.output_buffer(kWorldSize), nullptr);
    EXPECT_EQ(mem.output_buffer(-1), nullptr);
    EXPECT_EQ(mem.signal_pad(-1), nullptr);
    // Signal pad zeroed.
    const uint32_t* pad = mem.signal_pad(rank);
    int nonzero = 0;
    for (size_t i = 0; i < kSignalPadBytes / sizeof(uint32_t); ++i) nonzero += pad[i] != 0;
    EXPECT_EQ(nonzero, 0);
    // Output buffer zeroed.
    const auto* own_out = static_cast<const unsigned char*>(mem.output_buffer(rank));
    int nonzero_out = 0;
    for (size_t i = 0; i < mem.buffer_bytes(); ++i) nonzero_out += own_out[i] != 0;
    EXPECT_EQ(nonzero_out, 0);
    ASSERT_TRUE(rendezvous->Barrier("zero_checked").ok());  // before any peer writes into it
    // Writes to this rank's input buffer are seen through every peer's mapping of it; a write
    // into a peer's output buffer is seen by that peer (two-shot pushes).
    std::memset(mem.buffer(rank), 0x10 + rank, mem.buffer_bytes());
    const int next = (rank + 1) % kWorldSize;
    std::memset(mem.output_buffer(next), 0x40 + rank, mem.buffer_bytes());
    ASSERT_TRUE(rendezvous->Barrier("written").ok());
    for (int peer = 0; peer < kWorldSize; ++peer) {
      const auto* bytes = static_cast<const unsigned char*>(mem.buffer(peer));
      EXPECT_EQ(bytes[0], 0x10 + peer);
      EXPECT_EQ(bytes[mem.buffer_bytes() - 1], 0x10 + peer);
    }
    const int prev = (rank + kWorldSize - 1) % kWorldSize;
    EXPECT_EQ(own_out[0], 0x40 + prev);
    EXPECT_EQ(own_out[mem.buffer_bytes() - 1], 0x40 + prev);
    ASSERT_TRUE(rendezvous->Barrier("read").ok());
  });
}

TEST(ShmSymmetricMemoryTest, StaleSegmentIsAlreadyExistsNamingTheSegment) {
  const std::string job = UniqueJobId("stale");
  const std::string name = ShmSymmetricMemory::SegmentName(job, 0);
  const int fd = shm_open(name.c_str(), O_CREAT | O_EXCL | O_RDWR, 0600);
  ASSERT_GE(fd, 0) << std::strerror(errno);
  close(fd);
  RunRanksInThreads(1, [&](int, Rendezvous* rendezvous) {
    auto memory = ShmSymmetricMemory::Create(rendezvous, job, 64);
    ASSERT_FALSE(memory.ok());
    EXPECT_EQ(memory.status().code(), absl::StatusCode::kAlreadyExists) << memory.status();
    EXPECT_NE(memory.status().message().find("shm_open"), std::string::npos);
    EXPECT_NE(memory.status().message().find(name), std::string::npos);
    EXPECT_NE(memory.status().message().find("exists"), std::string::npos);
  });
  // Create did not unlink a segment it did not create.
  EXPECT_EQ(shm_unlink(name.c_str()), 0);
}

TEST(ShmSymmetricMemoryTest, RanksDisagreeingOnSizeFailAndLeaveNoNames) {
  const std::string job = UniqueJobId("size");
  std::atomic<int> invalid{0};
  RunRanksInThreads(2, [&](int rank, Rendezvous* rendezvous) {
    auto memory = ShmSymmetricMemory::Create(rendezvous, job, rank == 0 ? 256 : 4096);
    ASSERT_FALSE(memory.ok());
    if (memory.status().code() == absl::StatusCode::kInvalidArgument) {
      ++invalid;
      EXPECT_NE(memory.status().message().find("bytes"), std::string::npos);
    }
  });
  EXPECT_GE(invalid.load(), 1);
  for (int rank = 0; rank < 2; ++rank) {
    const std::string name = ShmSymmetricMemory::SegmentName(job, rank);
    EXPECT_EQ(shm_open(name.c_str(), O_RDWR, 0), -1) << name;
  }
}

TEST(ShmSymmetricMemoryTest, RejectsBadArguments) {
  RunRanksInThreads(1, [&](int, Rendezvous* rendezvous) {
    auto negative = ShmSymmetricMemory::Create(rendezvous, UniqueJobId("neg"), -1);
    EXPECT_EQ(negative.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(negative.status().message().find("-1"), std::string::npos);
    auto no_job = ShmSymmetricMemory::Create(rendezvous, "", 64);
    EXPECT_EQ(no_job.status().code(), absl::StatusCode::kInvalidArgument);
  });
  auto null = ShmSymmetricMemory::Create(nullptr, UniqueJobId("null"), 64);
  EXPECT_EQ(null.status().code(), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace symmbench
