// Text and JSON log formatters (spdlog pattern formatter with a JSON-escaping flag).
#include "common/log_format.h"

#include <tuple>

#include "absl/strings/str_cat.h"
#include "spdlog/pattern_formatter.h"
#include "spdlog/spdlog.h"

namespace symmbench {
namespace {

constexpr char kFieldSeparator = '\x1f';  // between the message and each field
constexpr char kValueSeparator = '\x1e';  // between a field's key and its value
constexpr char kNumberMark = '\x1d';      // a value written as a JSON number

// `text` as the inside of a JSON string.
void AppendJsonEscaped(std::string_view text, spdlog::memory_buf_t& dest) {
  for (const char c : text) {
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

// The message of a payload and its fields as (key, value, number).
struct Parsed {
  std::string_view message;
  std::vector<std::tuple<std::string_view, std::string_view, bool>> fields;
};

Parsed Parse(std::string_view payload) {
  Parsed parsed;
  size_t at = payload.find(kFieldSeparator);
  parsed.message = payload.substr(0, at);
  while (at != std::string_view::npos) {
    const size_t next = payload.find(kFieldSeparator, at + 1);
    std::string_view field = payload.substr(
        at + 1, next == std::string_view::npos ? std::string_view::npos : next - at - 1);
    const size_t split = field.find(kValueSeparator);
    if (split != std::string_view::npos) {
      std::string_view value = field.substr(split + 1);
      const bool number = !value.empty() && value.front() == kNumberMark;
      if (number) value.remove_prefix(1);
      parsed.fields.emplace_back(field.substr(0, split), value, number);
    }
    at = next;
  }
  return parsed;
}

// A line's payload (its message and fields) followed by the process's fields.
std::string WithContext(const spdlog::details::log_msg& msg, const std::string& context) {
  std::string payload(msg.payload.data(), msg.payload.size());
  return payload + context;
}

// %J: "msg":"<message>" then ,"<key>":<value> for each field, the line's then the process's
// (`context`, as WithFields writes them after an empty message).
class JsonMessageFlag final : public spdlog::custom_flag_formatter {
 public:
  explicit JsonMessageFlag(std::string context) : context_(std::move(context)) {}
  void format(const spdlog::details::log_msg& msg, const std::tm&,
              spdlog::memory_buf_t& dest) override {
    const std::string payload = WithContext(msg, context_);
    const Parsed parsed = Parse(payload);
    dest.append(std::string_view("\"msg\":\""));
    AppendJsonEscaped(parsed.message, dest);
    dest.push_back('"');
    for (const auto& [key, value, number] : parsed.fields) {
      dest.append(std::string_view(",\""));
      AppendJsonEscaped(key, dest);
      dest.append(std::string_view("\":"));
      if (number) {
        dest.append(value);
      } else {
        dest.push_back('"');
        AppendJsonEscaped(value, dest);
        dest.push_back('"');
      }
    }
  }
  std::unique_ptr<custom_flag_formatter> clone() const override {
    return spdlog::details::make_unique<JsonMessageFlag>(context_);
  }

 private:
  std::string context_;
};

// %V: the message, then " key=value" for each field (values with a blank quoted), the line's
// then the process's.
class TextMessageFlag final : public spdlog::custom_flag_formatter {
 public:
  explicit TextMessageFlag(std::string context) : context_(std::move(context)) {}
  void format(const spdlog::details::log_msg& msg, const std::tm&,
              spdlog::memory_buf_t& dest) override {
    const std::string payload = WithContext(msg, context_);
    const Parsed parsed = Parse(payload);
    dest.append(parsed.message);
    if (parsed.fields.empty()) return;
    dest.append(std::string_view(" {"));
    bool first = true;
    for (const auto& [key, value, number] : parsed.fields) {
      if (!first) dest.push_back(' ');
      first = false;
      dest.append(key);
      dest.push_back('=');
      const bool quote = value.find(' ') != std::string_view::npos;
      if (quote) dest.push_back('"');
      dest.append(value);
      if (quote) dest.push_back('"');
    }
    dest.push_back('}');
  }
  std::unique_ptr<custom_flag_formatter> clone() const override {
    return spdlog::details::make_unique<TextMessageFlag>(context_);
  }

 private:
  std::string context_;
};

std::string Clean(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c == kFieldSeparator || c == kValueSeparator || c == kNumberMark) c = ' ';
  }
  return out;
}

}  // namespace

std::vector<LogField> JobFields(const std::string& job_id, int rank) {
  std::vector<LogField> fields = {{"job_id", job_id}};
  if (rank >= 0) fields.push_back({"rank", absl::StrCat(rank), true});
  return fields;
}

std::string WithFields(std::string_view message, const std::vector<LogField>& fields) {
  std::string out = Clean(message);
  for (const LogField& field : fields) {
    out += kFieldSeparator;
    out += Clean(field.key);
    out += kValueSeparator;
    if (field.number) out += kNumberMark;
    out += Clean(field.value);
  }
  return out;
}

absl::StatusOr<std::unique_ptr<spdlog::formatter>> MakeLogFormatter(
    const std::string& format, const std::string& logger, const std::vector<LogField>& context) {
  const std::string fields = WithFields("", context);
  if (format == "text") {
    auto formatter = std::make_unique<spdlog::pattern_formatter>();
    formatter->add_flag<TextMessageFlag>('V', fields)
        .set_pattern(absl::StrCat("[%Y-%m-%d %H:%M:%S.%e] [", logger, "] [%l] %V"));
    return std::unique_ptr<spdlog::formatter>(std::move(formatter));
  }
  if (format == "json") {
    auto formatter = std::make_unique<spdlog::pattern_formatter>(spdlog::pattern_time_type::utc);
    formatter->add_flag<JsonMessageFlag>('J', fields)
        .set_pattern(absl::StrCat(R"({"time":"%Y-%m-%dT%H:%M:%S.%fZ","level":"%l","logger":")",
                                  logger, R"(",%J})"));
    return std::unique_ptr<spdlog::formatter>(std::move(formatter));
  }
  return absl::InvalidArgumentError(
      absl::StrCat("--log-format: want text or json (got \"", format, "\")"));
}

absl::Status ConfigureLogging(const std::string& format, const std::string& level,
                              const std::string& logger, const std::vector<LogField>& context) {
  absl::StatusOr<std::unique_ptr<spdlog::formatter>> formatter =
      MakeLogFormatter(format, logger, context);
  if (!formatter.ok()) return formatter.status();
  spdlog::set_formatter(*std::move(formatter));
  spdlog::set_level(spdlog::level::from_str(level));
  return absl::OkStatus();
}

}  // namespace symmbench
