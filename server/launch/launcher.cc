// What every launcher shares: the worker's command line and environment.
#include "server/launch/launcher.h"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "common/quote.h"
#include "security/secrets.h"

extern char** environ;

namespace symmbench {

std::vector<std::string> WorkerCommand(const std::string& worker_path, const LaunchRequest& request,
                                       const std::vector<std::string>& rank_args) {
  std::vector<std::string> args = {
      worker_path,
      "--coordinator",
      request.coordinator_address,
      "--job-id",
      request.job_id,
      "--world-size",
      std::to_string(request.devices.size()),
      "--backend",
      v1::Backend_Name(request.backend),
  };
  args.insert(args.end(), rank_args.begin(), rank_args.end());
  if (!request.tls_ca.empty()) {
    args.insert(args.end(), {"--tls-ca", request.tls_ca});
    if (!request.tls_server_name.empty()) {
      args.insert(args.end(), {"--tls-server-name", request.tls_server_name});
    }
  }
  if (request.log_format == "json") args.insert(args.end(), {"--log-format", "json"});
  return args;
}

std::vector<std::string> WorkerEnvironment(const LaunchRequest& request) {
  const std::vector<std::string> forced = {
      "NCCL_NVLS_ENABLE=0",
      "TORCH_SYMM_MEM_DISABLE_MULTICAST=1",
      "NVSHMEM_DISABLE_NVLS=1",
      absl::StrCat(kJobSecretEnv, "=", request.secret),
      absl::StrCat("SYMMBENCH_COORDINATOR=", request.coordinator_address),
      absl::StrCat("SYMMBENCH_JOB_ID=", request.job_id),
      absl::StrCat("SYMMBENCH_WORLD_SIZE=", request.devices.size()),
  };
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry(*e);
    bool overridden = false;
    for (const std::string& f : forced) {
      if (entry.compare(0, f.find('=') + 1, f, 0, f.find('=') + 1) == 0) overridden = true;
    }
    if (!overridden) env.push_back(entry);
  }
  env.insert(env.end(), forced.begin(), forced.end());
  return env;
}

std::string FirstErrorLine(const std::string& log_path, size_t max_bytes) {
  std::ifstream in(log_path);
  std::string line, last;
  while (std::getline(in, line)) {
    const absl::string_view text = absl::StripAsciiWhitespace(line);
    if (text.empty()) continue;
    const bool glog_error = text.size() > 5 && text[0] == 'E' && absl::ascii_isdigit(text[1]) &&
                            absl::ascii_isdigit(text[4]);
    const size_t level = std::min(text.find("] [error] "), text.find("] [critical] "));
    if (level != absl::string_view::npos) {
      return BoundedMessage(text.substr(text.find("] ", level + 2) + 2), max_bytes);
    }
    // A JSON line (--log-format json): its level and message.
    const nlohmann::json json =
        text.front() == '{' ? nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false)
                            : nlohmann::json();
    const bool json_message = json.is_object() && json.contains("msg") && json["msg"].is_string();
    if (json_message) {
      const std::string json_level = json.value("level", "");
      if (json_level == "error" || json_level == "critical") {
        return BoundedMessage(json["msg"].get<std::string>(), max_bytes);
      }
      last = json["msg"].get<std::string>();
      continue;
    }
    if (glog_error) return BoundedMessage(text, max_bytes);
    last = std::string(text);
  }
  return BoundedMessage(last, max_bytes);
}

}  // namespace symmbench
