// Tests of JobSpec assembly: defaults, size flags, spec file parsing and flag overrides,
// and errors that name the flag.
#include "client/spec.h"

#include <cstdio>
#include <fstream>

#include "gtest/gtest.h"

namespace symmbench::client {
namespace {

// Writes `text` to a file under the test's temporary directory and returns its path.
std::string WriteTempFile(const std::string& name, const std::string& text) {
  const char* dir = std::getenv("TEST_TMPDIR");
  const std::string path = std::string(dir ? dir : "/tmp") + "/" + name;
  std::ofstream(path) << text;
  return path;
}

TEST(BuildJobSpecTest, FlagsAndDefaults) {
  SpecFlags flags;
  flags.world_size = 2;
  flags.min_bytes = "2K";
  flags.max_bytes = "64M";
  flags.step_factor = 4;
  absl::StatusOr<v1::JobSpec> spec = BuildJobSpec(flags);
  ASSERT_TRUE(spec.ok()) << spec.status();
  // What no flag set stays unset: the coordinator fills in its defaults for every client.
  EXPECT_EQ(spec->kernel(), "");
  EXPECT_EQ(spec->world_size(), 2);
  EXPECT_EQ(spec->dtype(), v1::DTYPE_UNSPECIFIED);
  EXPECT_EQ(spec->sweep().min_bytes(), 2048);
  EXPECT_EQ(spec->sweep().max_bytes(), 64 << 20);
  EXPECT_EQ(spec->sweep().step_factor(), 4);
  EXPECT_FALSE(spec->has_warmup_iters());
  EXPECT_FALSE(spec->has_iters());
  EXPECT_FALSE(spec->has_check());  // unset means true
  EXPECT_EQ(spec->backend(), v1::auto_);
  EXPECT_TRUE(spec->sweep().sizes_bytes().empty());
}

TEST(BuildJobSpecTest, SizesListCheckLabelsAndTimeout) {
  SpecFlags flags;
  flags.world_size = 4;
  flags.sizes = "1K,4K,1M";
  flags.check = false;
  flags.labels = {"git=abc123", "branch=main=x"};
  flags.job_timeout_s = 60;
  flags.backend = "cpu";
  absl::StatusOr<v1::JobSpec> spec = BuildJobSpec(flags);
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ(
      std::vector<int64_t>(spec->sweep().sizes_bytes().begin(), spec->sweep().sizes_bytes().end()),
      (std::vector<int64_t>{1024, 4096, 1 << 20}));
  EXPECT_TRUE(spec->has_check());
  EXPECT_FALSE(spec->check());
  EXPECT_EQ(spec->labels().at("git"), "abc123");
  EXPECT_EQ(spec->labels().at("branch"), "main=x");
  EXPECT_EQ(spec->timeout_s(), 60);
  EXPECT_EQ(spec->backend(), v1::cpu);
}

TEST(BuildJobSpecTest, LoneMinBytesIsOneSize) {
  SpecFlags flags;
  flags.world_size = 2;
  flags.min_bytes = "1M";
  absl::StatusOr<v1::JobSpec> spec = BuildJobSpec(flags);
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ(spec->sweep().min_bytes(), 1 << 20);
  EXPECT_EQ(spec->sweep().max_bytes(), 1 << 20);
}

TEST(BuildJobSpecTest, ErrorsNameTheFlag) {
  const auto error_of = [](SpecFlags flags) {
    absl::StatusOr<v1::JobSpec> spec = BuildJobSpec(flags);
    EXPECT_FALSE(spec.ok());
    EXPECT_EQ(spec.status().code(), absl::StatusCode::kInvalidArgument);
    return std::string(spec.status().message());
  };
  SpecFlags good;
  good.world_size = 2;
  good.min_bytes = "2K";
  good.max_bytes = "64M";

  SpecFlags flags = good;
  flags.max_bytes = "12Q";
  EXPECT_EQ(error_of(flags).find("--max-bytes: invalid size \"12Q\""), 0u);
  flags = good;
  flags.world_size.reset();
  EXPECT_EQ(error_of(flags).find("--world-size: required"), 0u);
  flags = good;
  flags.dtype = "int8";
  EXPECT_EQ(error_of(flags).find("--dtype: unknown dtype \"int8\""), 0u);
  flags = good;
  flags.backend = "tpu";
  EXPECT_EQ(error_of(flags).find("--backend: unknown backend \"tpu\""), 0u);
  flags = good;
  flags.labels = {"novalue"};
  EXPECT_EQ(error_of(flags).find("--label:"), 0u);
  flags = good;
  flags.min_bytes.reset();
  flags.max_bytes.reset();
  EXPECT_NE(error_of(flags).find("--sizes"), std::string::npos);
  flags = good;
  flags.spec_file = "/nonexistent/spec.json";
  EXPECT_EQ(error_of(flags).find("--spec: cannot read"), 0u);
}

TEST(BuildJobSpecTest, SpecFileThenFlagsOverride) {
  SpecFlags flags;
  flags.spec_file = WriteTempFile("spec.json", R"({
    "kernel": "two_shot_all_reduce", "world_size": 8, "dtype": "fp32",
    "min_bytes": "4096", "maxBytes": 1048576, "warmup_iters": 0, "iters": 7,
    "check": false, "labels": {"git": "abc", "host": "h1"}
  })");
  flags.dtype = "fp16";
  flags.labels = {"git=def"};
  absl::StatusOr<v1::JobSpec> spec = BuildJobSpec(flags);
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ(spec->kernel(), "two_shot_all_reduce");
  EXPECT_EQ(spec->world_size(), 8);
  EXPECT_EQ(spec->dtype(), v1::fp16);             // flag overrides the file
  EXPECT_EQ(spec->sweep().min_bytes(), 4096);     // int64 as a string, as protobuf writes it
  EXPECT_EQ(spec->sweep().max_bytes(), 1 << 20);  // lowerCamel name accepted
  EXPECT_EQ(spec->warmup_iters(), 0);             // an explicit 0 in the file is kept
  EXPECT_EQ(spec->iters(), 7);
  EXPECT_EQ(spec->sweep().step_factor(), 0);  // unset: the coordinator's default applies
  EXPECT_TRUE(spec->has_check());
  EXPECT_FALSE(spec->check());
  EXPECT_EQ(spec->labels().at("git"), "def");  // flag label overrides the file's
  EXPECT_EQ(spec->labels().at("host"), "h1");
}

TEST(BuildJobSpecTest, FamilyMembersFromFilesAndFlags) {
  SpecFlags flags;
  flags.world_size = 2;
  flags.spec_file = WriteTempFile("nested.json", R"({
    "kernel": "all_reduce", "sweep": {"sizes_bytes": [4096, 2048], "step_factor": 0}
  })");
  flags.graph = true;
  absl::StatusOr<v1::JobSpec> swept = BuildJobSpec(flags);
  ASSERT_TRUE(swept.ok()) << swept.status();
  EXPECT_EQ(swept->sweep().sizes_bytes_size(), 2);
  EXPECT_TRUE(swept->sweep().graph());         // a flag adds to the file's sweep
  EXPECT_EQ(swept->sweep().step_factor(), 0);  // an explicit 0 in the member is kept
  EXPECT_FALSE(swept->has_gemm());

  // Flat GEMM keys of an older file, for the kernel --kernel names.
  flags = SpecFlags();
  flags.world_size = 2;
  flags.kernel = "ag_gemm";
  flags.spec_file = WriteTempFile("flat.json", R"({
    "shapes": [{"m": 256, "n": 64, "k": 64}], "splits_per_rank": 2, "step_factor": 2
  })");
  absl::StatusOr<v1::JobSpec> gemm = BuildJobSpec(flags);
  ASSERT_TRUE(gemm.ok()) << gemm.status();
  ASSERT_EQ(gemm->gemm().shapes_size(), 1);
  EXPECT_EQ(gemm->gemm().splits_per_rank(), 2);
  EXPECT_FALSE(gemm->has_sweep());

  flags.graph = true;
  EXPECT_EQ(BuildJobSpec(flags).status().message().find("--graph: kernel ag_gemm runs GEMM"), 0u)
      << BuildJobSpec(flags).status();
  flags.graph_launches = 15;
  EXPECT_EQ(
      BuildJobSpec(flags).status().message().find("--graph-launches: kernel ag_gemm runs GEMM"), 0u)
      << BuildJobSpec(flags).status();
}

TEST(BuildJobSpecTest, GraphLaunchesTurnsGraphModeOn) {
  SpecFlags flags;
  flags.world_size = 2;
  flags.sizes = "4K";
  flags.graph_launches = 15;
  absl::StatusOr<v1::JobSpec> spec = BuildJobSpec(flags);
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_TRUE(spec->sweep().graph());
  EXPECT_EQ(spec->sweep().graph_launches(), 15);
}

TEST(BuildJobSpecTest, BadSpecFileNamesTheFile) {
  SpecFlags flags;
  flags.world_size = 2;
  flags.spec_file = WriteTempFile("bad.json", R"({"kernel": "x", "nonsense_field": 1})");
  absl::StatusOr<v1::JobSpec> spec = BuildJobSpec(flags);
  ASSERT_FALSE(spec.ok());
  EXPECT_EQ(spec.status().message().find("--spec " + flags.spec_file + ": not a JobSpec"), 0u)
      << spec.status();
  flags.spec_file = WriteTempFile("notjson.json", "world_size: 2");
  EXPECT_FALSE(BuildJobSpec(flags).ok());
}

// Broken JSON says where: line and column of the character that broke it.
TEST(ParseSpecJsonTest, BrokenJsonNamesLineAndColumn) {
  absl::StatusOr<ParsedSpecFile> broken =
      ParseSpecJson("{\n  \"kernel\": \"broadcast\",,\n  \"world_size\": 2\n}", "--spec f.json");
  ASSERT_FALSE(broken.ok());
  EXPECT_EQ(
      broken.status().message().rfind("--spec f.json: not valid JSON at line 2, column 25: ", 0),
      0u)
      << broken.status();
  absl::StatusOr<ParsedSpecFile> array = ParseSpecJson("[1, 2]", "--spec f.json");
  ASSERT_FALSE(array.ok());
  EXPECT_EQ(array.status().message().rfind("--spec f.json: not a JSON object", 0), 0u)
      << array.status();
}

TEST(ParseSpecJsonTest, ReportsFieldsSet) {
  absl::StatusOr<ParsedSpecFile> parsed =
      ParseSpecJson(R"({"worldSize": 2, "iters": 0, "dtype": null})", "test");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(parsed->fields_set, (std::vector<std::string>{"world_size", "iters"}));
}

TEST(ParseSpecJsonTest, EnumsByTheirWordsAndFaultsInEitherForm) {
  absl::StatusOr<ParsedSpecFile> text = ParseSpecJson(
      R"({"dtype": "fp16", "backend": "cpu", "inject_fault": "rank_error:1"})", "test");
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(text->spec.dtype(), v1::fp16);
  EXPECT_EQ(text->spec.backend(), v1::cpu);
  EXPECT_EQ(text->spec.inject_fault().kind(), v1::Fault::rank_error);
  EXPECT_EQ(text->spec.inject_fault().rank(), 1);
  absl::StatusOr<ParsedSpecFile> message =
      ParseSpecJson(R"({"inject_fault": {"kind": "flip_timed", "rank": 1}})", "test");
  ASSERT_TRUE(message.ok()) << message.status();
  EXPECT_EQ(message->spec.inject_fault().kind(), v1::Fault::flip_timed);
  absl::StatusOr<ParsedSpecFile> bad = ParseSpecJson(R"({"inject_fault": "explode"})", "f.json");
  EXPECT_EQ(bad.status().message().rfind("f.json inject_fault: \"explode\"", 0), 0u)
      << bad.status();
  absl::StatusOr<ParsedSpecFile> bad_dtype = ParseSpecJson(R"({"dtype": "int8"})", "f.json");
  EXPECT_EQ(bad_dtype.status().message().rfind("f.json: not a JobSpec", 0), 0u)
      << bad_dtype.status();
}

TEST(BuildJobSpecTest, AgGemmShapesSplitsAndVariants) {
  SpecFlags flags;
  flags.kernel = "ag_gemm";
  flags.world_size = 2;
  flags.shapes = "4096x6656x16384,8192x8192x8192";
  flags.splits_per_rank = "4";
  flags.variants = "fused,sequential";
  absl::StatusOr<v1::JobSpec> spec = BuildJobSpec(flags);
  ASSERT_TRUE(spec.ok()) << spec.status();
  ASSERT_EQ(spec->gemm().shapes_size(), 2);
  EXPECT_EQ(spec->gemm().shapes(0).m(), 4096);
  EXPECT_EQ(spec->gemm().shapes(0).n(), 6656);
  EXPECT_EQ(spec->gemm().shapes(0).k(), 16384);
  EXPECT_EQ(spec->gemm().shapes(1).k(), 8192);
  EXPECT_EQ(spec->gemm().splits_per_rank(), 4);
  ASSERT_EQ(spec->gemm().variants_size(), 2);
  EXPECT_EQ(spec->gemm().variants(1), "sequential");
  EXPECT_EQ(spec->sweep().sizes_bytes_size(), 0);  // no sizes needed for ag_gemm

  flags.splits_per_rank = "auto";
  EXPECT_EQ(BuildJobSpec(flags)->gemm().splits_per_rank(), 0);
}

TEST(BuildJobSpecTest, AgGemmBadFlagsNameTheFlag) {
  SpecFlags flags;
  flags.kernel = "ag_gemm";
  flags.world_size = 2;
  auto error_of = [](const SpecFlags& f) {
    return std::string(BuildJobSpec(f).status().message());
  };
  EXPECT_EQ(error_of(flags).find("--shapes: required"), 0u) << error_of(flags);
  flags.shapes = "4096x6656";
  EXPECT_EQ(error_of(flags).find("--shapes: want MxNxK"), 0u) << error_of(flags);
  flags.shapes = "64x64x64";
  flags.splits_per_rank = "0";
  EXPECT_EQ(error_of(flags).find("--splits-per-rank"), 0u) << error_of(flags);
}

}  // namespace
}  // namespace symmbench::client
