// Quote and BoundedMessage keep messages short whatever the input, and never cut a character.
#include "common/quote.h"

#include <gtest/gtest.h>

#include <string>

namespace symmbench {
namespace {

TEST(QuoteTest, ShortValuesWhole) {
  EXPECT_EQ(Quote("j-000001"), "\"j-000001\"");
  EXPECT_EQ(Quote(""), "\"\"");
  EXPECT_EQ(Quote(std::string(64, 'x')), "\"" + std::string(64, 'x') + "\"");
}

TEST(QuoteTest, LongValuesAPrefixAndTheLength) {
  const std::string quoted = Quote(std::string(1 << 20, 'x'));
  EXPECT_EQ(quoted, "\"" + std::string(64, 'x') + "...\" (1048576 bytes)");
  EXPECT_LT(quoted.size(), 100u);
}

TEST(QuoteTest, NeverCutsAUtf8Character) {
  // 63 ASCII bytes, then a 2-byte character across the 64-byte limit.
  const std::string value = std::string(63, 'a') + "\xC3\xA9" + std::string(100, 'b');
  EXPECT_EQ(Quote(value), "\"" + std::string(63, 'a') + "...\" (165 bytes)");
}

TEST(ShortNameTest, IdsAsTheyAreLongOnesQuoted) {
  EXPECT_EQ(ShortName("j-000001"), "j-000001");
  EXPECT_EQ(ShortName(std::string(100, 'j')), "\"" + std::string(64, 'j') + "...\" (100 bytes)");
}

TEST(BoundedMessageTest, CutsOnlyLongMessages) {
  EXPECT_EQ(BoundedMessage("job j-1 not found"), "job j-1 not found");
  const std::string cut = BoundedMessage(std::string(5000, 'm'), 100);
  EXPECT_EQ(cut, std::string(77, 'm') + "... (5000 bytes in all)");
  EXPECT_EQ(cut.size(), 100u);
  // The documented 2 KiB holds with the note (it was 2,074 bytes).
  EXPECT_EQ(BoundedMessage(std::string(100000, 'x')).size(), 2048u);
  // A bound shorter than the note keeps the bound.
  EXPECT_EQ(BoundedMessage(std::string(50, 'y'), 10), std::string(10, 'y'));
}

}  // namespace
}  // namespace symmbench
