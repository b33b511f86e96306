// A worker's output as JSON lines (--log-format json): what the process writes on stdout and
// stderr outside spdlog (NCCL's and CUDA's own prints, an abort message) reaches the log as one
// JSON object per line with the worker's fields (job_id, rank), like its spdlog lines.
#pragma once

#include <vector>

#include "absl/status/status.h"
#include "common/log_format.h"

namespace symmbench {

// Points this process's stdout and stderr at a pipe read by a relay process forked here: a line
// that is a JSON object (spdlog's, in the JSON format) passes unchanged, any other becomes
// {"time", "level": "info", "logger": "worker", "msg": the line, then `context`}; written to
// what stdout was. The relay ends when every writer of the pipe is gone, however this process
// ends (a crash's last words included). Call before any thread starts. INTERNAL when the pipe
// or the fork fails (nothing changed then).
absl::Status StartJsonLogRelay(const std::vector<LogField>& context);

}  // namespace symmbench
