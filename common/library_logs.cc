// Protobuf's LogHandler and gRPC's gpr_log_func take no user data: the handlers find their
// loggers in spdlog's registry by name.
#include "common/library_logs.h"

#include <google/protobuf/stubs/logging.h>
#include <grpc/support/log.h>

#include <memory>

#include "common/log_format.h"
#include "spdlog/sinks/stdout_sinks.h"
#include "spdlog/spdlog.h"

namespace symmbench {
namespace {

constexpr char kProtobufLogger[] = "protobuf";
constexpr char kGrpcLogger[] = "grpc";

void ProtobufLine(google::protobuf::LogLevel level, const char* file, int line,
                  const std::string& message) {
  std::shared_ptr<spdlog::logger> logger = spdlog::get(kProtobufLogger);
  if (logger == nullptr) return;
  spdlog::level::level_enum to = spdlog::level::err;
  switch (level) {
    case google::protobuf::LOGLEVEL_INFO:
      to = spdlog::level::info;
      break;
    case google::protobuf::LOGLEVEL_WARNING:
      to = spdlog::level::warn;
      break;
    case google::protobuf::LOGLEVEL_FATAL:
      to = spdlog::level::critical;
      break;
    default:
      break;
  }
  logger->log(to, "{}:{}: {}", file, line, message);
}

void GrpcLine(gpr_log_func_args* args) {
  std::shared_ptr<spdlog::logger> logger = spdlog::get(kGrpcLogger);
  if (logger == nullptr) return;
  const spdlog::level::level_enum to =
      args->severity == GPR_LOG_SEVERITY_DEBUG  ? spdlog::level::debug
      : args->severity == GPR_LOG_SEVERITY_INFO ? spdlog::level::info
                                                : spdlog::level::err;
  logger->log(to, "{}:{}: {}", args->file, args->line, args->message);
}

absl::Status MakeLogger(const char* name, const std::string& format, const std::string& level,
                        const std::vector<LogField>& context) {
  absl::StatusOr<std::unique_ptr<spdlog::formatter>> formatter =
      MakeLogFormatter(format, name, context);
  if (!formatter.ok()) return formatter.status();
  // Its own sink (a logger's formatter is set on its sinks), on the stream the default uses.
  std::shared_ptr<spdlog::logger> logger = spdlog::get(name);
  if (logger == nullptr) logger = spdlog::stdout_logger_mt(name);
  logger->set_formatter(*std::move(formatter));
  logger->set_level(spdlog::level::from_str(level));
  logger->flush_on(spdlog::level::info);
  return absl::OkStatus();
}

}  // namespace

absl::Status RouteLibraryLogsToSpdlog(const std::string& format, const std::string& level,
                                      const std::vector<LogField>& context) {
  for (const char* name : {kProtobufLogger, kGrpcLogger}) {
    if (absl::Status s = MakeLogger(name, format, level, context); !s.ok()) return s;
  }
  google::protobuf::SetLogHandler(&ProtobufLine);
  gpr_set_log_function(&GrpcLine);
  return absl::OkStatus();
}

}  // namespace symmbench
