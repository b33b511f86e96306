// A real Prometheus (Debian's package) scraping a real daemon that ran CPU jobs: every
// expression of the recording and alert rules, and every query of the Grafana dashboard (its
// panels, its template variables' label_values() and its annotations, with the variables
// replaced as Grafana replaces them), returns at least one series through Prometheus' HTTP API,
// and the rules load healthy. Skipped without /usr/bin/prometheus.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

constexpr char kPrometheus[] = "/usr/bin/prometheus";

int FreePort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof(addr);
  bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr));
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  close(fd);
  return ntohs(addr.sin_port);
}

std::string UrlEncode(const std::string& text) {
  std::string out;
  char hex[4];
  for (unsigned char c : text) {
    if (isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      snprintf(hex, sizeof(hex), "%%%02X", c);
      out += hex;
    }
  }
  return out;
}

// Every `expr:` of the rules file; an alert's comparison is dropped (its left side must have
// series whether or not the alert fires).
std::vector<std::string> RuleExpressions(const std::string& yaml) {
  std::vector<std::string> exprs;
  std::istringstream in(yaml);
  for (std::string line; std::getline(in, line);) {
    const size_t at = line.find("expr: ");
    if (at == std::string::npos) continue;
    std::string expr = line.substr(at + 6);
    const size_t cmp = expr.rfind(" > ");
    if (cmp != std::string::npos) expr = expr.substr(0, cmp);
    exprs.push_back(expr);
  }
  return exprs;
}

// What Grafana puts in place of each variable of the dashboard before it queries, "All" being
// selected in every variable: a query variable's allValue (.*, which the panels match with =~);
// $__rate_interval, max($__interval + scrape interval, 4 x scrape interval) with the
// datasource's scrape interval, here the test Prometheus' 1 s (a panel's $__interval stays below
// 3 s over these few minutes); $__range, the dashboard's time range (1 h covers all the test's
// data); $__interval, 1 s. ${datasource} appears only in datasource references, never in a query.
std::map<std::string, std::string> GrafanaValues(const nlohmann::json& dashboard) {
  std::map<std::string, std::string> values = {
      {"__rate_interval", "4s"}, {"__range", "1h"}, {"__interval", "1s"}};
  for (const nlohmann::json& variable : dashboard["templating"]["list"]) {
    if (variable.value("type", "") != "query") continue;
    values[variable.value("name", "")] = variable.value("allValue", "");
  }
  return values;
}

// `text` with $name and ${name} (${name:format} too) replaced from `values`, as Grafana's
// template service does; a name it does not know ($1 and ${2} of label_replace) stays as it is.
std::string Interpolate(const std::string& text, const std::map<std::string, std::string>& values) {
  static const std::regex kVariable(R"(\$\{(\w+)(?::[^}]*)?\}|\$(\w+))");
  std::string out;
  auto last = text.cbegin();
  for (std::sregex_iterator it(text.begin(), text.end(), kVariable), end; it != end; ++it) {
    const std::smatch& m = *it;
    out.append(last, m[0].first);
    const auto found = values.find(m[1].matched ? m[1].str() : m[2].str());
    out += found != values.end() ? found->second : m[0].str();
    last = m[0].second;
  }
  out.append(last, text.cend());
  return out;
}

// A query of the dashboard: where it is, its PromQL as written, and how Grafana runs it (an
// instant query at the range's end, or a range query over it).
struct DashboardQuery {
  std::string where;
  std::string expr;
  bool instant = false;
};

// Every panel's targets (rows' panels included) and every annotation's query but Grafana's
// built-in one. `panels` counts the panels that have queries.
std::vector<DashboardQuery> DashboardQueries(const nlohmann::json& dashboard, size_t* panels) {
  std::vector<DashboardQuery> queries;
  std::vector<nlohmann::json> all;
  for (const nlohmann::json& panel : dashboard["panels"]) {
    all.push_back(panel);
    for (const nlohmann::json& nested : panel.value("panels", nlohmann::json::array())) {
      all.push_back(nested);
    }
  }
  *panels = 0;
  for (const nlohmann::json& panel : all) {
    const nlohmann::json targets = panel.value("targets", nlohmann::json::array());
    if (!targets.empty()) ++*panels;
    for (const nlohmann::json& target : targets) {
      queries.push_back({"panel \"" + panel.value("title", "") + "\" " + target.value("refId", ""),
                         target.value("expr", ""),
                         target.value("instant", false) && !target.value("range", false)});
    }
  }
  for (const nlohmann::json& annotation : dashboard["annotations"]["list"]) {
    if (annotation.value("builtIn", 0) == 1) continue;
    queries.push_back({"annotation \"" + annotation.value("name", "") + "\"",
                       annotation.value("expr", ""), false});
  }
  return queries;
}

// The selectors of symmbench's metrics in `expr` (metric name and {matchers}), by a regular
// expression that is enough for the dashboard's PromQL.
std::vector<std::pair<std::string, std::string>> MetricSelectors(const std::string& expr) {
  static const std::regex kSelector(R"(((?:symmbench[_:]|process_)[A-Za-z0-9_:]*)(\{[^}]*\})?)");
  std::vector<std::pair<std::string, std::string>> selectors;
  for (std::sregex_iterator it(expr.begin(), expr.end(), kSelector), end; it != end; ++it) {
    const size_t at = it->position(0);
    if (at > 0 && (isalnum(static_cast<unsigned char>(expr[at - 1])) || expr[at - 1] == '_' ||
                   expr[at - 1] == ':' || expr[at - 1] == '"')) {
      continue;  // inside another name or a string
    }
    selectors.emplace_back((*it)[1].str(), (*it)[2].str());
  }
  return selectors;
}

class PrometheusRulesTest : public ::testing::Test {
 protected:
  void TearDown() override {
    for (pid_t pid : prometheus_) {
      kill(pid, SIGTERM);
      waitpid(pid, nullptr, 0);
    }
  }
  // `expr` evaluated now by the Prometheus at `web` (default: the last one started).
  nlohmann::json Query(const std::string& expr, const std::string& web = "") {
    return nlohmann::json::parse(
        HttpGet(web.empty() ? web_ : web, "/api/v1/query?query=" + UrlEncode(expr)), nullptr,
        false);
  }
  // Prometheus' answer to GET `path` with `params` (name, value), over [start_, now].
  nlohmann::json Api(const std::string& path,
                     const std::vector<std::pair<std::string, std::string>>& params) {
    std::string url = path + "?start=" + std::to_string(start_) +
                      "&end=" + std::to_string(std::time(nullptr) + 1);
    for (const auto& [name, value] : params) url += "&" + name + "=" + UrlEncode(value);
    return nlohmann::json::parse(HttpGet(web_, url), nullptr, false);
  }
  // `expr` as a range query over [start_, now], one step a second (the scrape interval).
  nlohmann::json QueryRange(const std::string& expr) {
    return Api("/api/v1/query_range", {{"query", expr}, {"step", "1"}});
  }
  // `query()` again until its data is a non-empty array or `deadline` passes; its last answer.
  static nlohmann::json UntilSome(const std::function<nlohmann::json()>& query,
                                  std::chrono::steady_clock::time_point deadline) {
    nlohmann::json r = query();
    auto some = [](const nlohmann::json& j) {
      if (!j.is_object() || !j.contains("data")) return false;
      const nlohmann::json& data = j["data"];
      return data.is_object() ? data.contains("result") && !data["result"].empty()
                              : data.is_array() && !data.empty();
    };
    while (!some(r) && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      r = query();
    }
    return r;
  }
  // Starts Prometheus with the rules, scraping `target` every second; true once it has scraped
  // it (its log in `dir`/prometheus.log).
  bool StartPrometheus(const std::string& dir, const std::string& target) {
    const std::string config = dir + "/prometheus.yml";
    std::ofstream(config) << "global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n"
                          << "rule_files:\n  - " << RunfilePath("deploy/prometheus/rules.yml")
                          << "\n"
                          << "scrape_configs:\n  - job_name: symmbench\n    static_configs:\n"
                          << "      - targets: [\"" << target << "\"]\n";
    web_ = "127.0.0.1:" + std::to_string(FreePort());
    start_ = std::time(nullptr) - 1;
    const pid_t pid = fork();
    if (pid > 0) prometheus_.push_back(pid);
    if (pid == 0) {
      freopen((dir + "/prometheus.log").c_str(), "w", stderr);
      execl(kPrometheus, kPrometheus, ("--config.file=" + config).c_str(),
            ("--storage.tsdb.path=" + dir + "/tsdb").c_str(),
            ("--web.listen-address=" + web_).c_str(), "--log.level=warn", nullptr);
      _exit(127);
    }
    for (int i = 0; i < 300; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      nlohmann::json up = Query("up{job=\"symmbench\"} == 1");
      if (up.is_object() && up.value("status", "") == "success" && !up["data"]["result"].empty()) {
        return true;
      }
    }
    return false;
  }
  // The first sample's value of `expr` once it has one that is a number (not NaN), polling
  // until `deadline`; "" if it never does.
  std::string NumberOf(const std::string& expr, std::chrono::steady_clock::time_point deadline,
                       const std::string& web = "") {
    do {
      nlohmann::json r = Query(expr, web);
      if (r.is_object() && r.value("status", "") == "success" && !r["data"]["result"].empty()) {
        const std::string value = r["data"]["result"][0]["value"][1];
        if (value != "NaN") return value;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    } while (std::chrono::steady_clock::now() < deadline);
    return "";
  }
  std::vector<pid_t> prometheus_;  // every one started
  std::string web_;                // the last one's web address
  std::time_t start_ = 0;          // Unix time just before Prometheus started
};

TEST_F(PrometheusRulesTest, EveryDashboardAndRuleExpressionHasSeries) {
  if (access(kPrometheus, X_OK) != 0) GTEST_SKIP() << "Debian package prometheus not installed";
  const std::string dir = MakeTempDir("prometheus");
  Daemon daemon(dir, 2);
  daemon.set_extra_args({"--allow-fault-injection"});  // the failed job, on purpose
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  // Data for every panel: verified all-reduce rows, an AG-GEMM row, calibrated ceilings (the
  // roofline panel), and a failed job (the alert's counter).
  CommandResult r;
  ASSERT_EQ(daemon.Client({"calibrate", "--world-size", "2", "--copy-bytes", "64K", "--iters", "2"})
                .exit_code,
            0);
  nlohmann::json sweep = daemon.ClientJson(
      {"submit", "--world-size", "2", "--sizes", "2K,64K", "--iters", "3", "--wait"}, &r);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  r = daemon.Client({"submit", "--kernel", "ag_gemm", "--world-size", "2", "--shapes", "128x64x64",
                     "--iters", "2", "--wait"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::string failing = dir + "/failing.json";
  std::ofstream(failing) << R"({"kernel": "one_shot_all_reduce", "world_size": 2,
      "sizes_bytes": [2048], "iters": 1, "inject_fault": "rank_error:1"})";
  EXPECT_EQ(daemon.Client({"submit", "--spec", failing, "--wait"}).exit_code, 1);

  const std::string rules = RunfilePath("deploy/prometheus/rules.yml");
  ASSERT_TRUE(StartPrometheus(dir, daemon.metrics_address())) << ReadFile(dir + "/prometheus.log");

  std::vector<std::string> exprs = RuleExpressions(ReadFile(rules));
  ASSERT_EQ(exprs.size(), 6u);
  // absent(): no series while the coordinator is scraped, which is the healthy state.
  for (auto it = exprs.begin(); it != exprs.end();) {
    if (it->rfind("absent(", 0) != 0) {
      ++it;
      continue;
    }
    nlohmann::json result = Query(*it);
    EXPECT_EQ(result.value("status", ""), "success") << *it;
    EXPECT_TRUE(result["data"]["result"].empty()) << *it << ": " << result.dump();
    it = exprs.erase(it);
  }
  exprs.push_back("symmbench:kernel_latency_seconds:p50");  // what the recording rules wrote
  exprs.push_back("symmbench:kernel_latency_seconds:p99");
  // rate() needs two scrapes and the recording rules an evaluation after them: each expression
  // is polled until it has series (a busy host can take many seconds), within one deadline.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  for (const std::string& expr : exprs) {
    nlohmann::json result = UntilSome([&] { return Query(expr); }, deadline);
    ASSERT_TRUE(result.is_object()) << expr;
    EXPECT_EQ(result.value("status", ""), "success") << expr << ": " << result.dump();
    EXPECT_FALSE(result["data"]["result"].empty()) << expr << ": no series";
  }

  // The dashboard, queried as Grafana queries it with "All" selected in every variable.
  nlohmann::json dashboard = nlohmann::json::parse(
      ReadFile(RunfilePath("deploy/grafana/dashboards/symmbench.json")), nullptr, false);
  ASSERT_TRUE(dashboard.is_object());
  const std::map<std::string, std::string> values = GrafanaValues(dashboard);
  size_t panels = 0;
  const std::vector<DashboardQuery> queries = DashboardQueries(dashboard, &panels);
  EXPECT_GE(panels, 10u);
  size_t annotations = 0;
  for (const DashboardQuery& q : queries) {
    annotations += q.where.rfind("annotation", 0) == 0;
    const std::string expr = Interpolate(q.expr, values);
    EXPECT_EQ(expr.find("$__"), std::string::npos) << q.where << ": " << expr;
    // An instant query at the range's end, or a range query over the range (an annotation's
    // too: it marks the steps where its expression has a value).
    nlohmann::json result =
        UntilSome([&] { return q.instant ? Query(expr) : QueryRange(expr); }, deadline);
    ASSERT_TRUE(result.is_object()) << q.where << ": " << expr;
    EXPECT_EQ(result.value("status", ""), "success") << q.where << ": " << result.dump();
    EXPECT_FALSE(result["data"]["result"].empty()) << q.where << ": no series for " << expr;
  }
  EXPECT_GE(annotations, 1u) << "no annotation of job runs";

  // Each template variable's values: label_values(SELECTOR, LABEL) through the label values API,
  // as Grafana asks a Prometheus that has it; the earlier variables in SELECTOR at "All".
  static const std::regex kLabelValues(R"(^\s*label_values\((.*),\s*(\w+)\s*\)\s*$)");
  size_t query_variables = 0;
  for (const nlohmann::json& variable : dashboard["templating"]["list"]) {
    if (variable.value("type", "") != "query") continue;
    ++query_variables;
    const nlohmann::json& query = variable["query"];
    const std::string text =
        query.is_string() ? query.get<std::string>() : query.value("query", "");
    std::smatch m;
    ASSERT_TRUE(std::regex_match(text, m, kLabelValues)) << variable.dump();
    const std::string selector = Interpolate(m[1].str(), values);
    const std::string label = m[2].str();
    EXPECT_EQ(label, variable.value("name", "")) << "a variable is named after its label";
    nlohmann::json result = UntilSome(
        [&] {
          return Api("/api/v1/label/" + label + "/values", {{"match[]", selector}});
        },
        deadline);
    ASSERT_TRUE(result.is_object()) << text;
    EXPECT_EQ(result.value("status", ""), "success") << text << ": " << result.dump();
    EXPECT_FALSE(result["data"].empty()) << "variable " << label << ": no values for " << selector;
  }
  EXPECT_GE(query_variables, 5u);

  // Every selector of a metric filters by each variable whose label the metric's series carry
  // (the variables are named after their labels), matching it as Grafana's regex: label=~"$label".
  for (const DashboardQuery& q : queries) {
    for (const auto& [metric, matchers] : MetricSelectors(q.expr)) {
      nlohmann::json series = Api("/api/v1/series", {{"match[]", metric}});
      if (!series.is_object() || !series["data"].is_array()) continue;
      std::set<std::string> labels;
      for (const nlohmann::json& s : series["data"]) {
        for (const auto& item : s.items()) labels.insert(item.key());
      }
      for (const nlohmann::json& variable : dashboard["templating"]["list"]) {
        const std::string name = variable.value("name", "");
        if (variable.value("type", "") != "query" || labels.count(name) == 0) continue;
        EXPECT_TRUE(matchers.find(name + "=~\"$" + name + "\"") != std::string::npos)
            << q.where << ": " << metric << " has the label " << name << " but " << matchers
            << " does not filter by the variable";
      }
    }
  }
  // Values consistent with the job's own rows: one histogram observation per timed iteration
  // (3 iterations in each of the default 5 timing loops), the busbw gauge equal to the row's,
  // and the jobs by final state.
  const std::string row_labels =
      "kernel=\"one_shot_all_reduce\",size_bucket=\"64KiB\",mode=\"eager\"";
  nlohmann::json count = Query("symmbench_kernel_latency_seconds_count{" + row_labels + "}");
  ASSERT_FALSE(count["data"]["result"].empty()) << count.dump();
  EXPECT_EQ(count["data"]["result"][0]["value"][1], "15");
  nlohmann::json busbw = Query("symmbench_busbw_bytes_per_second{" + row_labels + "}");
  ASSERT_FALSE(busbw["data"]["result"].empty()) << busbw.dump();
  EXPECT_NEAR(std::stod(busbw["data"]["result"][0]["value"][1].get<std::string>()),
              sweep["rows"][1]["busbw_gbps"].get<double>() * 1e9,
              sweep["rows"][1]["busbw_gbps"].get<double>() * 1e3);
  nlohmann::json failed = Query("sum(symmbench_jobs_total{state=\"failed\"})");
  EXPECT_EQ(failed["data"]["result"][0]["value"][1], "1") << failed.dump();
  nlohmann::json succeeded = Query("sum(symmbench_jobs_total{state=\"succeeded\"})");
  EXPECT_EQ(succeeded["data"]["result"][0]["value"][1], "3") << succeeded.dump();

  // The deploy files themselves pass promtool.
  for (const std::string& check :
       {"check config " + RunfilePath("deploy/prometheus/prometheus.yml"),
        "check rules " + rules}) {
    CommandResult lint = RunCommand({"/bin/sh", "-c", "/usr/bin/promtool " + check});
    EXPECT_EQ(lint.exit_code, 0) << check << ": " << lint.out << lint.err;
  }

  // The rules loaded healthy, the alert among them.
  nlohmann::json loaded = nlohmann::json::parse(HttpGet(web_, "/api/v1/rules"), nullptr, false);
  ASSERT_TRUE(loaded.is_object());
  std::string all = loaded.dump();
  for (const char* alert : {"SymmbenchJobFailureBurst", "SymmbenchDatabaseNotWritable",
                            "SymmbenchCoordinatorDown", "SymmbenchCoordinatorNotScraped"}) {
    EXPECT_NE(all.find(alert), std::string::npos) << alert;
  }
  // Every alert waits (for:) and links its runbook, whose section exists.
  const std::string runbook = ReadFile(RunfilePath("docs/runbook.md"));
  for (const nlohmann::json& group : loaded["data"]["groups"]) {
    for (const nlohmann::json& rule : group["rules"]) {
      if (rule.value("type", "") != "alerting") continue;
      EXPECT_GT(rule.value("duration", 0.0), 0.0) << rule.dump();
      // Absolute: an alert is read in Alertmanager, a pager or a chat, not in this tree.
      const std::string url = rule["annotations"].value("runbook_url", "");
      const std::string runbook_url =
          "https://github.com/symmbench/symmbench/blob/main/docs/runbook.md#";
      ASSERT_EQ(url.rfind(runbook_url, 0), 0u) << rule.dump();
      std::string anchor = rule.value("name", "");
      for (char& c : anchor) c = static_cast<char>(tolower(c));
      EXPECT_EQ(url, runbook_url + anchor);
      EXPECT_NE(runbook.find("## " + rule.value("name", "")), std::string::npos) << url;
    }
  }
  EXPECT_EQ(all.find("\"health\":\"err\""), std::string::npos) << all;
}

// Metrics that work on the first run: Prometheus scrapes the daemon before anything ran, then a
// first job of a kernel and a first failure. Two scrapes later the p50/p99 recording rules of
// that kernel are numbers and increase() sees the failure: each new series was scraped at zero
// before its counts (server/first_scrape.h).
TEST_F(PrometheusRulesTest, AFirstJobAndAFirstFailureShowOnTheFirstRun) {
  if (access(kPrometheus, X_OK) != 0) GTEST_SKIP() << "Debian package prometheus not installed";
  const std::string dir = MakeTempDir("prometheus_first_run");
  Daemon daemon(dir, 2);
  daemon.set_extra_args({"--allow-fault-injection"});
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  ASSERT_TRUE(StartPrometheus(dir, daemon.metrics_address())) << ReadFile(dir + "/prometheus.log");

  CommandResult r = daemon.Client({"submit", "--kernel", "two_shot_all_reduce", "--world-size", "2",
                                   "--sizes", "4K", "--iters", "3", "--wait"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::string failing = dir + "/failing.json";
  std::ofstream(failing) << R"({"kernel": "broadcast", "world_size": 2,
      "sizes_bytes": [2048], "iters": 1, "inject_fault": "rank_error:1"})";
  EXPECT_EQ(daemon.Client({"submit", "--spec", failing, "--wait"}).exit_code, 1);

  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  const std::string labels = "{kernel=\"two_shot_all_reduce\",size_bucket=\"4KiB\",mode=\"eager\"}";
  for (const char* rule :
       {"symmbench:kernel_latency_seconds:p50", "symmbench:kernel_latency_seconds:p99"}) {
    const std::string value = NumberOf(rule + labels, deadline);
    ASSERT_FALSE(value.empty()) << rule << labels << " stayed NaN or absent";
    EXPECT_GT(std::stod(value), 0) << rule;
  }
  const std::string failures = NumberOf(
      "increase(symmbench_jobs_total{state=\"failed\",kernel=\"broadcast\"}[1m])", deadline);
  ASSERT_FALSE(failures.empty());
  EXPECT_GT(std::stod(failures), 0.5) << "the first failure of a kernel must show in increase()";
}

// Two Prometheus servers scraping one daemon, and a curl of /metrics before either: each sees a
// kernel's first failures as an increase, so the failure alert fires for both, and each has the
// p50/p99 recording rules of a kernel's first job. Before, a series was at zero for one scrape
// only: whoever scraped second saw it born at 5 (increase 0) and the first job's latency
// quantiles NaN. The new series hold at zero for 3 s (--metrics-zero-hold-s; they scrape every
// second).
TEST_F(PrometheusRulesTest, EveryScraperSeesAKernelsFirstJobAndFirstFailures) {
  if (access(kPrometheus, X_OK) != 0) GTEST_SKIP() << "Debian package prometheus not installed";
  const std::string dir = MakeTempDir("prometheus_two");
  Daemon daemon(dir, 2);
  daemon.set_extra_args({"--allow-fault-injection", "--metrics-zero-hold-s", "3"});
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  EXPECT_NE(HttpGet(daemon.metrics_address(), "/metrics").find("symmbench_jobs_total"),
            std::string::npos);  // a scrape before the servers'
  std::vector<std::string> webs;
  for (const char* name : {"a", "b"}) {
    const std::string own = dir + "/" + name;
    std::filesystem::create_directories(own);
    ASSERT_TRUE(StartPrometheus(own, daemon.metrics_address()))
        << ReadFile(own + "/prometheus.log");
    webs.push_back(web_);
  }
  const std::string failing = dir + "/failing.json";
  std::ofstream(failing) << R"({"kernel": "broadcast", "world_size": 2,
      "sizes_bytes": [2048], "iters": 1, "inject_fault": "rank_error:1"})";
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(daemon.Client({"submit", "--spec", failing, "--wait"}).exit_code, 1);
  }
  CommandResult r = daemon.Client({"submit", "--kernel", "two_shot_all_reduce", "--world-size", "2",
                                   "--sizes", "4K", "--iters", "3", "--wait"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::string labels = "{kernel=\"two_shot_all_reduce\",size_bucket=\"4KiB\",mode=\"eager\"}";
  for (const std::string& web : webs) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    for (const char* rule :
         {"symmbench:kernel_latency_seconds:p50", "symmbench:kernel_latency_seconds:p99"}) {
      const std::string value = NumberOf(rule + labels, deadline, web);
      ASSERT_FALSE(value.empty()) << "the Prometheus at " << web << ": " << rule << labels
                                  << " stayed NaN or absent";
      EXPECT_GT(std::stod(value), 0) << rule;
    }
  }
  for (const std::string& web : webs) {
    // Polled until it shows (each scrapes every second); 4.5 and more: the 5 failures.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    std::string seen;
    do {
      seen = NumberOf("increase(symmbench_jobs_total{state=\"failed\",kernel=\"broadcast\"}[5m])",
                      deadline, web);
    } while (!seen.empty() && std::stod(seen) < 4.5 && std::chrono::steady_clock::now() < deadline);
    ASSERT_FALSE(seen.empty()) << web;
    EXPECT_GE(std::stod(seen), 4.5) << "the Prometheus at " << web << " missed the failures";
  }
}

}  // namespace
}  // namespace symmbench::testing
