// The Debian package (//deploy:deb, built by debhelper) as apt would get it: its control fields,
// its file list (/usr, man pages, DEP-5 copyright), Depends derived from the system libraries its
// programs link (no private copies), maintainer scripts that do no harm without systemd, and
// lintian with nothing to say; then, unpacked into a scratch root with `dpkg -x` (no root
// needed), the main job run from there on the CPU backend by the packaged symmbenchd, workers
// and CLI.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "tests/test_util.h"

namespace symmbench::testing {
namespace {

// The oldest C library the package must install on: Debian 12's (Ubuntu 24.04 has 2.39).
constexpr char kOldestGlibc[] = "2.36";

std::string Deb() { return RunfilePath("deploy/symmbench.deb"); }
// The Python client's package, python3-symmbench.
std::string PythonDeb() { return RunfilePath("deploy/python3-symmbench.deb"); }

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
    const CommandResult python = RunCommand({"dpkg", "-x", PythonDeb(), *root_});
    EXPECT_EQ(python.exit_code, 0) << python.err;
    const CommandResult x = RunCommand({"dpkg", "-x", Deb(), *root_});
    ASSERT_EQ(x.exit_code, 0) << x.out << x.err;
  }
  static std::string Usr(const std::string& path) { return *root_ + "/usr/" + path; }
  // The ELF files of the package: the programs and the example plugins.
  static std::vector<std::string> ElfFiles() {
    const CommandResult find = RunCommand({"find", *root_, "-type", "f"});
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
  const CommandResult printed = RunCommand({Usr("bin/symmbench"), "--version"});
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
           "usr/bin/symmbenchd",
           "usr/bin/symmbench-worker",
           "usr/bin/symmbench",
           "usr/lib/symmbench/plugins/cpu/example_one_shot_cpu.so",
           "usr/lib/symmbench/plugins/cuda/example_one_shot_cuda.so",
           "usr/include/symmbench/plugin/symmbench_plugin.h",
           "usr/lib/systemd/system/symmbenchd.service",
           "usr/lib/sysusers.d/symmbench.conf",
           "usr/share/man/man1/symmbenchd.1.gz",
           "usr/share/man/man1/symmbench-worker.1.gz",
           "usr/share/man/man1/symmbench.1.gz",
           "usr/share/symmbench/run-job.sh",
           "usr/share/symmbench/k8s/launch-workers.sh",
           "usr/share/symmbench/k8s/worker-job.yaml",
           "usr/share/symmbench/systemd/network.conf.example",
           "usr/share/symmbench/proto/symmbench.proto",
           "usr/share/symmbench/prometheus/prometheus.yml",
           "usr/share/symmbench/prometheus/rules.yml",
           "usr/share/symmbench/grafana/dashboards/symmbench.json",
           "usr/share/symmbench/grafana/provisioning/dashboards/symmbench.yml",
           "usr/share/symmbench/grafana/provisioning/datasources/symmbench.yml",
           "usr/share/doc/symmbench/changelog.gz",
           "usr/share/doc/symmbench/copyright",
       }) {
    EXPECT_EQ(paths.count(path), 1u) << path << " is not in the package";
  }
  // Everything lives in /usr: nothing in /opt, no shared library but the plugins.
  for (const std::string& path : paths) {
    EXPECT_NE(path.rfind("opt/", 0), 0u) << path;
    if (path.find(".so") != std::string::npos) {
      EXPECT_EQ(path.rfind("usr/lib/symmbench/plugins/", 0), 0u)
          << path << ": the package carries no copy of a library";
    }
  }
  for (const char* command : {"symmbenchd", "symmbench-worker", "symmbench"}) {
    EXPECT_EQ(access(Usr(std::string("bin/") + command).c_str(), X_OK), 0) << command;
  }
  EXPECT_EQ(access(Usr("share/symmbench/k8s/launch-workers.sh").c_str(), X_OK), 0);
  EXPECT_EQ(access(Usr("share/symmbench/run-job.sh").c_str(), X_OK), 0);
  // The unit serves loopback without secrets; the network set-up is the drop-in, not active.
  const std::string unit = ReadFile(*root_ + "/usr/lib/systemd/system/symmbenchd.service");
  EXPECT_NE(unit.find("--listen 127.0.0.1:7070"), std::string::npos) << unit;
  EXPECT_EQ(unit.find("LoadCredential="), std::string::npos) << unit;
  EXPECT_NE(ReadFile(*root_ + "/usr/share/symmbench/systemd/network.conf.example")
                .find("--listen 0.0.0.0:7070"),
            std::string::npos);
  // The copyright file is machine-readable (DEP-5).
  EXPECT_EQ(
      ReadFile(*root_ + "/usr/share/doc/symmbench/copyright")
          .rfind("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/", 0),
      0u);
}

// Every library a packaged ELF file needs comes from a Debian package that Depends names
// (dh_shlibdeps), except NCCL, which is recommended; the programs find them on the system's
// library path (no RUNPATH) and are stripped (dh_strip). Depends asks for a libc6 at least as new
// as the newest GLIBC_ version any of them references, which Debian 12 must have.
TEST_F(DebPackageTest, DependsNamesThePackageOfEveryLinkedLibrary) {
  const std::string depends = Field("Depends");
  const std::string recommends = Field("Recommends");
  // "libssl3 (>= 3.0.0), libc6 (>= 2.34)" -> {"libssl3", "libc6"}.
  std::set<std::string> depended;
  {
    std::istringstream in(depends);
    for (std::string item; std::getline(in, item, ',');) {
      std::istringstream words(item);
      std::string name;
      words >> name;
      depended.insert(name.substr(0, name.find(':')));
    }
  }
  const std::string multiarch = Trim(RunCommand({"dpkg-architecture", "-qDEB_HOST_MULTIARCH"}).out);
  std::string newest = "2.2.5";
  std::set<std::string> needed;
  const std::vector<std::string> files = ElfFiles();
  ASSERT_EQ(files.size(), 5u) << "three programs and two plugins";
  for (const std::string& file : files) {
    const CommandResult p = RunCommand({"objdump", "-p", "-h", file});
    ASSERT_EQ(p.exit_code, 0) << file << p.err;
    EXPECT_EQ(p.out.find(" RUNPATH "), std::string::npos) << file;
    EXPECT_EQ(p.out.find(" RPATH "), std::string::npos) << file;
    EXPECT_EQ(p.out.find(" .debug_info "), std::string::npos) << file << " is not stripped";
    std::string from;  // the library of the "required from" block being read
    for (const std::string& line : Lines(p.out)) {
      std::istringstream fields(line);
      std::string first, second;
      fields >> first >> second;
      if (first == "NEEDED") {
        needed.insert(second);
      } else if (line.rfind("  required from ", 0) == 0) {
        from = line.substr(16, line.size() - 17);
      } else if (line.rfind("    0x", 0) == 0 && from.rfind("libc.so", 0) == 0) {
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
  for (const std::string& library : needed) {
    if (library == "libnccl.so.2") {
      EXPECT_NE(recommends.find("libnccl2 (>= "), std::string::npos) << recommends;
      EXPECT_EQ(depends.find("libnccl"), std::string::npos) << depends;
      continue;
    }
    // The package that owns the library on this (the build) host, e.g. "libssl3:amd64".
    const CommandResult owner = RunCommand({"dpkg-query", "-S", "*/" + multiarch + "/" + library});
    ASSERT_EQ(owner.exit_code, 0) << library << ": no Debian package ships it\n" << owner.err;
    const std::string package = owner.out.substr(0, owner.out.find(':'));
    // Depends may name the package or a name it provides (libspdlog1.10 provides the
    // libspdlog1.10-fmt9 of its shlibs file).
    bool named = depended.count(package) > 0;
    std::istringstream provides(
        RunCommand({"dpkg-query", "-W", "-f", "${Provides}", package + ":" + Field("Architecture")})
            .out);
    for (std::string item; std::getline(provides, item, ',');) {
      std::istringstream words(item);
      std::string name;
      words >> name;
      named |= depended.count(name) > 0;
    }
    EXPECT_TRUE(named) << library << " comes from " << package
                       << ", which Depends does not name: " << depends;
  }
  EXPECT_EQ(needed.count("libnccl.so.2"), 1u) << "symmbench-worker no longer links NCCL";
  for (const char* library : {"libcrypto.so.3", "libsqlite3.so.0", "libprotobuf.so.32"}) {
    EXPECT_EQ(needed.count(library), 1u) << library;
  }
  EXPECT_TRUE(CompareVersions(newest, "le", kOldestGlibc))
      << "the package needs glibc " << newest << ", newer than Debian 12's " << kOldestGlibc;
  const size_t at = depends.find("libc6 (>= ");
  ASSERT_NE(at, std::string::npos) << depends;
  const std::string asked = depends.substr(at + 10, depends.find(')', at) - at - 10);
  EXPECT_TRUE(CompareVersions(asked, "ge", newest)) << "Depends: " << depends << " vs " << newest;
  EXPECT_TRUE(CompareVersions(asked, "le", kOldestGlibc)) << "Depends: " << depends;
  // The CPU backend's GEMM ops dlopen OpenBLAS (kernels/cpu/openblas.cc): a host without it runs
  // every collective, but the main job's AG-GEMM fails. apt installs what is recommended.
  const CommandResult worker =
      RunCommand({"grep", "-q", "libopenblas.so.0", Usr("bin/symmbench-worker")});
  EXPECT_EQ(worker.exit_code, 0) << "the worker no longer loads libopenblas.so.0: " << worker.err;
  EXPECT_NE(recommends.find("libopenblas0"), std::string::npos) << recommends;
}

// lintian, Debian's package checker, finds nothing to warn of in either package (the programs,
// python3-symmbench): every E: or W: tag it prints
// fails the test (overrides, if any, ship in the package with their reasons). Not skipped
// without lintian: building the package needs debhelper from the same list
// (deploy/install-deps.sh).
TEST_F(DebPackageTest, LintianIsClean) {
  ASSERT_EQ(RunCommand({"lintian", "--version"}).exit_code, 0)
      << "lintian is not installed (deploy/install-deps.sh installs it)";
  const CommandResult lintian =
      RunCommand({"lintian", "--pedantic", "--fail-on", "error,warning", Deb(), PythonDeb()},
                 std::chrono::seconds(300));
  std::vector<std::string> tags;
  for (const std::string& line : Lines(lintian.out)) {
    if (line.rfind("E: ", 0) == 0 || line.rfind("W: ", 0) == 0) tags.push_back(line);
  }
  EXPECT_TRUE(tags.empty()) << lintian.out;
  EXPECT_EQ(lintian.exit_code, 0) << lintian.out << lintian.err;
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
// loopback with the CPU backend, the main job through the packaged CLI, and the packaged
// Python client listing the jobs.
TEST_F(DebPackageTest, TheMainJobRunsFromTheUnpackedPackage) {
  Daemon daemon(MakeTempDir("deb_daemon"), 2);
  daemon.set_installed(*root_ + "/usr");
  std::string error;
  ASSERT_TRUE(daemon.Start(&error)) << "the packaged symmbenchd did not start: " << error;
  const CommandResult run =
      daemon.Client({"run", "--world-size", "2", "--json"}, std::chrono::seconds(240));
  // The packaged Python client reads the jobs it ran.
  const CommandResult python =
      RunCommand({"/usr/bin/env", "PYTHONPATH=" + *root_ + "/usr/lib/python3/dist-packages",
                  "/usr/bin/python3", "-c",
                  "import sys, symmbench\n"
                  "jobs = symmbench.Client(sys.argv[1]).list_jobs()\n"
                  "print(len(jobs), sorted({j['state'] for j in jobs}))\n",
                  daemon.address()});
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
  EXPECT_EQ(python.exit_code, 0) << python.out << python.err;
  EXPECT_EQ(python.out, absl::StrCat(report["jobs"].size(), " ['SUCCEEDED']\n")) << python.err;
}

}  // namespace
}  // namespace symmbench::testing
