#include "tools/mpi/iteration_report.hpp"

#include <algorithm>
#include <charconv>

namespace brudno::tools::mpi {
namespace {

std::vector<std::string_view> split_words(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t begin = text.find_first_not_of(' ', at);
    if (begin == std::string_view::npos) break;
    const std::size_t end = std::min(text.find(' ', begin), text.size());
    words.push_back(text.substr(begin, end - begin));
    at = end;
  }
  return words;
}

template <typename Number>
bool read_number(std::string_view word, Number& value) {
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
  return error == std::errc() && end == word.data() + word.size();
}

}  // namespace

std::optional<IterationReport> parse_iteration(std::string_view line, std::uint64_t search,
                                               int rank) {
  const auto words = split_words(line);
  if (words.empty() || words[0] != "info") return std::nullopt;
  IterationReport report;
  report.search = search;
  report.rank = rank;
  bool has_depth = false;
  for (std::size_t i = 1; i < words.size(); ++i) {
    const auto word = words[i];
    const bool has_value = i + 1 < words.size();
    if (word == "string") return std::nullopt;
    if (word == "lowerbound" || word == "upperbound") return std::nullopt;
    if (word == "depth" && has_value) {
      has_depth = read_number(words[++i], report.depth);
    } else if (word == "multipv" && has_value) {
      int line_number = 0;
      if (!read_number(words[++i], line_number) || line_number != 1) return std::nullopt;
    } else if (word == "nodes" && has_value) {
      read_number(words[++i], report.nodes);
    } else if (word == "score" && i + 2 < words.size()) {
      report.score = std::string(words[i + 1]) + ' ' + std::string(words[i + 2]);
      i += 2;
    } else if (word == "pv") {
      for (++i; i < words.size(); ++i) report.pv.emplace_back(words[i]);
    }
  }
  if (!has_depth || report.score.empty() || report.pv.empty()) return std::nullopt;
  return report;
}

std::string encode(const IterationReport& report) {
  std::string text = std::to_string(report.search) + ' ' + std::to_string(report.depth) + ' ' +
                     std::to_string(report.nodes) + ' ' + report.score;
  for (const auto& move : report.pv) text += ' ' + move;
  return text;
}

std::optional<IterationReport> decode(std::string_view text, int rank) {
  const auto words = split_words(text);
  if (words.size() < 6) return std::nullopt;
  IterationReport report;
  report.rank = rank;
  if (!read_number(words[0], report.search) || !read_number(words[1], report.depth) ||
      !read_number(words[2], report.nodes)) {
    return std::nullopt;
  }
  report.score = std::string(words[3]) + ' ' + std::string(words[4]);
  for (std::size_t i = 5; i < words.size(); ++i) report.pv.emplace_back(words[i]);
  return report;
}

std::string info_line(const IterationReport& report) {
  std::string line = "info depth " + std::to_string(report.depth) + " score " + report.score +
                     " nodes " + std::to_string(report.nodes) + " pv";
  for (const auto& move : report.pv) line += ' ' + move;
  return line;
}

const IterationReport* choose(std::span<const IterationReport> reports) {
  const IterationReport* best = nullptr;
  for (const auto& report : reports) {
    if (best == nullptr || report.depth > best->depth ||
        (report.depth == best->depth && report.rank < best->rank)) {
      best = &report;
    }
  }
  return best;
}

}  // namespace brudno::tools::mpi
