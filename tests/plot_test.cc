// `symmbench plot` with a real daemon and Debian's gnuplot: PNG and SVG of a size sweep (from
// a job id and from a --json file) and of AG-GEMM bars; bad output names refused.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

std::string Head(const std::string& path, size_t n) {
  std::ifstream in(path, std::ios::binary);
  std::string data(n, '\0');
  in.read(data.data(), n);
  data.resize(in.gcount());
  return data;
}

TEST(PlotTest, DrawsSweepsAndAgGemmBars) {
  if (access("/usr/bin/gnuplot", X_OK) != 0) GTEST_SKIP() << "gnuplot-nox not installed";
  const std::string dir = MakeTempDir("plot");
  Daemon daemon(dir, 2);
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << error;
  CommandResult result;
  nlohmann::json sweep = daemon.ClientJson(
      {"submit", "--world-size", "2", "--sizes", "2K,8K,32K", "--iters", "2", "--graph", "--wait"},
      &result);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string id = sweep["job_id"];
  const std::string json = dir + "/job.json";
  std::ofstream(json) << sweep.dump();

  const std::string png = dir + "/sweep.png";
  result = daemon.Client({"plot", id, json, "--out", png});
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(Head(png, 8), std::string("\x89PNG\r\n\x1a\n", 8));

  nlohmann::json gemm =
      daemon.ClientJson({"submit", "--kernel", "ag_gemm", "--world-size", "2", "--shapes",
                         "64x32x32,128x32x32", "--iters", "2", "--wait"},
                        &result);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string svg = dir + "/gemm.svg";
  result = daemon.Client({"plot", gemm["job_id"], "--out", svg});
  ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_NE(Head(svg, 4096).find("<svg"), std::string::npos);

  result = daemon.Client({"plot", id, "--out", dir + "/x.pdf"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--out"), std::string::npos) << result.err;
  result = daemon.Client({"plot", id, gemm["job_id"], "--out", dir + "/mixed.png"});
  EXPECT_EQ(result.exit_code, 2) << result.err;
}

}  // namespace
}  // namespace symmbench::testing
