// The default Backend::CaptureGraph (a recorded body replayed call by call) and
// Backend::InjectDelay (a spin on the host clock).
#include "kernels/backend.h"

#include <chrono>
#include <utility>

#include "absl/strings/str_cat.h"

namespace symmbench {
namespace {

class ReplayGraph final : public Graph {
 public:
  ReplayGraph(std::function<absl::Status()> body, int repeats)
      : body_(std::move(body)), repeats_(repeats) {}
  absl::Status Launch() override {
    for (int i = 0; i < repeats_; ++i) {
      if (absl::Status s = body_(); !s.ok()) return s;
    }
    return absl::OkStatus();
  }

 private:
  std::function<absl::Status()> body_;
  int repeats_;
};

}  // namespace

absl::StatusOr<std::unique_ptr<Graph>> Backend::CaptureGraph(
    const std::function<absl::Status()>& body, int repeats) {
  if (repeats < 1) {
    return absl::InvalidArgumentError(absl::StrCat("CaptureGraph: repeats must be >= 1 (got ",
                                                   repeats, ")"));
  }
  return std::make_unique<ReplayGraph>(body, repeats);
}

absl::Status Backend::InjectDelay(double us) {
  if (!(us >= 0)) {
    return absl::InvalidArgumentError(absl::StrCat("InjectDelay: us must be >= 0 (got ", us, ")"));
  }
  // A spin, not a sleep: sleeping for microseconds overshoots by the scheduler's slack.
  const auto until = std::chrono::steady_clock::now() +
                     std::chrono::nanoseconds(static_cast<int64_t>(us * 1000.0));
  while (std::chrono::steady_clock::now() < until) {
  }
  return absl::OkStatus();
}

}  // namespace symmbench
