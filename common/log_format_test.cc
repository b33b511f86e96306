// Tests for the log formats: JSON lines that parse, with the message escaped, the line's fields
// and the process's.
#include "common/log_format.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "spdlog/sinks/ostream_sink.h"
#include "spdlog/spdlog.h"

namespace symmbench {
namespace {

// One line at `level` of `payload` through the formatter of `format` with `context`.
std::string LogOnce(const std::string& format, const std::string& payload,
                    spdlog::level::level_enum level = spdlog::level::info,
                    const std::vector<LogField>& context = {}) {
  std::ostringstream out;
  auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(out);
  spdlog::logger logger("test", sink);
  auto formatter = MakeLogFormatter(format, "symmbenchd", context);
  EXPECT_TRUE(formatter.ok()) << formatter.status();
  logger.set_formatter(*std::move(formatter));
  logger.log(level, "{}", payload);
  return out.str();
}

TEST(LogFormatTest, JsonLinesParseAndKeepTheMessage) {
  const std::string message = "job j-000001 FAILED: rank 1: \"bad\"\tvalue\\ end";
  const std::string line = LogOnce("json", message);
  ASSERT_FALSE(line.empty());
  EXPECT_EQ(line.back(), '\n');
  nlohmann::json parsed = nlohmann::json::parse(line, nullptr, false);
  ASSERT_FALSE(parsed.is_discarded()) << line;
  EXPECT_EQ(parsed["msg"], message);
  EXPECT_EQ(parsed["level"], "info");
  EXPECT_EQ(parsed["logger"], "symmbenchd");
  const std::string time = parsed["time"];
  EXPECT_EQ(time.back(), 'Z') << time;
}

std::string LogFields(const std::string& format) {
  return LogOnce(format,
                 WithFields("job j-000004 FAILED: rank 1: \"x\"\x1f",
                            {{"job_id", "j-000004"},
                             {"state", "FAILED"},
                             {"world_size", "2", true},
                             {"duration_s", "1.25", true},
                             {"error", "rank 1: bad\x1e \"value\""}}),
                 spdlog::level::warn);
}

TEST(LogFormatTest, FieldsAreKeysOfTheJsonObjectAndKeyValuesInText) {
  const std::string line = LogFields("json");
  nlohmann::json parsed = nlohmann::json::parse(line, nullptr, false);
  ASSERT_FALSE(parsed.is_discarded()) << line;
  EXPECT_EQ(parsed["msg"], "job j-000004 FAILED: rank 1: \"x\" ");  // the separator cleaned
  EXPECT_EQ(parsed["level"], "warning");
  EXPECT_EQ(parsed["job_id"], "j-000004");
  EXPECT_EQ(parsed["state"], "FAILED");
  EXPECT_EQ(parsed["world_size"], 2);
  EXPECT_EQ(parsed["duration_s"], 1.25);
  EXPECT_EQ(parsed["error"], "rank 1: bad  \"value\"");
  const std::string text = LogFields("text");
  EXPECT_NE(text.find("[warning] job j-000004 FAILED: rank 1: \"x\"  {job_id=j-000004 state=FAILED "
                      "world_size=2 duration_s=1.25 error=\"rank 1: bad  \"value\"\"}"),
            std::string::npos)
      << text;
}

TEST(LogFormatTest, TextAndBadFormat) {
  EXPECT_NE(LogOnce("text", "hello").find("[symmbenchd] [info] hello"), std::string::npos);
  auto bad = MakeLogFormatter("xml", "symmbenchd");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("--log-format"), std::string::npos);
}

// A worker's fields (job id, rank) on every line, after the line's own.
TEST(LogFormatTest, TheProcesssFieldsFollowEveryLine) {
  const std::vector<LogField> context = JobFields("j-000007", 2);
  nlohmann::json parsed =
      nlohmann::json::parse(LogOnce("json", WithFields("sum done", {{"size", "4096", true}}),
                                    spdlog::level::info, context),
                            nullptr, false);
  ASSERT_TRUE(parsed.is_object());
  EXPECT_EQ(parsed["msg"], "sum done");
  EXPECT_EQ(parsed["size"], 4096);
  EXPECT_EQ(parsed["job_id"], "j-000007");
  EXPECT_EQ(parsed["rank"], 2);
  EXPECT_EQ(LogOnce("text", "plain", spdlog::level::info, context).substr(0, 1), "[");
  EXPECT_NE(
      LogOnce("text", "plain", spdlog::level::info, context).find("plain {job_id=j-000007 rank=2}"),
      std::string::npos);
  EXPECT_EQ(JobFields("j-000007").size(), 1u);  // no rank
}

}  // namespace
}  // namespace symmbench
