// The libraries' own log lines (protobuf's, gRPC core's) through spdlog, so that they take the
// process's format (--log-format json: one object per line) and level instead of bypassing it
// on stderr. They go to loggers named "protobuf" and "grpc" (the JSON "logger" field).
#pragma once

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "common/log_format.h"

namespace symmbench {

// Call once in main, after ConfigureLogging, with the same `format` ("text" or "json") and
// `level`, before any other thread uses protobuf or gRPC (the libraries' setters are not
// thread-safe), and the same `context` (fields on every line). INVALID_ARGUMENT naming
// --log-format for an unknown format.
absl::Status RouteLibraryLogsToSpdlog(const std::string& format, const std::string& level,
                                      const std::vector<LogField>& context = {});

}  // namespace symmbench
