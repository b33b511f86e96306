// The JSON log relay in a process of its own that writes raw lines on stdout and stderr, a JSON
// line through spdlog, and then aborts: every line reaches the log as one JSON object with the
// job's fields, the last words before the crash included.
#include "worker/log_relay.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>
#include <vector>

#include "spdlog/spdlog.h"

namespace symmbench {
namespace {

std::vector<nlohmann::json> JsonLines(const std::string& path, bool* all_json) {
  std::ifstream in(path);
  std::vector<nlohmann::json> lines;
  *all_json = true;
  for (std::string line; std::getline(in, line);) {
    nlohmann::json parsed = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (!parsed.is_object()) *all_json = false;
    lines.push_back(std::move(parsed));
  }
  return lines;
}

TEST(LogRelayTest, EveryLineIsJsonWithTheJobsFieldsUpToACrash) {
  const std::string path = ::testing::TempDir() + "/relay.log";
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, STDOUT_FILENO);
    dup2(fd, STDERR_FILENO);
    close(fd);
    const std::vector<LogField> context = JobFields("j-000042", 3);
    if (!StartJsonLogRelay(context).ok() ||
        !ConfigureLogging("json", "info", "worker", context).ok()) {
      _exit(3);
    }
    std::printf("NCCL INFO raw line on stdout\n");
    std::fflush(stdout);  // (this test's stdout was used before the fork: not line-buffered)
    std::fprintf(stderr, "a raw \"quoted\" line on stderr\n");
    spdlog::error("rank 3: through spdlog");
    spdlog::default_logger()->flush();
    std::fflush(stdout);
    std::fprintf(stderr, "last words before the crash\n");
    std::abort();
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status)) << status;  // aborted, not exit 3
  // The relay outlives the worker: wait (a hang guard only) until it wrote the last line.
  bool all_json = false;
  std::vector<nlohmann::json> lines;
  for (int i = 0; i < 600; ++i) {
    lines = JsonLines(path, &all_json);
    if (lines.size() >= 4) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_TRUE(all_json);
  std::vector<std::string> messages;
  for (const nlohmann::json& line : lines) {
    EXPECT_EQ(line.value("job_id", ""), "j-000042") << line.dump();
    EXPECT_EQ(line.value("rank", -1), 3) << line.dump();
    EXPECT_EQ(line.value("logger", ""), "worker");
    messages.push_back(line.value("msg", ""));
  }
  EXPECT_EQ(messages, (std::vector<std::string>{
                          "NCCL INFO raw line on stdout", "a raw \"quoted\" line on stderr",
                          "rank 3: through spdlog", "last words before the crash"}));
  EXPECT_EQ(lines[2]["level"], "error");
  EXPECT_EQ(lines[0]["level"], "info");
}

}  // namespace
}  // namespace symmbench
