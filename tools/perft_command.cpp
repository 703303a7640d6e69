// `brudno perft`: chess perft from the command line, printed as Stockfish's
// `go perft` prints it: each root move's count, a blank line, the total.

#include <boost/program_options.hpp>
#include <iostream>
#include <string>

#include "games/chess/chess.hpp"
#include "tools/command.hpp"
#include "tools/command_line.hpp"

namespace brudno::tools {

namespace {
// Deeper than any published count: depth 15 from the start is beyond 10^21.
constexpr int kMaxPerftDepth = 15;
}  // namespace

int run_perft(const Arguments& args, std::ostream& out, std::ostream& err) {
  namespace po = boost::program_options;
  po::options_description options(
      "Usage: brudno perft [--fen FEN] --depth N\n"
      "Counts the legal move sequences of N plies from a chess position (the draw\n"
      "rules ignored): each first move's count as `e2e4: 9771`, a blank line, then\n"
      "`Nodes searched: N`");
  std::string fen(games::Chess::kStartFen);
  int depth = 0;
  options.add_options()("help,h", "show this help")(
      "fen", po::value(&fen), "the position in FEN (default: the start position)")(
      "depth", po::value(&depth), ("plies, 1 to " + std::to_string(kMaxPerftDepth)).c_str());
  po::variables_map vm;
  if (const auto status = parse_command_line(args, "perft", options, vm, out, err)) return *status;
  if (!vm.count("depth") || depth < 1 || depth > kMaxPerftDepth) {
    err << "brudno: perft needs --depth from 1 to " << kMaxPerftDepth << '\n';
    return 2;
  }
  std::string error;
  auto position = games::Chess::parse(fen, error);
  if (!position) {
    err << "brudno: bad FEN '" << fen << "': " << error << '\n';
    return 2;
  }
  std::uint64_t total = 0;
  for (const auto& [move, nodes] : games::perft_divide(*position, depth)) {
    out << games::Chess::move_text(move) << ": " << nodes << '\n';
    total += nodes;
  }
  out << "\nNodes searched: " << total << '\n';
  return 0;
}

}  // namespace brudno::tools
