#include "tools/analyse/analysis.hpp"

#include <atomic>
#include <boost/program_options.hpp>
#include <istream>
#include <ostream>
#include <sstream>

#include "engine/search.hpp"
#include "games/chess/eval/nnue/active_network.hpp"
#include "games/chess/rules/san.hpp"
#include "protocol/game_searches.hpp"
#include "tools/command_line.hpp"
#include "tools/count_option.hpp"
#include "tools/epd_suite.hpp"
#include "tools/tune/pgn_reader.hpp"

namespace brudno::tools {
namespace {

namespace po = boost::program_options;
using games::Chess;

// EPD's `ce` for a mate: the convention of analysis tools, 32767 less the
// plies to it (so a mate in one move is 32766), negative when the side to
// move is mated.
constexpr int kEpdMate = 32767;

bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// The four fields EPD keeps of a FEN: no move counters.
std::string epd_fields(const Chess& position) {
  std::istringstream fen(position.to_text());
  std::string fields;
  std::string field;
  for (int i = 0; i < 4 && fen >> field; ++i) fields += (fields.empty() ? "" : " ") + field;
  return fields;
}

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) out += c == '"' ? '\'' : c;
  return out + '"';
}

std::optional<std::vector<AnalysisPosition>> read_epd(std::istream& in, const std::string& file,
                                                      std::ostream& err) {
  std::vector<AnalysisPosition> positions;
  std::string line;
  int line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos || line[0] == '#') continue;
    std::string error;
    auto entry = parse_epd_position(line, line_number, error);
    if (!entry) {
      err << "brudno: " << file << ':' << line_number << ": " << error << '\n';
      return std::nullopt;
    }
    positions.push_back({std::move(entry->position), std::move(entry->id)});
  }
  return positions;
}

std::vector<AnalysisPosition> read_games(std::istream& in, const std::string& file,
                                         std::ostream& err) {
  std::vector<std::string> errors;
  const auto games = tune::read_pgn(in, errors);
  // A database with a broken game is still worth analysing: the game is named
  // and left out.
  for (const auto& error : errors) err << "brudno: " << file << ": " << error << '\n';
  std::vector<AnalysisPosition> positions;
  for (std::size_t game = 0; game < games.size(); ++game) {
    Chess position = games[game].start;
    const auto add = [&](std::size_t ply) {
      Chess::MoveList moves;
      position.legal_moves(moves);
      if (moves.empty()) return;
      positions.push_back(
          {position, "game " + std::to_string(game + 1) + " ply " + std::to_string(ply)});
    };
    add(0);
    for (std::size_t ply = 0; ply < games[game].moves.size(); ++ply) {
      position.play(games[game].moves[ply]);
      add(ply + 1);
    }
  }
  return positions;
}

}  // namespace

std::optional<int> read_analyse_arguments(const Arguments& args, std::string_view command,
                                          AnalyseOptions& options, std::ostream& out,
                                          std::ostream& err) {
  po::options_description description(
      "Usage: " + std::string(command) +
      " FILE.epd|FILE.pgn [--depth N | --movetime MS] [--out OUT.epd]\n"
      "          [--threads N] [--hash MB]\n"
      "Analyses every position of an EPD file, or of every game of a PGN file, each\n"
      "from an empty table, and writes them as EPD: acd (depth), acn (nodes), ce\n"
      "(centipawns for the side to move; a mate is 32767 less its plies), dm (moves\n"
      "to mate, when the side to move mates), bm (the move chosen), pv (the line, in\n"
      "SAN), id (the EPD's, or \"game G ply P\"). A file ending in .pgn is read as PGN");
  Count movetime{options.movetime_ms};
  Count depth;
  Count hash{options.hash};
  description.add_options()("help,h", "show this help")("depth", po::value(&depth),
                                                        "search each position to this depth")(
      "movetime", po::value(&movetime), "milliseconds per position instead (default 1000)")(
      "out", po::value(&options.out), "write the EPD here (default: standard output)")(
      "threads", po::value(&options.threads)->default_value(1), "search threads")(
      "hash", po::value(&hash), "transposition table size in MB (default 16)")(
      "hce", po::bool_switch(&options.hand_written),
      "evaluate by hand, not by the built-in network (Use NNUE false)");
  po::variables_map vm;
  if (const auto status = parse_command_line(args, "analyse", description, vm, out, err,
                                             PositionalArgument{"file", &options.file})) {
    return *status;
  }
  options.movetime_ms = movetime.value;
  options.depth = depth.value;
  options.hash = hash.value;
  if (options.file.empty()) {
    err << "brudno: analyse needs a FILE\n" << description;
    return 2;
  }
  if (!are_position_search_limits(vm, options.movetime_ms, options.depth, options.threads,
                                  options.hash, err)) {
    return 2;
  }
  if (vm.count("out") && options.out.empty()) {
    err << "brudno: --out needs a file name\n";
    return 2;
  }
  return std::nullopt;
}

std::optional<std::vector<AnalysisPosition>> read_analysis_positions(std::istream& in,
                                                                     const std::string& file,
                                                                     std::ostream& err) {
  std::optional<std::vector<AnalysisPosition>> positions;
  if (ends_with(file, ".pgn") || ends_with(file, ".PGN")) {
    positions = read_games(in, file, err);
  } else {
    positions = read_epd(in, file, err);
  }
  if (positions && positions->empty()) {
    err << "brudno: " << file << " holds no position to analyse\n";
    return std::nullopt;
  }
  return positions;
}

std::string analyse_position(const AnalysisPosition& entry, const AnalyseOptions& options,
                             engine::TranspositionTable& table) {
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
  std::vector<Chess::Move> line;
  Chess root = entry.position;
  root.set_network(options.hand_written ? nullptr : &games::chess::nnue::embedded_network());
  const auto result =
      search.run(root, limits, stop, [&](const engine::IterationReport<Chess::Move>& report) {
        if (report.multipv == 1) line = report.pv;
      });
  // A search cut off by time may choose a move its last whole line did not.
  if (result.best_move && (line.empty() || line.front() != *result.best_move)) {
    line = {*result.best_move};
  }

  std::ostringstream epd;
  epd << epd_fields(entry.position) << " acd " << result.depth << "; acn " << result.nodes
      << "; ce ";
  if (engine::is_decisive(result.score)) {
    const int plies = engine::plies_to_end(result.score);
    epd << (result.score > 0 ? kEpdMate - plies : plies - kEpdMate) << ';';
    const int moves = engine::mate_in_moves(result.score);
    if (moves > 0) epd << " dm " << moves << ';';
  } else {
    epd << result.score << ';';
  }
  if (!line.empty()) {
    epd << " bm " << games::san(entry.position, line.front()) << "; pv";
    Chess played = entry.position;
    for (const auto move : line) {
      epd << ' ' << games::san(played, move);
      played.play(move);
    }
    epd << ';';
  }
  epd << " id " << quoted(entry.id) << ";\n";
  return epd.str();
}

}  // namespace brudno::tools
