// A real Prometheus (Debian's package) scraping a real daemon that ran CPU jobs: every
// expression of the Grafana dashboard and of the recording and alert rules returns at least one
// series through Prometheus' HTTP API, and the rules load healthy. Skipped without
// /usr/bin/prometheus.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
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

class PrometheusRulesTest : public ::testing::Test {
 protected:
  void TearDown() override {
    if (prometheus_ > 0) {
      kill(prometheus_, SIGTERM);
      waitpid(prometheus_, nullptr, 0);
    }
  }
  nlohmann::json Query(const std::string& expr) {
    return nlohmann::json::parse(HttpGet(web_, "/api/v1/query?query=" + UrlEncode(expr)), nullptr,
                                 false);
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
    prometheus_ = fork();
    if (prometheus_ == 0) {
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
  std::string NumberOf(const std::string& expr, std::chrono::steady_clock::time_point deadline) {
    do {
      nlohmann::json r = Query(expr);
      if (r.is_object() && r.value("status", "") == "success" && !r["data"]["result"].empty()) {
        const std::string value = r["data"]["result"][0]["value"][1];
        if (value != "NaN") return value;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    } while (std::chrono::steady_clock::now() < deadline);
    return "";
  }
  pid_t prometheus_ = -1;
  std::string web_;
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
  nlohmann::json dashboard = nlohmann::json::parse(
      ReadFile(RunfilePath("deploy/grafana/dashboards/symmbench.json")), nullptr, false);
  ASSERT_TRUE(dashboard.is_object());
  size_t panels = 0;
  for (const nlohmann::json& panel : dashboard["panels"]) {
    ++panels;
    for (const nlohmann::json& target : panel["targets"]) exprs.push_back(target["expr"]);
  }
  EXPECT_GE(panels, 10u);
  // rate() needs two scrapes and the recording rules an evaluation after them: each expression
  // is polled until it has series (a busy host can take many seconds), within one deadline.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  for (const std::string& expr : exprs) {
    nlohmann::json result = Query(expr);
    while (!(result.is_object() && !result["data"]["result"].empty()) &&
           std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      result = Query(expr);
    }
    ASSERT_TRUE(result.is_object()) << expr;
    EXPECT_EQ(result.value("status", ""), "success") << expr << ": " << result.dump();
    EXPECT_FALSE(result["data"]["result"].empty()) << expr << ": no series";
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
      const std::string url = rule["annotations"].value("runbook_url", "");
      ASSERT_EQ(url.rfind("docs/runbook.md#", 0), 0u) << rule.dump();
      std::string anchor = rule.value("name", "");
      for (char& c : anchor) c = static_cast<char>(tolower(c));
      EXPECT_EQ(url, "docs/runbook.md#" + anchor);
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

}  // namespace
}  // namespace symmbench::testing
