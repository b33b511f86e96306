// The progress line of a followed job (see progress.h).
#include "client/progress.h"

#include <unistd.h>

#include <algorithm>
#include <ostream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "client/format.h"
#include "client/sizes.h"
#include "spec/spec_validation.h"

namespace symmbench::client {
namespace {

// Back to the start of the line, and the rest of the line erased (ANSI "erase in line").
constexpr char kEraseLine[] = "\r\033[K";

}  // namespace

bool ProgressWanted(bool json) { return !json && isatty(STDERR_FILENO) == 1; }

std::string JobProgress::Line(const std::string& job_id, const std::string& state, int step,
                              int steps, int size_index, int sizes, int64_t size_bytes, int pass,
                              int passes, double elapsed_s) {
  std::string line = absl::StrCat("# ", job_id);
  if (step == 0) {
    absl::StrAppend(&line, " ", state);
  } else if (passes > 0) {
    absl::StrAppend(&line, " size ", size_index + 1, " of ", sizes, " (", FormatSize(size_bytes),
                    "), pass ", pass, " of ", passes);
  } else {
    absl::StrAppend(&line, " shape ", step, " of ", steps);
  }
  absl::StrAppend(&line, absl::StrFormat(": %.1f s elapsed", elapsed_s));
  const double left_s = step > 0 ? elapsed_s / step * static_cast<double>(steps - step) : 0;
  if (left_s >= 0.5) absl::StrAppend(&line, absl::StrFormat(", about %.0f s left", left_s));
  return line;
}

void JobProgress::Start(const v1::Job& job) {
  job_id_ = job.job_id();
  state_ = JobStateName(job.state());
  if (job.spec().has_gemm()) {
    shapes_ = job.spec().gemm().shapes_size();
    passes_ = 0;
  } else {
    // The plan's sizes: what the workers run (a sharded op's sweep drops sizes too small to
    // split); a record from before plans carried them expands its spec's sweep.
    sizes_.assign(job.plan().sizes_bytes().begin(), job.plan().sizes_bytes().end());
    if (sizes_.empty()) {
      absl::StatusOr<std::vector<int64_t>> sizes = ExpandSizes(job.spec().sweep());
      if (sizes.ok()) sizes_ = *std::move(sizes);
    }
    passes_ = std::max(1, job.spec().repeats());
    dtypes_.assign(job.plan().dtypes().begin(), job.plan().dtypes().end());
  }
  if (job.start_time_unix_ms() > 0) {  // already running: its clock started on the daemon
    const int64_t now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
    start_ = std::chrono::steady_clock::now() -
             std::chrono::milliseconds(std::max<int64_t>(0, now_ms - job.start_time_unix_ms()));
    started_ = true;
  }
  Draw();
}

void JobProgress::Update(const v1::JobEvent& event) {
  state_ = JobStateName(event.state());
  if (event.state() == v1::RUNNING && !started_) {
    start_ = std::chrono::steady_clock::now();
    started_ = true;
  }
  if (event.has_row()) {
    const v1::ResultRow& row = event.row();
    if (passes_ == 0) {
      step_ = std::min(step_ + 1, shapes_);
    } else {
      const auto it = std::find(sizes_.begin(), sizes_.end(), row.size_bytes());
      if (it != sizes_.end()) {
        // Cases run dtype after dtype, each over the sizes.
        const auto dtype = std::find(dtypes_.begin(), dtypes_.end(), row.dtype());
        const int dtype_index =
            dtype == dtypes_.end() ? 0 : static_cast<int>(dtype - dtypes_.begin());
        size_index_ =
            dtype_index * static_cast<int>(sizes_.size()) + static_cast<int>(it - sizes_.begin());
        size_bytes_ = row.size_bytes();
        pass_ = std::clamp(row.repeat_medians_us_size(), 1, passes_);
        step_ = (pass_ - 1) * Cases() + size_index_ + 1;
      }
    }
  }
  if (IsFinal(event.state())) {
    Clear();
  } else {
    Draw();
  }
}

int JobProgress::Cases() const {
  return static_cast<int>(sizes_.size()) * std::max<int>(1, static_cast<int>(dtypes_.size()));
}

void JobProgress::Clear() {
  if (!drawn_) return;
  err_ << kEraseLine << std::flush;
  drawn_ = false;
}

void JobProgress::Draw() {
  if (!enabled_) return;
  const double elapsed =
      started_ ? std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count()
               : 0;
  const int steps = passes_ == 0 ? shapes_ : Cases() * passes_;
  err_ << kEraseLine
       << Line(job_id_, state_, step_, steps, size_index_, Cases(), size_bytes_, pass_, passes_,
               elapsed)
       << std::flush;
  drawn_ = true;
}

}  // namespace symmbench::client
