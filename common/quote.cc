// Quote and BoundedMessage.
#include "common/quote.h"

namespace symmbench {
namespace {

// The largest n <= limit such that text[0, n) does not end inside a UTF-8 character.
size_t CharacterBoundary(absl::string_view text, size_t limit) {
  size_t n = limit < text.size() ? limit : text.size();
  // Step back over continuation bytes (10xxxxxx) to the start of the character cut in two.
  if (n < text.size()) {
    while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  }
  return n;
}

}  // namespace

std::string Quote(absl::string_view value) {
  if (value.size() <= kMaxQuotedBytes) return "\"" + std::string(value) + "\"";
  const size_t n = CharacterBoundary(value, kMaxQuotedBytes);
  return "\"" + std::string(value.substr(0, n)) + "...\" (" + std::to_string(value.size()) +
         " bytes)";
}

std::string ShortName(absl::string_view value) {
  return value.size() <= kMaxQuotedBytes ? std::string(value) : Quote(value);
}

std::string BoundedMessage(absl::string_view message, size_t max_bytes) {
  if (message.size() <= max_bytes) return std::string(message);
  // The note counts against the bound too: the whole result is at most max_bytes.
  const std::string note = "... (" + std::to_string(message.size()) + " bytes in all)";
  if (note.size() >= max_bytes)
    return std::string(message.substr(0, CharacterBoundary(message, max_bytes)));
  const size_t n = CharacterBoundary(message, max_bytes - note.size());
  return std::string(message.substr(0, n)) + note;
}

}  // namespace symmbench
