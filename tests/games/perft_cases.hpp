#pragma once
// Perft tables as the suites publish them, one line a position:
// `FEN ;D1 n ;D2 n ...`. Shared by the standard and the Chess960 perft tests.

#include <cstdint>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tests/sanitized_build.hpp"

namespace brudno::games::testing_perft {

// Every count below this is checked. The sanitizer builds run 3-20x slower,
// so they check the counts below a million and the release build the rest
// up to `release_budget`.
constexpr std::uint64_t leaf_budget(std::uint64_t release_budget) {
  return brudno::test_build::kSanitized ? 1'000'000 : release_budget;
}

struct PerftCase {
  std::string name;  // "<prefix>_<line>", the test's name
  std::string path;  // the file, named when it is missing
  std::string fen;
  std::vector<std::pair<int, std::uint64_t>> counts;  // depth, leaves
};

// How failure messages name a case: by its FEN.
inline void PrintTo(const PerftCase& entry, std::ostream* out) {
  *out << entry.fen;
}

// The cases of the file at `path`, the N-th line named "<prefix>_N". A
// missing file is one case without a FEN, which the test skips, saying so.
inline std::vector<PerftCase> read_perft_cases(const std::string& path, const std::string& prefix) {
  std::ifstream in(path);
  if (!in) return {{prefix + "_missing", path, "", {}}};
  std::vector<PerftCase> cases;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    const std::size_t semicolon = text.find(';');
    if (semicolon == std::string::npos) continue;
    PerftCase entry{prefix + "_" + std::to_string(line), path, text.substr(0, semicolon), {}};
    std::istringstream fields(text.substr(semicolon));
    std::string depth;
    std::uint64_t leaves = 0;
    while (fields >> depth >> leaves) entry.counts.emplace_back(std::stoi(depth.substr(2)), leaves);
    cases.push_back(std::move(entry));
  }
  return cases;
}

}  // namespace brudno::games::testing_perft
