// What every launcher shares: the worker's command line and environment.
#include "server/launch/launcher.h"

#include "absl/strings/str_cat.h"
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

}  // namespace symmbench
