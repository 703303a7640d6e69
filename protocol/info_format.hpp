#pragma once
// The UCI text of search reports.

#include <array>
#include <optional>
#include <string>

#include "engine/game.hpp"
#include "engine/score.hpp"
#include "engine/search_report.hpp"
#include "protocol/protocol_traits.hpp"

namespace brudno::protocol {

// "cp 12" or "mate 3" / "mate -2".
std::string format_score(engine::Score score);

// A move of a line searched from `root`, as the root writes it: a game whose
// text depends on a mode of the position (chess in Chess960 writes castling
// as the king taking its rook) says so through write_move()
// (WritesMovesFromPosition).
template <engine::Game G>
std::string move_text_from(const G& root, typename G::Move move) {
  if constexpr (ProtocolTraits<G>::kWritesMovesFromPosition) {
    return root.write_move(move);
  } else {
    return G::move_text(move);
  }
}

// Win, draw and loss per mille, for UCI_ShowWDL's `wdl W D L`.
using WdlPerMille = std::array<int, 3>;

// The fields in Stockfish's order; tbhits is always 0 (no tablebases).
template <class G>
std::string format_info(const G& root, const engine::IterationReport<typename G::Move>& report,
                        const std::optional<WdlPerMille>& wdl = std::nullopt) {
  std::string line = "info depth " + std::to_string(report.depth) + " seldepth " +
                     std::to_string(report.seldepth) + " multipv " +
                     std::to_string(report.multipv) + " score " + format_score(report.score);
  if (wdl) {
    line += " wdl " + std::to_string((*wdl)[0]) + ' ' + std::to_string((*wdl)[1]) + ' ' +
            std::to_string((*wdl)[2]);
  }
  line += " nodes " + std::to_string(report.nodes) + " nps " + std::to_string(report.nps) +
          " hashfull " + std::to_string(report.hashfull) + " tbhits 0 time " +
          std::to_string(report.time.count());
  // No `pv` word without a move (a finished root's depth-0 line): GUIs read
  // the moves after it.
  if (!report.pv.empty()) line += " pv";
  for (const auto move : report.pv) line += ' ' + move_text_from(root, move);
  return line;
}

template <class G>
std::string format_current_move(const G& root,
                                const engine::CurrentMove<typename G::Move>& current) {
  return "info depth " + std::to_string(current.depth) + " currmove " +
         move_text_from(root, current.move) + " currmovenumber " + std::to_string(current.number);
}

template <class G>
std::string format_bestmove(const G& root, const engine::SearchResult<typename G::Move>& result) {
  if (!result.best_move) return "bestmove (none)";
  std::string line = "bestmove " + move_text_from(root, *result.best_move);
  if (result.ponder_move) line += " ponder " + move_text_from(root, *result.ponder_move);
  return line;
}

}  // namespace brudno::protocol
