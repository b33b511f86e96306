// Tests for the daemon's log formats: JSON lines that parse, with the message escaped.
#include "server/log_format.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "spdlog/sinks/ostream_sink.h"
#include "spdlog/spdlog.h"

namespace symmbench {
namespace {

std::string LogOnce(const std::string& format, const std::string& message) {
  std::ostringstream out;
  auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(out);
  spdlog::logger logger("test", sink);
  auto formatter = MakeLogFormatter(format, "symmbenchd");
  EXPECT_TRUE(formatter.ok()) << formatter.status();
  logger.set_formatter(*std::move(formatter));
  logger.info("{}", message);
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

TEST(LogFormatTest, TextAndBadFormat) {
  EXPECT_NE(LogOnce("text", "hello").find("[symmbenchd] [info] hello"), std::string::npos);
  auto bad = MakeLogFormatter("xml", "symmbenchd");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("--log-format"), std::string::npos);
}

}  // namespace
}  // namespace symmbench
