// JobSpec assembly for `symmbench submit`: spec file, explicit flags, then defaults.
// Every error starts with the flag (or file) it came from.
#include "client/spec.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "client/legacy_json.h"
#include "client/sizes.h"
#include "common/quote.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/util/json_util.h"
#include "kernels/dtype.h"
#include "kernels/ops/registry.h"
#include "nlohmann/json.hpp"
#include "spec/spec_validation.h"

namespace symmbench::client {
namespace {

absl::StatusOr<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::InvalidArgumentError(absl::StrCat("--spec: cannot read \"", path, "\""));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool WasSet(const ParsedSpecFile& parsed, const std::string& field) {
  return std::find(parsed.fields_set.begin(), parsed.fields_set.end(), field) !=
         parsed.fields_set.end();
}

// Applies the size flags: --sizes replaces the sweep; a lone --min-bytes/--max-bytes means a
// single size.
absl::Status ApplySizeFlags(const SpecFlags& flags, v1::SweepSpec* spec) {
  if (flags.min_bytes) {
    absl::StatusOr<int64_t> min_bytes = ParseSize(*flags.min_bytes, "--min-bytes");
    if (!min_bytes.ok()) return min_bytes.status();
    spec->set_min_bytes(*min_bytes);
  }
  if (flags.max_bytes) {
    absl::StatusOr<int64_t> max_bytes = ParseSize(*flags.max_bytes, "--max-bytes");
    if (!max_bytes.ok()) return max_bytes.status();
    spec->set_max_bytes(*max_bytes);
  }
  if (flags.sizes) {
    absl::StatusOr<std::vector<int64_t>> sizes = ParseSizeList(*flags.sizes, "--sizes");
    if (!sizes.ok()) return sizes.status();
    spec->clear_sizes_bytes();
    for (int64_t size : *sizes) spec->add_sizes_bytes(size);
  }
  if (spec->sizes_bytes().empty()) {
    if (spec->min_bytes() == 0 && spec->max_bytes() == 0) {
      return absl::InvalidArgumentError(
          "submit: no sizes: give --min-bytes and --max-bytes (a sweep), or --sizes");
    }
    if (spec->max_bytes() == 0) spec->set_max_bytes(spec->min_bytes());
    if (spec->min_bytes() == 0) spec->set_min_bytes(spec->max_bytes());
  }
  return absl::OkStatus();
}

// Applies --shapes, --splits-per-rank, --fp8-scaling and --variants (the GEMM ops).
absl::Status ApplyGemmFlags(const SpecFlags& flags, v1::GemmProblems* spec) {
  if (flags.shapes) {
    absl::StatusOr<std::vector<v1::GemmShape>> shapes = ParseShapes(*flags.shapes, "--shapes");
    if (!shapes.ok()) return shapes.status();
    spec->clear_shapes();
    for (const v1::GemmShape& shape : *shapes) *spec->add_shapes() = shape;
  }
  if (flags.splits_per_rank) {
    int32_t splits = 0;
    if (*flags.splits_per_rank != "auto" &&
        (!absl::SimpleAtoi(*flags.splits_per_rank, &splits) || splits < 1)) {
      return absl::InvalidArgumentError(
          absl::StrCat("--splits-per-rank: want auto or a positive integer (got \"",
                       *flags.splits_per_rank, "\")"));
    }
    spec->set_splits_per_rank(splits);  // 0 = auto
  }
  if (flags.fp8_scaling) {
    v1::Fp8Scaling scaling = v1::FP8_SCALING_UNSPECIFIED;
    if (!v1::Fp8Scaling_Parse(*flags.fp8_scaling, &scaling) ||
        scaling == v1::FP8_SCALING_UNSPECIFIED) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--fp8-scaling: want tensorwise or rowwise (got ", Quote(*flags.fp8_scaling), ")"));
    }
    spec->set_fp8_scaling(scaling);
  }
  if (flags.variants) {
    spec->clear_variants();
    for (absl::string_view v : absl::StrSplit(*flags.variants, ',', absl::SkipEmpty())) {
      spec->add_variants(std::string(v));
    }
  }
  if (spec->shapes().empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--shapes: required for the GEMM ops (",
                     absl::StrJoin(OpNames(OpFamily::kGemmCollective), ", "),
                     "), e.g. --shapes 4096x6656x16384,8192x8192x8192"));
  }
  return absl::OkStatus();
}

// Appends to `fields` the fields of `type` that `object` sets (not null), by proto name after
// `prefix`, and those of its family members ("sweep.step_factor").
void AddFieldsSet(const nlohmann::json& object, const google::protobuf::Descriptor& type,
                  const std::string& prefix, std::vector<std::string>* fields) {
  for (int i = 0; i < type.field_count(); ++i) {
    const google::protobuf::FieldDescriptor* field = type.field(i);
    for (const std::string& key : {field->name(), field->json_name()}) {
      const auto it = object.find(key);
      if (it == object.end() || it->is_null()) continue;
      fields->push_back(prefix + field->name());
      if (field->containing_oneof() != nullptr && it->is_object()) {
        AddFieldsSet(*it, *field->message_type(), prefix + field->name() + ".", fields);
      }
      break;
    }
  }
}

absl::Status ApplyLabelFlags(const std::vector<std::string>& labels, v1::JobSpec* spec) {
  for (const std::string& label : labels) {
    const size_t eq = label.find('=');
    if (eq == std::string::npos || eq == 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("--label: want KEY=VALUE with a non-empty KEY (got \"", label, "\")"));
    }
    (*spec->mutable_labels())[label.substr(0, eq)] = label.substr(eq + 1);
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::vector<v1::GemmShape>> ParseShapes(const std::string& text,
                                                       const std::string& flag) {
  std::vector<v1::GemmShape> shapes;
  for (absl::string_view item : absl::StrSplit(text, ',', absl::SkipEmpty())) {
    std::vector<absl::string_view> dims = absl::StrSplit(item, 'x');
    int64_t m = 0, n = 0, k = 0;
    if (dims.size() != 3 || !absl::SimpleAtoi(dims[0], &m) || !absl::SimpleAtoi(dims[1], &n) ||
        !absl::SimpleAtoi(dims[2], &k)) {
      return absl::InvalidArgumentError(absl::StrCat(
          flag, ": want MxNxK, e.g. 4096x6656x16384 (got \"", std::string(item), "\")"));
    }
    v1::GemmShape shape;
    shape.set_m(m);
    shape.set_n(n);
    shape.set_k(k);
    shapes.push_back(shape);
  }
  if (shapes.empty()) return absl::InvalidArgumentError(absl::StrCat(flag, ": no shape given"));
  return shapes;
}

absl::StatusOr<ParsedSpecFile> ParseSpecJson(const std::string& json, const std::string& source,
                                             std::string_view kernel) {
  ParsedSpecFile parsed;
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(json);
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte: 1-based offset of the character that broke it; as line and column.
    const size_t at = std::min<size_t>(e.byte > 0 ? e.byte - 1 : 0, json.size());
    const size_t line = 1 + std::count(json.begin(), json.begin() + at, '\n');
    const size_t line_start = json.rfind('\n', at == 0 ? 0 : at - 1);
    const size_t column = line_start == std::string::npos || at == 0 ? at + 1 : at - line_start;
    std::string what = e.what();
    // "[json.exception.parse_error.101] parse error at line 1, column 13: syntax error while
    // parsing object key - invalid literal; last read: '...'": the part after the position.
    if (const size_t colon = what.find(": syntax error"); colon != std::string::npos) {
      what = what.substr(colon + 2);
    }
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": not valid JSON at line ", line, ", column ", column, ": ", what));
  }
  if (!doc.is_object()) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": not a JSON object (a JobSpec is one: {\"kernel\": ...})"));
  }
  // Older spec files: inject_fault as text ("rank_error:1"), the sweep and the GEMM problems as
  // flat keys.
  // The family is --kernel's, else the file's kernel's, else the default kernel's.
  const bool named = doc.contains("kernel") && doc["kernel"].is_string();
  const std::string_view op = !kernel.empty() || named ? kernel : std::string_view(kDefaultKernel);
  if (absl::Status s = UpgradeSpecJson(&doc, absl::StrCat(source, " "), op); !s.ok()) {
    return s;
  }
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const auto status =
      google::protobuf::util::JsonStringToMessage(doc.dump(), &parsed.spec, options);
  if (!status.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": not a JobSpec: ", status.message().ToString()));
  }
  AddFieldsSet(doc, *v1::JobSpec::descriptor(), "", &parsed.fields_set);
  return parsed;
}

absl::StatusOr<v1::JobSpec> BuildJobSpec(const SpecFlags& flags) {
  ParsedSpecFile parsed;
  if (!flags.spec_file.empty()) {
    absl::StatusOr<std::string> text = ReadFile(flags.spec_file);
    if (!text.ok()) return text.status();
    absl::StatusOr<ParsedSpecFile> from_file = ParseSpecJson(
        *text, absl::StrCat("--spec ", flags.spec_file), flags.kernel ? *flags.kernel : "");
    if (!from_file.ok()) return from_file.status();
    parsed = *std::move(from_file);
  }
  v1::JobSpec& spec = parsed.spec;

  if (flags.kernel) spec.set_kernel(*flags.kernel);
  if (flags.world_size) spec.set_world_size(*flags.world_size);
  // --dtype all: every dtype the kernel takes, in one job (SweepSpec.all_dtypes).
  const bool all_dtypes = flags.dtype.has_value() && *flags.dtype == "all";
  if (flags.dtype && !all_dtypes) {
    v1::DType dtype = v1::DTYPE_UNSPECIFIED;
    if (!v1::DType_Parse(*flags.dtype, &dtype) || dtype == v1::DTYPE_UNSPECIFIED) {
      return absl::InvalidArgumentError(absl::StrCat("--dtype: unknown dtype ", Quote(*flags.dtype),
                                                     " (want bf16, fp16, fp32, fp8_e4m3 or all)"));
    }
    spec.set_dtype(dtype);
  }
  if (flags.warmup_iters) spec.set_warmup_iters(*flags.warmup_iters);
  if (flags.iters) spec.set_iters(*flags.iters);
  if (flags.check) spec.set_check(*flags.check);
  if (flags.backend) {
    v1::Backend backend = v1::auto_;
    if (!v1::Backend_Parse(*flags.backend, &backend)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--backend: unknown backend ", Quote(*flags.backend), " (want auto, cuda or cpu)"));
    }
    spec.set_backend(backend);
  }
  if (flags.job_timeout_s) spec.set_timeout_s(*flags.job_timeout_s);
  if (flags.nodes) spec.set_nodes(*flags.nodes);
  if (flags.repeats) {
    if (*flags.repeats < 1) {  // 0 would read as "unset" (the daemon's default)
      return absl::InvalidArgumentError(
          absl::StrCat("--repeats: must be >= 1 (got ", *flags.repeats, ")"));
    }
    spec.set_repeats(*flags.repeats);
  }
  if (flags.inject_delay_us) spec.set_inject_delay_us(*flags.inject_delay_us);
  if (flags.inject_delay_min_bytes) {
    absl::StatusOr<int64_t> bytes =
        ParseSize(*flags.inject_delay_min_bytes, "--inject-delay-min-bytes");
    if (!bytes.ok()) return bytes.status();
    spec.set_inject_delay_min_bytes(*bytes);
  }
  if (flags.inject_delay_max_bytes) {
    absl::StatusOr<int64_t> bytes =
        ParseSize(*flags.inject_delay_max_bytes, "--inject-delay-max-bytes");
    if (!bytes.ok()) return bytes.status();
    spec.set_inject_delay_max_bytes(*bytes);
  }
  // The family member the kernel takes; the other one, if a spec file gave it, is left for
  // SubmitJob to refuse, naming it.
  const bool ag_gemm =
      IsFamily(spec.kernel().empty() ? std::string_view(kDefaultKernel) : spec.kernel(),
               OpFamily::kGemmCollective);
  if (ag_gemm && all_dtypes) {
    return absl::InvalidArgumentError(
        absl::StrCat("--dtype all: kernel ", spec.kernel(),
                     " runs GEMM problems; every dtype in one job is for the size-swept kernels"));
  }
  if (ag_gemm && (flags.graph.value_or(false) || flags.graph_launches.has_value() ||
                  flags.per_host_teams.value_or(false) || flags.compare_kernel.has_value())) {
    return absl::InvalidArgumentError(absl::StrCat(
        flags.graph_launches.has_value()       ? "--graph-launches"
        : flags.graph.value_or(false)          ? "--graph"
        : flags.per_host_teams.value_or(false) ? "--per-host-teams"
                                               : "--compare-kernel",
        ": kernel ", spec.kernel(),
        " runs GEMM problems; graph mode, per-host teams and A/B jobs are for the size-swept "
        "kernels"));
  }
  if (flags.in_place.value_or(false) && flags.out_of_place.value_or(false)) {
    return absl::InvalidArgumentError(
        "--in-place, --out-of-place: give one (without either, a kernel with an in-place form "
        "gets both figures)");
  }
  if (ag_gemm && flags.misalign.has_value()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--misalign: kernel ", spec.kernel(),
                     " runs GEMM problems; misaligned buffers are for the size-swept kernels"));
  }
  if (ag_gemm && (flags.in_place.value_or(false) || flags.out_of_place.value_or(false))) {
    return absl::InvalidArgumentError(
        absl::StrCat(flags.in_place.value_or(false) ? "--in-place" : "--out-of-place", ": kernel ",
                     spec.kernel(),
                     " runs GEMM problems; in-place figures are for "
                     "the size-swept kernels"));
  }
  if (ag_gemm && !spec.has_sweep()) {
    if (absl::Status s = ApplyGemmFlags(flags, spec.mutable_gemm()); !s.ok()) return s;
  } else if (!ag_gemm && !spec.has_gemm()) {
    v1::SweepSpec* sweep = spec.mutable_sweep();
    if (flags.step_factor) sweep->set_step_factor(*flags.step_factor);
    if (flags.graph) sweep->set_graph(*flags.graph);
    if (flags.graph_launches) {
      sweep->set_graph(true);
      sweep->set_graph_launches(*flags.graph_launches);
    }
    if (flags.per_host_teams) sweep->set_per_host_teams(*flags.per_host_teams);
    if (flags.compare_kernel) sweep->set_compare_kernel(*flags.compare_kernel);
    if (flags.per_iteration) sweep->set_per_iteration(*flags.per_iteration);
    if (flags.skip_first) sweep->set_skip_first(*flags.skip_first);
    if (all_dtypes) sweep->set_all_dtypes(true);
    if (flags.in_place.value_or(false)) sweep->set_placement(v1::PLACEMENT_BOTH);
    if (flags.out_of_place.value_or(false)) sweep->set_placement(v1::PLACEMENT_OUT_OF_PLACE);
    if (flags.misalign) sweep->set_misalign_bytes(*flags.misalign);
    if (absl::Status s = ApplySizeFlags(flags, sweep); !s.ok()) return s;
  }
  if (absl::Status s = ApplyLabelFlags(flags.labels, &spec); !s.ok()) return s;

  // What neither the file nor the flags set stays unset: the coordinator's defaults
  // (spec/spec_validation.h: ApplyDefaults) are the same for every client.

  if (!flags.world_size && !WasSet(parsed, "world_size")) {
    return absl::InvalidArgumentError(
        "--world-size: required (or set world_size in the --spec file)");
  }
  return spec;
}

}  // namespace symmbench::client
