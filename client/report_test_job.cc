// The report tests' job (report_test_job.h).
#include "client/report_test_job.h"

#include <algorithm>

namespace symmbench::client {

v1::ResultRow Row(int64_t size, std::vector<std::vector<double>> rank_stats) {
  v1::ResultRow row;
  row.set_size_bytes(size);
  row.set_count(size / 2);
  row.set_dtype(v1::bf16);
  row.set_redop("sum");
  row.set_checked(true);
  double worst = 0;
  for (size_t r = 0; r < rank_stats.size(); ++r) {
    v1::RankTime* t = row.add_rank_times();
    t->set_rank(static_cast<int>(r));
    t->set_time_us(rank_stats[r][0]);
    t->set_mean_us(rank_stats[r][1]);
    t->set_min_us(rank_stats[r][2]);
    t->set_straggler(rank_stats[r].size() > 3);
    worst = std::max(worst, rank_stats[r][0]);
  }
  row.set_time_us(worst);
  row.set_algbw_gbps(static_cast<double>(size) / (worst * 1e3));
  row.set_busbw_gbps(row.algbw_gbps() * 1.5);  // all-reduce at 4 ranks: 2(n-1)/n
  row.set_reference("nccl_all_reduce");
  row.set_reference_time_us(20);
  row.set_speedup(20 / worst);
  v1::IterationStats* s = row.mutable_iteration_stats();
  s->set_samples(100);
  s->set_per_iteration(true);
  s->set_p50_us(worst);
  s->set_p99_us(worst * 2);
  return row;
}

v1::Job Job() {
  v1::Job job;
  job.set_job_id("j-000007");
  job.set_state(v1::SUCCEEDED);
  job.set_backend(v1::cuda);
  job.mutable_spec()->set_kernel("one_shot_all_reduce");
  job.mutable_spec()->set_world_size(2);
  job.mutable_spec()->set_iters(20);
  job.mutable_spec()->set_warmup_iters(5);
  job.mutable_spec()->set_repeats(5);
  job.mutable_spec()->set_check(true);
  job.mutable_spec()->mutable_sweep()->set_min_bytes(2048);
  job.mutable_spec()->mutable_sweep()->set_max_bytes(8192);
  job.mutable_spec()->mutable_sweep()->set_step_factor(4);
  job.mutable_machine()->set_nccl_version("2.28.9");
  job.set_start_time_unix_ms(1764151200000);  // 2025-11-26 10:00:00 UTC
  job.set_end_time_unix_ms(1764151209000);
  for (int r = 0; r < 2; ++r) {
    v1::RankIdentity* rank = job.add_ranks();
    rank->set_rank(r);
    rank->set_host("node1");
    rank->set_pid(4000 + r);
    rank->set_device(r);
    rank->set_bus_id(r == 0 ? "0000:18:00.0" : "0000:2a:00.0");
    rank->set_device_name("NVIDIA H100 80GB HBM3");
    rank->set_memory_used_bytes(int64_t{3} << 30);
    rank->add_env("NCCL_NVLS_ENABLE=0");
  }
  *job.add_rows() = Row(2048, {{10, 11, 9}, {12, 14, 8, /*straggler*/ 1}});
  *job.add_rows() = Row(8192, {{16, 18, 15}, {20, 22, 19}});
  return job;
}

}  // namespace symmbench::client
