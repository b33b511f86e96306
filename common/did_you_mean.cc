// Did-you-mean suggestions (see did_you_mean.h).
#include "common/did_you_mean.h"

#include <algorithm>
#include <cctype>

namespace symmbench {

int EditDistance(const std::string& a, const std::string& b) {
  const size_t n = a.size(), m = b.size();
  // d[i][j]: distance between the first i characters of a and the first j of b.
  std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1, 0));
  for (size_t i = 0; i <= n; ++i) d[i][0] = static_cast<int>(i);
  for (size_t j = 0; j <= m; ++j) d[0][j] = static_cast<int>(j);
  auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
  for (size_t i = 1; i <= n; ++i) {
    for (size_t j = 1; j <= m; ++j) {
      const int cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
          lower(a[i - 2]) == lower(b[j - 1])) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[n][m];
}

std::optional<std::string> DidYouMean(const std::string& word,
                                      const std::vector<std::string>& candidates) {
  if (word.empty()) return std::nullopt;
  const int limit = std::clamp(static_cast<int>(word.size()) / 3, 1, 3);
  std::optional<std::string> best;
  int best_distance = limit + 1;
  std::vector<std::string> prefixed;
  for (const std::string& candidate : candidates) {
    if (candidate == word) return std::nullopt;
    const int distance = EditDistance(word, candidate);
    if (distance < best_distance) {
      best = candidate;
      best_distance = distance;
    }
    if (candidate.compare(0, word.size(), word) == 0) prefixed.push_back(candidate);
  }
  if (best) return best;
  if (prefixed.size() == 1) return prefixed[0];
  return std::nullopt;
}

std::string DidYouMeanSuffix(const std::string& word, const std::vector<std::string>& candidates) {
  const std::optional<std::string> suggestion = DidYouMean(word, candidates);
  return suggestion ? "; did you mean \"" + *suggestion + "\"?" : "";
}

}  // namespace symmbench
