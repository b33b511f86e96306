// "peer_copy" on the CPU backend: the shared-memory copy ceiling `symmbench calibrate` measures.
// Run memcpy's `count` elements of the next rank's shm input ((rank + 1) % world_size) into a
// private buffer; RunReference copies this rank's own input. Check compares the copy with the
// next rank's ExactInputValue inputs (valid once every rank's Prepare is done: the caller
// meets the other ranks in between). Not an offered op (kernels/ops/registry.h): calibration only.
#include <cstring>
#include <memory>
#include <vector>

#include "absl/strings/str_cat.h"
#include "kernels/collective.h"
#include "kernels/cpu/cpu_kernel.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"

namespace symmbench {
namespace {

class PeerCopyCpu final : public Collective {
 public:
  explicit PeerCopyCpu(const CpuKernelContext& context) : context_(context) {}

  absl::Status Prepare(int64_t count, DType dtype, uint64_t seed) override {
    const size_t bytes = static_cast<size_t>(count) * DTypeSize(dtype);
    if (count < 1 || bytes > context_.memory->buffer_bytes()) {
      return absl::InvalidArgumentError(
          absl::StrCat("peer_copy: ", bytes, " bytes do not fit the buffers"));
    }
    count_ = count;
    dtype_ = dtype;
    seed_ = seed;
    void* input = context_.memory->buffer(context_.memory->rank());
    FillExactInput(input, dtype, count, seed, context_.memory->rank());
    out_.assign(bytes, 0xFF);
    ref_.assign(bytes, 0xFF);
    return absl::OkStatus();
  }
  absl::Status PoisonOutputs() override {
    std::memset(out_.data(), 0xFF, out_.size());
    std::memset(ref_.data(), 0xFF, ref_.size());
    return absl::OkStatus();
  }
  absl::Status Run() override {
    const int peer = (context_.memory->rank() + 1) % context_.memory->world_size();
    std::memcpy(out_.data(), context_.memory->buffer(peer), out_.size());
    return absl::OkStatus();
  }
  absl::Status RunReference() override {
    std::memcpy(ref_.data(), context_.memory->buffer(context_.memory->rank()), ref_.size());
    return absl::OkStatus();
  }
  absl::StatusOr<CheckResult> Check() override {
    const int peer = (context_.memory->rank() + 1) % context_.memory->world_size();
    CheckResult result;
    for (int64_t i = 0; i < count_; ++i) {
      const float want = static_cast<float>(ExactInputValue(seed_, peer, i));
      const float got = LoadAsFloat(out_.data(), dtype_, i);
      if (got != want && result.wrong++ == 0) {
        result.first_bad_index = i;
        result.got = got;
        result.want = want;
      }
    }
    return result;
  }
  std::string reference_name() const override { return "local_copy"; }

 private:
  CpuKernelContext context_;
  int64_t count_ = 0;
  DType dtype_ = DType::kBf16;
  uint64_t seed_ = 0;
  std::vector<unsigned char> out_;
  std::vector<unsigned char> ref_;
};

std::unique_ptr<Collective> NewPeerCopyCpu(const CpuKernelContext& context) {
  return std::make_unique<PeerCopyCpu>(context);
}

[[maybe_unused]] const bool kRegistered = CpuCollectives().Add(ops::kPeerCopy, &NewPeerCopyCpu);

}  // namespace
}  // namespace symmbench
