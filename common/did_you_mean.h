// Suggestions for a misspelled name (a CLI verb, a kernel): the closest known name, if close.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace symmbench {

// Edit distance between `a` and `b`: insertions, deletions, substitutions and transpositions of
// adjacent characters (optimal string alignment), case-insensitive.
int EditDistance(const std::string& a, const std::string& b);

// The candidate closest to `word` when it is close enough to be a slip: at most a third of the
// word's length in edits (at least 1, at most 3), or `word` a prefix of exactly one candidate
// (e.g. "sub" for "submit"). nullopt otherwise, and for an exact match.
std::optional<std::string> DidYouMean(const std::string& word,
                                      const std::vector<std::string>& candidates);

// "; did you mean \"submit\"?" for a close candidate, else "".
std::string DidYouMeanSuffix(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace symmbench
