#include "tools/match/openings.hpp"

#include <fstream>
#include <numeric>
#include <random>
#include <sstream>

#include "games/chess/chess.hpp"
#include "games/chess/rules/chess960.hpp"

namespace brudno::tools::match {

namespace {

bool is_number(const std::string& word) {
  return !word.empty() && word.find_first_not_of("0123456789") == std::string::npos;
}

}  // namespace

std::string epd_to_fen(const std::string& line, std::string& error, bool chess960) {
  std::istringstream words(line.substr(0, line.find(';')));
  std::vector<std::string> fields;
  for (std::string word; words >> word;) fields.push_back(word);
  if (fields.size() < 4) {
    error = "fewer than the four fields of a position";
    return "";
  }
  std::string fen = fields[0] + ' ' + fields[1] + ' ' + fields[2] + ' ' + fields[3];
  // A FEN line carries its clocks; an EPD line carries operations instead.
  if (fields.size() >= 6 && is_number(fields[4]) && is_number(fields[5])) {
    fen += ' ' + fields[4] + ' ' + fields[5];
  } else {
    fen += " 0 1";
  }
  std::string fault;
  const auto position = games::Chess::parse(fen, fault, chess960);
  if (!position) {
    error = fault;
    return "";
  }
  if (position->status() != engine::Status::kOngoing) {
    error = "the game is over in this position";
    return "";
  }
  return fen;
}

std::vector<Opening> read_openings(const std::string& path, bool chess960) {
  std::ifstream file(path);
  if (!file) throw OpeningError(path + ": cannot be read");
  std::vector<Opening> openings;
  std::string line;
  for (int number = 1; std::getline(file, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::string error;
    std::string fen = epd_to_fen(line, error, chess960);
    if (fen.empty()) {
      throw OpeningError(path + ":" + std::to_string(number) + ": " + error);
    }
    openings.push_back({number, std::move(fen)});
  }
  if (openings.empty()) throw OpeningError(path + ": no positions");
  return openings;
}

std::vector<Opening> chess960_openings() {
  std::vector<Opening> openings;
  for (int number = 0; number < games::chess::kChess960Positions; ++number)
    openings.push_back({number, games::chess::chess960_start_fen(number)});
  return openings;
}

std::vector<std::size_t> choose_openings(std::size_t available, std::size_t count,
                                         OpeningOrder order, std::uint64_t seed,
                                         std::size_t start) {
  std::vector<std::size_t> order_of_file(available);
  std::iota(order_of_file.begin(), order_of_file.end(), std::size_t{0});
  if (order == OpeningOrder::kRandom && available > 1) {
    // Written out rather than std::shuffle, whose draws differ between
    // standard libraries: the same seed gives the same openings everywhere.
    std::mt19937_64 random(seed);
    for (std::size_t i = 0; i + 1 < available; ++i) {
      const std::size_t j = i + static_cast<std::size_t>(random() % (available - i));
      std::swap(order_of_file[i], order_of_file[j]);
    }
  }
  std::vector<std::size_t> chosen;
  chosen.reserve(count);
  for (std::size_t i = 0; i < count; ++i) chosen.push_back(order_of_file[(start + i) % available]);
  return chosen;
}

}  // namespace brudno::tools::match
