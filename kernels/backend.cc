// The default Backend::CaptureGraph: a recorded body replayed call by call.
#include "kernels/backend.h"

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

}  // namespace symmbench
