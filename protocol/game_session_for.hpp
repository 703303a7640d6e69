#pragma once
// GameSession for one concrete game: the search is compiled for it.

#include <cstdint>
#include <exception>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engine/game.hpp"
#include "engine/perft.hpp"
#include "engine/search.hpp"
#include "engine/terminal.hpp"
#include "games/chess/chess.hpp"
#include "games/chess/evaluation.hpp"
#include "protocol/client_text.hpp"
#include "protocol/game_searches.hpp"
#include "protocol/game_session.hpp"
#include "protocol/info_format.hpp"
#include "protocol/prove.hpp"
#include "protocol/tokens.hpp"

namespace brudno::protocol {

// A game with a Chess960 mode (chess): it reads its text in either mode.
template <class G>
inline constexpr bool kHasChess960 = requires(std::string_view text, std::string& fault) {
  { G::parse(text, fault, true) } -> std::same_as<std::optional<G>>;
};

template <engine::Game G>
class GameSessionFor final : public GameSession {
 public:
  explicit GameSessionFor(engine::TranspositionTable& table) : table_(table) {}

  [[nodiscard]] std::string_view game_name() const override { return G::kName; }

  std::optional<std::string> set_position(std::optional<std::string_view> text,
                                          std::span<const std::string_view> moves) override {
    std::string fault;
    std::optional<G> position = G::start_position();
    if constexpr (kHasChess960<G>) {
      // startpos in Chess960 mode: standard chess, its castling written e1h1.
      if (chess960_) position = G::parse(G::kStartFen, fault, true);
    }
    if (text) {
      // A game that can say what is wrong with a text (chess) says it.
      if constexpr (kHasChess960<G>) {
        position = G::parse(*text, fault, chess960_);
      } else if constexpr (requires { G::parse(*text, fault); }) {
        position = G::parse(*text, fault);
      } else {
        position = G::parse(*text);
      }
    }
    if (!position) {
      return "bad " + std::string(G::kName) + " position " + quoted_excerpt(*text) +
             (fault.empty() ? std::string{} : ": " + fault);
    }
    for (const auto word : moves) {
      const auto move = position->parse_move(word);
      if (!move) {
        return "illegal move " + quoted_excerpt(word) + " in " + position->to_text() +
               " (position unchanged)";
      }
      position->play(*move);
    }
    position_ = *position;
    return std::nullopt;
  }

  [[nodiscard]] std::vector<std::string> option_lines() const override {
    std::vector<std::string> lines;
    if constexpr (kHasChess960<G>)
      lines.push_back("option name UCI_Chess960 type check default false");
    return lines;
  }

  std::optional<std::string> set_game_option(std::string_view name,
                                             std::string_view value) override {
    if constexpr (kHasChess960<G>) {
      if (equals_ignoring_case(name, "UCI_Chess960")) {
        const auto on = read_check_value(value);
        if (!on) return "UCI_Chess960 is true or false, not " + quoted_excerpt(value);
        chess960_ = *on;
        // The position takes the mode (its history kept); one with Chess960
        // castling that standard mode cannot hold becomes the start position.
        if (!position_.set_chess960(chess960_)) position_ = G::start_position();
        return std::string{};
      }
    }
    return std::nullopt;
  }

  [[nodiscard]] std::string display() const override {
    // Lines of the board, each ending in a newline, then the text line: the
    // sink ends that one.
    return position_.to_display() + "text: " + position_.to_text();
  }

  [[nodiscard]] int side_to_move() const override { return position_.side_to_move(); }

  [[nodiscard]] std::function<std::string()> make_search(
      const engine::SearchLimits& limits, const engine::SearchSettings& settings,
      std::span<const std::string_view> search_moves, const std::atomic<bool>& stop,
      engine::SearchClock& clock, LineSink& out) override {
    engine::SearchLimits limits_used = limits;
    if constexpr (engine::HasChance<G>) {
      // The next event is chance's, not the player's: there is no move to choose.
      if (position_.is_chance_node()) {
        out.write_line("info string error: the next event in " + position_.to_text() +
                       " is chance's; give its outcome in position ... moves");
        return [] { return std::string("bestmove (none)"); };
      }
    }
    if constexpr (engine::HasPlyBound<G>) {
      if (limits.solve) last_solved_ = position_;
    } else if (limits.solve) {
      // Only a game with a bound on its length is solved to its end.
      out.write_line("info string error: go solve: " + std::string(G::kName) +
                     " has no bound on its length to solve within; searching to depth 1");
      limits_used.solve = false;
      limits_used.depth = 1;
    }
    return [root = position_, limits = limits_used, settings,
            only = read_search_moves(search_moves, out), fallback = bestmove_without_search(),
            &stop, &clock, &out, &table = table_] {
      try {
        engine::Search<G> search(table, settings);
        search.report_root_moves([&out, &root](const auto& current) {
          out.write_line(format_current_move<G>(root, current));
        });
        const auto result = search.run(
            root, limits, stop,
            [&out, &root](const auto& report) { out.write_line(format_info<G>(root, report)); },
            &clock, only);
        if (limits.solve && !result.exact && !stop.load()) {
          out.write_line("info string error: the value could not be proven within " +
                         std::to_string(engine::kMaxPly) + " plies");
        }
        return format_bestmove<G>(root, result);
      } catch (const std::exception& failure) {
        // Out of memory for a thread's stacks, say: the session goes on.
        out.write_line("info string error: the search failed (" + std::string(failure.what()) +
                       "); answering without it");
        return fallback;
      }
    };
  }

  [[nodiscard]] std::function<std::string()> make_perft(int depth, LineSink& out) override {
    return [root = position_, depth, &out]() mutable {
      std::uint64_t total = 0;
      for (const auto& [move, nodes] : perft_division(root, depth)) {
        out.write_line(move_text_from(root, move) + ": " + std::to_string(nodes));
        total += nodes;
      }
      out.write_line("");
      return "Nodes searched: " + std::to_string(total);
    };
  }

  [[nodiscard]] std::string evaluation() const override {
    if constexpr (requires { games::chess::eval::breakdown(position_); }) {
      std::string text = games::chess::eval::breakdown(position_);
      while (!text.empty() && text.back() == '\n') text.pop_back();
      return text;
    } else {
      return "Static value: " + std::to_string(position_.evaluate()) + " (for the side to move, " +
             std::string(G::kName) + " units)";
    }
  }

  [[nodiscard]] std::string bestmove_without_search() const override {
    engine::MoveList<typename G::Move> moves;
    if (engine::plays_on<G>(position_.status())) position_.legal_moves(moves);
    engine::SearchResult<typename G::Move> result;
    if (!moves.empty()) result.best_move = moves[0];
    return format_bestmove<G>(position_, result);
  }

  [[nodiscard]] std::function<std::string()> make_proof(const std::atomic<bool>& stop,
                                                        LineSink& out) override {
    if constexpr (!engine::HasPlyBound<G>) {
      (void)stop;
      (void)out;
      return {};  // nothing is ever solved (see make_search)
    } else {
      return make_proof_of_solved(stop, out);
    }
  }

 private:
  [[nodiscard]] std::function<std::string()> make_proof_of_solved(const std::atomic<bool>& stop,
                                                                  LineSink& out) {
    if (!last_solved_) return {};
    return [root = *last_solved_, &stop, &out, &table = table_]() -> std::string {
      std::variant<ProofDocument, std::string> proved;
      try {
        proved = solve_and_prove(root, table, stop);
      } catch (const std::exception& failure) {
        proved = "the proof failed (" + std::string(failure.what()) + ")";
      }
      if (const auto* problem = std::get_if<std::string>(&proved)) {
        out.write_line("info string error: " + *problem);
        return std::string{};
      }
      const auto& document = std::get<ProofDocument>(proved);
      for (const auto& proof : document.proofs)
        out.write_line("info string proof " + describe_proof(proof));
      return "proof " + write_proof_document(document);
    };
  }

  // Each legal move and the perft count below it: the game's own perft
  // where it has one (chess counts its last ply in bulk), else the engine's.
  static auto perft_division(G& root, int depth) {
    if constexpr (requires { games::perft_divide(root, depth); }) {
      return games::perft_divide(root, depth);
    } else {
      std::vector<std::pair<typename G::Move, std::uint64_t>> division;
      engine::MoveList<typename G::Move> moves;
      if (root.status() == engine::Status::kOngoing) root.legal_moves(moves);
      for (const auto move : moves) {
        root.play(move);
        division.emplace_back(move, engine::perft(root, depth - 1));
        root.undo(move);
      }
      return division;
    }
  }

  // The legal moves among `texts`; each word that is not one is reported.
  std::vector<typename G::Move> read_search_moves(std::span<const std::string_view> texts,
                                                  LineSink& out) const {
    std::vector<typename G::Move> moves;
    for (const auto text : texts) {
      if (const auto move = position_.parse_move(text)) {
        moves.push_back(*move);
      } else {
        out.write_line("info string error: searchmoves: " + quoted_excerpt(text) +
                       " is not a legal move in " + position_.to_text() + "; ignored");
      }
    }
    if (!texts.empty() && moves.empty()) {
      out.write_line("info string error: searchmoves: no legal move given; searching every move");
    }
    return moves;
  }

  engine::TranspositionTable& table_;
  G position_ = G::start_position();
  // UCI_Chess960 (chess): positions are read and moves written in Chess960 mode.
  bool chess960_ = false;
  std::optional<G> last_solved_;
};

}  // namespace brudno::protocol
