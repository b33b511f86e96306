// submit's flags, each filling its field of SpecFlags (spec.cc makes the JobSpec of them).
#include <cstdint>

#include "CLI/CLI.hpp"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "client/cli.h"
#include "client/spec.h"
#include "kernels/ops/registry.h"

namespace symmbench::client {

void AddSpecFlags(CLI::App* submit, SpecFlags* flags) {
  SpecFlags& f = *flags;
  AddOptional(submit, "--kernel", &f.kernel,
              absl::StrCat("Kernel under test: ", absl::StrJoin(AllOpNames(), ", "),
                           ", or a plugin op LIBRARY:OP (symmbench devices) [default: ",
                           ops::kOneShotAllReduce, "]"));
  AddOptional(submit, "--world-size", &f.world_size,
              "Number of ranks, one device each (required unless set in --spec)");
  AddOptional(submit, "--dtype", &f.dtype,
              "Element type: bf16, fp16, fp32, or fp8_e4m3 (GEMM ops: e4m3 inputs, bf16 output); "
              "all: every dtype the kernel takes, one after the other in one job [default: bf16]");
  AddOptional(submit, "--min-bytes", &f.min_bytes,
              "Smallest size per rank buffer; bytes or K/M/G suffix (1024^k), e.g. 2K");
  AddOptional(submit, "--max-bytes", &f.max_bytes,
              "Largest size per rank buffer, included; e.g. 64M");
  AddOptional(submit, "--step-factor", &f.step_factor,
              "Multiply the size by this between steps [default: 2]");
  AddOptional(submit, "--sizes", &f.sizes,
              "Comma-separated sizes, e.g. 2K,64K,1M (replaces the min/max sweep)");
  AddOptional(submit, "--warmup", &f.warmup_iters,
              "Untimed iterations before timing [default: 20]");
  AddOptional(submit, "--iters", &f.iters, "Timed iterations per size [default: 100]");
  CLI::Option* check = submit->add_flag_function(
      "--check", [&f](std::int64_t) { f.check = true; },
      "Verify every size against the reference (NCCL / plain sum) [default: on]");
  CLI::Option* no_check = submit->add_flag_function(
      "--no-check", [&f](std::int64_t) { f.check = false; }, "Skip verification");
  // Checked by hand rather than with excludes(), which clutters the help text.
  submit->parse_complete_callback([check, no_check] {
    if (check->count() > 0 && no_check->count() > 0) {
      throw CLI::ValidationError("--no-check", "cannot be combined with --check");
    }
  });
  AddOptional(submit, "--backend", &f.backend, "auto, cuda or cpu [default: auto]");
  submit->add_option("--label", f.labels, "KEY=VALUE label kept with the record (repeatable)")
      ->allow_extra_args(false);  // one KEY=VALUE per --label
  AddOptional(submit, "--job-timeout-s", &f.job_timeout_s,
              "Wall-clock limit for the whole job [default: the daemon's]");
  AddOptional(submit, "--nodes", &f.nodes,
              "Hosts to spread the ranks over (a daemon with --launcher slurm); default 1");
  submit->add_flag_function(
      "--per-host-teams", [&f](std::int64_t) { f.per_host_teams = true; },
      "All-reduce kernels: one team per host on its symmetric memory, plus a baseline over "
      "every rank across hosts");
  AddOptional(submit, "--compare-kernel", &f.compare_kernel,
              "A/B in one job: a second implementation of what --kernel computes (a built-in "
              "kernel, a plugin op, another build), timed loop for loop in the same passes; "
              "`symmbench gate --ab` decides from the pairs");
  submit->add_flag_function(
      "--per-iteration", [&f](std::int64_t) { f.per_iteration = true; },
      "Time every eager iteration on its own (nccl-tests' per-iteration statistics; iters x "
      "repeats <= 20000): samples and --iteration-stats are single iterations");
  AddOptional(submit, "--skip-first", &f.skip_first,
              "Leave the first K samples of every timing loop out of the sample statistics");
  submit->add_flag_function(
      "--in-place", [&f](std::int64_t) { f.in_place = true; },
      "In-place figures beside the out-of-place ones (nccl-tests' in-place columns); refused "
      "for a kernel without an in-place form. Default: both where the kernel has one");
  submit->add_flag_function(
      "--out-of-place", [&f](std::int64_t) { f.out_of_place = true; },
      "Out-of-place figures only (no in-place loops)");
  AddOptional(submit, "--misalign", &f.misalign,
              "Misaligned buffers (nccl-tests' misaligned runs): every buffer of the kernel and "
              "its references starts BYTES past a 16-byte boundary; a multiple of the element "
              "size below 16; every built-in size-swept kernel");
  submit->add_flag_function(
      "--graph", [&f](std::int64_t) { f.graph = true; },
      "Also time CUDA-graph replays of the kernel and the baselines: graphs of iters / 10 "
      "operations, each replay timed on its own");
  AddOptional(submit, "--graph-launches", &f.graph_launches,
              "Graph mode as nccl-tests' -G N (implies --graph): one graph of all iters "
              "operations, launched N times under one timer pair, one sample per timing loop "
              "(1..100)");
  AddOptional(submit, "--repeats", &f.repeats,
              "Timing loops per size, each with its own warm-up; every sample is kept for "
              "`symmbench gate` (1..100) [default: 5]");
  AddOptional(submit, "--inject-delay-us", &f.inject_delay_us,
              "Fault injection: add this many microseconds to every timed op of the kernel "
              "(the daemon must run with --allow-fault-injection)");
  AddOptional(submit, "--inject-delay-min-bytes", &f.inject_delay_min_bytes,
              "Fault injection: smallest size delayed, e.g. 64K [default: 0]");
  AddOptional(submit, "--inject-delay-max-bytes", &f.inject_delay_max_bytes,
              "Fault injection: largest size delayed [default: no bound]");
  AddOptional(submit, "--shapes", &f.shapes,
              absl::StrCat("GEMM ops (", absl::StrJoin(OpNames(OpFamily::kGemmCollective), ", "),
                           "): comma-separated MxNxK problems, e.g. "
                           "4096x6656x16384,8192x8192x8192 (",
                           ops::kMatmulReduceScatter, ": K is split over the ranks)"));
  AddOptional(submit, "--splits-per-rank", &f.splits_per_rank,
              "GEMM ops: chunks per rank's shard: auto or 1, 2, 4, ... [default: auto]");
  AddOptional(submit, "--fp8-scaling", &f.fp8_scaling,
              "GEMM ops with --dtype fp8_e4m3: tensorwise (one scale per matrix) or rowwise (per "
              "row of A, per column of B) [default: tensorwise]");
  AddOptional(submit, "--variants", &f.variants,
              "GEMM ops: variants to time: fused,all_gather (ag_gemm) or reduce_scatter "
              "(matmul_reduce_scatter),gemm,sequential; ag_gemm also pipelined,tile_flags,"
              "tile_gemm; matmul_reduce_scatter also tile_push,tile_gemm [default: all the "
              "backend runs]");
  submit
      ->add_option("--spec", f.spec_file,
                   "JobSpec JSON file (proto field names); flags override its fields")
      ->check(CLI::ExistingFile);
}

}  // namespace symmbench::client
