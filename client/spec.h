// Builds the JobSpec that `symmbench submit` sends: an optional --spec JSON file, then the
// flags given explicitly on top of it, then the CLI defaults for whatever is still unset.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "kernels/ops/registry.h"
#include "proto/symmbench.pb.h"

namespace CLI {
class App;
}  // namespace CLI

namespace symmbench::client {

// The submit flags as typed; std::nullopt (or empty) means "not given on the command line".
// Sizes stay text here so that errors can name the flag.
struct SpecFlags {
  std::string spec_file;                      // --spec: JobSpec JSON (proto field names)
  std::optional<std::string> kernel;          // --kernel
  std::optional<int32_t> world_size;          // --world-size
  std::optional<std::string> dtype;           // --dtype
  std::optional<std::string> min_bytes;       // --min-bytes, e.g. "2K"
  std::optional<std::string> max_bytes;       // --max-bytes, e.g. "64M"
  std::optional<int32_t> step_factor;         // --step-factor
  std::optional<std::string> sizes;           // --sizes, e.g. "2K,64K,1M"
  std::optional<int32_t> warmup_iters;        // --warmup
  std::optional<int32_t> iters;               // --iters
  std::optional<bool> check;                  // --check / --no-check
  std::optional<std::string> backend;         // --backend
  std::vector<std::string> labels;            // --label KEY=VALUE, repeatable
  std::optional<int32_t> job_timeout_s;       // --job-timeout-s
  std::optional<int32_t> nodes;               // --nodes
  std::optional<bool> graph;                  // --graph: also time CUDA-graph replays
  std::optional<int32_t> graph_launches;      // --graph-launches N: nccl-tests' -G N (and graph)
  std::optional<bool> per_host_teams;         // --per-host-teams
  std::optional<std::string> compare_kernel;  // --compare-kernel: A/B in one job
  std::optional<bool> per_iteration;          // --per-iteration: time every iteration alone
  std::optional<int32_t> skip_first;          // --skip-first K: left out of the statistics
  std::optional<bool> in_place;               // --in-place: in-place figures, or refused
  std::optional<bool> out_of_place;           // --out-of-place: no in-place figures
  std::optional<int32_t> misalign;            // --misalign BYTES: misaligned buffers
  std::optional<int32_t> repeats;             // --repeats: timing loops per size (daemon default 5)
  // Fault injection (the daemon must run with --allow-fault-injection):
  std::optional<double> inject_delay_us;              // --inject-delay-us
  std::optional<std::string> inject_delay_min_bytes;  // --inject-delay-min-bytes, e.g. "64K"
  std::optional<std::string> inject_delay_max_bytes;  // --inject-delay-max-bytes
  // Kernel ag_gemm:
  std::optional<std::string> shapes;           // --shapes, e.g. "4096x6656x16384,8192x8192x8192"
  std::optional<std::string> splits_per_rank;  // --splits-per-rank: "auto" or 1, 2, 4, ...
  std::optional<std::string> variants;         // --variants, e.g. "fused,sequential"
  std::optional<std::string> fp8_scaling;      // --fp8-scaling: "tensorwise" or "rowwise"
};

// Parses "MxNxK[,MxNxK...]" (decimal integers) into shapes. INVALID_ARGUMENT naming `flag`.
absl::StatusOr<std::vector<v1::GemmShape>> ParseShapes(const std::string& text,
                                                       const std::string& flag);

// Parses a JobSpec from JSON text (proto field names or their lowerCamel forms; unknown
// fields are an error). The flat keys of older spec files (min_bytes, shapes, ...) are read
// through UpgradeSpecJson, for the family of `kernel` (--kernel), else of the file's kernel,
// else of kDefaultKernel. Also returns which fields the text set, by proto name ("iters",
// "sweep.step_factor"), so that an explicit 0 in the file counts as given.
struct ParsedSpecFile {
  v1::JobSpec spec;
  std::vector<std::string> fields_set;
};
absl::StatusOr<ParsedSpecFile> ParseSpecJson(const std::string& json, const std::string& source,
                                             std::string_view kernel = "");

// The spec to submit. Order: spec file (if any), then each flag given, then defaults for the
// fields still unset (kernel, dtype, step_factor, warmup_iters, iters, backend; check stays
// unset, which means true). INVALID_ARGUMENT naming the flag for an unreadable/invalid spec
// file, a bad size, dtype, backend or label, a missing --world-size, or no sizes at all
// (neither --sizes nor --min-bytes/--max-bytes; for kernel ag_gemm: no --shapes). A lone
// --min-bytes or --max-bytes means that single size.
absl::StatusOr<v1::JobSpec> BuildJobSpec(const SpecFlags& flags);

// Adds submit's flags to `submit`, each filling its field of `flags` when given (client/cli.h;
// spec_flags.cc).
void AddSpecFlags(CLI::App* submit, SpecFlags* flags);

}  // namespace symmbench::client
