// Log formats of the daemon: "text" (human) or "json" (one object per line for log shippers:
// time in UTC, level, logger, msg, with the message JSON-escaped).
#pragma once

#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "spdlog/formatter.h"

namespace symmbench {

// INVALID_ARGUMENT naming --log-format for anything but "text" or "json".
absl::StatusOr<std::unique_ptr<spdlog::formatter>> MakeLogFormatter(const std::string& format,
                                                                    const std::string& logger);

// Installs the formatter and `level` ("trace" .. "error") on the default logger.
absl::Status ConfigureLogging(const std::string& format, const std::string& level,
                              const std::string& logger);

}  // namespace symmbench
