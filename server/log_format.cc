// Text and JSON log formatters (spdlog pattern formatter with a JSON-escaping flag).
#include "server/log_format.h"

#include "absl/strings/str_cat.h"
#include "spdlog/pattern_formatter.h"
#include "spdlog/spdlog.h"

namespace symmbench {
namespace {

// %j: the message as the inside of a JSON string.
class JsonMessageFlag final : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg& msg, const std::tm&,
              spdlog::memory_buf_t& dest) override {
    for (const char c : msg.payload) {
      switch (c) {
        case '"':
          dest.append(std::string_view("\\\""));
          break;
        case '\\':
          dest.append(std::string_view("\\\\"));
          break;
        case '\n':
          dest.append(std::string_view("\\n"));
          break;
        case '\r':
          dest.append(std::string_view("\\r"));
          break;
        case '\t':
          dest.append(std::string_view("\\t"));
          break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof(escaped), "\\u%04x", c);
            dest.append(std::string_view(escaped));
          } else {
            dest.push_back(c);
          }
      }
    }
  }
  std::unique_ptr<custom_flag_formatter> clone() const override {
    return spdlog::details::make_unique<JsonMessageFlag>();
  }
};

}  // namespace

absl::StatusOr<std::unique_ptr<spdlog::formatter>> MakeLogFormatter(const std::string& format,
                                                                    const std::string& logger) {
  if (format == "text") {
    return std::unique_ptr<spdlog::formatter>(std::make_unique<spdlog::pattern_formatter>(
        absl::StrCat("[%Y-%m-%d %H:%M:%S.%e] [", logger, "] [%l] %v")));
  }
  if (format == "json") {
    auto formatter = std::make_unique<spdlog::pattern_formatter>(spdlog::pattern_time_type::utc);
    formatter->add_flag<JsonMessageFlag>('j').set_pattern(absl::StrCat(
        R"({"time":"%Y-%m-%dT%H:%M:%S.%fZ","level":"%l","logger":")", logger, R"(","msg":"%j"})"));
    return std::unique_ptr<spdlog::formatter>(std::move(formatter));
  }
  return absl::InvalidArgumentError(
      absl::StrCat("--log-format: want text or json (got \"", format, "\")"));
}

absl::Status ConfigureLogging(const std::string& format, const std::string& level,
                              const std::string& logger) {
  absl::StatusOr<std::unique_ptr<spdlog::formatter>> formatter = MakeLogFormatter(format, logger);
  if (!formatter.ok()) return formatter.status();
  spdlog::set_formatter(*std::move(formatter));
  spdlog::set_level(spdlog::level::from_str(level));
  return absl::OkStatus();
}

}  // namespace symmbench
