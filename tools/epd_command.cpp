// `brudno epd FILE`: runs a chess test suite (Win At Chess and the like):
// each position searched for a fixed time or depth from an empty table, one
// line per position, then the solved count.

#include <algorithm>
#include <atomic>
#include <boost/program_options.hpp>
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/search.hpp"
#include "games/chess/eval/nnue/active_network.hpp"
#include "games/chess/rules/san.hpp"
#include "protocol/game_searches.hpp"
#include "protocol/info_format.hpp"
#include "tools/command.hpp"
#include "tools/command_line.hpp"
#include "tools/count_option.hpp"
#include "tools/epd_suite.hpp"

namespace brudno::tools {
namespace {

namespace po = boost::program_options;
using games::Chess;

bool contains(const std::vector<Chess::Move>& moves, Chess::Move move) {
  return std::find(moves.begin(), moves.end(), move) != moves.end();
}

// Solved: a best move found, or (with only `am`) none of the moves to avoid.
bool solves(const EpdPosition& entry, Chess::Move move) {
  if (!entry.best_moves.empty()) return contains(entry.best_moves, move);
  return !contains(entry.avoid_moves, move);
}

}  // namespace

std::string search_epd_position(const EpdPosition& entry, const EpdOptions& options,
                                engine::TranspositionTable& table, bool& solved) {
  engine::SearchSettings settings;
  settings.threads = options.threads;
  const std::atomic<bool> stop{false};
  engine::SearchLimits limits;
  if (options.depth > 0) {
    limits.depth = static_cast<int>(options.depth);
  } else {
    limits.movetime = engine::Milliseconds(options.movetime_ms);
  }
  table.clear(options.threads);
  engine::Search<Chess> search(table, settings);
  Chess root = entry.position;
  root.set_network(options.hand_written ? nullptr : &games::chess::nnue::embedded_network());
  const auto result = search.run(root, limits, stop);
  solved = result.best_move && solves(entry, *result.best_move);
  std::ostringstream line;
  line << (solved ? "solved " : "missed ") << entry.id << ": "
       << (entry.best_text.empty() ? "" : "bm " + entry.best_text)
       << (entry.best_text.empty() || entry.avoid_text.empty() ? "" : ", ")
       << (entry.avoid_text.empty() ? "" : "am " + entry.avoid_text) << "; played "
       << (result.best_move ? games::san(entry.position, *result.best_move) : "(none)")
       << ", score " << protocol::format_score(result.score) << ", depth " << result.depth
       << ", nodes " << result.nodes << '\n';
  return line.str();
}

namespace {

int run_positions(const std::vector<EpdPosition>& suite, const EpdOptions& options,
                  std::ostream& out) {
  engine::TranspositionTable table(options.hash);
  std::size_t solved = 0;
  for (const auto& entry : suite) {
    bool ok = false;
    out << search_epd_position(entry, options, table, ok);
    solved += ok ? 1 : 0;
  }
  out << "solved " << solved << '/' << suite.size() << '\n';
  return 0;
}

}  // namespace

std::optional<int> read_epd_arguments(const Arguments& args, std::string_view command,
                                      EpdOptions& options, std::ostream& out, std::ostream& err) {
  po::options_description description(
      "Usage: " + std::string(command) +
      " FILE [--movetime MS | --depth N] [--threads N] [--hash MB]\n"
      "Runs a chess test suite in EPD: each line four FEN fields and operations;\n"
      "`bm` names the best moves (playing one solves the position), `am` the moves\n"
      "to avoid, `id` the position's name. Moves in SAN (or UCI). Each position is\n"
      "searched from an empty table; one line per position, then `solved K/N`");
  Count movetime{options.movetime_ms};
  Count depth;
  Count hash{options.hash};
  description.add_options()("help,h", "show this help")("movetime", po::value(&movetime),
                                                        "milliseconds per position (default 1000)")(
      "depth", po::value(&depth), "search each position to this depth instead of by time")(
      "threads", po::value(&options.threads)->default_value(1), "search threads")(
      "hash", po::value(&hash), "transposition table size in MB (default 16)")(
      "hce", po::bool_switch(&options.hand_written),
      "evaluate by hand, not by the built-in network (Use NNUE false)");
  po::variables_map vm;
  if (const auto status = parse_command_line(args, "epd", description, vm, out, err,
                                             PositionalArgument{"file", &options.file})) {
    return *status;
  }
  options.movetime_ms = movetime.value;
  options.depth = depth.value;
  options.hash = hash.value;
  if (options.file.empty()) {
    err << "brudno: epd needs a FILE\n" << description;
    return 2;
  }
  if (!are_position_search_limits(vm, options.movetime_ms, options.depth, options.threads,
                                  options.hash, err)) {
    return 2;
  }
  return std::nullopt;
}

std::optional<std::vector<EpdPosition>> read_epd_suite(std::istream& in, const std::string& file,
                                                       std::ostream& err) {
  // Every line is read before any search, so that a typo shows at once.
  std::vector<EpdPosition> suite;
  std::string line;
  int line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    if (line.back() == '\r') line.pop_back();
    std::string error;
    auto entry = parse_epd_line(line, line_number, error);
    if (!entry) {
      err << "brudno: " << file << ':' << line_number << ": " << error << '\n';
      return std::nullopt;
    }
    suite.push_back(std::move(*entry));
  }
  if (suite.empty()) {
    err << "brudno: " << file << " holds no position\n";
    return std::nullopt;
  }
  return suite;
}

int run_epd(const Arguments& args, std::ostream& out, std::ostream& err) {
  EpdOptions options;
  if (const auto status = read_epd_arguments(args, "brudno epd", options, out, err)) {
    return *status;
  }
  auto in = open_input_file(options.file, err);
  if (!in) return 2;
  const auto suite = read_epd_suite(*in, options.file, err);
  if (!suite) return 2;
  return run_positions(*suite, options, out);
}

}  // namespace brudno::tools
