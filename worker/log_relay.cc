// The relay of a worker's raw output into JSON lines (log_relay.h).
#include "worker/log_relay.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "absl/strings/str_cat.h"
#include "spdlog/sinks/stdout_sinks.h"
#include "spdlog/spdlog.h"

namespace symmbench {
namespace {

// The relay's loop: every line of `in` to stdout as JSON, until the pipe has no writer. Never
// returns.
[[noreturn]] void Relay(int in_fd, const std::vector<LogField>& context) {
  FILE* in = fdopen(in_fd, "r");
  auto sink = std::make_shared<spdlog::sinks::stdout_sink_st>();
  spdlog::logger logger("worker", sink);
  absl::StatusOr<std::unique_ptr<spdlog::formatter>> formatter =
      MakeLogFormatter("json", "worker", context);
  if (formatter.ok()) logger.set_formatter(*std::move(formatter));
  logger.flush_on(spdlog::level::trace);
  char* line = nullptr;
  size_t capacity = 0;
  ssize_t n = 0;
  while (in != nullptr && (n = getline(&line, &capacity, in)) != -1) {
    std::string text(line, static_cast<size_t>(n));
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
    if (text.empty()) continue;
    if (text.front() == '{' && nlohmann::json::accept(text)) {
      std::fwrite(text.data(), 1, text.size(), stdout);
      std::fputc('\n', stdout);
      std::fflush(stdout);
    } else {
      logger.info("{}", WithFields(text, {}));
    }
  }
  std::free(line);
  std::fflush(stdout);
  _exit(0);
}

}  // namespace

absl::Status StartJsonLogRelay(const std::vector<LogField>& context) {
  int fds[2];
  if (pipe(fds) != 0) {
    return absl::InternalError(absl::StrCat("log relay: pipe: ", std::strerror(errno)));
  }
  std::fflush(stdout);
  std::fflush(stderr);
  const pid_t pid = fork();
  if (pid < 0) {
    const int error = errno;
    close(fds[0]);
    close(fds[1]);
    return absl::InternalError(absl::StrCat("log relay: fork: ", std::strerror(error)));
  }
  if (pid == 0) {
    close(fds[1]);  // holding no write end, it sees the pipe end when the worker's are gone
    Relay(fds[0], context);
  }
  close(fds[0]);
  dup2(fds[1], STDOUT_FILENO);
  dup2(fds[1], STDERR_FILENO);
  close(fds[1]);
  setvbuf(stdout, nullptr, _IOLBF, 0);
  return absl::OkStatus();
}

}  // namespace symmbench
