#include "tools/match/chess_game.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "games/chess/chess.hpp"
#include "games/chess/rules/san.hpp"

namespace brudno::tools::match {

namespace {

using games::Chess;
constexpr const char* kSidesCapitalised[] = {"White", "Black"};

// Why the rules drew the game: Chess::status() decides that it is drawn,
// this only names the rule, from what is left once the others are excluded.
Termination draw_rule(const Chess& position, const std::vector<std::uint64_t>& keys) {
  Chess::MoveList moves;
  position.legal_moves(moves);
  if (moves.empty()) return Termination::kStalemate;
  if (position.halfmove_clock() >= 100) return Termination::kFiftyMoves;
  const std::size_t window =
      std::min(keys.size(), static_cast<std::size_t>(position.halfmove_clock()) + 1);
  const auto repeats =
      std::count(keys.end() - static_cast<std::ptrdiff_t>(window), keys.end(), position.key());
  if (repeats >= 3) return Termination::kRepetition;
  return Termination::kInsufficientMaterial;
}

std::string go_line(const GameClock clocks[2], int side, const GameSettings& settings) {
  std::ostringstream go;
  if (settings.nodes > 0) {
    go << "go nodes " << settings.nodes;
    return go.str();
  }
  const TimeControl& control = settings.time_control;
  go << "go wtime " << std::llround(clocks[0].left_ms()) << " btime "
     << std::llround(clocks[1].left_ms()) << " winc " << std::llround(control.increment_ms)
     << " binc " << std::llround(control.increment_ms);
  if (const int to_go = clocks[side].moves_to_go(); to_go > 0) go << " movestogo " << to_go;
  return go.str();
}

std::string format_ms(double ms) {
  std::ostringstream text;
  text << std::llround(ms) << " ms";
  return text.str();
}

}  // namespace

const char* termination_tag(Termination termination) {
  switch (termination) {
    case Termination::kCheckmate:
    case Termination::kStalemate:
    case Termination::kFiftyMoves:
    case Termination::kRepetition:
    case Termination::kInsufficientMaterial:
      return "normal";
    case Termination::kAdjudication:
      return "adjudication";
    case Termination::kTimeForfeit:
      return "time forfeit";
    case Termination::kIllegalMove:
    case Termination::kNoMove:
      return "rules infraction";
    case Termination::kDisconnect:
      return "abandoned";
    case Termination::kInterrupted:
      return "unterminated";
  }
  return "unterminated";
}

bool is_engine_fault(Termination termination) {
  return termination == Termination::kTimeForfeit || termination == Termination::kIllegalMove ||
         termination == Termination::kNoMove || termination == Termination::kDisconnect;
}

GameRecord play_chess_game(UciEngine* engines[2], const std::string& opening_fen,
                           const GameSettings& settings, const std::atomic<bool>& stop) {
  GameRecord record;
  record.opening_fen = opening_fen;
  record.chess960 = settings.chess960;
  std::string parse_error;
  Chess position = *Chess::parse(opening_fen, parse_error, settings.chess960);
  GameClock clocks[2] = {GameClock(settings.time_control), GameClock(settings.time_control)};
  Adjudicator adjudicator(settings.adjudication);
  std::vector<std::uint64_t> keys{position.key()};
  std::string moves_text;

  const auto finish = [&](int winner, Termination termination, std::string reason) {
    record.result = winner == 0 ? "1-0" : winner == 1 ? "0-1" : "1/2-1/2";
    record.termination = termination;
    record.reason = std::move(reason);
    return record;
  };
  const auto fault = [&](int side, Termination termination, std::string reason) {
    record.faulty_side = side;
    return finish(1 - side, termination, kSidesCapitalised[side] + (" " + reason));
  };

  for (int side = 0; side < 2; ++side) {
    if (!engines[side]->new_game() && !engines[side]->new_game()) {
      throw EngineError(engines[side]->name() + ": no readyok for a new game, even restarted");
    }
  }
  while (true) {
    const auto status = position.status();
    if (status == engine::Status::kLost) {
      const int winner = 1 - position.side_to_move();
      return finish(winner, Termination::kCheckmate,
                    std::string(kSidesCapitalised[winner]) + " mates");
    }
    if (status == engine::Status::kDrawn) {
      const Termination rule = draw_rule(position, keys);
      const char* reason = rule == Termination::kStalemate    ? "Draw by stalemate"
                           : rule == Termination::kFiftyMoves ? "Draw by the fifty-move rule"
                           : rule == Termination::kRepetition ? "Draw by threefold repetition"
                                                              : "Draw by insufficient material";
      return finish(-1, rule, reason);
    }
    if (stop.load()) {
      record.termination = Termination::kInterrupted;
      record.reason = "Interrupted: the match ended";
      return record;
    }

    const int side = position.side_to_move();
    UciEngine& engine = *engines[side];
    const std::string position_line =
        "position fen " + opening_fen + (moves_text.empty() ? "" : " moves" + moves_text);
    const double limit_ms = clocks[side].left_ms() + settings.time_margin_ms;
    const double cpu_before = engine.cpu_seconds();
    const SearchReply reply =
        engine.search(position_line, go_line(clocks, side, settings), limit_ms);
    record.thinking_cpu_s[side] += engine.cpu_seconds() - cpu_before;
    record.thinking_ms[side] += reply.elapsed_ms;

    if (reply.kind == SearchReply::Kind::kDisconnected) {
      return fault(side, Termination::kDisconnect, "disconnects: its output ended");
    }
    if (reply.kind == SearchReply::Kind::kTimeout || reply.elapsed_ms > limit_ms) {
      std::string reason = "loses on time: ";
      if (reply.kind == SearchReply::Kind::kBestmove) {
        reason += "bestmove " + format_ms(reply.elapsed_ms - clocks[side].left_ms()) + " late";
      } else if (const auto late = engine.stop_overdue_search()) {
        reason += "no bestmove within " + format_ms(limit_ms) + ", one " + format_ms(*late) +
                  " after stop";
      } else {
        reason += "no bestmove within " + format_ms(limit_ms) + ", nor a second after stop";
      }
      return fault(side, Termination::kTimeForfeit, reason);
    }
    if (reply.move.empty() || reply.move == "(none)" || reply.move == "0000") {
      return fault(side, Termination::kNoMove,
                   "gives no move: 'bestmove " + reply.move + "' in a position with moves");
    }
    const auto move = position.parse_move(reply.move);
    if (!move) {
      return fault(side, Termination::kIllegalMove, "makes an illegal move: " + reply.move);
    }

    const int move_number = position.fullmove_number();
    record.lowest_clock_ms[side] =
        std::min(record.lowest_clock_ms[side], clocks[side].left_ms() - reply.elapsed_ms);
    clocks[side].spend(reply.elapsed_ms);
    record.moves.push_back(
        {reply.move, san(position, *move), reply.score, reply.depth, reply.elapsed_ms});
    position.play(*move);
    keys.push_back(position.key());
    moves_text += ' ' + reply.move;

    // The rules come first: a move that ends the game by them is not adjudicated.
    if (position.status() != engine::Status::kOngoing) continue;
    if (const auto verdict = adjudicator.after_move(side, move_number, reply.score,
                                                    static_cast<int>(record.moves.size()))) {
      return finish(verdict->loser < 0 ? -1 : 1 - verdict->loser, Termination::kAdjudication,
                    verdict->reason);
    }
  }
}

}  // namespace brudno::tools::match
