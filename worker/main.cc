// symmbench-worker: one process per rank. Flags, the channel to the coordinator and the device
// probe around a worker session (worker/session.h: rendezvous through the coordinator's Store,
// the backend, the op's runner, rows and failures reported to the coordinator).
//
//   symmbench-worker --coordinator 127.0.0.1:7070 --job-id j-000001 --rank 0 --world-size 2
//                    --device 0 --backend cuda [--tls-ca ca.pem [--tls-server-name NAME]]
//                    [--log-format json]
//   (the job's secret comes in the environment, SYMMBENCH_JOB_SECRET, from the daemon)
//   symmbench-worker --probe-devices     # prints the CUDA devices as JSON, for the daemon
//   symmbench-worker --describe-plugin /opt/plugins/mine.so   # a plugin library, as JSON
#include <grpcpp/grpcpp.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "common/build_info.h"
#include "common/library_logs.h"
#include "common/log_format.h"
#include "google/protobuf/util/json_util.h"
#include "kernels/cuda/device_probe.h"
#include "plugin/describe.h"
#include "proto/symmbench.grpc.pb.h"
#include "proto/worker.grpc.pb.h"
#include "security/channel.h"
#include "security/secrets.h"
#include "worker/log_relay.h"
#include "worker/session.h"
#include "worker/store_client.h"

namespace symmbench {
namespace {

struct WorkerOptions {
  std::string coordinator = "127.0.0.1:7070";
  std::string job_id;
  int rank = -1;
  int world_size = 0;
  int device = 0;
  std::string backend = "cpu";
  int64_t timeout_ms = 120000;
  std::string tls_ca;           // TLS to the coordinator, verified with this CA file
  std::string tls_server_name;  // name expected in the coordinator's certificate
  std::string rank_from_env;  // read --rank from this variable (SLURM_PROCID, JOB_COMPLETION_INDEX)
  std::string device_from_env;      // read --device from this variable (SLURM_LOCALID)
  std::string host;                 // the host name ranks are grouped by; empty: gethostname
  std::string host_from_env;        // read --host from this variable (SLURMD_NODENAME)
  std::string log_format = "text";  // text, or json: every line one object with job_id, rank
};

// The text of environment variable `name`, read for `flag` (--rank-from-env ...); nullptr,
// after a clear error naming both, when it is not set (or empty, unless `allow_empty`).
const char* EnvFor(const std::string& flag, const std::string& name, bool allow_empty) {
  const char* text = std::getenv(name.c_str());
  if (text == nullptr || (!allow_empty && *text == '\0')) {
    std::cerr << "symmbench-worker: " << flag << " " << name << ": the variable is not set\n";
    return nullptr;
  }
  return text;
}

// `*value` from environment variable `name` when it is given: a clear error naming both when
// the variable is missing or not a non-negative integer.
bool IntFromEnv(const std::string& flag, const std::string& name, int* value) {
  if (name.empty()) return true;
  const char* text = EnvFor(flag, name, /*allow_empty=*/true);
  if (text == nullptr) return false;
  if (!absl::SimpleAtoi(text, value) || *value < 0) {
    std::cerr << "symmbench-worker: " << flag << " " << name << ": the variable is \"" << text
              << "\", not an index >= 0\n";
    return false;
  }
  return true;
}

// `*value` from environment variable `name` when it is given: a clear error naming both when
// the variable is missing or empty.
bool StringFromEnv(const std::string& flag, const std::string& name, std::string* value) {
  if (name.empty()) return true;
  const char* text = EnvFor(flag, name, /*allow_empty=*/false);
  if (text == nullptr) return false;
  *value = text;
  return true;
}

// NCCL defaults for the references, each overridden by the variable in the environment:
// NCCL_LEGACY_CUDA_REGISTER=1, so that NCCL registers the cudaMalloc'd buffers a captured graph
// uses, which it does on its own only for buffers of its own process (nccl-tests drives every
// GPU from one process; here each rank has its own). Without it NCCL's graph-mode all-gather
// copies through its internal buffers and took 1.27x nccl-tests' time at 64-256 MiB on
// 2 x H200 (docs/nccl_tests.md). The row's reference_config shows it.
void SetNcclDefaults() { setenv("NCCL_LEGACY_CUDA_REGISTER", "1", /*overwrite=*/0); }

// The connection to the coordinator: TLS when asked, and the job's secret (taken out of the
// environment, so nothing this process starts inherits it) on every call.
absl::StatusOr<ChannelSecurity> WorkerChannelSecurity(const WorkerOptions& options) {
  ChannelSecurity security;
  const char* secret = std::getenv(kJobSecretEnv);
  if (secret == nullptr || *secret == '\0') {
    return absl::FailedPreconditionError(absl::StrCat(
        kJobSecretEnv, " is not set: the daemon hands each job's workers the job's secret"));
  }
  security.metadata.emplace_back(kJobSecretHeader, secret);
  unsetenv(kJobSecretEnv);
  if (!options.tls_ca.empty()) {
    if (absl::Status s = LoadClientTls(options.tls_ca, "", "", &security); !s.ok()) return s;
    security.server_name = options.tls_server_name;
  }
  return security;
}

int ProbeDevices() {
  nlohmann::json devices = nlohmann::json::array();
  for (const CudaDeviceInfo& d : ProbeCudaDevices()) {
    devices.push_back({{"index", d.index},
                       {"name", d.name},
                       {"memory_bytes", d.memory_bytes},
                       {"sm_count", d.sm_count}});
  }
  const CudaVersions versions = ProbeCudaVersions();
  std::cout << nlohmann::json{{"cuda_devices", devices},
                              {"driver_version", versions.driver},
                              {"cuda_driver_version", versions.cuda_driver},
                              {"cuda_runtime_version", versions.cuda_runtime},
                              {"nccl_version", versions.nccl}}
                   .dump()
            << std::endl;
  return 0;
}

// Prints the plugin library at `path` as v1::Plugin JSON (its `error` says why it cannot be
// used), for the daemon's --plugin-dir listing. A library that crashes while loading ends this
// process, not the daemon.
int DescribePluginLibrary(const std::string& path) {
  std::string json;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  if (!google::protobuf::util::MessageToJsonString(DescribePlugin(path), &json, options).ok()) {
    std::cerr << "symmbench-worker: --describe-plugin: cannot print the description\n";
    return 1;
  }
  std::cout << json << std::endl;
  return 0;
}

}  // namespace
}  // namespace symmbench

int main(int argc, char** argv) {
  using symmbench::WorkerOptions;
  WorkerOptions options;
  bool probe = false;
  CLI::App app{"symmbench-worker: one rank of a symmbench job (started by symmbenchd)"};
  app.set_version_flag("--version", symmbench::VersionText("symmbench-worker"));
  app.add_flag("--probe-devices", probe, "print the CUDA devices as JSON and exit");
  std::string describe_plugin;
  app.add_option("--describe-plugin", describe_plugin,
                 "print the plugin library at this path as JSON (symmbench.v1.Plugin) and exit");
  app.add_option("--coordinator", options.coordinator, "coordinator address (Store, reports)")
      ->envname("SYMMBENCH_COORDINATOR");
  app.add_option("--job-id", options.job_id, "job this rank belongs to")
      ->envname("SYMMBENCH_JOB_ID");
  app.add_option("--rank", options.rank, "this process's rank")->check(CLI::NonNegativeNumber);
  app.add_option("--world-size", options.world_size, "number of ranks")
      ->envname("SYMMBENCH_WORLD_SIZE")
      ->check(CLI::PositiveNumber);
  app.add_option("--device", options.device, "CUDA ordinal or CPU slot")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--backend", options.backend, "cuda or cpu")
      ->check(CLI::IsMember({"cuda", "cpu"}));
  app.add_option("--timeout-ms", options.timeout_ms, "limit for every wait (ms)")
      ->check(CLI::PositiveNumber);
  app.add_option("--tls-ca", options.tls_ca,
                 "dial the coordinator over TLS, verified with this CA");
  app.add_option("--tls-server-name", options.tls_server_name,
                 "name expected in the coordinator's certificate (default: its host)");
  app.add_option("--rank-from-env", options.rank_from_env,
                 "take the rank from this environment variable (SLURM_PROCID under Slurm, "
                 "JOB_COMPLETION_INDEX in a Kubernetes Indexed Job) instead of --rank");
  app.add_option("--device-from-env", options.device_from_env,
                 "take the device from this environment variable (SLURM_LOCALID) instead of "
                 "--device");
  app.add_option("--host", options.host,
                 "the host name ranks are grouped by (placement, per-host teams); default: "
                 "gethostname (in Kubernetes the pod's name, so every pod is a host of its own)")
      ->envname("SYMMBENCH_HOST");
  app.add_option("--host-from-env", options.host_from_env,
                 "take the host from this environment variable (SLURMD_NODENAME under Slurm) "
                 "instead of --host");
  app.add_option("--log-format", options.log_format,
                 "text, or json: every line of this process one JSON object with the job id and "
                 "rank (the daemon passes its own --log-format)")
      ->envname("SYMMBENCH_LOG_FORMAT")
      ->check(CLI::IsMember({"text", "json"}));
  CLI11_PARSE(app, argc, argv);
  symmbench::SetNcclDefaults();
  if (probe) return symmbench::ProbeDevices();
  if (!describe_plugin.empty()) return symmbench::DescribePluginLibrary(describe_plugin);
  if (!symmbench::IntFromEnv("--rank-from-env", options.rank_from_env, &options.rank) ||
      !symmbench::IntFromEnv("--device-from-env", options.device_from_env, &options.device) ||
      !symmbench::StringFromEnv("--host-from-env", options.host_from_env, &options.host)) {
    return 2;
  }
  if (options.job_id.empty() || options.rank < 0 || options.world_size < 1 ||
      options.rank >= options.world_size) {
    std::cerr << "symmbench-worker: --job-id, --rank and --world-size are required, with "
                 "0 <= rank < world_size\n";
    return 2;
  }
  // In JSON every line carries the job and the rank, NCCL's and CUDA's own prints included.
  std::vector<symmbench::LogField> context;
  if (options.log_format == "json") {
    context = symmbench::JobFields(options.job_id, options.rank);
    if (absl::Status s = symmbench::StartJsonLogRelay(context); !s.ok()) {
      std::cerr << "symmbench-worker: " << s.message() << "; output lines stay as written\n";
    }
  }
  if (!symmbench::ConfigureLogging(options.log_format, "info", "worker", context).ok() ||
      !symmbench::RouteLibraryLogsToSpdlog(options.log_format, "info", context).ok()) {
    return 2;
  }
  spdlog::flush_on(spdlog::level::info);
  absl::StatusOr<symmbench::ChannelSecurity> security = symmbench::WorkerChannelSecurity(options);
  if (!security.ok()) {
    spdlog::error("rank {}: {}", options.rank, security.status().ToString());
    return 2;
  }
  auto channel = symmbench::MakeChannel(options.coordinator, *security);
  auto report = symmbench::v1::WorkerReport::NewStub(channel);
  symmbench::StoreClient store(channel, options.job_id, std::chrono::seconds(30));
  symmbench::WorkerSessionOptions session;
  session.job_id = options.job_id;
  session.rank = options.rank;
  session.world_size = options.world_size;
  session.device = options.device;
  // The one place the backend is text: CLI11 admitted only "cuda" and "cpu".
  if (!symmbench::v1::Backend_Parse(options.backend, &session.backend)) return 2;
  session.timeout = std::chrono::milliseconds(options.timeout_ms);
  session.host = options.host;
  return symmbench::RunWorkerSession(session, report.get(), &store).ok() ? 0 : 1;
}
