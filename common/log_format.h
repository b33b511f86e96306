// Log formats of the daemon and the workers: "text" (human) or "json" (one object per line for
// log shippers: time in UTC, level, logger, msg, with the message JSON-escaped, then the
// message's fields, then the process's: a worker's job_id and rank).
//
// Fields (LogField, WithFields) travel inside the message after an ASCII unit separator, so
// that spdlog (which has no mapped diagnostic context) carries them unchanged: the JSON format
// writes each as a key of the object ("job_id":"j-000004","duration_s":1.25), the text format
// appends them as key=value.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "spdlog/formatter.h"

namespace symmbench {

// One field of a log line: a string, or a number written as JSON number.
struct LogField {
  std::string key;  // [a-z_]+, never time, level, logger or msg
  std::string value;
  bool number = false;
};

// The fields naming a job and, when `rank` >= 0, one of its ranks: job_id, rank (a number).
std::vector<LogField> JobFields(const std::string& job_id, int rank = -1);

// `message` followed by its fields, for spdlog::log(level, "{}", WithFields(...)). A unit
// separator (0x1f) inside the message or a value is replaced by a space.
std::string WithFields(std::string_view message, const std::vector<LogField>& fields);

// The formatter of `logger`'s lines; `context`: fields written on every line after the line's
// own. INVALID_ARGUMENT naming --log-format for anything but "text" or "json".
absl::StatusOr<std::unique_ptr<spdlog::formatter>> MakeLogFormatter(
    const std::string& format, const std::string& logger,
    const std::vector<LogField>& context = {});

// Installs the formatter and `level` ("trace" .. "error") on the default logger.
absl::Status ConfigureLogging(const std::string& format, const std::string& level,
                              const std::string& logger, const std::vector<LogField>& context = {});

}  // namespace symmbench
