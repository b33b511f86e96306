// symmbench baseline save|list|export|import over the Coordinator's baseline RPCs.
#include "client/baseline_command.h"

#include <algorithm>
#include <fstream>
#include <memory>
#include <ostream>
#include <sstream>

#include "CLI/CLI.hpp"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "client/cli.h"
#include "client/format.h"
#include "client/legacy_json.h"
#include "client/rpc_util.h"
#include "google/protobuf/util/json_util.h"

namespace symmbench::client {
namespace {

// One line about a baseline: name, job, kernel, world size, GPU model, cases.
std::string Summary(const v1::Baseline& b, int cases) {
  return absl::StrCat(
      "baseline ", b.name(), ": ", b.source(), ", ", b.job().spec().kernel(), " ",
      v1::DType_Name(b.job().spec().dtype()), ", world_size ", b.job().spec().world_size(), " on ",
      b.job().machine().gpu_model().empty() ? "?" : b.job().machine().gpu_model(), ", ", cases,
      " cases",
      b.has_kept_build()             ? absl::StrCat("; keeps build ", b.kept_build().kernel())
      : b.kept_build_error().empty() ? ""
                                     : absl::StrCat("; build not kept: ", b.kept_build_error()));
}

// The list's KEPT BUILD column: the kept build's SHA-256 prefix ("@3f2a9c1b7d0e"), or "-".
std::string KeptBuildColumn(const v1::Baseline& b) {
  const std::string& kernel = b.kept_build().kernel();
  const size_t at = kernel.find('@');
  return at == std::string::npos ? "-" : kernel.substr(at);
}

Json BaselineSummaryJson(const v1::Baseline& b, int cases) {
  Json labels = Json::object();
  for (const auto& [key, value] : b.job().spec().labels()) labels[key] = value;
  return {{"name", b.name()},
          {"job_id", b.job().job_id()},
          {"source", b.source()},
          {"saved_unix_ms", b.saved_unix_ms()},
          {"kernel", b.job().spec().kernel()},
          {"dtype", v1::DType_Name(b.job().spec().dtype())},
          {"world_size", b.job().spec().world_size()},
          {"gpu_model", b.job().machine().gpu_model()},
          {"cases", cases},
          {"labels", labels},
          {"kept_build", b.kept_build().kernel()},
          {"kept_build_error", b.kept_build_error()}};
}

// What save and import print: the stored baseline, and whether it replaced one of that name.
void PrintStored(const GlobalOptions& global, const v1::Baseline& baseline, bool replaced,
                 const char* verb, std::ostream& out) {
  const int cases = baseline.job().rows_size();
  if (global.json) {
    Json json = BaselineSummaryJson(baseline, cases);
    json["replaced"] = replaced;
    out << json.dump() << "\n";
  } else {
    out << (replaced ? "replaced" : verb) << " " << Summary(baseline, cases) << "\n";
  }
}

}  // namespace

absl::StatusOr<v1::Baseline> ParseBaselineJson(const std::string& json, const std::string& source) {
  v1::Baseline baseline;
  nlohmann::json doc = nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (doc.is_object() && doc.contains("job")) {
    if (absl::Status s = UpgradeJobJson(&doc["job"]); !s.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(source, ": not an exported baseline: ", s.message()));
    }
  }
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const auto status = google::protobuf::util::JsonStringToMessage(
      doc.is_discarded() ? json : doc.dump(), &baseline, options);
  if (!status.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": not an exported baseline: ", status.message().ToString()));
  }
  if (!baseline.has_job() || baseline.job().rows().empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": not an exported baseline: no job with result rows"));
  }
  return baseline;
}

std::string BaselineToJson(const v1::Baseline& baseline) {
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.add_whitespace = true;
  std::string json;
  (void)google::protobuf::util::MessageToJsonString(baseline, &json, options);
  return json;
}

int RunBaselineSave(const GlobalOptions& global, const BaselineCommandOptions& options,
                    std::ostream& out, std::ostream& err) {
  std::unique_ptr<Stub> stub = MakeStub(global);
  v1::SaveBaselineRequest request;
  request.set_name(options.name);
  request.set_job_id(options.job_id);
  request.set_force(options.force);
  v1::SaveBaselineResponse response;
  if (grpc::Status s = stub->SaveBaseline(UnaryContext(global).get(), request, &response);
      !s.ok()) {
    return ReportRpcError(global, s, out, err);
  }
  PrintStored(global, response.baseline(), response.replaced(), "saved", out);
  return kExitOk;
}

int RunBaselineList(const GlobalOptions& global, std::ostream& out, std::ostream& err) {
  std::unique_ptr<Stub> stub = MakeStub(global);
  // Every page, without rows (row_count counts the cases).
  v1::ListBaselinesResponse response;
  v1::ListBaselinesRequest request;
  do {
    v1::ListBaselinesResponse page;
    if (grpc::Status s = stub->ListBaselines(UnaryContext(global).get(), request, &page); !s.ok()) {
      return ReportRpcError(global, s, out, err);
    }
    for (v1::Baseline& b : *page.mutable_baselines()) *response.add_baselines() = std::move(b);
    request.set_page_token(page.next_page_token());
  } while (!request.page_token().empty());
  if (global.json) {
    Json list = Json::array();
    for (const v1::Baseline& b : response.baselines()) {
      list.push_back(BaselineSummaryJson(b, b.row_count()));
    }
    out << Json{{"baselines", list}}.dump() << "\n";
    return kExitOk;
  }
  std::vector<std::vector<std::string>> rows = {{"NAME", "JOB", "KERNEL", "WORLD", "DTYPE", "CASES",
                                                 "GPU", "LABELS", "SAVED (UTC)", "KEPT BUILD"}};
  for (const v1::Baseline& b : response.baselines()) {
    std::vector<std::string> labels;
    for (const auto& [key, value] : b.job().spec().labels()) {
      labels.push_back(absl::StrCat(key, "=", value));
    }
    std::sort(labels.begin(), labels.end());
    rows.push_back({b.name(), b.job().job_id(), b.job().spec().kernel(),
                    absl::StrCat(b.job().spec().world_size()),
                    v1::DType_Name(b.job().spec().dtype()), absl::StrCat(b.row_count()),
                    b.job().machine().gpu_model(), absl::StrJoin(labels, ","),
                    UtcTime(b.saved_unix_ms(), "%Y-%m-%d %H:%M:%S"), KeptBuildColumn(b)});
  }
  std::vector<size_t> widths(rows[0].size(), 0);
  for (const auto& row : rows) {
    for (size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
  }
  for (const auto& row : rows) {
    std::string line;
    for (size_t i = 0; i < row.size(); ++i) {
      line += row[i] + std::string(widths[i] + 2 - row[i].size(), ' ');
    }
    line.erase(line.find_last_not_of(' ') + 1);
    out << line << "\n";
  }
  return kExitOk;
}

int RunBaselineExport(const GlobalOptions& global, const BaselineCommandOptions& options,
                      std::ostream& out, std::ostream& err) {
  std::unique_ptr<Stub> stub = MakeStub(global);
  v1::GetBaselineRequest request;
  request.set_name(options.name);
  v1::Baseline baseline;
  if (grpc::Status s = stub->GetBaseline(UnaryContext(global).get(), request, &baseline); !s.ok()) {
    return ReportRpcError(global, s, out, err);
  }
  out << BaselineToJson(baseline) << "\n";
  return kExitOk;
}

int RunBaselineImport(const GlobalOptions& global, const BaselineCommandOptions& options,
                      std::ostream& out, std::ostream& err) {
  std::ifstream in(options.file, std::ios::binary);
  if (!in) {
    return ReportError(
        global,
        absl::InvalidArgumentError(absl::StrCat("FILE: cannot read \"", options.file, "\"")), out,
        err);
  }
  std::ostringstream text;
  text << in.rdbuf();
  absl::StatusOr<v1::Baseline> baseline = ParseBaselineJson(text.str(), options.file);
  if (!baseline.ok()) {
    return ReportError(global, baseline.status(), out, err);
  }
  if (!options.name.empty()) baseline->set_name(options.name);
  std::unique_ptr<Stub> stub = MakeStub(global);
  v1::ImportBaselineRequest request;
  *request.mutable_baseline() = *std::move(baseline);
  request.set_force(options.force);
  v1::ImportBaselineResponse response;
  if (grpc::Status s = stub->ImportBaseline(UnaryContext(global).get(), request, &response);
      !s.ok()) {
    return ReportRpcError(global, s, out, err);
  }
  PrintStored(global, response.baseline(), response.replaced(), "imported", out);
  return kExitOk;
}

void AddBaselineCommands(CommandLine* cli) {
  auto options = std::make_shared<BaselineCommandOptions>();
  CLI::App* baseline = cli->app()->add_subcommand("baseline", "Baselines of `symmbench gate`");
  baseline->require_subcommand(1);
  CLI::App* save = baseline->add_subcommand("save", "Keep a SUCCEEDED job as a named baseline");
  save->add_option("JOB", options->job_id, "Job id")->required();
  save->add_option("--name", options->name, "Baseline name, e.g. main")->required();
  save->add_flag("--force", options->force, "Replace an existing baseline of that name");
  CLI::App* list = baseline->add_subcommand("list", "List the stored baselines");
  CLI::App* exported = baseline->add_subcommand("export", "Print a baseline as JSON (> file.json)");
  exported->add_option("NAME", options->name, "Baseline name")->required();
  CLI::App* imported =
      baseline->add_subcommand("import", "Store a baseline from an exported JSON file");
  imported->add_option("FILE", options->file, "Exported baseline")
      ->required()
      ->check(CLI::ExistingFile);
  imported->add_option("--name", options->name, "Store it under this name");
  imported->add_flag("--force", options->force, "Replace an existing baseline of that name");
  for (CLI::App* sub : {save, list, imported}) cli->AddJsonFlag(sub);
  cli->OnCommand(save,
                 [options](const GlobalOptions& global, std::ostream& out, std::ostream& err) {
                   return RunBaselineSave(global, *options, out, err);
                 });
  cli->OnCommand(list, [](const GlobalOptions& global, std::ostream& out, std::ostream& err) {
    return RunBaselineList(global, out, err);
  });
  cli->OnCommand(exported,
                 [options](const GlobalOptions& global, std::ostream& out, std::ostream& err) {
                   return RunBaselineExport(global, *options, out, err);
                 });
  cli->OnCommand(imported,
                 [options](const GlobalOptions& global, std::ostream& out, std::ostream& err) {
                   return RunBaselineImport(global, *options, out, err);
                 });
}

}  // namespace symmbench::client
