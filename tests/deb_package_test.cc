// The Debian package (//deploy:deb) as apt would get it: its control fields, its file list, a
// Depends that covers the C runtime its programs need, maintainer scripts that do no harm
// without systemd; then, unpacked into a scratch root with `dpkg -x` (no root needed), the main
// job run from there on the CPU backend by the packaged symmbenchd, workers and CLI.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

// The oldest C library the package must install on: Debian 12's (Ubuntu 24.04 has 2.39).
constexpr char kOldestGlibc[] = "2.36";

std::string Deb() { return RunfilePath("deploy/symmbench.deb"); }

std::string Trim(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// One control field of the package ("" when absent).
std::string Field(const std::string& name) {
  const CommandResult r = RunCommand({"dpkg-deb", "--field", Deb(), name});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return Trim(r.out);
}

// `dpkg --compare-versions a op b`.
bool CompareVersions(const std::string& a, const std::string& op, const std::string& b) {
  return RunCommand({"dpkg", "--compare-versions", a, op, b}).exit_code == 0;
}

bool IsElf(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char magic[4] = {};
  in.read(magic, 4);
  return in && std::string(magic, 4) ==
                   "\x7f"
                   "ELF";
}

// The package unpacked once for every test: `dpkg -x` into a scratch root.
class DebPackageTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new std::string(MakeTempDir("deb_root"));
    const CommandResult x = RunCommand({"dpkg", "-x", Deb(), *root_});
    ASSERT_EQ(x.exit_code, 0) << x.out << x.err;
  }
  static std::string Opt(const std::string& path) { return *root_ + "/opt/symmbench/" + path; }
  // The ELF files under /opt/symmbench: the binaries, the bundled libraries, the plugins.
  static std::vector<std::string> ElfFiles() {
    const CommandResult find = RunCommand({"find", *root_ + "/opt/symmbench", "-type", "f"});
    std::vector<std::string> files;
    for (const std::string& path : Lines(find.out)) {
      if (IsElf(path)) files.push_back(path);
    }
    return files;
  }
  static std::string* root_;
};
std::string* DebPackageTest::root_ = nullptr;

TEST_F(DebPackageTest, ControlFieldsAreThoseAptNeeds) {
  EXPECT_EQ(Field("Package"), "symmbench");
  EXPECT_EQ(Field("Architecture"), Trim(RunCommand({"dpkg", "--print-architecture"}).out));
  // The product's version, the one every binary prints.
  const std::string version = Field("Version");
  const CommandResult printed = RunCommand({Opt("bin/symmbench"), "--version"});
  EXPECT_EQ(printed.exit_code, 0) << printed.err;
  EXPECT_EQ(printed.out.rfind("symmbench " + version + " (git ", 0), 0u)
      << "Version " << version << " vs " << printed.out;
  for (const char* name :
       {"Maintainer", "Section", "Priority", "Homepage", "Description", "Installed-Size"}) {
    EXPECT_NE(Field(name), "") << name;
  }
  EXPECT_NE(Field("Maintainer").find('@'), std::string::npos);
  EXPECT_NE(Field("Description").find("libnccl.so.2"), std::string::npos)
      << "the host libraries the workers need are named";
  // dpkg-deb's own check of the control file and the archive.
  const CommandResult info = RunCommand({"dpkg-deb", "--info", Deb()});
  ASSERT_EQ(info.exit_code, 0) << info.err;
  for (const char* member : {" control ", " md5sums ", " postinst ", " prerm ", " postrm "}) {
    EXPECT_NE(info.out.find(member), std::string::npos) << member << "\n" << info.out;
  }
}

TEST_F(DebPackageTest, HoldsEveryFileAtItsPlaceOwnedByRoot) {
  const CommandResult contents = RunCommand({"dpkg-deb", "--contents", Deb()});
  ASSERT_EQ(contents.exit_code, 0) << contents.err;
  std::set<std::string> paths;
  for (const std::string& line : Lines(contents.out)) {
    // "-rw-r--r-- root/root  3507 2026-11-26 15:07 ./usr/lib/systemd/system/symmbenchd.service"
    std::istringstream fields(line);
    std::string mode, owner, size, date, time, path;
    fields >> mode >> owner >> size >> date >> time >> path;
    EXPECT_EQ(owner, "root/root") << line;
    paths.insert(path.substr(path.rfind("./", 0) == 0 ? 2 : 0));
  }
  // Nothing under the directories merged-/usr systems alias (/lib -> /usr/lib on Ubuntu 24.04
  // and Debian 12): dpkg would own a path twice and warn on removal.
  for (const std::string& path : paths) {
    for (const char* aliased : {"lib/", "lib64/", "bin/", "sbin/"}) {
      EXPECT_NE(path.rfind(aliased, 0), 0u) << path << " is under /" << aliased;
    }
  }
  for (const char* path : {
           "opt/symmbench/bin/symmbenchd",
           "opt/symmbench/bin/symmbench-worker",
           "opt/symmbench/bin/symmbench",
           "opt/symmbench/deploy/run-job.sh",
           "opt/symmbench/include/plugin/symmbench_plugin.h",
           "opt/symmbench/plugins/cpu/example_one_shot_cpu.so",
           "opt/symmbench/plugins/cuda/example_one_shot_cuda.so",
           "opt/symmbench/k8s/launch-workers.sh",
           "opt/symmbench/k8s/worker-job.yaml",
           "usr/bin/symmbenchd",
           "usr/bin/symmbench-worker",
           "usr/bin/symmbench",
           "usr/lib/systemd/system/symmbenchd.service",
           "usr/lib/sysusers.d/symmbench.conf",
           "usr/share/symmbench/systemd/network.conf.example",
           "usr/share/symmbench/proto/symmbench.proto",
           "usr/share/symmbench/prometheus/prometheus.yml",
           "usr/share/symmbench/prometheus/rules.yml",
           "usr/share/symmbench/grafana/dashboards/symmbench.json",
           "usr/share/symmbench/grafana/provisioning/dashboards/symmbench.yml",
           "usr/share/symmbench/grafana/provisioning/datasources/symmbench.yml",
           "usr/share/doc/symmbench/copyright",
       }) {
    EXPECT_EQ(paths.count(path), 1u) << path << " is not in the package";
  }
  for (const char* command : {"symmbenchd", "symmbench-worker", "symmbench"}) {
    char target[4096] = {};
    const std::string link = *root_ + "/usr/bin/" + command;
    const ssize_t n = readlink(link.c_str(), target, sizeof(target) - 1);
    EXPECT_EQ(std::string(target, n > 0 ? n : 0), std::string("/opt/symmbench/bin/") + command);
    EXPECT_EQ(access(Opt(std::string("bin/") + command).c_str(), X_OK), 0) << command;
  }
  EXPECT_EQ(access(Opt("k8s/launch-workers.sh").c_str(), X_OK), 0);
  // The unit serves loopback without secrets; the network set-up is the drop-in, not active.
  const std::string unit = ReadFile(*root_ + "/usr/lib/systemd/system/symmbenchd.service");
  EXPECT_NE(unit.find("--listen 127.0.0.1:7070"), std::string::npos) << unit;
  EXPECT_EQ(unit.find("LoadCredential="), std::string::npos) << unit;
  EXPECT_NE(ReadFile(*root_ + "/usr/share/symmbench/systemd/network.conf.example")
                .find("--listen 0.0.0.0:7070"),
            std::string::npos);
  // A copyright file for each Debian package the bundled libraries come from.
  const CommandResult third_party =
      RunCommand({"find", *root_ + "/usr/share/doc/symmbench/third-party", "-name", "*.copyright"});
  EXPECT_FALSE(Lines(third_party.out).empty()) << third_party.err;
}

// Every library a packaged ELF file needs is bundled in /opt/symmbench/lib, or is the C or C++
// runtime (Depends), or NVIDIA's (the host's); and Depends asks for a libc6 at least as new as
// the newest GLIBC_ version any of them references, which Debian 12 must have.
TEST_F(DebPackageTest, DependsCoversTheCLibraryAndEverythingElseIsBundled) {
  const std::set<std::string> runtime = {
      "libc.so.6",      "libm.so.6",    "libdl.so.2",           "libpthread.so.0", "librt.so.1",
      "libresolv.so.2", "libutil.so.1", "ld-linux-x86-64.so.2", "libstdc++.so.6",  "libgcc_s.so.1"};
  const std::vector<std::string> nvidia = {"libnccl.so", "libcublas.so", "libcublasLt.so",
                                           "libcuda.so"};
  std::string newest = "2.2.5";
  const std::vector<std::string> files = ElfFiles();
  ASSERT_GE(files.size(), 6u);
  for (const std::string& file : files) {
    const CommandResult p = RunCommand({"objdump", "-p", file});
    ASSERT_EQ(p.exit_code, 0) << file << p.err;
    std::string from;  // the library of the "required from" block being read
    for (const std::string& line : Lines(p.out)) {
      std::istringstream fields(line);
      std::string first, second;
      fields >> first >> second;
      if (first == "NEEDED") {
        bool host = runtime.count(second) > 0;
        for (const std::string& prefix : nvidia) host |= second.rfind(prefix + ".", 0) == 0;
        EXPECT_TRUE(host || access(Opt("lib/" + second).c_str(), F_OK) == 0)
            << file << " needs " << second << ", which the package does not carry";
      } else if (line.rfind("  required from ", 0) == 0) {
        from = line.substr(16, line.size() - 17);
      } else if (line.rfind("    0x", 0) == 0 && runtime.count(from) > 0) {
        std::string hash, flags, index, tag;
        std::istringstream(line) >> hash >> flags >> index >> tag;
        if (tag.rfind("GLIBC_2", 0) == 0 && CompareVersions(tag.substr(6), "gt", newest)) {
          newest = tag.substr(6);
        }
      } else if (line.empty()) {
        from.clear();
      }
    }
  }
  EXPECT_TRUE(CompareVersions(newest, "le", kOldestGlibc))
      << "the package needs glibc " << newest << ", newer than Debian 12's " << kOldestGlibc;
  const std::string depends = Field("Depends");
  const size_t at = depends.find("libc6 (>= ");
  ASSERT_NE(at, std::string::npos) << depends;
  const std::string asked = depends.substr(at + 10, depends.find(')', at) - at - 10);
  EXPECT_EQ(asked, newest) << "Depends: " << depends;
  EXPECT_NE(depends.find("libstdc++6"), std::string::npos) << depends;
  EXPECT_NE(depends.find("libgcc-s1"), std::string::npos) << depends;
  // The CPU backend's GEMM ops dlopen OpenBLAS (kernels/cpu/openblas.cc): a host without it runs
  // every collective, but the main job's AG-GEMM fails. apt installs what is recommended.
  const CommandResult worker =
      RunCommand({"grep", "-q", "libopenblas.so.0", Opt("bin/symmbench-worker")});
  EXPECT_EQ(worker.exit_code, 0) << "the worker no longer loads libopenblas.so.0: " << worker.err;
  EXPECT_EQ(Field("Recommends"), "libopenblas0");
}

// Where systemd is absent (no systemd-sysusers, no systemctl: an empty PATH), the maintainer
// scripts succeed and do nothing.
TEST_F(DebPackageTest, MaintainerScriptsSucceedWithoutSystemd) {
  const std::string control = MakeTempDir("deb_control");
  const CommandResult e = RunCommand({"dpkg-deb", "--control", Deb(), control});
  ASSERT_EQ(e.exit_code, 0) << e.err;
  const std::string empty = MakeTempDir("empty_path");
  for (const std::vector<std::string>& call :
       std::vector<std::vector<std::string>>{{"postinst", "configure", ""},
                                             {"postinst", "configure", "0.15.0"},
                                             {"prerm", "remove"},
                                             {"postrm", "remove"}}) {
    std::vector<std::string> argv = {"/usr/bin/env", "-i", "PATH=" + empty, "/bin/sh",
                                     control + "/" + call[0]};
    argv.insert(argv.end(), call.begin() + 1, call.end());
    const CommandResult r = RunCommand(argv);
    EXPECT_EQ(r.exit_code, 0) << call[0] << " " << call[1] << ": " << r.out << r.err;
  }
}

// The packaged programs, as unpacked: the daemon (finding its worker next to itself) on
// loopback with the CPU backend, and the main job through the packaged CLI.
TEST_F(DebPackageTest, TheMainJobRunsFromTheUnpackedPackage) {
  Daemon daemon(MakeTempDir("deb_daemon"), 2);
  std::string prefix = Opt("");
  prefix.pop_back();  // the trailing '/'
  daemon.set_installed(prefix);
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << "the packaged symmbenchd did not start: " << error;
  const CommandResult run =
      daemon.Client({"run", "--world-size", "2", "--json"}, std::chrono::seconds(240));
  const std::string log = daemon.log_path();
  EXPECT_EQ(daemon.Stop(), 0) << ReadFile(log);

  ASSERT_EQ(run.exit_code, 0) << run.out << run.err << ReadFile(log);
  const nlohmann::json report = nlohmann::json::parse(run.out, nullptr, false);
  ASSERT_TRUE(report.is_object()) << run.out;
  EXPECT_EQ(report["backend"], "cpu");
  EXPECT_EQ(report["world_size"], 2);
  EXPECT_EQ(report["ok"], true);
  EXPECT_EQ(report["wrong"], 0);
  ASSERT_FALSE(report["jobs"].empty()) << run.out;
  for (const nlohmann::json& job : report["jobs"]) {
    EXPECT_EQ(job["state"], "SUCCEEDED") << job.dump();
    for (const nlohmann::json& row : job["rows"]) EXPECT_TRUE(row["checked"].get<bool>());
  }
}

}  // namespace
}  // namespace symmbench::testing
