// symmbench plot: job rows -> gnuplot script -> PNG/SVG.
#include "client/plot.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <ostream>
#include <sstream>

#include "CLI/CLI.hpp"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "client/cli.h"
#include "client/legacy_json.h"
#include "client/rpc_util.h"
#include "kernels/ops/registry.h"
#include "nlohmann/json.hpp"

namespace symmbench::client {
namespace {

constexpr char kGnuplot[] = "/usr/bin/gnuplot";

std::string Label(const v1::Job& job) {
  return absl::StrCat(job.job_id(), " ", job.spec().kernel(), " ",
                      v1::DType_Name(job.spec().dtype()), " n=", job.spec().world_size());
}

// One inline data block per series: "$name << EOD ... EOD".
void DataBlock(std::string* script, const std::string& name,
               const std::vector<std::pair<double, double>>& points) {
  absl::StrAppend(script, "$", name, " << EOD\n");
  for (const auto& [x, y] : points) absl::StrAppend(script, x, " ", y, "\n");
  absl::StrAppend(script, "EOD\n");
}

}  // namespace

std::vector<v1::Job> OneDTypeEach(const std::vector<v1::Job>& jobs) {
  std::vector<v1::Job> split;
  for (const v1::Job& job : jobs) {
    if (job.plan().dtypes_size() == 0) {
      split.push_back(job);
      continue;
    }
    for (int dtype : job.plan().dtypes()) {
      v1::Job one = job;
      one.mutable_spec()->set_dtype(static_cast<v1::DType>(dtype));
      one.mutable_plan()->clear_dtypes();
      one.clear_rows();
      for (const v1::ResultRow& row : job.rows()) {
        if (row.dtype() == dtype) *one.add_rows() = row;
      }
      split.push_back(std::move(one));
    }
  }
  return split;
}

namespace {

std::string SweepScript(const std::vector<v1::Job>& jobs, const std::string& title) {
  std::string script, time_plots, bw_plots;
  for (size_t j = 0; j < jobs.size(); ++j) {
    std::vector<std::pair<double, double>> ours, base, ours_g, base_g, bw, base_bw;
    for (const v1::ResultRow& row : jobs[j].rows()) {
      const double size = static_cast<double>(row.size_bytes());
      ours.emplace_back(size, row.time_us());
      bw.emplace_back(size, row.busbw_gbps());
      if (row.reference_time_us() > 0) {
        base.emplace_back(size, row.reference_time_us());
        base_bw.emplace_back(size, row.reference_busbw_gbps());
      }
      if (row.graph_time_us() > 0) ours_g.emplace_back(size, row.graph_time_us());
      if (row.reference_graph_time_us() > 0)
        base_g.emplace_back(size, row.reference_graph_time_us());
    }
    const std::string label = Label(jobs[j]);
    const std::string base_name =
        jobs[j].rows().empty() ? "reference" : jobs[j].rows(0).reference();
    const auto add = [&](std::string* plots, const std::string& block, const auto& points,
                         const std::string& title) {
      if (points.empty()) return;
      DataBlock(&script, block, points);
      absl::StrAppend(plots, plots->empty() ? "" : ", ", "$", block,
                      " using 1:2 with linespoints title \"", title, "\"");
    };
    add(&time_plots, absl::StrCat("t", j), ours, label);
    add(&time_plots, absl::StrCat("b", j), base, absl::StrCat(label, " ", base_name));
    add(&time_plots, absl::StrCat("tg", j), ours_g, absl::StrCat(label, " (graph)"));
    add(&time_plots, absl::StrCat("bg", j), base_g,
        absl::StrCat(label, " ", base_name, " (graph)"));
    add(&bw_plots, absl::StrCat("w", j), bw, label);
    add(&bw_plots, absl::StrCat("bw", j), base_bw, absl::StrCat(label, " ", base_name));
  }
  absl::StrAppend(&script, "set multiplot layout 1,2 title \"", title,
                  "\"\n"
                  "set logscale xy 2\nset grid\nset key top left font \",8\"\n"
                  "set xtics 16\nset format x \"%.0b%BB\"\n"
                  "set xlabel \"message size (bytes)\"\nset ylabel \"time per op (us)\"\n"
                  "plot ",
                  time_plots,
                  "\nset logscale x 2\nunset logscale y\nset logscale y 10\n"
                  "set ylabel \"busbw (GB/s)\"\nplot ",
                  bw_plots, "\nunset multiplot\n");
  return script;
}

std::string AgGemmScript(const std::vector<v1::Job>& jobs, const std::string& title) {
  std::string script = absl::StrCat("set title \"", title, "\"\n",
                                    "$ag << EOD\nshape t_ag t_gemm t_sequential t_fused\n");
  for (const v1::Job& job : jobs) {
    for (const v1::ResultRow& row : job.rows()) {
      absl::StrAppend(&script, "\"", job.job_id(), " ", row.gemm().m(), "x", row.gemm().n(), "x",
                      row.gemm().k(), " s", row.gemm().splits_per_rank(), "\" ",
                      row.gemm().t_ag_us(), " ", row.gemm().t_gemm_us(), " ",
                      row.gemm().t_sequential_us(), " ", row.gemm().t_fused_us(), "\n");
    }
  }
  absl::StrAppend(&script,
                  "EOD\nset style data histograms\nset style histogram clustered gap 1\n"
                  "set style fill solid 0.8 border -1\nset grid ytics\n"
                  "set ylabel \"time (us)\"\nset xtics rotate by -30 font \",8\"\n"
                  "set key top left\n"
                  "plot $ag using 2:xtic(1) title columnheader(2), '' using 3 title "
                  "columnheader(3), '' using 4 title columnheader(4), '' using 5 title "
                  "columnheader(5)\n");
  return script;
}

}  // namespace

absl::StatusOr<std::string> GnuplotScript(const std::vector<v1::Job>& jobs,
                                          const PlotOptions& options) {
  std::string terminal;
  if (absl::EndsWith(options.out, ".png")) {
    terminal = "pngcairo size 1400,560";
  } else if (absl::EndsWith(options.out, ".svg")) {
    terminal = "svg size 1400,560";
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("--out: want a .png or .svg file (got \"", options.out, "\")"));
  }
  bool ag_gemm = false, swept = false;
  std::vector<std::string> kinds;
  for (const v1::Job& job : jobs) {
    if (job.rows().empty()) {
      return absl::InvalidArgumentError(absl::StrCat("plot: job ", job.job_id(), " has no rows"));
    }
    (IsFamily(job.spec().kernel(), OpFamily::kGemmCollective) ? ag_gemm : swept) = true;
    kinds.push_back(absl::StrCat(job.spec().kernel(), " ", v1::DType_Name(job.spec().dtype())));
  }
  if (ag_gemm && swept) {
    return absl::InvalidArgumentError(
        "plot: ag_gemm jobs and size-swept jobs go in separate plots");
  }
  // noenhanced: underscores in kernel names stay underscores, not subscripts.
  std::string script =
      absl::StrCat("set terminal ", terminal, " noenhanced\nset output \"", options.out, "\"\n");
  const std::string title = options.title.empty() ? absl::StrJoin(kinds, ", ") : options.title;
  absl::StrAppend(&script, ag_gemm ? AgGemmScript(jobs, title) : SweepScript(jobs, title));
  return script;
}

absl::StatusOr<v1::Job> JobFromJson(const std::string& text, const std::string& source) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object() || !j.contains("rows")) {
    return absl::InvalidArgumentError(absl::StrCat(source, ": not a job as --json prints it"));
  }
  if (absl::Status s = UpgradeJobJson(&j); !s.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(source, ": ", s.message()));
  }
  v1::Job job;
  job.set_job_id(j.value("job_id", source));
  if (j.contains("spec")) {
    job.mutable_spec()->set_kernel(j["spec"].value("kernel", ""));
    v1::DType dtype = v1::DTYPE_UNSPECIFIED;
    v1::DType_Parse(j["spec"].value("dtype", ""), &dtype);  // unknown: no dtype in the title
    job.mutable_spec()->set_dtype(dtype);
    job.mutable_spec()->set_world_size(j["spec"].value("world_size", 0));
  }
  for (const nlohmann::json& r : j["rows"]) {
    v1::ResultRow* row = job.add_rows();
    row->set_size_bytes(r.value("size_bytes", int64_t{0}));
    row->set_time_us(r.value("time_us", 0.0));
    row->set_busbw_gbps(r.value("busbw_gbps", 0.0));
    row->set_reference(r.value("reference", ""));
    row->set_reference_time_us(r.value("reference_time_us", 0.0));
    row->set_reference_busbw_gbps(r.value("reference_busbw_gbps", 0.0));
    row->set_graph_time_us(r.value("graph_time_us", 0.0));
    row->set_reference_graph_time_us(r.value("reference_graph_time_us", 0.0));
    if (const auto g = r.find("gemm"); g != r.end() && g->is_object()) {
      v1::GemmFigures* gemm = row->mutable_gemm();
      gemm->set_m(g->value("m", int64_t{0}));
      gemm->set_n(g->value("n", int64_t{0}));
      gemm->set_k(g->value("k", int64_t{0}));
      gemm->set_splits_per_rank(g->value("splits_per_rank", 0));
      gemm->set_t_ag_us(g->value("t_ag_us", 0.0));
      gemm->set_t_gemm_us(g->value("t_gemm_us", 0.0));
      gemm->set_t_sequential_us(g->value("t_sequential_us", 0.0));
      gemm->set_t_fused_us(g->value("t_fused_us", 0.0));
    }
  }
  return job;
}

int RunPlot(const GlobalOptions& global, const PlotOptions& options, std::ostream& out,
            std::ostream& err) {
  std::vector<v1::Job> jobs;
  std::unique_ptr<Stub> stub;
  for (const std::string& name : options.jobs) {
    if (absl::EndsWith(name, ".json")) {
      std::ifstream in(name);
      std::stringstream text;
      text << in.rdbuf();
      absl::StatusOr<v1::Job> job = JobFromJson(text.str(), name);
      if (!job.ok()) {
        return ReportError(global, job.status(), out, err);
      }
      jobs.push_back(*std::move(job));
      continue;
    }
    if (stub == nullptr) stub = MakeStub(global);
    v1::Job job;
    grpc::Status status = GetJob(*stub, global, name, &job);
    if (!status.ok()) return ReportRpcError(global, status, out, err);
    jobs.push_back(std::move(job));
  }
  absl::StatusOr<std::string> script = GnuplotScript(OneDTypeEach(jobs), options);
  if (!script.ok()) {
    return ReportError(global, script.status(), out, err);
  }
  if (access(kGnuplot, X_OK) != 0) {
    return ReportError(global,
                       absl::FailedPreconditionError(absl::StrCat(
                           "plot: ", kGnuplot, " not found (install Debian's gnuplot-nox)")),
                       out, err);
  }
  FILE* pipe = popen(absl::StrCat(kGnuplot, " 2>&1").c_str(), "w");
  if (pipe == nullptr) {
    return ReportError(global, absl::InternalError(absl::StrCat("plot: cannot run ", kGnuplot)),
                       out, err);
  }
  fwrite(script->data(), 1, script->size(), pipe);
  const int status = pclose(pipe);
  if (status != 0 || access(options.out.c_str(), R_OK) != 0) {
    return ReportError(
        global, absl::InternalError(absl::StrCat("plot: gnuplot failed (status ", status, ")")),
        out, err);
  }
  out << "wrote " << options.out << "\n";
  return kExitOk;
}

void AddPlotCommand(CommandLine* cli) {
  auto options = std::make_shared<PlotOptions>();
  CLI::App* plot = cli->app()->add_subcommand(
      "plot",
      "Draw jobs (ids, or --json files) with gnuplot: time and busbw vs size, or AG-GEMM bars");
  plot->add_option("JOB", options->jobs, "Job ids or job JSON files")->required();
  plot->add_option("--out", options->out, "Output .png or .svg")->required();
  plot->add_option("--title", options->title, "Title (default: kernels and dtypes)");
  cli->OnCommand(plot,
                 [options](const GlobalOptions& global, std::ostream& out, std::ostream& err) {
                   return RunPlot(global, *options, out, err);
                 });
}

}  // namespace symmbench::client
