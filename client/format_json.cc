// JSON views of the v1 messages for the CLI (declared in client/format.h), built field by field
// so that int64 fields are JSON numbers and keys keep the proto field order.
#include <string>
#include <vector>

#include "client/format.h"

namespace symmbench::client {

// Every object of a kind has every key, whatever the kernel and whether the field is set:
// 0, "", false, [] or null where there is nothing (client/cli-json.schema.json).

Json SpecToJson(const v1::JobSpec& spec) {
  Json labels = Json::object();
  for (const auto& [key, value] : spec.labels()) labels[key] = value;
  Json shapes = Json::array();
  for (const v1::GemmShape& shape : spec.shapes()) {
    shapes.push_back({{"m", shape.m()}, {"n", shape.n()}, {"k", shape.k()}});
  }
  return {
      {"kernel", spec.kernel()},
      {"world_size", spec.world_size()},
      {"dtype", spec.dtype()},
      {"min_bytes", spec.min_bytes()},
      {"max_bytes", spec.max_bytes()},
      {"step_factor", spec.step_factor()},
      {"sizes_bytes", std::vector<int64_t>(spec.sizes_bytes().begin(), spec.sizes_bytes().end())},
      {"warmup_iters", spec.warmup_iters()},
      {"iters", spec.iters()},
      {"check", spec.has_check() ? spec.check() : true},
      {"backend", spec.backend()},
      {"labels", labels},
      {"timeout_s", spec.timeout_s()},
      {"graph", spec.graph()},
      {"repeats", spec.repeats()},
      {"nodes", spec.nodes()},
      {"per_host_teams", spec.per_host_teams()},
      {"inject_delay_us", spec.inject_delay_us()},
      {"inject_delay_min_bytes", spec.inject_delay_min_bytes()},
      {"inject_delay_max_bytes", spec.inject_delay_max_bytes()},
      {"inject_fault", spec.inject_fault()},
      // The all_reduce dispatch table the job ran with (null for the other kernels).
      {"dispatch",
       spec.dispatch().entries_size() > 0 ? DispatchTableToJson(spec.dispatch()) : Json(nullptr)},
      {"shapes", shapes},
      {"splits_per_rank", spec.splits_per_rank()},
      {"variants", std::vector<std::string>(spec.variants().begin(), spec.variants().end())},
  };
}

Json RowToJson(const v1::ResultRow& row) {
  Json baselines = Json::array();
  for (const v1::BaselineResult& b : row.baselines()) {
    baselines.push_back({{"name", b.name()},
                         {"time_us", b.time_us()},
                         {"graph_time_us", b.graph_time_us()},
                         {"busbw_gbps", b.busbw_gbps()}});
  }
  return {
      {"size_bytes", row.size_bytes()},
      {"count", row.count()},
      {"dtype", row.dtype()},
      {"redop", row.redop()},
      {"time_us", row.time_us()},
      {"time_min_us", row.time_min_us()},
      {"time_max_us", row.time_max_us()},
      {"algbw_gbps", row.algbw_gbps()},
      {"busbw_gbps", row.busbw_gbps()},
      {"wrong", row.wrong()},
      {"baseline", row.baseline()},
      {"baseline_time_us", row.baseline_time_us()},
      {"baseline_busbw_gbps", row.baseline_busbw_gbps()},
      {"speedup", row.speedup()},
      {"reference_only", row.reference_only()},
      {"checked", row.checked()},
      {"partial", row.partial()},
      {"algorithm", row.algorithm()},
      {"team_size", row.team_size()},
      {"ceilings", row.has_ceilings() ? CeilingsToJson(row.ceilings()) : Json(nullptr)},
      {"busbw_fraction", row.busbw_fraction()},
      {"floor_ratio", row.floor_ratio()},
      {"tflops_fraction", row.tflops_fraction()},
      {"graph_time_us", row.graph_time_us()},
      {"graph_baseline", row.graph_baseline()},
      {"baseline_graph_time_us", row.baseline_graph_time_us()},
      {"graph_speedup", row.graph_speedup()},
      {"reference_config", row.reference_config()},
      {"baselines", baselines},
      {"repeat_medians_us",
       std::vector<double>(row.repeat_medians_us().begin(), row.repeat_medians_us().end())},
      {"samples_us", std::vector<double>(row.samples_us().begin(), row.samples_us().end())},
      {"sample_iters", std::vector<int32_t>(row.sample_iters().begin(), row.sample_iters().end())},
      {"injected_delay_us", row.injected_delay_us()},
      // ag_gemm (0 for the other kernels)
      {"m", row.m()},
      {"n", row.n()},
      {"k", row.k()},
      {"splits_per_rank", row.splits_per_rank()},
      {"t_ag_us", row.t_ag_us()},
      {"t_gemm_us", row.t_gemm_us()},
      {"t_sequential_us", row.t_sequential_us()},
      {"t_fused_us", row.t_fused_us()},
      {"tflops", row.tflops()},
      {"overlap_efficiency", row.overlap_efficiency()},
      {"rel_error", row.rel_error()},
      {"rel_error_tolerance", row.rel_error_tolerance()},
  };
}

Json JobToJson(const v1::Job& job) {
  Json rows = Json::array();
  for (const v1::ResultRow& row : job.rows()) rows.push_back(RowToJson(row));
  return {
      {"job_id", job.job_id()},
      {"state", JobStateName(job.state())},
      {"backend", job.backend()},
      {"devices", std::vector<int32_t>(job.devices().begin(), job.devices().end())},
      {"spec", SpecToJson(job.spec())},
      {"rows", rows},
      {"submit_time_unix_ms", job.submit_time_unix_ms()},
      {"start_time_unix_ms", job.start_time_unix_ms()},
      {"end_time_unix_ms", job.end_time_unix_ms()},
      {"machine", MachineToJson(job.machine())},
      {"launch_id", job.launch_id()},
      {"hosts", std::vector<std::string>(job.hosts().begin(), job.hosts().end())},
      {"error", job.error()},
      // The rank that failed first; -1 when none did (or the job did not fail).
      {"failed_rank", job.state() == v1::FAILED ? job.failed_rank() : -1},
  };
}

Json MachineToJson(const v1::MachineInfo& machine) {
  return {{"hostname", machine.hostname()},
          {"backend", machine.backend()},
          {"gpu_model", machine.gpu_model()},
          {"device_count", machine.device_count()},
          {"driver_version", machine.driver_version()},
          {"cuda_driver_version", machine.cuda_driver_version()},
          {"cuda_runtime_version", machine.cuda_runtime_version()},
          {"nccl_version", machine.nccl_version()}};
}

Json JobListToJson(const v1::ListJobsResponse& response) {
  Json jobs = Json::array();
  for (const v1::Job& job : response.jobs()) jobs.push_back(JobToJson(job));
  return {{"jobs", jobs}};
}

Json DevicesToJson(const v1::ListDevicesResponse& response) {
  Json devices = Json::array();
  for (const v1::Device& device : response.devices()) {
    devices.push_back({{"index", device.index()},
                       {"kind", device.kind()},
                       {"name", device.name()},
                       {"memory_bytes", device.memory_bytes()},
                       {"job_id", device.job_id()}});
  }
  return {
      {"backend", response.backend()},
      {"devices", devices},
      {"kernels", std::vector<std::string>(response.kernels().begin(), response.kernels().end())},
      {"machine", MachineToJson(response.machine())}};
}

Json ErrorToJson(const std::string& code, const std::string& message) {
  return {{"error", {{"code", code}, {"message", message}}}};
}

Json DispatchTableToJson(const v1::DispatchTable& table) {
  Json entries = Json::array();
  for (const v1::DispatchEntry& e : table.entries()) {
    entries.push_back({{"max_bytes", e.max_bytes()}, {"algorithm", e.algorithm()}});
  }
  return {{"gpu_model", table.gpu_model()},
          {"world_size", table.world_size()},
          {"dtype", table.dtype()},
          {"source", table.source()},
          {"entries", entries}};
}

Json CeilingsToJson(const v1::Ceilings& ceilings) {
  return {{"gpu_model", ceilings.gpu_model()},
          {"world_size", ceilings.world_size()},
          {"peer_copy_gbps", ceilings.peer_copy_gbps()},
          {"latency_floor_us", ceilings.latency_floor_us()},
          {"gemm_tflops", ceilings.gemm_tflops()},
          {"source", ceilings.source()}};
}

}  // namespace symmbench::client
