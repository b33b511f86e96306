// POSIX shared-memory symmetric memory: create, exchange names, map every peer, unlink.
// Every resource (fd, mapping, name) is owned by an object that releases it.
#include "kernels/cpu/shm_symm_mem.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace symmbench {
namespace {

// Longest job-id part of a segment name; the whole name stays far below NAME_MAX (255).
constexpr size_t kMaxJobIdChars = 160;

std::string ErrnoText(int err) { return std::error_code(err, std::generic_category()).message(); }

// "shm_open(\"/symmbench-j-r0\") failed: File exists" with the code derived from errno.
absl::Status SyscallError(int err, const char* syscall, const std::string& segment,
                          const std::string& detail = "") {
  return absl::ErrnoToStatus(
      err, absl::StrCat(syscall, "(\"", segment, "\"", detail, ") failed: ", ErrnoText(err)));
}

// A file descriptor closed on destruction.
class ScopedFd {
 public:
  explicit ScopedFd(int fd) : fd_(fd) {}
  ~ScopedFd() {
    if (fd_ >= 0) close(fd_);
  }
  ScopedFd(const ScopedFd&) = delete;
  ScopedFd& operator=(const ScopedFd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

// Unlinks a shm name on destruction (this rank's own segment: on every exit path of Create,
// so a failed creation leaves no name behind).
class ScopedShmName {
 public:
  explicit ScopedShmName(std::string name) : name_(std::move(name)) {}
  ~ScopedShmName() {
    if (!name_.empty()) shm_unlink(name_.c_str());
  }
  ScopedShmName(const ScopedShmName&) = delete;
  ScopedShmName& operator=(const ScopedShmName&) = delete;
  // Unlinks now and reports the outcome.
  absl::Status Unlink() {
    const std::string name = std::move(name_);
    name_.clear();
    if (shm_unlink(name.c_str()) != 0) return SyscallError(errno, "shm_unlink", name);
    return absl::OkStatus();
  }

 private:
  std::string name_;
};

// Maps `bytes` of `fd` shared, read-write.
absl::StatusOr<std::unique_ptr<ShmMapping>> MapSegment(int fd, size_t bytes,
                                                       const std::string& name) {
  void* addr = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (addr == MAP_FAILED) {
    return SyscallError(errno, "mmap", name, absl::StrCat(", ", bytes, " bytes"));
  }
  return std::make_unique<ShmMapping>(addr, bytes);
}

uint64_t Fnv1a64(const std::string& s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

}  // namespace

ShmMapping::~ShmMapping() {
  if (addr_ != nullptr) munmap(addr_, bytes_);
}

std::string ShmSymmetricMemory::SegmentName(const std::string& job_id, int rank) {
  std::string clean;
  clean.reserve(job_id.size());
  for (char c : job_id) {
    const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-';
    clean.push_back(ok ? c : '_');
  }
  if (clean.size() > kMaxJobIdChars) {
    clean = absl::StrCat(clean.substr(0, kMaxJobIdChars - 17), "-",
                         absl::Hex(Fnv1a64(job_id), absl::kZeroPad16));
  }
  return absl::StrCat("/symmbench-", clean, "-r", rank);
}

absl::StatusOr<std::unique_ptr<ShmSymmetricMemory>> ShmSymmetricMemory::Create(
    Rendezvous* rendezvous, const std::string& job_id, int64_t buffer_bytes) {
  if (rendezvous == nullptr) {
    return absl::InvalidArgumentError("shm symmetric memory: rendezvous is null");
  }
  const int rank = rendezvous->rank();
  const int world_size = rendezvous->world_size();
  if (world_size < 1 || world_size > kMaxWorldSize) {
    return absl::InvalidArgumentError(
        absl::StrCat("shm symmetric memory: world size must be in [1, ", kMaxWorldSize, "] (got ",
                     world_size, ")"));
  }
  if (rank < 0 || rank >= world_size) {
    return absl::InvalidArgumentError(absl::StrCat("shm symmetric memory: rank must be in [0, ",
                                                   world_size, ") (got ", rank, ")"));
  }
  if (buffer_bytes < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("shm symmetric memory: buffer bytes must be >= 0 (got ", buffer_bytes, ")"));
  }
  if (job_id.empty()) {
    return absl::InvalidArgumentError("shm symmetric memory: job id is empty");
  }

  const size_t usable = (static_cast<size_t>(buffer_bytes) + kBufferAlignment - 1) /
                        kBufferAlignment * kBufferAlignment;
  const size_t segment_bytes = kSignalPadBytes + 2 * usable + kControlBytes;  // pad, in, out
  const std::string own_name = SegmentName(job_id, rank);

  // 1. Create this rank's segment; ftruncate zero-fills it, which zeroes the signal pad (and
  // both buffers).
  ScopedFd own_fd(shm_open(own_name.c_str(), O_CREAT | O_EXCL | O_RDWR, 0600));
  if (own_fd.get() < 0) {
    return SyscallError(errno, "shm_open", own_name, ", O_CREAT | O_EXCL | O_RDWR");
  }
  ScopedShmName own_link(own_name);
  if (ftruncate(own_fd.get(), static_cast<off_t>(segment_bytes)) != 0) {
    return SyscallError(errno, "ftruncate", own_name, absl::StrCat(", ", segment_bytes));
  }
  std::vector<std::unique_ptr<ShmMapping>> mappings(world_size);
  {
    auto own = MapSegment(own_fd.get(), segment_bytes, own_name);
    if (!own.ok()) return own.status();
    mappings[rank] = *std::move(own);
  }

  // 2. Exchange names; every peer's segment exists at its full size once its name is known.
  auto names = rendezvous->AllGather(absl::StrCat("shm_symm_mem/names/", job_id), own_name);
  if (!names.ok()) return names.status();
  if (static_cast<int>(names->size()) != world_size) {
    return absl::InternalError(absl::StrCat("shm symmetric memory: AllGather returned ",
                                            names->size(), " names for world size ", world_size));
  }

  // 3. Map every peer's segment; the fd is not needed once mapped.
  for (int peer = 0; peer < world_size; ++peer) {
    if (peer == rank) continue;
    const std::string& name = (*names)[peer];
    ScopedFd fd(shm_open(name.c_str(), O_RDWR, 0));
    if (fd.get() < 0) return SyscallError(errno, "shm_open", name, ", O_RDWR");
    struct stat st;
    if (fstat(fd.get(), &st) != 0) return SyscallError(errno, "fstat", name);
    if (static_cast<size_t>(st.st_size) != segment_bytes) {
      return absl::InvalidArgumentError(absl::StrCat(
          "shm symmetric memory: segment \"", name, "\" of rank ", peer, " has ", st.st_size,
          " bytes, rank ", rank, " expects ", segment_bytes, " (ranks disagree on buffer bytes)"));
    }
    auto mapping = MapSegment(fd.get(), segment_bytes, name);
    if (!mapping.ok()) return mapping.status();
    mappings[peer] = *std::move(mapping);
  }

  // 4. Once every rank has mapped every segment, the names are no longer needed.
  if (absl::Status s = rendezvous->Barrier(absl::StrCat("shm_symm_mem/mapped/", job_id)); !s.ok())
    return s;
  if (absl::Status s = own_link.Unlink(); !s.ok()) return s;

  return std::unique_ptr<ShmSymmetricMemory>(
      new ShmSymmetricMemory(rank, usable, *std::move(names), std::move(mappings)));
}

ShmSymmetricMemory::ShmSymmetricMemory(int rank, size_t buffer_bytes,
                                       std::vector<std::string> names,
                                       std::vector<std::unique_ptr<ShmMapping>> mappings)
    : rank_(rank),
      buffer_bytes_(buffer_bytes),
      names_(std::move(names)),
      mappings_(std::move(mappings)) {}

void* ShmSymmetricMemory::buffer(int peer) const {
  if (peer < 0 || peer >= world_size()) return nullptr;
  return static_cast<char*>(mappings_[peer]->addr()) + kSignalPadBytes;
}

void* ShmSymmetricMemory::output_buffer(int peer) const {
  if (peer < 0 || peer >= world_size()) return nullptr;
  return static_cast<char*>(mappings_[peer]->addr()) + kSignalPadBytes + buffer_bytes_;
}

uint32_t* ShmSymmetricMemory::control_word(int peer) const {
  return reinterpret_cast<uint32_t*>(static_cast<char*>(mappings_[peer]->addr()) +
                                     kSignalPadBytes + 2 * buffer_bytes_);
}

void ShmSymmetricMemory::Abort() const {
  for (int peer = 0; peer < world_size(); ++peer) {
    uint32_t expected = 0;
    __atomic_compare_exchange_n(control_word(peer), &expected, static_cast<uint32_t>(rank_ + 1),
                                /*weak=*/false, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
  }
}

int ShmSymmetricMemory::AbortedBy() const {
  return static_cast<int>(__atomic_load_n(control_word(rank_), __ATOMIC_ACQUIRE)) - 1;
}

uint32_t* ShmSymmetricMemory::signal_pad(int peer) const {
  if (peer < 0 || peer >= world_size()) return nullptr;
  return static_cast<uint32_t*>(mappings_[peer]->addr());
}

}  // namespace symmbench
