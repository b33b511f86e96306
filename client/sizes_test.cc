// Tests of size parsing (K/M/G suffixes, lists, bad input naming the flag) and formatting.
#include "client/sizes.h"

#include "gtest/gtest.h"

namespace symmbench::client {
namespace {

TEST(ParseSizeTest, PlainBytes) {
  EXPECT_EQ(*ParseSize("0", "--min-bytes"), 0);
  EXPECT_EQ(*ParseSize("2048", "--min-bytes"), 2048);
  EXPECT_EQ(*ParseSize(" 1000 ", "--min-bytes"), 1000);
}

TEST(ParseSizeTest, SuffixesArePowersOf1024) {
  EXPECT_EQ(*ParseSize("2K", "--min-bytes"), 2048);
  EXPECT_EQ(*ParseSize("2k", "--min-bytes"), 2048);
  EXPECT_EQ(*ParseSize("64M", "--max-bytes"), 67108864);
  EXPECT_EQ(*ParseSize("1G", "--max-bytes"), 1073741824);
  EXPECT_EQ(*ParseSize("1T", "--max-bytes"), int64_t{1} << 40);
  EXPECT_EQ(*ParseSize("64MB", "--max-bytes"), 67108864);
  EXPECT_EQ(*ParseSize("64MiB", "--max-bytes"), 67108864);
  EXPECT_EQ(*ParseSize("3g", "--max-bytes"), int64_t{3} << 30);
}

TEST(ParseSizeTest, BadInputNamesTheFlagAndTheText) {
  for (const char* bad : {"12Q", "", "M", "-1", "1.5M", "64MX", "1 M", "0x10", "2KK"}) {
    absl::StatusOr<int64_t> size = ParseSize(bad, "--max-bytes");
    ASSERT_FALSE(size.ok()) << bad;
    EXPECT_EQ(size.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(size.status().message().find("--max-bytes: invalid size"), 0u) << bad;
    EXPECT_NE(size.status().message().find(std::string("\"") + bad + "\""), std::string::npos)
        << size.status().message();
  }
}

TEST(ParseSizeTest, OverflowIsAnError) {
  EXPECT_EQ(*ParseSize("9223372036854775807", "--max-bytes"), INT64_MAX);
  EXPECT_FALSE(ParseSize("9223372036854775808", "--max-bytes").ok());
  EXPECT_FALSE(ParseSize("8589934592G", "--max-bytes").ok());  // 2^33 * 2^30 = 2^63
  EXPECT_TRUE(ParseSize("8589934591G", "--max-bytes").ok());
}

TEST(ParseSizeListTest, CommaSeparatedWithSuffixes) {
  absl::StatusOr<std::vector<int64_t>> sizes = ParseSizeList("2K, 64K,1M,100", "--sizes");
  ASSERT_TRUE(sizes.ok()) << sizes.status();
  EXPECT_EQ(*sizes, (std::vector<int64_t>{2048, 65536, 1048576, 100}));
}

TEST(ParseSizeListTest, BadItemOrEmptyListIsAnError) {
  absl::StatusOr<std::vector<int64_t>> bad_item = ParseSizeList("2K,12Q,1M", "--sizes");
  ASSERT_FALSE(bad_item.ok());
  EXPECT_NE(bad_item.status().message().find("--sizes: invalid size \"12Q\""), std::string::npos);
  EXPECT_FALSE(ParseSizeList("", "--sizes").ok());
  EXPECT_FALSE(ParseSizeList("2K,,4K", "--sizes").ok());
  EXPECT_FALSE(ParseSizeList("2K,", "--sizes").ok());
}

TEST(FormatSizeTest, ShortestExactSpelling) {
  EXPECT_EQ(FormatSize(67108864), "64M");
  EXPECT_EQ(FormatSize(2048), "2K");
  EXPECT_EQ(FormatSize(3072), "3K");
  EXPECT_EQ(FormatSize(1000), "1000");
  EXPECT_EQ(FormatSize(0), "0");
  EXPECT_EQ(FormatSize(int64_t{1} << 30), "1G");
  EXPECT_EQ(*ParseSize(FormatSize(1536 * 1024), "--sizes"), 1536 * 1024);
}

}  // namespace
}  // namespace symmbench::client
