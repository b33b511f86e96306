// Log formats of the daemon: "text" (human) or "json" (one object per line for log shippers:
// time in UTC, level, logger, msg, with the message JSON-escaped, then the message's fields).
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

// `message` followed by its fields, for spdlog::log(level, "{}", WithFields(...)). A unit
// separator (0x1f) inside the message or a value is replaced by a space.
std::string WithFields(std::string_view message, const std::vector<LogField>& fields);

// INVALID_ARGUMENT naming --log-format for anything but "text" or "json".
absl::StatusOr<std::unique_ptr<spdlog::formatter>> MakeLogFormatter(const std::string& format,
                                                                    const std::string& logger);

// Installs the formatter and `level` ("trace" .. "error") on the default logger.
absl::Status ConfigureLogging(const std::string& format, const std::string& level,
                              const std::string& logger);

}  // namespace symmbench
